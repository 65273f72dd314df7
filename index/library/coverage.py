"""What a document speaks for: the rules and glossary terms it witnesses, edition by edition.

A document is one witness of an edition, and not every witness is whole.
The rules of coverage, decided from the parsed tree alone (never from a file
name):

- a **rulings page** witnesses exactly the rules it quotes, for the CR
  edition each quote cites (``[CompRules 2007/05/01]``), together with the
  headings above them; one page can witness several editions;
- a **truncated** copy (the parser records a ``truncated`` repair: no
  credits follow) witnesses everything it holds except its last rule, or its
  last glossary term when it was cut inside the glossary, since that last
  node may itself be cut short;
- a document whose rules start at section 1 but that has no glossary (the
  markdown and HTML renderings) witnesses **every rule**, not the glossary;
- an **excerpt** (rules that do not start at section 1) witnesses every
  section whose heading it holds, whole, and a span from its first to its
  last number for a section it enters mid-way;
- anything else is **complete**: every rule and the glossary;
- a document in a numbering of its own (the 1999 Crystal Keep rulings
  summary numbers its topics ``A.27``) is a **rulings summary**: it is not
  a CR edition and witnesses none.

Outside a witness's coverage a rule is unknown in that edition, never
removed. Coverage is plain data (sections, number spans, glossary terms),
stored with the library's documents and the graph's editions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crdex.parser.numbers import RuleNumber

if TYPE_CHECKING:
    # coverage is read with every library; the tree's code only when a document is described
    from crdex.parser.tree import Edition

__all__ = [
    "COMPLETE",
    "COVERAGE_RULES",
    "KINDS",
    "Coverage",
    "WitnessSlice",
    "coverage_held",
    "coverage_of",
    "document_kind",
    "section_of",
]

# bump when the rules above change, or what a document's description records (4: its
# damage, index/library/damage.py): the library then describes its documents again
COVERAGE_RULES = 4

# what a document is, as listed by the library (see the module docstring)
KINDS = {
    "complete": "complete text",
    "rules": "every rule, no glossary",
    "excerpt": "excerpt",
    "rulings": "rulings page",
    "truncated": "damaged copy (cut short)",
    "rulings-summary": "rulings summary in its own numbering (not a CR edition)",
}


def _key(number: str) -> tuple[float, float, float] | None:
    try:
        return RuleNumber.parse(number).sort_key()
    except ValueError:
        return None


def section_of(number: str) -> str | None:
    """The three-digit rule a number sits under ("701" for 701.22a), or None for "7"."""
    try:
        value = RuleNumber.parse(number)
    except ValueError:
        return None
    return None if value.kind == "section" else str(value.section)


@dataclass(frozen=True, slots=True)
class Coverage:
    """The rules and glossary terms one witness speaks for.

    ``complete`` covers everything. Otherwise a rule is covered when its
    three-digit rule is in ``sections`` (the heading and everything under
    it), or its number lies within one of ``spans`` (first and last number,
    inclusive, in rule-number order). Glossary terms are covered by
    ``glossary`` (the whole glossary) or by name in ``terms``.
    """

    complete: bool = False
    sections: tuple[str, ...] = ()
    spans: tuple[tuple[str, str], ...] = ()
    glossary: bool = False
    terms: tuple[str, ...] = ()

    def covers(self, number: str) -> bool:
        if self.complete:
            return True
        section = section_of(number)
        if section is not None and section in self.sections:
            return True
        if not self.spans:
            return False
        key = _key(number)
        if key is None:
            return False
        for first, last in self.spans:
            lo, hi = _key(first), _key(last)
            if lo is not None and hi is not None and lo <= key <= hi:
                return True
        return False

    def covers_term(self, term: str) -> bool:
        if self.complete or self.glossary:
            return True
        folded = term.casefold()
        return any(t.casefold() == folded for t in self.terms)

    def union(self, other: Coverage) -> Coverage:
        if self.complete or other.complete:
            return COMPLETE
        return Coverage(
            sections=tuple(sorted({*self.sections, *other.sections})),
            spans=tuple(dict.fromkeys([*self.spans, *other.spans])),
            glossary=self.glossary or other.glossary,
            terms=tuple(dict.fromkeys([*self.terms, *other.terms])),
        )

    def describe(self) -> str:
        """For people: "complete", "sections 701", "502.26c–502.51a and 3 glossary terms"."""
        if self.complete:
            return "complete"
        parts = []
        if len(self.sections) > 4:
            parts.append(f"{len(self.sections)} sections ({self.sections[0]}–{self.sections[-1]})")
        elif self.sections:
            parts.append(f"section{'s' * (len(self.sections) > 1)} {', '.join(self.sections)}")
        points = [a for a, b in self.spans if a == b]
        ranges = [f"{a}–{b}" for a, b in self.spans if a != b]
        parts.extend(ranges)
        if points:
            parts.append(f"{len(points)} quoted rule{'s' * (len(points) != 1)}")
        if self.glossary:
            parts.append("the glossary")
        elif self.terms:
            parts.append(f"{len(self.terms)} glossary term{'s' * (len(self.terms) != 1)}")
        return ", ".join(parts) or "nothing"

    def to_dict(self) -> dict[str, Any]:
        if self.complete:
            return {"complete": True}
        return {
            "complete": False,
            "sections": list(self.sections),
            "spans": [list(s) for s in self.spans],
            "glossary": self.glossary,
            "terms": list(self.terms),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Coverage:
        if not data or data.get("complete"):
            return COMPLETE
        return cls(
            sections=tuple(data.get("sections", ())),
            spans=tuple((a, b) for a, b in data.get("spans", ())),
            glossary=bool(data.get("glossary")),
            terms=tuple(data.get("terms", ())),
        )


COMPLETE = Coverage(complete=True)


@dataclass(frozen=True, slots=True)
class WitnessSlice:
    """What one document witnesses of one edition (named by its effective date)."""

    date: str
    coverage: Coverage

    def to_dict(self) -> dict[str, Any]:
        return {"date": self.date, "coverage": self.coverage.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WitnessSlice:
        return cls(data["date"], Coverage.from_dict(data["coverage"]))


def _truncated(edition: Edition) -> bool:
    return any(r.kind == "truncated" for r in edition.repairs)


def _cited_date(citations: Iterable[tuple[str, str | None]]) -> str | None:
    for _source, date in citations:
        if date:
            return date
    return None


def _rulings_slices(edition: Edition) -> list[WitnessSlice]:
    """A rulings page: each quoted rule (and its headings) for the edition it cites."""
    by_date: dict[str, list[str]] = {}
    for rule in edition.rules:
        date = _cited_date(rule.citations)
        if date is None:
            continue
        numbers = by_date.setdefault(date, [])
        number: str | None = rule.number
        while number is not None and number not in numbers:
            numbers.append(number)
            parent = edition.rule(number)
            number = parent.parent if parent is not None else None
    slices = []
    for date in sorted(by_date):
        ordered = sorted(by_date[date], key=lambda n: _key(n) or (0.0, 0.0, 0.0))
        slices.append(WitnessSlice(date, Coverage(spans=tuple((n, n) for n in ordered))))
    return slices


def _rule_coverage(numbers: list[str]) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Whole sections whose heading is held, a span for each section entered mid-way."""
    groups: dict[str, list[str]] = {}
    for number in numbers:
        section = section_of(number)
        if section is not None:
            groups.setdefault(section, []).append(number)
    sections, spans = [], []
    for section, held in groups.items():
        if section in held:
            sections.append(section)
        else:
            spans.append((held[0], held[-1]))
    return tuple(sections), tuple(spans)


def _partial(edition: Edition, *, truncated: bool) -> Coverage:
    numbers = [r.number for r in edition.rules]
    terms = [g.term for g in edition.glossary]
    if truncated and terms:
        # cut inside the glossary: every rule is whole, the last term may not be
        sections, spans = _rule_coverage(numbers)
        return Coverage(sections=sections, spans=spans, terms=tuple(terms[:-1]))
    if truncated:
        # cut inside the rules: the last rule may be cut short, and its section with it
        last = section_of(numbers[-1]) if numbers else None
        sections, spans = _rule_coverage(numbers[:-1])
        if last in sections:
            sections = tuple(s for s in sections if s != last)
            held = [n for n in numbers[:-1] if section_of(n) == last]
            spans = (*spans, (held[0], held[-1]))
        return Coverage(sections=sections, spans=spans)
    sections, spans = _rule_coverage(numbers)
    return Coverage(sections=sections, spans=spans, glossary=bool(terms))


def document_kind(edition: Edition) -> str:
    """One of :data:`KINDS` for a parsed document (see the module docstring)."""
    from crdex.parser.tree import CR_NUMBERING

    if edition.numbering != CR_NUMBERING:
        return "rulings-summary"
    if edition.source.format == "rulings":
        return "rulings"
    if _truncated(edition):
        return "truncated"
    first = next((r for r in edition.rules), None)
    if first is None or first.number not in ("1", "100"):
        return "excerpt"
    return "complete" if edition.glossary else "rules"


def coverage_held(edition: Edition) -> Coverage:
    """What a parsed document holds, whatever its date: the coverage it would witness with."""
    kind = document_kind(edition)
    if kind == "complete":
        return COMPLETE
    return _partial(edition, truncated=kind == "truncated")


def coverage_of(edition: Edition) -> list[WitnessSlice]:
    """What a parsed document witnesses, per edition; empty for an undated document."""
    kind = document_kind(edition)
    if kind == "rulings-summary":
        return []
    if kind == "rulings":
        return _rulings_slices(edition)
    if edition.effective_date is None:
        return []
    date = edition.effective_date.isoformat()
    if kind == "complete":
        return [WitnessSlice(date, COMPLETE)]
    return [WitnessSlice(date, _partial(edition, truncated=kind == "truncated"))]
