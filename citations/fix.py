"""Rewriting moved citations in a file's text, and the diff that shows it.

Only the number of a citation (and the date of a pinned one) is rewritten,
in place, so that the keyword, brackets, range shape, line endings and
everything around stay as written.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from .verdicts import Judgement

__all__ = ["apply_fixes", "unified_diff"]

_LINES = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def apply_fixes(text: str, judgements: Iterable[Judgement]) -> tuple[str, int]:
    """``text`` with every fixable citation rewritten, and how many were."""
    edits: dict[int, set[tuple[int, int, str]]] = {}
    count = 0
    for j in judgements:
        if j.replacement is None:
            continue
        c = j.citation
        spans = edits.setdefault(c.line, set())
        spans.add((c.start, c.end, j.replacement))
        if j.pin_replacement is not None and c.pin_start >= 0:
            # the numbers of a pinned list share one date: it is rewritten once
            spans.add((c.pin_start, c.pin_start + len(c.pin_text), j.pin_replacement))
        count += 1
    if not edits:
        return text, 0
    lines = _LINES.findall(text)
    for number, spans in edits.items():
        line = lines[number - 1]
        for start, end, new in sorted(spans, reverse=True):
            line = line[:start] + new + line[end:]
        lines[number - 1] = line
    return "".join(lines), count


def unified_diff(path: str, old: str, new: str) -> str:
    """A unified diff of one file, a/ and b/ prefixed like git's."""
    a = _LINES.findall(old)
    b = _LINES.findall(new)
    name = path.lstrip("/")  # an absolute path: a/tmp/x, not a//tmp/x
    out = difflib.unified_diff(a, b, fromfile=f"a/{name}", tofile=f"b/{name}")
    return "".join(line if line.endswith(("\n", "\r")) else line + "\n" for line in out)
