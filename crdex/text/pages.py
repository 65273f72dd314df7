"""Where a page of a longer answer sits: what is shown, of how many, where the next page starts."""

from __future__ import annotations

from typing import Any

__all__ = ["more"]


def more(where: dict[str, Any], what: str) -> str:
    """``"showing 1–25 of 1034 changes; the next page starts at offset 25"``.

    ``where`` is a page's place as the MCP answers give it: total, offset,
    limit and next_offset.
    """
    total, offset = where["total"], where["offset"]
    if not total:
        return f"no {what}"
    last = offset + min(where["limit"], max(0, total - offset))
    shown = (
        f"showing {offset + 1}–{last} of {total} {what}"
        if last > offset
        else (f"nothing at offset {offset}: there are {total} {what}")
    )
    if where["next_offset"] is not None:
        shown += f"; the next page starts at offset {where['next_offset']}"
    return shown
