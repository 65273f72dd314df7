"""The coverage table of an edition as plain data, for the CLI and for exports.

One row per keyword-action rule: its number and title in that edition, the
keyword it maps to, whether it is implemented (and by what) or not
executable (and why), the edition and number the implementation was verified
against, and whether this edition's text is that same text.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .mapping import ActionLink, map_edition
from .registry import REGISTRY, ActionRegistry

__all__ = ["coverage_summary", "coverage_table"]


def coverage_table(edition, registry: ActionRegistry | None = None) -> list[dict[str, Any]]:
    """Rows of plain data (str, bool, None) in document order."""
    links = map_edition(edition, registry)
    reg = registry if registry is not None else REGISTRY
    rows = []
    for link in links:
        implementation = None
        if link.keyword is not None and link.keyword in reg:
            function = reg.get(link.keyword).function
            implementation = f"{function.__module__}.{function.__qualname__}"
        verified = link.verified_against
        rows.append(
            {
                "edition": link.edition,
                "number": link.number,
                "title": link.title,
                "keyword": link.keyword,
                "status": link.status,
                "reason": link.reason,
                "implementation": implementation,
                "verified_edition": verified.edition if verified else None,
                "verified_number": verified.number if verified else None,
                "text_matches_verified": link.text_matches_verified,
            }
        )
    return rows


def coverage_summary(links: list[ActionLink] | list[dict[str, Any]]) -> dict[str, int]:
    """Counts per status, plus the total."""
    statuses = Counter(link["status"] if isinstance(link, dict) else link.status for link in links)
    return {"total": sum(statuses.values()), **dict(sorted(statuses.items()))}
