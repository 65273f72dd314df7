"""Attraction keyword actions (rule 717): open an Attraction, roll to visit your Attractions."""

from __future__ import annotations

from ..cards import AttractionCard
from ..errors import IllegalActionError
from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, keyword_action

__all__ = ["open_an_attraction", "roll_to_visit_your_attractions"]


@keyword_action(
    "open an attraction",
    rule_title="Open an Attraction",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.51",
        text_sha256="f863e0f2aa3ad13c7aefb1cb500299e2bfeb514550edf13730c98ac4c8687e03",
    ),
)
def open_an_attraction(game: Game, player: Player | str) -> Permanent | None:
    """Open an Attraction (701.51a-c).

    701.51a: only a player playing with an Attraction deck can
    (:class:`IllegalActionError` otherwise). 701.51b: move the top card of
    the Attraction deck off it, turn it face up and put it onto the
    battlefield under your control. 701.51c: the "attraction-opened" event
    is recorded only if it entered the battlefield.
    """
    me = game.player(player)
    if me.attraction_deck is None:
        raise IllegalActionError(f"{me.name} isn't playing with an Attraction deck")
    if not me.attraction_deck:
        return None
    card = me.attraction_deck.pop(0)
    card.zone = None
    perm = game.put_onto_battlefield(card, me, cause="open an attraction")
    if perm is None:
        me.attraction_deck.insert(0, card)
        return None
    game.events.record("attraction-opened", me.name, perm)
    return perm


@keyword_action(
    "roll to visit your attractions",
    rule_title="Roll to Visit Your Attractions",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.52",
        text_sha256="fc727679ad47c8552fc425622d56d2642871cd3e0fd9691615dd2f3ff155dcc5",
    ),
)
def roll_to_visit_your_attractions(game: Game, player: Player | str) -> tuple[int, list[Permanent]]:
    """Roll to visit your Attractions (701.52a): roll a six-sided die (the game's seeded RNG);
    each Attraction you control with that number lit up is visited, and its visit ability
    triggers (a "visit" event each). Returns the result and the visited Attractions."""
    me = game.player(player)
    result = game.rng.randint(1, 6)
    game.events.record("die-roll", me.name, sides=6, result=result)
    visited = [
        p
        for p in game.permanents(me)
        if isinstance(p.card, AttractionCard) and result in p.card.lights
    ]
    for perm in visited:
        game.events.record("visit", me.name, perm, result=result)
    return result, visited
