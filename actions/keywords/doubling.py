"""Keyword actions that multiply: double (power/toughness, life, counters, mana, damage)
and triple (power/toughness).

Doubling or tripling power/toughness is a modification (layer 7c), never a
setting: the creature gets +X/+Y recorded in ``Permanent.pt_effects``.
"""

from __future__ import annotations

from ..game import Game
from ..mana import MANA_TYPES
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action

__all__ = [
    "double",
    "double_counters",
    "double_damage",
    "double_life",
    "double_mana",
    "triple",
]


def _multiply(game: Game, perm: Permanent, extra: int, power: bool, toughness: bool) -> tuple:
    """Gets +X/+Y with X = extra × power, Y = extra × toughness, as it resolves.

    With negative power the rules say "-X/-0 where X is the difference
    between 0 and its power" (701.10c / 701.11c): that is the same signed
    amount, so one formula serves both.
    """
    if not game.is_on_battlefield(perm) or not perm.is_creature:
        return (0, 0)
    dp = extra * perm.power if power else 0
    dt = extra * perm.toughness if toughness else 0
    perm.pt_effects.append((dp, dt))
    game.events.record("pt-modified", perm.controller, perm, power=dp, toughness=dt)
    return (dp, dt)


@keyword_action(
    "double",
    rule_title="Double",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.10",
        text_sha256="789e7e5931b82fccf787f87f6427b43c5e50280c0a17875ca510d54c5a52b2d3",
    ),
)
def double(
    game: Game, perm: Permanent, *, power: bool = True, toughness: bool = True
) -> tuple[int, int]:
    """Double a creature's power and/or toughness (701.10a-c).

    701.10b: it gets +X/+0 (or +0/+Y, or +X/+Y) where X is its power (Y its
    toughness) as the effect resolves. 701.10c: with power below 0 it gets
    -X/-0 where X is the difference between 0 and its power (so -2 becomes
    -4); mixed signs give -X/+Y or +X/-Y. Returns the (power, toughness)
    modification.
    """
    return _multiply(game, perm, 1, power, toughness)


@action_form("double")
def double_life(game: Game, player: Player | str) -> int:
    """701.10d: the player gains or loses life so that their new life total is twice the current
    one. Returns the change (negative for a loss)."""
    me = game.player(player)
    change = me.life
    if change > 0:
        return game.gain_life(me, change)
    if change < 0:
        return -game.lose_life(me, -change)
    return 0


@action_form("double")
def double_counters(game: Game, target: Permanent | Player, kind: str) -> int:
    """701.10e: give the player or permanent as many counters of that kind as it already has."""
    return game.add_counters(target, kind, target.counters[kind])


@action_form("double")
def double_mana(game: Game, player: Player | str, mana_type: str) -> int:
    """701.10f: the player adds as much mana of that type as they already have."""
    if mana_type not in MANA_TYPES:
        raise ValueError(f"not a type of mana: {mana_type!r}")
    me = game.player(player)
    amount = me.mana_pool[mana_type]
    if amount:
        me.mana_pool[mana_type] += amount
        game.events.record("mana-added", me.name, mana=mana_type, amount=amount)
    return amount


@action_form("double")
def double_damage(amount: int) -> int:
    """701.10g: a replacement effect: the source deals twice that much damage instead."""
    return 2 * amount


@keyword_action(
    "triple",
    rule_title="Triple",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.11",
        text_sha256="e70e416e743a1bf38eb8c111faeed078a5ac247fcbd1dd295c03ddbaa81c0921",
    ),
)
def triple(
    game: Game, perm: Permanent, *, power: bool = True, toughness: bool = True
) -> tuple[int, int]:
    """Triple a creature's power and/or toughness (701.11a-c).

    701.11b: it gets +X/+0 where X is twice its power as the effect resolves
    (likewise toughness). 701.11c: below 0, it gets -X/-0 where X is twice
    the difference between 0 and its power (so -2 becomes -6).
    """
    return _multiply(game, perm, 2, power, toughness)
