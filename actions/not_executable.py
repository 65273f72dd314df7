"""Keyword actions of the 2026-08-07 rules that have no implementation here, and why.

Each reason is read from the rule itself: why the rules themselves leave the
action out, or what it needs that this model deliberately leaves out.
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["NOT_EXECUTABLE"]

NOT_EXECUTABLE: MappingProxyType[str, str] = MappingProxyType(
    {
        # 701.45a: "Cards and mechanics from the Unstable set aren't included in these rules."
        "assemble": (
            "its own rule (701.45a) says Unstable cards and mechanics are not included in "
            "these rules and points to the Unstable FAQ: nothing to execute"
        ),
    }
)
