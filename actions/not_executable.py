"""Keyword actions of the 2026-08-07 rules that have no implementation here, and why.

Each reason is read from the rule itself: what the action needs that this
model deliberately leaves out, or why the rules themselves exclude it.
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["NOT_EXECUTABLE"]

NOT_EXECUTABLE: MappingProxyType[str, str] = MappingProxyType(
    {
        # 701.31a: "A player may planeswalk only during a Planechase game."
        "planeswalk": (
            "Planechase only (701.31a, rule 901): needs planar decks, plane and "
            "phenomenon cards and the planar controller, which the model does not have"
        ),
        # 701.32a: "Only a scheme card may be set in motion, and only during an Archenemy game."
        "set in motion": (
            "Archenemy only (701.32a, rule 904): needs a scheme deck and the archenemy, "
            "which the model does not have"
        ),
        # 701.33a: "Only a face-up ongoing scheme card may be abandoned ... Archenemy game."
        "abandon": (
            "Archenemy only (701.33a, rule 904): acts on face-up ongoing schemes, which "
            "the model does not have"
        ),
        # 701.45a: "Cards and mechanics from the Unstable set aren't included in these rules."
        "assemble": (
            "its own rule (701.45a) says Unstable cards and mechanics are not included in "
            "these rules and points to the Unstable FAQ: nothing to execute"
        ),
    }
)
