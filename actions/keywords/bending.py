"""The bending keyword actions: airbend, earthbend, waterbend."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Zone
from ..game import Game
from ..mana import parse_cost, pay_cost
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action
from ..spells import StackItem

__all__ = ["AIRBEND_COST", "airbend", "airbend_cost", "earthbend", "waterbend"]

AIRBEND_COST = "{2}"


@keyword_action(
    "airbend",
    rule_title="Airbend",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.65",
        text_sha256="171391ca7aec95f2ce0160d3a09f66542f6fa8abba35e7f131d637d7864f0680",
    ),
)
def airbend(
    game: Game, player: Player | str, objects: Sequence[Permanent | StackItem]
) -> list[Card]:
    """Airbend (701.65a): exile the permanents and/or spells; for as long as each card
    stays exiled, its owner may cast it by paying {2} rather than its mana cost
    (:func:`airbend_cost`, then ``cast(..., alternative_cost=...)``).

    701.65b: the "airbend" event is recorded when one or more objects are
    exiled this way. Returns the exiled cards (tokens cease to exist).
    """
    me = game.player(player)
    exiled: list[Card] = []
    for obj in objects:
        if isinstance(obj, Permanent):
            exiled += game.leave_battlefield(obj, Zone.EXILE, cause="airbend")
        elif any(s is obj for s in game.stack):
            game.stack = [s for s in game.stack if s is not obj]
            if obj.card is not None:
                obj.card.zone = None
                moved = game.move_card(obj.card, Zone.EXILE, cause="airbend")
                if moved is not None:
                    exiled.append(moved)
    for card in exiled:
        game.exiled_with_permission[card.id] = {"owner": card.owner, "cost": AIRBEND_COST}
    if exiled:
        game.events.record("airbend", me.name, *exiled)
    return exiled


@action_form("airbend")
def airbend_cost(game: Game, player: Player | str, card: Card) -> str | None:
    """701.65a: the {2} an airbent card's owner may pay instead of its mana cost while it
    remains exiled; None for anyone else or once it has left exile."""
    permission = game.exiled_with_permission.get(card.id)
    if permission is None or card.zone != Zone.EXILE:
        return None
    if permission["owner"] != game.player(player).name:
        return None
    return permission["cost"]


@keyword_action(
    "earthbend",
    rule_title="Earthbend",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.66",
        text_sha256="9e2d4983eb8217112f9d0dee8c5f6f64fe9674798e21a1b653d50dbe0958fc3a",
    ),
)
def earthbend(game: Game, player: Player | str, land: Permanent, n: int) -> bool:
    """Earthbend N (701.66a): target land you control becomes a 0/0 land creature with haste
    in addition to its other types; put N +1/+1 counters on it; when that land dies or is put
    into exile, return it to the battlefield tapped under your control.

    In this model the delayed trigger resolves as soon as the land leaves.
    701.66b: the "earthbend" event is recorded when the delayed trigger is
    created. Returns False if the target is not a land you control.
    """
    me = game.player(player)
    if not game.is_on_battlefield(land) or not land.has_type("land") or land.controller != me.name:
        return False
    land.added_types.add("creature")
    land.set_power = land.set_toughness = 0
    land.added_keywords.add("haste")
    game.add_counters(land, "+1/+1", n)

    def come_back(game: Game, perm: Permanent, to: Zone) -> None:
        if perm is not land:
            return
        game.leave_hooks.remove(come_back)
        died = to == Zone.GRAVEYARD and perm.is_creature
        if not (died or to == Zone.EXILE) or land.card.token:
            return
        game.events.record("earthbend-return", me.name, land.card)
        game.put_onto_battlefield(land.card, me, tapped=True, cause="earthbend")

    game.leave_hooks.append(come_back)
    game.events.record("earthbend", me.name, land, amount=n)
    return True


@keyword_action(
    "waterbend",
    rule_title="Waterbend",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.67",
        text_sha256="e1cb15db90509023978bf4c8f795a2924a172e3e13ebfc5f7fd96e5b42aea367",
    ),
)
def waterbend(game: Game, player: Player | str, cost: str) -> list[Permanent] | None:
    """Waterbend [cost] (701.67a): pay the cost; for each generic mana in it, the player may
    tap an untapped artifact or creature they control instead of paying that mana.

    701.67b: only the generic mana of the waterbend cost itself can be paid
    by tapping; this function is given just that cost. 701.67c: the
    "waterbend" event is recorded whenever the cost is paid, however it was
    paid. Returns the permanents tapped, or None if the cost can't be paid.
    """
    me = game.player(player)
    generic = sum(int(s) for s in parse_cost(cost) if s.isdigit())
    tappable = [
        p for p in game.permanents(me) if not p.tapped and (p.is_creature or p.has_type("artifact"))
    ]
    tapped = game.choose(me, "waterbend.tap", tappable, 0, generic)
    pool = me.mana_pool.copy()
    if not pay_cost(pool, cost, generic_paid=len(tapped)):
        return None
    me.mana_pool.clear()
    me.mana_pool.update(pool)
    for perm in tapped:
        game.tap(perm, cause="waterbend")
    game.events.record("waterbend", me.name, *tapped, cost=cost)
    return tapped
