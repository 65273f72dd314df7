"""Cross-references written in rule text, as typed links with ranges expanded.

The rules cite each other in a handful of ways: "rule 701.3", "rules
119.7–8", "601.2a–h", "section 7", "rule 601, “Casting Spells”", and bare
"as described in 608.2b". Plain numbers ("100 cards", "999,999") are not
references: a bare number counts only with a dot and a sub-number
(``608.2b``); a three-digit number counts only after "rule(s)".
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate

from .numbers import RuleNumber, letter_at, letter_index
from .tree import Reference

__all__ = ["expand_range", "extract_references", "references_of"]

# Expansion is capped so that a malformed range such as "100.1–999" cannot
# turn into thousands of links.
MAX_RANGE = 80

# sub-numbers start at 1: "200.0" is a number, not a rule
_NUM = r"\d{3}(?:\.[1-9]\d{0,2}[a-z]{0,2})?(?![\d.]*\d)"

_DASH = r"\s*(?:[\u2013\u2014-]|--|through|to)\s*"
_TAIL = rf"(?:{_DASH}(?P<end>\d{{3}}(?:\.\d{{1,3}}[a-z]{{0,2}})?|\d{{1,3}}[a-z]{{0,2}}|[a-z]{{1,2}})(?![\w.]))?"

# "rule 601.2", "rules 119.7–8", "Rule 100": a keyword then one or more numbers,
# up to the end of the clause or the next keyword ("rule 113 … and section 6")
_KEYWORD = re.compile(
    rf"\b(?P<kw>[Rr]ules?|[Ss]ections?)\s+(?P<list>(?:{_NUM}|\d)"
    # (a keyword starts with R, r, S or s: only there is the look-ahead tried; the
    # other characters are taken a run at a time, and nothing is given back)
    r"(?:[^.;:()\nRrSs]++|\.(?=\d)|(?!\b(?:[Rr]ules?|[Ss]ections?)\b)[RrSs])*+)"
    r"(?=\.(?!\d)|[;:()\n]|\b(?:[Rr]ules?|[Ss]ections?)\b|$)"
)
_ITEM = re.compile(rf"(?<![\w.])(?P<start>{_NUM}){_TAIL}")
_SECTION_ITEM = re.compile(r"(?<![\w.])(?P<start>[1-9])(?![\w.,]?\d)")


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


# A bare number ("608.2b", "601.2a–h"), which no word character, dot or "$" precedes.
# Written to open with its dot, a literal the regex engine finds by a fast scan
# (as str.find does) rather than trying the pattern at each character: the three
# digits before the dot are checked behind it once it is found. Opening with the
# first digit instead ([0-9], a class) made the engine test every character of
# the text: 4.5 ms for the 800 000 characters of an edition's rules, against 0.5.
_BARE = re.compile(
    rf"\.(?<=(?<![\w.$])(?P<section>[0-9]\d{{2}})\.)(?P<sub>[1-9]\d{{0,2}}[a-z]{{0,2}}){_TAIL}(?!\d)"
)
# where a bare number's match starts, before its dot
_BARE_BACK = 3


def _keywords(text: str) -> list[re.Match[str]]:
    """``_KEYWORD.finditer(text)``, tried only where "rule" or "section" is written.

    Every keyword match starts one character before "ule" or "ection"; str's
    own search finds those far quicker than a regex scan of the whole text.
    """
    starts = []
    for word in ("ule", "ection"):
        at = text.find(word, 1)
        while at != -1:
            starts.append(at - 1)
            at = text.find(word, at + 1)
    if not starts:
        return []
    starts.sort()
    found = []
    end = 0
    for start in starts:
        if start >= end:
            m = _KEYWORD.match(text, start)
            if m is not None:
                found.append(m)
                end = m.end()
    return found


def extract_references(text: str) -> list[Reference]:
    """Every reference in ``text``, in order, ranges expanded, no duplicates per span."""
    return references_of([text])[0]


# Between two texts searched at once: it ends a keyword's list and a bare
# number just as the end of a text does, and is no space, word character or dot.
_SEPARATOR = ";"


def references_of(texts: Sequence[str]) -> list[list[Reference]]:
    """``extract_references`` of each text, all found in one search of the texts joined.

    A document's rules are searched together: one pass over their texts costs
    far less than a pass per rule. The texts are joined with a separator that
    every pattern reads as the end of a text, and each match is given back to
    the text it stands in, at its position there.
    """
    joined = _SEPARATOR.join(texts)
    offsets = [0, *accumulate(len(text) + 1 for text in texts)]
    # (text, start, target) → reference; insertion order is the order of expansion
    found: dict[tuple[int, int, str], Reference] = {}
    for m in _keywords(joined):
        base = m.start("list")
        index = bisect_right(offsets, base) - 1
        base -= offsets[index]
        chunk = m.group("list")
        if m.group("kw")[0] in "Ss":  # "section(s)"
            for item in _SECTION_ITEM.finditer(chunk):
                start = base + item.start()
                found[(index, start, item.group("start"))] = Reference(
                    item.group("start"), "section", item.group(0), start
                )
            continue
        for item in _ITEM.finditer(chunk):
            start = base + item.start()
            written = item.group(0).strip()
            for target in _targets(*item.group("start", "end")):
                key = (index, start, target)
                if key not in found:
                    found[key] = Reference(target, "rule", written, start)
    for m in _BARE.finditer(joined):
        at = m.start() - _BARE_BACK
        index = bisect_right(offsets, at) - 1
        start = at - offsets[index]
        section, sub, end = m.group("section", "sub", "end")
        for target in _targets(f"{section}.{sub}", end):
            key = (index, start, target)
            if key not in found:  # most bare numbers stand in a keyword's list, found above
                found[key] = Reference(target, "rule", joined[at : m.end()].strip(), start)
    out: list[list[Reference]] = [[] for _ in texts]
    for (index, _, _), ref in found.items():
        out[index].append(ref)
    for refs in out:
        if len(refs) > 1:
            # by position in the text; members of one range keep their order (the sort is stable)
            refs.sort(key=_start)
    return out


@lru_cache(maxsize=1 << 14)
def _targets(start: str, end: str | None) -> tuple[str, ...]:
    """``expand_range``, remembered: the same numbers are cited over and over."""
    return tuple(expand_range(start, end))


def _start(ref: Reference) -> int:
    return ref.start
