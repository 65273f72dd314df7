"""Tap and untap (701.26)."""

from __future__ import annotations

from ..game import Game
from ..permanents import Permanent
from ..registry import Verified, action_form, keyword_action

__all__ = ["tap", "untap"]


@keyword_action(
    "tap and untap",
    rule_title="Tap and Untap",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.26",
        text_sha256="da488555293cbc28d22ec8405d77aaf3f4414f1f27cc6ad16c05d1aef1a7f6f2",
    ),
)
def tap(game: Game, perm: Permanent) -> bool:
    """Tap (701.26a): turn an untapped permanent sideways. Only untapped permanents can be
    tapped: tapping a tapped one does nothing (and records no event)."""
    return game.tap(perm, cause="tap")


@action_form("tap and untap")
def untap(game: Game, perm: Permanent) -> bool:
    """Untap (701.26b): rotate a tapped permanent upright. Only tapped permanents can be
    untapped."""
    return game.untap(perm, cause="untap")
