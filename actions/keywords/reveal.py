"""Keyword actions that show cards: reveal (and look at), behold."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..cards import Card
from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action

__all__ = ["Beheld", "behold", "look_at", "reveal"]


@keyword_action(
    "reveal",
    rule_title="Reveal",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.20",
        text_sha256="19cae93606ecda668438748d2128db4723b7fcb443ba9b965be490206d021792",
    ),
)
def reveal(game: Game, player: Player | str, cards: Iterable[Card]) -> list[Card]:
    """Reveal (701.20a-c): show cards to all players; they stay in their zone (701.20b).

    A card already revealed may be revealed again (701.20c): each call
    records a "reveal" event. The ``revealed`` mark lasts until the card
    changes zone or its library is reordered (701.20d).
    """
    shown = list(cards)
    for card in shown:
        card.revealed = True
    if shown:
        game.events.record("reveal", game.player(player).name, *shown)
    return shown


@action_form("reveal")
def look_at(game: Game, player: Player | str, cards: Iterable[Card]) -> list[Card]:
    """701.20e: looking at a card follows the rules for revealing, shown only to ``player``."""
    seen = list(cards)
    if seen:
        game.events.record("look", game.player(player).name, *seen)
    return seen


@dataclass(frozen=True, slots=True)
class Beheld:
    """What was beheld, and whether it had the quality *when beheld* (701.4b)."""

    obj: Card | Permanent
    had_quality: bool
    from_hand: bool


@keyword_action(
    "behold",
    rule_title="Behold",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.4",
        text_sha256="842cb4f16cfedced817dfb4eb7a245802c2158c4472a9cbf9807f390f42055fc",
    ),
)
def behold(
    game: Game,
    player: Player | str,
    quality: Callable[[Card | Permanent], bool],
    *,
    optional: bool = True,
) -> Beheld | None:
    """Behold a [quality] (701.4a): reveal such a card from your hand or choose such a
    permanent you control.

    701.4b: "if a [quality] was beheld" looks at the quality when the player
    beheld, so the answer is fixed in the returned :class:`Beheld`. With
    ``optional`` (behold is usually an optional cost) the player may decline.
    """
    me = game.player(player)
    options: list[Card | Permanent] = [c for c in me.hand if quality(c)]
    options += [p for p in game.permanents(me) if quality(p)]
    picked = game.choose(me, "behold.choose", options, 0 if optional else 1, 1)
    if not picked:
        return None
    obj = picked[0]
    from_hand = isinstance(obj, Card)
    if from_hand:
        reveal(game, me, [obj])
    game.events.record("behold", me.name, obj)
    return Beheld(obj, quality(obj), from_hand)
