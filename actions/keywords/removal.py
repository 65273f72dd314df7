"""Keyword actions that take permanents away: destroy, regenerate, sacrifice, exile."""

from __future__ import annotations

from ..cards import Card, Zone
from ..errors import IllegalActionError
from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action
from ..spells import StackItem

__all__ = [
    "can_sacrifice",
    "destroy",
    "exile",
    "regenerate",
    "regenerate_static",
    "sacrifice",
]


def _regeneration_applies(perm: Permanent) -> bool:
    """701.19c: "can't be regenerated" stops shields from being applied."""
    return (perm.regeneration_shields > 0 or perm.static_regeneration) and not (
        perm.cant_be_regenerated
    )


def _apply_regeneration(game: Game, perm: Permanent) -> None:
    """701.19a-b: remove all damage, its controller taps it, remove it from combat."""
    if not perm.static_regeneration:
        perm.regeneration_shields -= 1
    perm.damage = 0
    game.tap(perm, cause="regeneration")
    perm.attacking = perm.blocking = False
    game.events.record("regenerated", perm.controller, perm)


@keyword_action(
    "destroy",
    rule_title="Destroy",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.8",
        text_sha256="800e64413e8a562d43b503bfc27e5ba64271aecdcabb28b04245dd7c70852371",
    ),
)
def destroy(game: Game, perm: Permanent, *, by_state_based_action: bool = False) -> bool:
    """Destroy (701.8a): move the permanent from the battlefield to its owner's graveyard.

    701.8c: a regeneration shield (701.19) replaces the destruction.
    Indestructible permanents can't be destroyed (702.12b). A shield counter
    replaces destruction that results from an effect (122.1c), not from a
    state-based action (701.8b: lethal damage and deathtouch are the other
    ways to be destroyed). Returns whether it was destroyed.
    """
    if not game.is_on_battlefield(perm):
        return False
    if "indestructible" in perm.keywords:
        game.events.record("destroy-ignored", perm.controller, perm, reason="indestructible")
        return False
    options = []
    if _regeneration_applies(perm):
        options.append("regeneration")
    if perm.counters["shield"] and not by_state_based_action:
        options.append("shield counter")
    if options:  # 616.1: the affected permanent's controller picks one replacement
        chosen = game.choose_one(perm.controller, "destroy.replacement", options)
        if chosen == "regeneration":
            _apply_regeneration(game, perm)
        else:
            game.remove_counters(perm, "shield", 1)
        game.events.record("destruction-replaced", perm.controller, perm, by=chosen)
        return False
    game.leave_battlefield(perm, Zone.GRAVEYARD, cause="destroy")
    game.events.record("destroyed", perm.controller, perm)
    return True


@keyword_action(
    "regenerate",
    rule_title="Regenerate",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.19",
        text_sha256="9a5152e00df2adba23fc9093446a310f2031b175eb72f347f25bf7953a54618f",
    ),
)
def regenerate(game: Game, perm: Permanent) -> None:
    """Regenerate from a resolving spell or ability (701.19a): a one-use shield for this turn.

    The next time the permanent would be destroyed this turn, instead all
    damage is removed from it, its controller taps it, and it is removed from
    combat (see :func:`destroy`). 701.19c: creating a shield is allowed even
    if the permanent can't be regenerated; the shield just isn't applied.
    """
    if not game.is_on_battlefield(perm):
        return
    perm.regeneration_shields += 1
    game.events.record("regeneration-shield", perm.controller, perm)


@action_form("regenerate")
def regenerate_static(game: Game, perm: Permanent, active: bool = True) -> None:
    """701.19b: a static ability replaces destruction each time, not just once."""
    perm.static_regeneration = active


@keyword_action(
    "sacrifice",
    rule_title="Sacrifice",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.21",
        text_sha256="7ed6df0fe486f42c7011f37dbb8f68b327c222805a6012c18c780eaea8bb3a31",
    ),
)
def sacrifice(game: Game, player: Player | str, perm: Permanent) -> list[Card]:
    """Sacrifice (701.21a): the controller moves the permanent directly to its owner's graveyard.

    Sacrificing something that isn't a permanent, or a permanent the player
    doesn't control, is impossible: :class:`IllegalActionError`. It isn't
    destruction, so regeneration and indestructible don't apply.
    """
    if not can_sacrifice(game, player, perm):
        raise IllegalActionError(
            f"{game.player(player).name} can't sacrifice {perm!r}: "
            "not a permanent they control (701.21a)"
        )
    cards = game.leave_battlefield(perm, Zone.GRAVEYARD, cause="sacrifice")
    game.events.record("sacrificed", perm.controller, perm)
    return cards


@action_form("sacrifice")
def can_sacrifice(game: Game, player: Player | str, obj: object) -> bool:
    """701.21a: only a permanent on the battlefield that the player controls can be sacrificed."""
    return (
        isinstance(obj, Permanent)
        and game.is_on_battlefield(obj)
        and obj.controller == game.player(player).name
    )


@keyword_action(
    "exile",
    rule_title="Exile",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.13",
        text_sha256="e94c42cb9b222104af577fd7f27b099127e68861e5ed654fddf4e91f1d3677c3",
    ),
)
def exile(game: Game, obj: Card | Permanent | StackItem) -> list[Card]:
    """Exile (701.13a): move the object to the exile zone from wherever it is.

    A permanent leaves the battlefield (all its cards go; a token ceases to
    exist); a spell leaves the stack; a card moves from its zone. Returns the
    cards now in exile.
    """
    if isinstance(obj, Permanent):
        cards = game.leave_battlefield(obj, Zone.EXILE, cause="exile")
    elif isinstance(obj, StackItem):
        game.stack = [s for s in game.stack if s is not obj]
        cards = []
        if obj.card is not None:
            obj.card.zone = None
            moved = game.move_card(obj.card, Zone.EXILE, cause="exile")
            cards = [moved] if moved is not None else []
    elif obj.zone == Zone.BATTLEFIELD and (perm := game.permanent_of(obj)) is not None:
        cards = game.leave_battlefield(perm, Zone.EXILE, cause="exile")
    else:
        moved = game.move_card(obj, Zone.EXILE, cause="exile")
        cards = [moved] if moved is not None else []
    game.events.record("exiled", None, *cards)
    return cards
