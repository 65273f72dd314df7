"""The built-in keyword-action implementations, one module per related group.

Importing this package registers every implementation in
:data:`crdex.actions.registry.REGISTRY`.
"""

from __future__ import annotations

from . import (
    attachments,
    combat,
    counters,
    damage,
    designations,
    doubling,
    exchange,
    face_down,
    faces,
    hand,
    library,
    removal,
    reveal,
    tapping,
    tokens,
)

__all__ = [
    "attachments",
    "combat",
    "counters",
    "damage",
    "designations",
    "doubling",
    "exchange",
    "face_down",
    "faces",
    "hand",
    "library",
    "removal",
    "reveal",
    "tapping",
    "tokens",
]
