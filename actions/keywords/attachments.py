"""Attach and unattach (701.3): Auras, Equipment and Fortifications.

What an Aura can enchant is read from its ``enchant ...`` keyword ("enchant
creature", "enchant land", "enchant player", "enchant permanent", "enchant
artifact"); Equipment equips creatures (301.5), Fortifications fortify lands
(301.6).
"""

from __future__ import annotations

from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action

__all__ = ["attach", "can_attach", "unattach"]

_KINDS = ("Aura", "Equipment", "Fortification")


def _kind(perm: Permanent) -> str | None:
    return next((k for k in _KINDS if k in perm.subtypes), None)


@keyword_action(
    "attach",
    rule_title="Attach",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.3",
        text_sha256="ca410a4a3ba790720914887834cb6bdc5f7315385f211790ce9301711c004c4d",
    ),
)
def attach(game: Game, attachment: Permanent, target: Permanent | Player) -> bool:
    """Attach (701.3a-c): move an Aura, Equipment or Fortification onto an object or player.

    701.3b: an object that isn't one of those: nothing happens and it doesn't
    move; a target it can't be attached to: it doesn't move; the one it's
    already attached to: nothing happens. 701.3c: attaching it to a
    different object gives it a new timestamp. Returns whether it moved.
    """
    if _kind(attachment) is None or not game.is_on_battlefield(attachment):
        return False
    if attachment.attached_to is target:
        return False
    if not can_attach(game, attachment, target):
        return False
    previous = attachment.attached_to
    attachment.attached_to = target
    attachment.timestamp = game.next_timestamp()
    if previous is not None:
        game.events.record("unattached", attachment.controller, attachment, previous)
    game.events.record("attached", attachment.controller, attachment, target)
    return True


@action_form("attach")
def can_attach(game: Game, attachment: Permanent, target: Permanent | Player) -> bool:
    """Whether ``attachment`` could enchant, equip or fortify ``target`` (701.3a)."""
    kind = _kind(attachment)
    if kind is None:
        return False
    if isinstance(target, Player):
        return kind == "Aura" and "enchant player" in attachment.keywords
    if target is attachment or not game.is_on_battlefield(target):
        return False
    if kind == "Equipment":
        return target.is_creature
    if kind == "Fortification":
        return target.has_type("land")
    enchant = {k.removeprefix("enchant ") for k in attachment.keywords if k.startswith("enchant ")}
    return "permanent" in enchant or any(target.has_type(t) for t in enchant)


@action_form("attach")
def unattach(game: Game, equipment: Permanent) -> bool:
    """701.3d: move it away so it stays on the battlefield attached to nothing; that counts as
    "becoming unattached"."""
    if equipment.attached_to is None:
        return False
    previous = equipment.attached_to
    equipment.attached_to = None
    game.events.record("unattached", equipment.controller, equipment, previous)
    return True
