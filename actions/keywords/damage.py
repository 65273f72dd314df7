"""Keyword actions about damage: fight (damage dealt) and heal (damage removed)."""

from __future__ import annotations

from ..game import Game
from ..permanents import Permanent
from ..registry import Verified, keyword_action

__all__ = ["fight", "heal"]


@keyword_action(
    "fight",
    rule_title="Fight",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.14",
        text_sha256="28d6e3b296775d88138a79fbcd2750a19a98cafe603ceb47fc709a6096cbf453",
    ),
)
def fight(game: Game, first: Permanent, second: Permanent, *, targets_legal: bool = True) -> bool:
    """Fight (701.14a): each creature deals damage equal to its power to the other.

    701.14b: if either is no longer on the battlefield or no longer a
    creature, or (``targets_legal=False``) either is an illegal target of the
    resolving spell or ability, neither fights or deals damage. 701.14c: a
    creature fighting itself deals damage to itself equal to twice its power.
    701.14d: the damage isn't combat damage. Returns whether a fight happened.
    """
    for creature in (first, second):
        if not game.is_on_battlefield(creature) or not creature.is_creature:
            return False
    if not targets_legal:
        return False
    if first is second:
        game.deal_damage(first, first, 2 * first.power, combat=False)
    else:
        first_power, second_power = first.power, second.power  # simultaneous
        game.deal_damage(first, second, first_power, combat=False)
        game.deal_damage(second, first, second_power, combat=False)
    game.events.record("fight", first.controller, first, second)
    return True


@keyword_action(
    "heal",
    rule_title="Heal",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.69",
        text_sha256="1b4a054150b99c8250f616d0d3a5145ee959978aebfa1d0acfefa5040e91cfc4",
    ),
)
def heal(game: Game, perm: Permanent, amount: int | None = None) -> int:
    """Heal (701.69a): remove marked damage from a permanent; all of it when ``amount`` is None.

    "Damage is healed" means the controller removes all marked damage.
    Returns how much damage was removed.
    """
    removed = perm.damage if amount is None else max(0, min(amount, perm.damage))
    if removed:
        perm.damage -= removed
        game.events.record("healed", perm.controller, perm, amount=removed)
    return removed
