"""Executable keyword actions (rule 701) on a small game-state model.

Implementations are registered by keyword identity ("scry"), each with the
edition, number and text digest of the rule it follows; :mod:`.mapping` links
the keyword-action rules of any parsed edition to them through rule titles.
"""

from __future__ import annotations

from .coverage import coverage_summary, coverage_table
from .errors import (
    ActionError,
    DuplicateActionError,
    IllegalActionError,
    IllegalChoiceError,
    UnknownActionError,
)
from .mapping import ActionLink, map_edition
from .model import Card, Game, Permanent, Player, ScriptedChooser, Zone
from .registry import (
    NOT_EXECUTABLE,
    REGISTRY,
    ActionRegistry,
    KeywordAction,
    Verified,
    get_action,
    implemented_keywords,
    keyword_action,
)

__all__ = [
    "NOT_EXECUTABLE",
    "REGISTRY",
    "ActionError",
    "ActionLink",
    "ActionRegistry",
    "Card",
    "DuplicateActionError",
    "Game",
    "IllegalActionError",
    "IllegalChoiceError",
    "KeywordAction",
    "Permanent",
    "Player",
    "ScriptedChooser",
    "UnknownActionError",
    "Verified",
    "Zone",
    "coverage_summary",
    "coverage_table",
    "get_action",
    "implemented_keywords",
    "keyword_action",
    "map_edition",
]
