"""The built-in keyword-action implementations, one module per related group.

Importing this package registers every implementation in
:data:`crdex.actions.registry.REGISTRY`.
"""

from __future__ import annotations

from . import (
    attachments,
    attractions,
    bending,
    combat,
    counters,
    damage,
    designations,
    doubling,
    dungeons,
    exchange,
    face_down,
    faces,
    graveyard,
    hand,
    library,
    library_top,
    removal,
    reveal,
    stack,
    tapping,
    tokens,
    variants,
    voting,
)

__all__ = [
    "attachments",
    "attractions",
    "bending",
    "combat",
    "counters",
    "damage",
    "designations",
    "doubling",
    "dungeons",
    "exchange",
    "face_down",
    "faces",
    "graveyard",
    "hand",
    "library",
    "library_top",
    "removal",
    "reveal",
    "stack",
    "tapping",
    "tokens",
    "variants",
    "voting",
]
