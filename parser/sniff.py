"""Patterns that find lines by how they begin, quickly, for telling formats apart.

A format is recognised by lines that begin a certain way ("100.1. …",
"**701.2.** …", "501.10.Ruling.1 - …"), counted over the whole text. Written
with ``^`` and ``re.M``, such a pattern is tried at every character of the
text; written after the newline that ends the line before, it is tried only
where a newline stands, which the regex engine finds with a plain character
search. Sniffing every format then costs a fraction of one look at the text.
"""

from __future__ import annotations

import re

__all__ = ["LinePattern"]

#: How far into a text the sniffers look (the longest edition is about 1 MB of text).
LIMIT = 2_000_000


class LinePattern:
    """Lines beginning with ``body`` (a regular expression, matched at the line's start)."""

    __slots__ = ("_after_newline", "_first")

    def __init__(self, body: str, flags: int = 0) -> None:
        self._first = re.compile(body, flags)
        self._after_newline = re.compile("\n(?:" + body + ")", flags)

    def count(self, text: str, end: int = LIMIT) -> int:
        """How many of the lines in ``text[:end]`` begin with the pattern."""
        first = 1 if self._first.match(text, 0, end) else 0
        return first + len(self._after_newline.findall(text, 0, end))

    def search(self, text: str, end: int = LIMIT) -> bool:
        """Whether any line in ``text[:end]`` begins with the pattern."""
        return bool(self._first.match(text, 0, end) or self._after_newline.search(text, 0, end))
