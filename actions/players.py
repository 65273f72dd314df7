"""Players: life, zones they own, counters, mana pool and a few per-game tallies."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .cards import Card, Zone

__all__ = ["Player"]


@dataclass(eq=False, slots=True)
class Player:
    """A player and the zones that belong to them.

    ``library[0]`` is the top card. ``outside`` holds cards the player owns
    outside the game (sideboard: Lessons, dungeons). ``counters`` holds poison
    and any other player counters. ``team`` groups players who share poison
    counters in Two-Headed Giant (rule 810). ``venture_room`` is where their venture marker
    is (rule 309); ``attraction_deck``, ``planar_deck`` and ``scheme_deck`` are None unless
    they play with one (rules 717, 901, 904); the first card of a deck is its top.
    """

    name: str
    life: int = 20
    library: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    graveyard: list[Card] = field(default_factory=list)
    exile: list[Card] = field(default_factory=list)
    command: list[Card] = field(default_factory=list)
    outside: list[Card] = field(default_factory=list)
    counters: Counter[str] = field(default_factory=Counter)
    mana_pool: Counter[str] = field(default_factory=Counter)
    can_gain_life: bool = True
    can_lose_life: bool = True
    team: str | None = None
    lands_played_this_turn: int = 0
    ring_temptations: int = 0
    emblems: list[str] = field(default_factory=list)
    venture_room: str | None = None
    completed_dungeons: list[str] = field(default_factory=list)
    attraction_deck: list[Card] | None = None
    planar_deck: list[Card] | None = None
    scheme_deck: list[Card] | None = None

    def zone(self, zone: Zone) -> list[Card]:
        """The list holding this player's cards in ``zone`` (battlefield and stack are shared)."""
        match zone:
            case Zone.LIBRARY:
                return self.library
            case Zone.HAND:
                return self.hand
            case Zone.GRAVEYARD:
                return self.graveyard
            case Zone.EXILE:
                return self.exile
            case Zone.COMMAND:
                return self.command
            case Zone.OUTSIDE:
                return self.outside
        raise ValueError(f"{zone} is not a zone a player owns")

    def __repr__(self) -> str:
        return f"<Player {self.name} life={self.life}>"
