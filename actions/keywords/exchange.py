"""Exchange (701.12): control, life totals, cards between zones, zones, numerical values.

701.12a governs all of them: if the entire exchange can't be completed, no
part of it occurs. Each function returns whether the exchange happened.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Zone
from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action

__all__ = [
    "exchange",
    "exchange_cards",
    "exchange_control",
    "exchange_life_and_value",
    "exchange_life_totals",
    "exchange_values",
    "exchange_zones",
]


@keyword_action(
    "exchange",
    rule_title="Exchange",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.12",
        text_sha256="dcf3eeb4796f38357340e3c44651115ea8069e19096fb69a1153298602649587",
    ),
)
def exchange(game: Game, first: Permanent, second: Permanent) -> bool:
    """Exchange control of two permanents (701.12a-b): see :func:`exchange_control`."""
    return exchange_control(game, first, second)


@action_form("exchange")
def exchange_control(game: Game, first: Permanent, second: Permanent) -> bool:
    """701.12b: controllers that differ each gain control of the other's permanent at once;
    the same controller: nothing. 701.12a: if one of them is gone, nothing happens to the
    other."""
    if not (game.is_on_battlefield(first) and game.is_on_battlefield(second)):
        return False
    a, b = first.controller, second.controller
    if a == b:
        return False
    game.change_control(first, b)
    game.change_control(second, a)
    game.events.record("exchange", None, first, second, what="control")
    return True


def _life_change_allowed(player: Player, new_life: int) -> bool:
    """119.7-8: a player who can't gain (lose) life can't be given a higher (lower) total."""
    if new_life > player.life:
        return player.can_gain_life
    if new_life < player.life:
        return player.can_lose_life
    return True


def _set_life(game: Game, player: Player, new_life: int) -> None:
    if new_life > player.life:
        game.gain_life(player, new_life - player.life)
    elif new_life < player.life:
        game.lose_life(player, player.life - new_life)


@action_form("exchange")
def exchange_life_totals(game: Game, first: Player | str, second: Player | str) -> bool:
    """701.12c: each player gains or loses the life needed to equal the other's previous total.
    A player who can't gain (lose) life can't be given a higher (lower) total, and then, by
    701.12a, neither total changes."""
    a, b = game.player(first), game.player(second)
    life_a, life_b = a.life, b.life
    if not (_life_change_allowed(a, life_b) and _life_change_allowed(b, life_a)):
        return False
    _set_life(game, a, life_b)
    _set_life(game, b, life_a)
    game.events.record("exchange", None, a, b, what="life totals")
    return True


def _move_all(game: Game, cards: Sequence[Card], to: Zone) -> None:
    for card in cards:
        if card.zone == Zone.BATTLEFIELD and (perm := game.permanent_of(card)) is not None:
            game.leave_battlefield(perm, to, cause="exchange")
        else:
            game.move_card(card, to, cause="exchange")


@action_form("exchange")
def exchange_cards(
    game: Game, first: Sequence[Card], first_zone: Zone, second: Sequence[Card], second_zone: Zone
) -> bool:
    """701.12d: exchange cards in one zone with cards in another (not the battlefield): only if
    every card is owned by the same player; one side may be empty."""
    if Zone.BATTLEFIELD in (first_zone, second_zone):
        raise ValueError("exchanges with permanents are not modelled (701.12e)")
    owners = {c.owner for c in (*first, *second)}
    if len(owners) > 1:
        return False
    if any(c.zone != first_zone for c in first) or any(c.zone != second_zone for c in second):
        return False
    first, second = list(first), list(second)
    _move_all(game, first, second_zone)
    _move_all(game, second, first_zone)
    game.events.record("exchange", None, *first, *second, what="cards")
    return True


@action_form("exchange")
def exchange_zones(game: Game, player: Player | str, first: Zone, second: Zone) -> bool:
    """701.12f: simply exchanging two zones of a player exchanges their cards, even if one of
    the zones is empty."""
    me = game.player(player)
    a, b = list(me.zone(first)), list(me.zone(second))
    me.zone(first)[:] = b
    me.zone(second)[:] = a
    for card in b:
        card.zone = first
    for card in a:
        card.zone = second
    game.events.record("exchange", me.name, what="zones", zones=(first, second))
    return True


@action_form("exchange")
def exchange_values(
    game: Game, first: Permanent, first_value: str, second: Permanent, second_value: str
) -> bool:
    """701.12g: exchange two power/toughness values: each becomes the previous value of the
    other, through an effect that sets it (layer 7b, 613.4b); later layer-7c modifications
    such as counters still apply on top."""
    for value in (first_value, second_value):
        if value not in ("power", "toughness"):
            raise ValueError(f"not a value of a creature: {value!r}")
    if not (game.is_on_battlefield(first) and game.is_on_battlefield(second)):
        return False
    a, b = getattr(first, first_value), getattr(second, second_value)
    setattr(first, f"set_{first_value}", b)
    setattr(second, f"set_{second_value}", a)
    game.events.record("exchange", None, first, second, what=(first_value, second_value))
    return True


@action_form("exchange")
def exchange_life_and_value(
    game: Game, player: Player | str, perm: Permanent, value: str = "toughness"
) -> bool:
    """701.12g: exchange a life total with a creature's power or toughness. The player gains or
    loses life to equal the value (119.7-8 can stop the whole exchange); the value is set
    to the previous life total."""
    me = game.player(player)
    if value not in ("power", "toughness"):
        raise ValueError(f"not a value of a creature: {value!r}")
    if not game.is_on_battlefield(perm):
        return False
    current = getattr(perm, value)
    if not _life_change_allowed(me, current):
        return False
    life = me.life
    _set_life(game, me, current)
    setattr(perm, f"set_{value}", life)
    game.events.record("exchange", me.name, perm, what=("life", value))
    return True
