"""The sources a rulings summary gives in brackets, and who its credits say they are.

Each rule, ruling and note of the 1999 summary ends (or has in its middle,
after the sentence it backs) one or more sources in brackets:

- a name and a date, "[D'Angelo 10/08/98]", "[Tournament Rules 10/01/95]"
  (month/day/year, two-digit years of the 1990s), "[bethmo 1994]" (a year),
  "[DCI Letter, Jan 1997]" (a month);
- a document and a page, "[Fifth Edition, Page 30]", "[Duelist Magazine
  #12, Page 26]", "[Mirage, Page 2-4]", "[PPG Page 57]";
- a document alone, "[Urza's Saga Rule Page]", "[Legends Rulecards]".

A bracket that is none of these ("you [may] do <-something->") is text,
not a source. Whether a name is a person or a document is what the page's
own credits say: ``"D'Angelo" is Stephen D'Angelo, …`` names a person,
``"WotC Rules Team" marks official rulings from the rules team`` names the
people of the rules team, ``"Mirage, Page " marks rules from the Mirage
rulebook`` a document. A dated name the credits do not name as a person
(Tournament Rules, Oracle) is a document; without the credits (a page cut
short) such a name's kind is unknown.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field, replace

from .tree import Citation

__all__ = ["Credits", "classify", "read_credits", "read_source", "take_sources"]

_BRACKET = re.compile(r"\s*\[(?P<inner>[^\[\]\n]+)\]")
_PAGE = re.compile(r"^(?P<name>.+?),?\s+Page\s+(?P<page>\d+(?:-\d+)?)$")
_ISSUE = re.compile(r"^(?P<name>.+?)(?:\s+#(?P<issue>\d+))?$")
_DATED = re.compile(r"^(?P<name>.+?),?\s+(?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{2}|\d{4})$")
_YEAR = re.compile(r"^(?P<name>.+?),?\s+(?P<y>19\d\d|20\d\d)$")
_MONTH_YEAR = re.compile(
    r"^(?P<name>.+?),?\s+(?P<mon>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?"
    r"\s+(?P<y>19\d\d|20\d\d)$"
)
_TITLE = re.compile(r"^[A-Z][^\d#]*$")
_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

# '"bethmo" is Beth Moursund, the Rules Manager …', '"Mirage, Page " marks rules from …'
_CREDIT = re.compile(
    r'"(?P<key>[^"]+?)"\s+(?P<verb>is|marks)\s+(?P<what>.+?)\.'
    r'(?=\s+"[^"]+"\s+(?:is|was|marks)\b|\s*$)'
)


@dataclass(slots=True)
class Credits:
    """What the credits say of each source name: person or document, and who or what."""

    people: dict[str, str] = field(default_factory=dict)  # casefolded name → description
    documents: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # casefolded → as the credits spell it
    found: bool = False


def read_credits(paragraphs: list[str]) -> Credits:
    """The source names the credits define, from sentences such as '"Aahz" is Tom Wylie, …'."""
    credits = Credits(found=bool(paragraphs))
    for paragraph in paragraphs:
        for m in _CREDIT.finditer(paragraph):
            key = m.group("key").strip().rstrip(",")
            key = re.sub(r",?\s+Page$", "", key)
            what = " ".join(m.group("what").split())
            fold = key.casefold()
            credits.names.setdefault(fold, key)
            document = m.group("key").rstrip().endswith("Page") or (
                m.group("verb") == "marks" and "ruling" not in what
            )
            table = credits.documents if document else credits.people
            table.setdefault(fold, what)
    return credits


def _date(month: int, day: int, year: int) -> str | None:
    if year < 100:
        year += 1900 if year >= 70 else 2000
    try:
        return _dt.date(year, month, day).isoformat()
    except ValueError:
        return None


def read_source(inner: str) -> tuple[Citation | None, str | None]:
    """A bracket's text as a source, or None when it is not one; a problem with it, if any."""
    text = " ".join(inner.split())
    problem = None
    if m := _PAGE.match(text):
        head = _ISSUE.match(m.group("name"))
        assert head is not None
        return Citation(
            text, head.group("name"), "document", page=m.group("page"), issue=head.group("issue")
        ), None
    if m := _DATED.match(text):
        date = _date(int(m.group("m")), int(m.group("d")), int(m.group("y")))
        if date is None:
            problem = f"the date in [{text}] is not a date (month/day/year); kept as written"
        return Citation(text, m.group("name"), None, date=date), problem
    if m := _MONTH_YEAR.match(text):
        date = f"{m.group('y')}-{_MONTHS.index(m.group('mon')) + 1:02d}"
        return Citation(text, m.group("name"), None, date=date), None
    if m := _YEAR.match(text):
        return Citation(text, m.group("name"), None, date=m.group("y")), None
    if _TITLE.match(text):
        return Citation(text, text, "document"), None
    return None, None


def _transposed(a: str, b: str) -> bool:
    """``behtmo`` and ``bethmo``: the same letters with two neighbours swapped."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


def classify(citation: Citation, credits: Credits) -> tuple[Citation, str | None]:
    """The citation with its kind and description from the credits; a repair reason if renamed."""
    fold = citation.name.casefold()
    if fold in credits.people:
        return replace(citation, kind="person", who=credits.people[fold]), None
    if fold in credits.documents:
        return replace(citation, kind="document", who=credits.documents[fold]), None
    if citation.kind is not None or not credits.found:
        return citation, None
    for known, who in credits.people.items():
        if _transposed(fold, known):
            name = credits.names[known]
            return replace(citation, name=name, kind="person", who=who), (
                f"source {citation.name!r} is named nowhere in the credits; it is "
                f"{name!r} with two letters swapped, and is read as {name!r}"
            )
    return replace(citation, kind="document"), None


def take_sources(text: str, credits: Credits) -> tuple[str, list[Citation], list[tuple[str, str]]]:
    """``text`` without its source brackets, the sources in order, and repairs (kind, reason).

    Each source's ``start`` is the offset in the returned text where its
    bracket stood.
    """
    out: list[str] = []
    found: list[Citation] = []
    problems: list[tuple[str, str]] = []
    pos = 0
    length = 0
    for m in _BRACKET.finditer(text):
        citation, problem = read_source(m.group("inner"))
        if citation is None:
            continue
        before = text[pos : m.start()]
        out.append(before)
        length += len(before)
        citation, renamed = classify(replace(citation, start=length), credits)
        found.append(citation)
        if problem:
            problems.append(("bad-date", problem))
        if renamed:
            problems.append(("source-name", renamed))
        pos = m.end()
    out.append(text[pos:])
    return "".join(out).rstrip(), found, problems
