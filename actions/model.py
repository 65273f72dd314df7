"""The game-state model in one import: cards, permanents, players, the game, choices, events."""

from __future__ import annotations

from .cards import (
    AttractionCard,
    Card,
    DungeonCard,
    Zone,
    make_artifact,
    make_card,
    make_creature,
    make_land,
)
from .choices import Asked, Chooser, ScriptedChooser
from .events import Event, EventLog
from .game import EntryRestriction, Game
from .permanents import FACE_DOWN_POWER, FACE_DOWN_TOUGHNESS, Permanent
from .players import Player
from .spells import ActivatedAbility, StackItem

__all__ = [
    "FACE_DOWN_POWER",
    "FACE_DOWN_TOUGHNESS",
    "ActivatedAbility",
    "Asked",
    "AttractionCard",
    "Card",
    "Chooser",
    "DungeonCard",
    "EntryRestriction",
    "Event",
    "EventLog",
    "Game",
    "Permanent",
    "Player",
    "ScriptedChooser",
    "StackItem",
    "Zone",
    "make_artifact",
    "make_card",
    "make_creature",
    "make_land",
]
