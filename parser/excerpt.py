"""A run of rules cut from the rules text: pasted from a page, typed out, printed and scanned.

Such an excerpt has no title, no effective date and no section heading
before its first rule: it begins with a rule ("502.36a Scry is …") or a rule
heading ("502. Keyword Abilities"). The official text's reader needs the
front of a whole document (its sections begin with "1. Game Concepts"), so
an excerpt is read as PDF-extracted text is, the reader built for rules
that start mid-section: one rule per line, each line that continues the
one before it (a hard-wrapped paragraph, a second paragraph) rejoined with
a repair that says so.

A text with a section heading, a "Contents" heading or a "Comprehensive
Rules" title before its first rule is a whole document (or one cut short),
and stays the official text's.
"""

from __future__ import annotations

import re

from .ledger import Ledger

__all__ = ["parse_excerpt", "sniff_excerpt"]

# how far into a text the first rule is looked for: an excerpt begins with rules
_LOOK = 20_000
_FIRST_RULE = re.compile(r"^[ \t]*\d{3}\.\d{1,3}[a-z]{0,2}\.?[ \t]", re.M)
# before the first rule, what makes a text a whole document: "1. Game Concepts", "Contents"
_WHOLE = re.compile(r"^[ \t]*(?:[1-9]\.[ \t]+\S|Contents[ \t]*$)", re.M)
_TITLE = re.compile(r"comprehensive\s+rules", re.I)


def sniff_excerpt(text: str, path: str) -> str | None:
    found = _FIRST_RULE.search(text, 0, _LOOK)
    if found is None:
        return None
    head = text[: found.start()]
    if _WHOLE.search(head) or _TITLE.search(head):
        return None
    line = head.count("\n") + 1
    return f"its first rule (line {line}) comes before any section heading or title"


def parse_excerpt(text: str, path: str) -> tuple[dict[str, object], Ledger]:
    from .pdf_text import parse_pdf_text

    return parse_pdf_text(text, path)
