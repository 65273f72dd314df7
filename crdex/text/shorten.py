"""Making things short enough for one line: a run of editions, a wording, a version's name.

Shared by the lineage answers (:mod:`.history`, :mod:`.resolve`, :mod:`.diff`).
"""

from __future__ import annotations

__all__ = ["name", "short", "span"]


def span(first: str, last: str) -> str:
    """``2019-01-25 … 2024-02-09``, or the one edition when a run has one."""
    return first if first == last else f"{first} … {last}"


def short(text: str, width: int = 90) -> str:
    """``text`` on one line, cut with an ellipsis to at most ``width`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def name(title: str, text: str, glossary: bool, width: int) -> str:
    """What a version is called: its title, or (a glossary entry's title is its term) its words."""
    return (not glossary and title) or short(text, width)
