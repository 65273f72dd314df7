"""The built-in keyword-action implementations, one module per related group.

Importing this package registers every implementation in
:data:`crdex.actions.registry.REGISTRY`.
"""

from __future__ import annotations

from . import combat, counters, damage, hand, library, removal, reveal, tokens

__all__ = ["combat", "counters", "damage", "hand", "library", "removal", "reveal", "tokens"]
