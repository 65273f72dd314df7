"""Keyword actions about spells and abilities: cast, activate, counter, play.

Costs are paid from the player's mana pool; a cost that can't be paid makes
the action illegal (:class:`IllegalActionError`) and nothing moves, as if the
game had been rewound (rule 733).
"""

from __future__ import annotations

from ..cards import Card, Zone
from ..errors import IllegalActionError
from ..game import Game
from ..mana import pay_cost
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action
from ..spells import ActivatedAbility, Effect, StackItem

__all__ = ["activate", "can_play_land", "cast", "counter", "play", "play_land"]

_MAIN_PHASES = ("precombat main", "postcombat main", "main")


def _has_priority(game: Game, player: Player) -> bool:
    return game.priority == player.name


@keyword_action(
    "cast",
    rule_title="Cast",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.5",
        text_sha256="aaec51f9e9d311a7cdc6f6512e2af4b900fb22e43c6a32d361c67a035386b810",
    ),
)
def cast(
    game: Game,
    player: Player | str,
    card: Card,
    *,
    effect: Effect | None = None,
    without_paying: bool = False,
    alternative_cost: str | None = None,
    during_resolution: bool = False,
) -> StackItem:
    """Cast (701.5a): take the card from its zone, put it on the stack, pay its costs.

    A player may cast a spell when they have priority; ``during_resolution``
    is for effects that let a player cast a card while they resolve
    (discover). 701.5b: casting a card is casting it as a spell, so a land
    can't be cast. ``without_paying`` / ``alternative_cost`` replace the
    mana cost (discover, airbend). Returns the spell on the stack.
    """
    me = game.player(player)
    if card.is_land:
        raise IllegalActionError(f"{card.name} is a land: lands are played, not cast")
    if card.zone in (Zone.STACK, Zone.BATTLEFIELD, None):
        raise IllegalActionError(f"{card.name} is not in a zone it can be cast from")
    if not during_resolution and not _has_priority(game, me):
        raise IllegalActionError(f"{me.name} doesn't have priority")
    cost = None if without_paying else (alternative_cost or card.mana_cost)
    if not pay_cost(me.mana_pool, cost):
        raise IllegalActionError(f"{me.name} can't pay {cost} for {card.name}")
    origin = card.zone
    game.remove_from_zone(card)
    card.zone = Zone.STACK
    item = StackItem("spell", me.name, card=card, effect=effect, without_paying=without_paying)
    item.paid["mana"] = cost
    game.stack.append(item)
    game.events.record("cast", me.name, card, origin=origin, cost=cost)
    return item


@keyword_action(
    "activate",
    rule_title="Activate",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.2",
        text_sha256="6638e882de7d7269580bfa88796079f142f257ba4df6175a6b4fe85ca3141b77",
    ),
)
def activate(
    game: Game, player: Player | str, source: Permanent, ability: ActivatedAbility
) -> StackItem:
    """Activate (701.2a): put the ability on the stack and pay its costs.

    Only the object's controller may activate it (unless it says otherwise:
    ``any_player``), and only with priority. "Activate only as a sorcery"
    needs a main phase of their turn and an empty stack. A detained
    permanent's abilities can't be activated (701.35a). Costs: mana, {T}
    (only an untapped permanent), "Sacrifice this".
    """
    me = game.player(player)
    if not game.is_on_battlefield(source):
        raise IllegalActionError("the source is not on the battlefield")
    if source.controller != me.name and not ability.any_player:
        raise IllegalActionError(f"{me.name} doesn't control {source!r}")
    if not _has_priority(game, me):
        raise IllegalActionError(f"{me.name} doesn't have priority")
    if source.detained_by:
        raise IllegalActionError(f"{source!r} is detained")
    if ability.sorcery_speed and not (
        game.active_player == me.name and game.phase in _MAIN_PHASES and not game.stack
    ):
        raise IllegalActionError("activate only as a sorcery")
    if ability.tap and source.tapped:
        raise IllegalActionError(f"{source!r} is already tapped")
    pool = me.mana_pool.copy()
    if not pay_cost(pool, ability.mana):
        raise IllegalActionError(f"{me.name} can't pay {ability.mana}")
    me.mana_pool.clear()
    me.mana_pool.update(pool)
    if ability.tap:
        game.tap(source, cause="cost")
    if ability.sacrifice_self:
        game.leave_battlefield(source, Zone.GRAVEYARD, cause="sacrifice")
        game.events.record("sacrificed", me.name, source)
    item = StackItem("ability", me.name, source=source, ability=ability, effect=ability.effect)
    game.stack.append(item)
    game.events.record("activate", me.name, source, ability=ability.text)
    return item


@keyword_action(
    "counter",
    rule_title="Counter",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.6",
        text_sha256="47b76e50eade0fb8fb2f7243b028b7b39d2cfd6298f52db76c2f87b5b8692f25",
    ),
)
def counter(game: Game, item: StackItem) -> bool:
    """Counter (701.6a): remove the spell or ability from the stack; it doesn't resolve and
    none of its effects occur. A countered spell goes to its owner's graveyard. 701.6b: no
    refund of the costs paid. Returns whether something was countered."""
    if not any(s is item for s in game.stack):
        return False
    game.stack = [s for s in game.stack if s is not item]
    if item.card is not None:
        item.card.zone = None
        game.move_card(item.card, Zone.GRAVEYARD, cause="countered")
    game.events.record("countered", item.controller, item)
    return True


@keyword_action(
    "play",
    rule_title="Play",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.18",
        text_sha256="cacdc2618f8077dddcc7af3bee93f7f673400784ce8985676c6b686f6e9555d7",
    ),
)
def play(game: Game, player: Player | str, card: Card, **cast_options) -> Permanent | StackItem:
    """Play (701.18b): play the card as a land or cast it as a spell, whichever is
    appropriate (701.18a for lands, 701.5 for spells)."""
    if card.is_land:
        return play_land(game, player, card)
    return cast(game, player, card, **cast_options)


@action_form("play")
def can_play_land(game: Game, player: Player | str) -> bool:
    """701.18a: with priority, in a main phase of their turn, with an empty stack, and no land
    played this turn."""
    me = game.player(player)
    return (
        _has_priority(game, me)
        and game.active_player == me.name
        and game.phase in _MAIN_PHASES
        and not game.stack
        and me.lands_played_this_turn == 0
    )


@action_form("play")
def play_land(game: Game, player: Player | str, card: Card) -> Permanent:
    """701.18a: playing a land puts it onto the battlefield as a special action (no stack).
    Putting a land onto the battlefield with an effect is not playing it."""
    me = game.player(player)
    if not card.is_land:
        raise IllegalActionError(f"{card.name} is not a land")
    if not can_play_land(game, me):
        raise IllegalActionError(f"{me.name} can't play a land now")
    perm = game.put_onto_battlefield(card, me, cause="play")
    if perm is None:
        raise IllegalActionError(f"{card.name} can't enter the battlefield")
    me.lands_played_this_turn += 1
    game.events.record("land-played", me.name, perm)
    return perm
