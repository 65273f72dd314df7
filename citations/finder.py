"""Finding rule citations in code and prose, with their line and column.

What counts as a citation:

- after a keyword: "CR 601.2f", "C.R. 601.2f", "Comprehensive Rules 601.2f",
  "rule 601.2a", "Rule 601", "rules 119.7–8", "rules 601.2a, 601.2b and
  601.2c" (each item a citation), "§ 601.2f", "CR section 6";
- in brackets: "[702.19b]", "[601.2]";
- pinned to a date: "20100716 - 601.2f", "2010-07-16: CR 601.2f" (the
  number as of that date); a date-shaped token that is no date
  ("20131313 - 601.2f", "201300713 - 704.5k") still pins its numbers, as
  a bad date for the judge to report;
- bare, when it has a subrule letter: "601.2f", "601.2a–h";
- the items of a list after any of these: "704.5n, 702.14c",
  "800.4a/800.4d", "rules 613.10, 613.11 and 613.12"; in a pinned list
  every number shares the date.

Everything else is a plain number: "100 cards", "200.0", "3.14", "1.601.2",
"$100.25", "601.2" with no keyword, brackets or letter, "section 2 of the
License", "rules        391" (a label and a count in an aligned table), and
a bracketed number with no dot that no rules keyword introduces ("[123]"
is an array index or a footnote; "rule [702]" is a citation).
Numbers inside URLs and paths ("/601.2f") are not citations. A line that
contains ``crdex: ignore`` is skipped. Ranges are expanded with
:func:`crdex.parser.references.expand_range`.
"""

from __future__ import annotations

import datetime as _dt
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from crdex.parser.numbers import RuleNumber
from crdex.parser.references import expand_range

from .lexer import Syntax, prose_mask

__all__ = ["IGNORE", "Citation", "find_citations", "find_in_line", "valid_date"]

# subrule letters: one, or two beginning with "a" (704.5aa); "100.5px" is not a rule
_L = r"(?:a[a-z]|[a-z])"
# a citation is written tight: at most two spaces between its parts ("rules        391"
# in an aligned table is a label and a count)
_S = r"[ \t\u00a0]{0,2}"
_RULE = rf"[1-9]\d{{2}}(?:\.[1-9]\d{{0,2}}{_L}?)?"
_STOP = r"(?![\w]|\.\d)"
_TAIL = (
    rf"(?:(?P<sep1>[\u2013\u2014]|-{{1,2}})(?P<lend>{_L})(?!\w)"
    rf"|(?P<sep2>{_S}(?:[\u2013\u2014]|-{{1,2}}|\bto\b|\bthrough\b){_S})"
    rf"(?P<nend>{_RULE}|\d{{1,3}}{_L}?){_STOP})?"
)
_ITEM = rf"(?P<start>{_RULE}){_STOP}{_TAIL}"
_CR = r"(?:\bC\.R\.|\bCR(?![A-Za-z])|\b[Cc]omp(?:rehensive|\.)?\s+[Rr]ules)"
_RULEWORD = r"(?:\b[Rr]ules?\b|\bRULES?\b)"

_KEYWORD = re.compile(
    rf"(?P<kw>{_CR}(?:{_S}(?:{_RULEWORD}|§))?|{_RULEWORD}|§){_S}#?{_S}(?={_RULE})"
)
_CR_SECTION = re.compile(rf"{_CR}{_S}[Ss]ection{_S}(?P<start>[1-9]){_STOP}")
# a date as written (20100716, 2010-07-16, 2010-7-16) or date-shaped but mistyped:
# seven to nine digits from a year, or a dashed year-month-day
_DATED = re.compile(
    r"(?<![\w.])(?P<date>(?:19|20)\d\d(?:-\d{1,2}-\d{1,2}|\d{3,5}))(?![\d-])"
    rf"{_S}(?:[-\u2013\u2014:,]{_S})?(?:{_CR}{_S}|{_RULEWORD}{_S})?#?{_S}(?={_RULE})"
)
_ITEM_RE = re.compile(_ITEM)
_LIST_SEP = re.compile(rf"{_S}(?:,{_S}(?:and{_S}|or{_S})?|/{_S}|\s(?:and|or|&){_S})")
# what makes a bracketed number without a dot a rule: a rules keyword just before it
_RULES_BEFORE = re.compile(rf"(?:{_CR}(?:{_S}(?:{_RULEWORD}|§))?|{_RULEWORD}|§){_S}\Z")
# the longest such keyword with its spaces ("Comprehensive Rules  RULES  "), and some
_KEYWORD_REACH = 48
_RULE_WORD_ONLY = re.compile(r"[Rr]ules?|RULES?|§")
_BRACKET = re.compile(rf"\[{_S}(?P<item>{_ITEM}){_S}\]")
_BARE = re.compile(rf"(?<![\w.$/#\\@-])(?P<start>[1-9]\d{{2}}\.[1-9]\d{{0,2}}{_L}){_STOP}{_TAIL}")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")
_DIGIT = re.compile(r"\d")
# a line that says so is skipped, like a linter's "noqa"
IGNORE = re.compile(r"crdex:\s?ignore", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Citation:
    """One citation: where it is, how it was written, the numbers it names.

    ``start``/``end`` locate ``number`` (the part a fix rewrites) in its line,
    0-based; ``column`` (1-based) is where the citation as written begins.
    A range keeps its parts (``first``, ``separator``, ``last``) so that a
    fix can write the new range in the same shape.
    """

    line: int
    column: int
    text: str
    style: str
    number: str
    start: int
    end: int
    numbers: tuple[str, ...]
    first: str
    separator: str = ""
    last: str = ""
    pinned: str | None = None
    pin_text: str = ""
    pin_start: int = -1

    @property
    def is_range(self) -> bool:
        return len(self.numbers) > 1

    @property
    def bad_pin(self) -> bool:
        """Pinned to a date-shaped token that is no date ("20131313")."""
        return bool(self.pin_text) and self.pinned is None


# (number text, start, end, members, first, separator, last) of one item
_Item = tuple[str, int, int, tuple[str, ...], str, str, str]
# (ISO date or None, the date as written, its column) of a pinned citation
_Pin = tuple[str | None, str, int]
_NO_PIN: _Pin = (None, "", -1)


@functools.lru_cache(maxsize=4096)
def _canonical(number: str) -> str:
    """A number as the rules write it (a dense line repeats the same few thousand)."""
    return str(RuleNumber.parse(number))


def _item(m: re.Match[str], offset: int = 0) -> _Item:
    """(number text, start, end, members, first, separator, last) of an item match."""
    first = m.group("start")
    last = m.group("lend") or m.group("nend")
    sep = m.group("sep1") or m.group("sep2") or ""
    members: list[str] = []
    if last:
        try:
            members = expand_range(first, last)
        except ValueError:
            members = []
    if len(members) > 1:
        end = m.end("lend") if m.group("lend") else m.end("nend")
    else:
        members, end, sep, last = [_canonical(first)], m.end("start"), "", ""
    start = m.start("start")
    return (
        m.string[start:end],
        start + offset,
        end + offset,
        tuple(members),
        first,
        sep,
        last,
    )


def valid_date(text: str) -> str | None:
    """The ISO date a pin writes (20100716, 2010-07-16, 2010-7-16), or None when it is none."""
    if "-" in text:
        parts = text.split("-")
    elif len(text) == 8:
        parts = [text[:4], text[4:6], text[6:]]
    else:
        return None
    try:
        return _dt.date(*(int(p) for p in parts)).isoformat()
    except (ValueError, TypeError):
        return None


def _keyword_before(text: str, end: int) -> bool:
    """Whether a rules keyword ends right before ``end`` ("rule [702]").

    Only the few characters a keyword can take are searched, so that a line
    of many brackets costs time in proportion to its length.
    """
    start = max(0, end - _KEYWORD_REACH)
    m = _RULES_BEFORE.search(text, start, end)
    # a match cut out of a longer word by the window ("xCR") is none
    return m is not None and not (m.start() == start > 0 and text[start - 1].isalnum())


def find_in_line(text: str, line: int = 1) -> list[Citation]:
    """The citations in one line of prose, in order of their column.

    Time is linear in the line's length: each span taken is marked in a
    byte mask, and a candidate is checked against the mask over its own
    width (a line of a megabyte is read in about a second).
    """
    found: list[Citation] = []
    busy = bytearray(len(text))

    def free(a: int, b: int) -> bool:
        return busy.find(1, a, b) < 0

    def add(col: int, written_end: int, style: str, item: _Item, pin: _Pin) -> None:
        number, start, end, members, first, sep, last = item
        found.append(
            Citation(
                line=line,
                column=col + 1,
                text=text[col:written_end],
                style=style,
                number=number,
                start=start,
                end=end,
                numbers=members,
                first=first,
                separator=sep,
                last=last,
                pinned=pin[0],
                pin_text=pin[1],
                pin_start=pin[2],
            )
        )
        busy[col:written_end] = b"\x01" * (written_end - col)

    def listed(pos: int, style: str, dotted: bool, pin: _Pin) -> None:
        """The items that follow an item at ``pos`` in a list, as citations of the same kind."""
        while (sep := _LIST_SEP.match(text, pos)) is not None:
            nxt = _ITEM_RE.match(text, sep.end())
            if nxt is None or not free(nxt.start(), nxt.end()):
                return
            if dotted and "." not in nxt.group("start"):
                return  # "rule 601.2a and 100 cards": a list of rules goes on with rules
            item = _item(nxt)
            add(nxt.start(), item[2], style, item, pin)
            pos = item[2]

    for m in _DATED.finditer(text):
        item_m = _ITEM_RE.match(text, m.end())
        if item_m is None or not free(m.start(), item_m.end()):
            continue
        token = m.group("date")
        pin = (valid_date(token), token, m.start("date"))
        item = _item(item_m)
        add(m.start(), item[2], "dated", item, pin)
        listed(item[2], "dated", "." in item_m.group("start"), pin)
    for m in _CR_SECTION.finditer(text):
        if free(m.start(), m.end()):
            number = m.group("start")
            item = (number, m.start("start"), m.end(), (number,), number, "", "")
            add(m.start(), m.end(), "section", item, _NO_PIN)
    for m in _KEYWORD.finditer(text):
        item_m = _ITEM_RE.match(text, m.end())
        if item_m is None or not free(m.start(), item_m.end()):
            continue
        style = "rule" if _RULE_WORD_ONLY.fullmatch(m.group("kw")) else "cr"
        item = _item(item_m)
        add(m.start(), item[2], style, item, _NO_PIN)
        listed(item[2], style, "." in item_m.group("start"), _NO_PIN)
    for m in _BRACKET.finditer(text):
        if not free(m.start(), m.end()):
            continue
        item_m = _ITEM_RE.match(text, m.start("item"))
        assert item_m is not None
        if "." not in item_m.group("start") and not _keyword_before(text, m.start()):
            continue  # "[123]": an index or a footnote, unless it follows "rule" or "CR"
        add(m.start(), m.end(), "bracket", _item(item_m), _NO_PIN)
    for m in _BARE.finditer(text):
        if free(m.start(), m.end()):
            item = _item(m)
            add(m.start(), item[2], "bare", item, _NO_PIN)
            listed(item[2], "bare", True, _NO_PIN)
    found.sort(key=lambda c: (c.column, c.start))
    return found


def _lines(text: str) -> Iterator[tuple[int, str]]:
    for number, m in enumerate(_LINE.finditer(text), 1):
        chunk = m.group(0)
        if not chunk and m.start() == len(text):
            return
        yield number, chunk.rstrip("\r\n")


def find_citations(text: str, syntax: Syntax | None = None) -> list[Citation]:
    """Every citation in a file's text; in code (``syntax`` given), only in comments and strings."""
    prose = prose_mask(text, syntax)
    out: list[Citation] = []
    for number, line in _lines(prose):
        if _DIGIT.search(line) and not IGNORE.search(line):
            out.extend(find_in_line(line, number))
    return out
