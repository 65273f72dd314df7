"""Citations checked against an edition, as MCP's ``check_citations`` says them.

One line per citation (where it is, what it was judged, why), then the
counts. ``crdex check`` prints a tree's report its own way, file by file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crdex.citations import Judgement

__all__ = ["check_text"]


def check_text(data: dict[str, Any], judgements: Sequence[Judgement]) -> str:
    from crdex.citations import LABELS, STATUSES

    lines = [
        f"line {j.citation.line}, column {j.citation.column}: {j.label}: "
        f"{j.citation.text}: {j.message}"
        for j in judgements
    ]
    counts = data["counts"]
    parts = [f"{LABELS[s]} {counts[s]}" for s in STATUSES if counts.get(s)]
    n = data["citations"]
    lines.append(
        f"{n} citation{'s' * (n != 1)} checked against {data['edition']}"
        + (f": {', '.join(parts)}" if parts else "")
    )
    return "\n".join(lines)
