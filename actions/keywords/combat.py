"""Keyword actions that bind a creature's attacks and untapping: goad, detain, exert.

Goad and detain last "until the next turn of the controller of that spell or
ability": :meth:`~crdex.actions.game.Game.begin_turn` ends them. Whether a
creature may attack or block also answers for suspect (701.60c: it can't
block), whose designation lives on the permanent's keywords.
"""

from __future__ import annotations

from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action

__all__ = [
    "CANT_BLOCK",
    "can_activate_abilities",
    "can_attack",
    "can_attack_or_block",
    "can_block",
    "detain",
    "exert",
    "goad",
    "goad_defenders",
    "must_attack",
]


@keyword_action(
    "goad",
    rule_title="Goad",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.15",
        text_sha256="717b08fd01eec630823b3f2d9e4917715147f3a96f59e58842c71927df5e973f",
    ),
)
def goad(game: Game, perm: Permanent, by: Player | str) -> bool:
    """Goad (701.15a-d): the creature is goaded by ``by`` until ``by``'s next turn.

    701.15b: goaded is a designation, not an ability or copiable value.
    701.15c: several players may goad the same creature, each adding a combat
    requirement. 701.15d: the same player goading it again has no effect.
    Returns whether a new goad took effect.
    """
    name = game.player(by).name
    if not game.is_on_battlefield(perm) or name in perm.goaded_by:
        return False
    perm.goaded_by.add(name)
    game.events.record("goaded", perm.controller, perm, by=name)
    return True


@action_form("goad")
def must_attack(perm: Permanent) -> bool:
    """701.15b: a goaded creature attacks each combat if able."""
    return bool(perm.goaded_by)


@action_form("goad")
def goad_defenders(game: Game, perm: Permanent) -> list[str]:
    """The players a goaded creature should attack to meet the most requirements.

    701.15b-c: each goading player adds the requirement "attack a player other
    than me, if able"; an opponent who goaded it meets one fewer of them.
    """
    candidates = [p.name for p in game.opponents(perm.controller)]
    if not perm.goaded_by or not candidates:
        return candidates
    met = {name: sum(1 for g in perm.goaded_by if g != name) for name in candidates}
    best = max(met.values())
    return [name for name in candidates if met[name] == best]


@keyword_action(
    "detain",
    rule_title="Detain",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.35",
        text_sha256="229ce5b5a76a42933a40c344c9a2869323aae84f644286f5ae5b2cce01dd7e3b",
    ),
)
def detain(game: Game, perm: Permanent, by: Player | str) -> bool:
    """Detain (701.35a): until ``by``'s next turn it can't attack or block and its
    activated abilities can't be activated."""
    if not game.is_on_battlefield(perm):
        return False
    name = game.player(by).name
    perm.detained_by.add(name)
    game.events.record("detained", perm.controller, perm, by=name)
    return True


# 701.60c: a suspected permanent has "This creature can't block" (Permanent.keywords)
CANT_BLOCK = "this creature can't block"


@action_form("detain")
def can_attack(perm: Permanent) -> bool:
    """701.35a: a detained creature can't attack (a suspected one can, with menace: 701.60c)."""
    return not perm.detained_by


@action_form("detain")
def can_block(perm: Permanent) -> bool:
    """701.35a: a detained creature can't block; 701.60c: a suspected permanent has "This
    creature can't block" for as long as it's suspected, and so can't block either."""
    return not perm.detained_by and CANT_BLOCK not in perm.keywords


@action_form("detain")
def can_attack_or_block(perm: Permanent) -> bool:
    """Free to attack and to block (701.35a, 701.60c): :func:`can_attack` and :func:`can_block`."""
    return can_attack(perm) and can_block(perm)


@action_form("detain")
def can_activate_abilities(perm: Permanent) -> bool:
    """701.35a: a detained permanent's activated abilities can't be activated."""
    return not perm.detained_by


@keyword_action(
    "exert",
    rule_title="Exert",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.43",
        text_sha256="9bfc0c7006e86a50371ab79a0674333501ee288005bc02eb9725382d278211c8",
    ),
)
def exert(game: Game, perm: Permanent) -> bool:
    """Exert (701.43a-c): it won't untap during its controller's next untap step.

    701.43b: it can be exerted while untapped or when already exerted; all
    such effects expire in the same untap step. 701.43c: an object that isn't
    on the battlefield can't be exerted. Returns whether it was exerted.
    """
    if not game.is_on_battlefield(perm):
        return False
    perm.exerted = True
    game.events.record("exerted", perm.controller, perm)
    return True
