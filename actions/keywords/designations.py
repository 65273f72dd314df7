"""Keyword actions that give a permanent a designation: monstrosity, suspect, harness,
the Ring tempts you.

Designations live in ``Permanent.designations``; none is an ability or a
copiable value, and all of them end when the permanent leaves the
battlefield (a new Permanent starts without them).
"""

from __future__ import annotations

from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action

__all__ = [
    "RING_ABILITIES",
    "harness",
    "is_ring_bearer",
    "monstrosity",
    "ring_abilities",
    "ring_tempts_you",
    "suspect",
    "unsuspect",
]


@keyword_action(
    "monstrosity",
    rule_title="Monstrosity",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.37",
        text_sha256="21efd5d1c78e577eda44f7422005494d5b43bf63d06a01dd98ba6cf43b3b043a",
    ),
)
def monstrosity(game: Game, perm: Permanent, n: int) -> bool:
    """Monstrosity N (701.37a): if this permanent isn't monstrous, put N +1/+1 counters on it
    and it becomes monstrous.

    701.37b: once monstrous it stays so until it leaves the battlefield, so
    a second monstrosity does nothing. 701.37c: the X it became monstrous
    with is kept (``monstrosity_x``) for its other abilities.
    """
    if not game.is_on_battlefield(perm) or "monstrous" in perm.designations:
        return False
    game.add_counters(perm, "+1/+1", n)
    perm.designations.add("monstrous")
    perm.monstrosity_x = n
    game.events.record("monstrous", perm.controller, perm, amount=n)
    return True


@keyword_action(
    "suspect",
    rule_title="Suspect",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.60",
        text_sha256="a6eaa5a884a240b10dc114420f17e5d165790191138884e8875a1807ef39b1b9",
    ),
)
def suspect(game: Game, perm: Permanent) -> bool:
    """Suspect (701.60a-d): the creature becomes suspected until it leaves the battlefield or
    an effect ends it.

    701.60b: only permanents can be suspected. 701.60c: while suspected it
    has menace and "This creature can't block" (see ``Permanent.keywords``).
    701.60d: a suspected permanent can't become suspected again.
    """
    if not game.is_on_battlefield(perm) or "suspected" in perm.designations:
        return False
    perm.designations.add("suspected")
    game.events.record("suspected", perm.controller, perm)
    return True


@action_form("suspect")
def unsuspect(game: Game, perm: Permanent) -> bool:
    """701.60a: "until a spell or ability causes it to no longer be suspected"."""
    if "suspected" not in perm.designations:
        return False
    perm.designations.discard("suspected")
    game.events.record("no-longer-suspected", perm.controller, perm)
    return True


@keyword_action(
    "harness",
    rule_title="Harness",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.64",
        text_sha256="eb8b58af02981cb1c015fb47b9827bc3100a02aba3b6235cd010a81ae5f60c53",
    ),
)
def harness(game: Game, perm: Permanent) -> bool:
    """Harness (701.64a-b): if this permanent isn't harnessed, it becomes harnessed, and stays
    so until it leaves the battlefield."""
    if not game.is_on_battlefield(perm) or "harnessed" in perm.designations:
        return False
    perm.designations.add("harnessed")
    game.events.record("harnessed", perm.controller, perm)
    return True


# 701.54c: The Ring's abilities, gained at 1, 2, 3 and 4 temptations.
RING_ABILITIES = (
    "Your Ring-bearer is legendary and can't be blocked by creatures with greater power.",
    "Whenever your Ring-bearer attacks, draw a card, then discard a card.",
    "Whenever your Ring-bearer becomes blocked by a creature, the blocking creature's "
    "controller sacrifices it at end of combat.",
    "Whenever your Ring-bearer deals combat damage to a player, each opponent loses 3 life.",
)


@keyword_action(
    "the ring tempts you",
    rule_title="The Ring Tempts You",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.54",
        text_sha256="5272bff81a220fbddee281af98623288890feea1be554402a24cee1d467d0376",
    ),
)
def ring_tempts_you(game: Game, player: Player | str) -> Permanent | None:
    """The Ring tempts you (701.54a-d).

    701.54c: a player without The Ring emblem gets it first. Then they
    choose a creature they control, which becomes their Ring-bearer (701.54a;
    any previous Ring-bearer of theirs stops being one). 701.54d: the
    "ring-tempts" event is recorded after, even if no creature could be
    chosen. Returns the new Ring-bearer.
    """
    me = game.player(player)
    if "The Ring" not in me.emblems:
        me.emblems.append("The Ring")
    me.ring_temptations += 1
    chosen = game.choose_one(me, "ring.bearer", game.creatures(me))
    if chosen is not None:
        for perm in game.permanents(me):
            if perm is not chosen:
                perm.designations.discard("ring-bearer")
        chosen.designations.add("ring-bearer")
    game.events.record("ring-tempts", me.name, chosen, times=me.ring_temptations)
    return chosen


@action_form("the ring tempts you")
def ring_abilities(game: Game, player: Player | str) -> list[str]:
    """701.54c: the abilities The Ring has for a player tempted that many times."""
    return list(RING_ABILITIES[: min(game.player(player).ring_temptations, 4)])


@action_form("the ring tempts you")
def is_ring_bearer(game: Game, player: Player | str, perm: Permanent) -> bool:
    """701.54e: on the battlefield under your control with the Ring-bearer designation."""
    return (
        game.is_on_battlefield(perm)
        and perm.controller == game.player(player).name
        and "ring-bearer" in perm.designations
    )
