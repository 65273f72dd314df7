"""Cross-references written in rule text, as typed links with ranges expanded.

The rules cite each other in a handful of ways: "rule 701.3", "rules
119.7–8", "601.2a–h", "section 7", "rule 601, “Casting Spells”", and bare
"as described in 608.2b". Plain numbers ("100 cards", "999,999") are not
references: a bare number counts only with a dot and a sub-number
(``608.2b``); a three-digit number counts only after "rule(s)".
"""

from __future__ import annotations

import re

from .numbers import RuleNumber, letter_at, letter_index
from .tree import Reference

__all__ = ["expand_range", "extract_references"]

# Expansion is capped so that a malformed range such as "100.1–999" cannot
# turn into thousands of links.
MAX_RANGE = 80

# sub-numbers start at 1: "200.0" is a number, not a rule
_NUM = r"\d{3}(?:\.[1-9]\d{0,2}[a-z]{0,2})?(?![\d.]*\d)"
_DOTTED = r"\d{3}\.[1-9]\d{0,2}[a-z]{0,2}"
_DASH = r"\s*(?:[\u2013\u2014-]|--|through|to)\s*"
_TAIL = rf"(?:{_DASH}(?P<end>\d{{3}}(?:\.\d{{1,3}}[a-z]{{0,2}})?|\d{{1,3}}[a-z]{{0,2}}|[a-z]{{1,2}})(?![\w.]))?"

# "rule 601.2", "rules 119.7–8", "Rule 100": a keyword then one or more numbers,
# up to the end of the clause or the next keyword ("rule 113 … and section 6")
_KEYWORD = re.compile(
    rf"\b(?P<kw>[Rr]ules?|[Ss]ections?)\s+(?P<list>(?:{_NUM}|\d)"
    r"(?:(?!\b(?:[Rr]ules?|[Ss]ections?)\b)(?:[^.;:()\n]|\.(?=\d)))*?)"
    r"(?=\.(?!\d)|[;:()\n]|\b(?:[Rr]ules?|[Ss]ections?)\b|$)"
)
_ITEM = re.compile(rf"(?<![\w.])(?P<start>{_NUM}){_TAIL}")
_SECTION_ITEM = re.compile(r"(?<![\w.])(?P<start>[1-9])(?![\w.,]?\d)")
_BARE = re.compile(rf"(?<![\w.$])(?P<start>{_DOTTED}){_TAIL}(?!\d)")


def expand_range(start: str, end: str | None) -> list[str]:
    """Members of "119.7–8", "601.2a–h", "701.3–701.5"; a lone start if no end."""
    first = RuleNumber.parse(start)
    if not end:
        return [str(first)]
    if re.fullmatch(r"[a-z]{1,2}", end):
        if first.letters is None or first.rule is None:
            return [str(first)]
        last = RuleNumber(first.section, first.rule, end)
    elif re.fullmatch(r"\d{1,3}[a-z]{0,2}", end) and first.rule is not None:
        m = re.fullmatch(r"(\d{1,3})([a-z]{0,2})", end)
        assert m
        if m.group(2) and first.letters:
            last = RuleNumber(first.section, int(m.group(1)), m.group(2))
        elif first.letters and not m.group(2):
            return [str(first)]
        else:
            last = RuleNumber(first.section, int(m.group(1)), m.group(2) or None)
    else:
        try:
            last = RuleNumber.parse(end)
        except ValueError:
            return [str(first)]
    return _members(first, last)


def _members(first: RuleNumber, last: RuleNumber) -> list[str]:
    if last <= first:
        return [str(first)]
    out: list[str] = []
    if first.letters and last.letters and (first.section, first.rule) == (last.section, last.rule):
        lo, hi = letter_index(first.letters), letter_index(last.letters)
        if hi - lo > MAX_RANGE:
            return [str(first), str(last)]
        return [
            str(RuleNumber(first.section, first.rule, letter_at(i)))
            for i in range(int(lo), int(hi) + 1)
        ]
    if (
        first.rule is not None
        and last.rule is not None
        and first.section == last.section
        and not first.letters
        and not last.letters
    ):
        if last.rule - first.rule > MAX_RANGE:
            return [str(first), str(last)]
        return [str(RuleNumber(first.section, i)) for i in range(first.rule, last.rule + 1)]
    if first.rule is None and last.rule is None:
        if last.section - first.section > MAX_RANGE:
            return [str(first), str(last)]
        return [str(RuleNumber(i)) for i in range(first.section, last.section + 1)]
    out = [str(first), str(last)]
    return out


_ANY = re.compile(r"\d{3}|[Ss]ection")


def extract_references(text: str) -> list[Reference]:
    """Every reference in ``text``, in order, ranges expanded, no duplicates per span."""
    if not _ANY.search(text):
        return []
    # (start, target) → reference; insertion order is the order of expansion
    found: dict[tuple[int, str], Reference] = {}
    for m in _KEYWORD.finditer(text):
        kw = m.group("kw").lower()
        base = m.start("list")
        chunk = m.group("list")
        if kw.startswith("section"):
            for item in _SECTION_ITEM.finditer(chunk):
                start = base + item.start()
                found[(start, item.group("start"))] = Reference(
                    item.group("start"), "section", item.group(0), start
                )
            continue
        for item in _ITEM.finditer(chunk):
            start = base + item.start()
            written = item.group(0).strip()
            for target in expand_range(item.group("start"), item.group("end")):
                found.setdefault((start, target), Reference(target, "rule", written, start))
    for m in _BARE.finditer(text):
        written = m.group(0).strip()
        for target in expand_range(m.group("start"), m.group("end")):
            found.setdefault((m.start(), target), Reference(target, "rule", written, m.start()))
    # by position in the text; members of one range keep their order (the sort is stable)
    return sorted(found.values(), key=lambda ref: ref.start)
