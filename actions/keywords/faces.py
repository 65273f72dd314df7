"""Keyword actions that turn a double-faced permanent over: transform, convert; and meld.

Transforming or converting doesn't make a new object (712.18): the same
``Permanent`` keeps its counters, damage and designations.
"""

from __future__ import annotations

from ..cards import Card, Zone
from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, keyword_action

__all__ = ["convert", "meld", "transform"]


def _turn_over(game: Game, perm: Permanent, since: int | None, event: str) -> bool:
    card = perm.card
    if not game.is_on_battlefield(perm) or card.back is None or card.is_meld_card:
        return False  # 701.27c / 701.28c / 712.9, 712.4c: nothing happens
    if perm.melded_with is not None or perm.is_face_down or perm.cant_transform:
        return False  # 712.15a: face down can't; 701.28f: can't transform → can't convert
    if since is not None and perm.face_changes != since:
        return False  # 701.27f / 701.28e: already transformed or converted since
    into = card if perm.back_face_up else card.back
    if into.types & {"instant", "sorcery"}:
        return False  # 701.27d / 701.28d
    perm.back_face_up = not perm.back_face_up
    perm.face_changes += 1
    game.events.record(event, perm.controller, perm, back_face_up=perm.back_face_up)
    return True


@keyword_action(
    "transform",
    rule_title="Transform",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.27",
        text_sha256="89ad4c780cf1e036605d93811b575c053a2484984e13188b370e32476dfc2a76",
    ),
)
def transform(game: Game, perm: Permanent, *, since: int | None = None) -> bool:
    """Transform (701.27a): turn a double-faced permanent so that its other face is up.

    701.27c: a permanent that isn't a double-faced card or token: nothing
    happens (meld cards can't transform either, 712.4c). 701.27d: if the
    face it would turn into is an instant or sorcery face, nothing happens.
    701.27f: ``since`` is the permanent's ``face_changes`` when the ability
    went on the stack (or the delayed trigger was created); if it has
    transformed or converted since, the instruction is ignored. 701.27b: a
    "transformed" event, never a "turned face down" one. Returns whether it
    transformed.
    """
    return _turn_over(game, perm, since, "transformed")


@keyword_action(
    "convert",
    rule_title="Convert",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.28",
        text_sha256="0384bd16084e8968e54688a30ed18a411573447336a4b1f5caab5d512a3f086c",
    ),
)
def convert(game: Game, perm: Permanent, *, since: int | None = None) -> bool:
    """Convert (701.28a): turn the permanent so that its other face is up, following
    701.27a-f as transforming does (701.28c-e). 701.28f: a permanent that can't transform
    can't convert. 701.28b: a "converted" event, never a "turned face down" one."""
    return _turn_over(game, perm, since, "converted")


def _meld_pair(first: Card, second: Card) -> Card | None:
    """701.42b: two non-token meld cards that name each other; returns the one carrying the
    combined back face."""
    if first is second or first.token or second.token:
        return None
    if first.meld_with != second.name or second.meld_with != first.name:
        return None
    return first if first.melded is not None else second if second.melded is not None else None


@keyword_action(
    "meld",
    rule_title="Meld",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.42",
        text_sha256="abcd87a35a0dae41e96f0f67c93d951927eafbdc42b9784b28594b2dc2c7d346",
    ),
)
def meld(game: Game, player: Player | str, first: Card, second: Card) -> Permanent | None:
    """Meld (701.42a): put the two cards of a meld pair onto the battlefield with their back
    faces up and combined: one permanent represented by two cards.

    701.42b: only the two cards of one meld pair can be melded (no tokens,
    no other cards). 701.42c: objects that can't be melded stay in their
    current zone. Its characteristics are the combined back face's, its mana
    value the sum of the front faces' (712.8g).
    """
    carrier = _meld_pair(first, second)
    if carrier is None:
        game.events.record("meld-failed", game.player(player).name, first, second)
        return None
    other = second if carrier is first else first
    if carrier.zone == Zone.BATTLEFIELD or other.zone == Zone.BATTLEFIELD:
        return None  # the meld ability exiles them first; permanents aren't melded in place
    perm = game.put_onto_battlefield(
        carrier, player, back_face_up=True, melded_with=other, cause="meld"
    )
    if perm is not None:
        game.events.record("melded", perm.controller, perm)
    return perm
