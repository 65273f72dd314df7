"""Resolving the top of the stack, as far as the keyword actions need it.

A permanent spell becomes a permanent under its controller's control; an
instant or sorcery does its ``effect`` and goes to its owner's graveyard; an
ability does its effect and leaves the stack. No priority passing, no
targets rechecked: that belongs to a full engine.
"""

from __future__ import annotations

from .cards import Zone
from .game import Game
from .permanents import Permanent
from .spells import StackItem

__all__ = ["resolve_top"]


def resolve_top(game: Game) -> StackItem | Permanent | None:
    """Resolve the top object of the stack; returns the new permanent, if one entered."""
    if not game.stack:
        return None
    item = game.stack.pop()
    game.events.record("resolve", item.controller, item)
    if item.kind == "ability" or item.card is None:
        if item.effect is not None:
            item.effect(game, item)
        return item
    card = item.card
    card.zone = None
    if card.is_permanent_card:
        return game.put_onto_battlefield(card, item.controller, cause="resolve")
    if item.effect is not None:
        item.effect(game, item)
    game.move_card(card, Zone.GRAVEYARD, cause="resolve")
    return item
