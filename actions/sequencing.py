"""Doing one instruction per object, one at a time, in APNAP order (701.44d, 701.50c).

When several permanents are told to explore or connive at once, the first
player in APNAP order who controls (or last controlled) one of them picks
one, it acts, and the process repeats. Permanents that left the battlefield
keep their last controller (last known information).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .game import Game
from .permanents import Permanent

__all__ = ["one_at_a_time_in_apnap_order"]

R = TypeVar("R")


def one_at_a_time_in_apnap_order(
    game: Game,
    perms: Sequence[Permanent],
    decision: str,
    act: Callable[[Permanent], R],
) -> list[R]:
    remaining = list(perms)
    results: list[R] = []
    while remaining:
        for player in game.apnap():
            mine = [p for p in remaining if p.controller == player.name]
            if mine:
                chosen = game.choose_one(player, decision, mine)
                assert chosen is not None
                remaining = [p for p in remaining if p is not chosen]
                results.append(act(chosen))
                break
        else:  # controllers not in the game any more: keep the given order
            results.extend(act(p) for p in remaining)
            remaining = []
    return results
