"""The text of lines: paragraphs rejoined, a leading number read, a title told from a sentence.

Every format's builder (the body, the glossary, the front matter) reads lines
the same way, so these small readers live below all of them.
"""

from __future__ import annotations

import re

__all__ = [
    "DATE_LINE",
    "PARAGRAPH_BREAK",
    "join_lines",
    "looks_like_title",
    "split_number",
]

# Marks, among the lines of a paragraph, where a new paragraph begins.
PARAGRAPH_BREAK = "\x00paragraph\x00"

DATE_LINE = re.compile(r"\b(?:effective|current)\s+as\s+of\b", re.I)
_RULE_START = re.compile(
    r"\s*(?P<num>\d{3}\.\d{1,3}[a-z]{0,2}|\d{3}\.[a-z]{1,2}|\d{3}\. \d{1,3}[a-z]{0,2}|\d{3}|[1-9])(?:\.?(?:\s+|$)|\.(?=[A-Z\u201c\"]))"
)
_TITLE_END = re.compile(r"[.!?:;,)\"”’']$")


def join_lines(parts: list[str], wrapped: bool) -> str:
    """Rejoin a paragraph: hard wraps become spaces, real line breaks stay.

    In a hard-wrapped edition every line break inside a paragraph is a wrap
    (a word broken at a hyphen or dash is joined without a space); in the
    others a further line is a paragraph of its own.
    """
    out = ""
    pending_break = False
    for raw in parts:
        if raw == PARAGRAPH_BREAK:
            pending_break = True
            continue
        text = raw.strip().replace("\u00a0", " ")
        if not text:
            continue
        if not out:
            out = text
        elif not wrapped or pending_break:
            out += "\n" + text
        elif out.endswith(("-", "\u2014", "\u2013")) and not out.endswith(" -"):
            out += text
        else:
            out += " " + text
        pending_break = False
    return out


def split_number(text: str) -> tuple[str, str]:
    """``"701.22. Scry"`` → ``("701.22", "Scry")``."""
    m = _RULE_START.match(text)
    if not m:
        return "", text.strip()
    return m.group("num"), text[m.end() :].strip()


def looks_like_title(text: str) -> bool:
    """ "Scry", "Two-Headed Giant Variant": a short heading, not a sentence."""
    if len(text) > 70 or not text[:1].isupper() or _TITLE_END.search(text):
        return False
    return 0 < len(text.split()) <= 8
