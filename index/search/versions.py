"""The versions of a rule that search shows: one per wording of an identity.

The identity graph stores each rule as runs (editions with one number and
one wording). All runs of one identity with the same title and wording make
one version, whatever numbers they had and even when the wording came back
after a change: a rule unchanged for a hundred editions is one version, with
the date ranges it is in force and the number it had from each date.

Each version also carries what helps people find it: the titles of the
headings above it ("Trample" for 702.19b), the glossary terms that point at
it, and the rulings filed under it. The search index holds one document per
version (:mod:`.documents`); a rule number looked up reads the versions of
the few identities it names straight from the graph (:mod:`.answering.lookup`). This
module imports neither Whoosh nor the parser, so that a lookup needs neither.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from crdex.parser.numbers import RuleNumber

if TYPE_CHECKING:
    from crdex.index.library import Library
    from crdex.index.lineage.graph import Graph, Identity, Run

__all__ = [
    "GLOSSARY_KIND",
    "VersionContext",
    "collect_rulings",
    "date_int",
    "spans_of",
    "split_examples",
    "version_of",
    "versions_of",
]

GLOSSARY_KIND = "glossary"
# document formats whose rules carry rulings
RULINGS_FORMATS = frozenset({"rulings"})
# how many titled headings above a rule describe it ("Trample", "Keyword Abilities")
_HEADINGS = 2


def date_int(date: str) -> int:
    """``2026-08-07`` → ``20260807``: dates as the index stores them."""
    return int(date.replace("-", ""))


def split_examples(wording: str) -> tuple[str, str]:
    """A rule's wording as the graph stores it → (its text, its examples).

    Examples follow the text, each starting "Example"; lines after the first
    example belong to examples.
    """
    lines = wording.split("\n")
    for i, line in enumerate(lines):
        if line.lower().startswith("example"):
            return "\n".join(lines[:i]), "\n".join(lines[i:])
    return wording, ""


class VersionContext:
    """Per-edition facts about rules that are not part of their wording.

    ``glossary``: find the glossary terms pointing at each rule (which reads
    every glossary entry of the graph); a lookup, which shows none, skips it.
    """

    def __init__(
        self, graph: Graph, rulings: dict[tuple[str, int], list[str]], *, glossary: bool = True
    ) -> None:
        self.graph = graph
        self.rulings = rulings
        self.glossary = glossary

    @functools.cached_property
    def glossary_refs(self) -> dict[str, list[tuple[int, int, str]]]:
        """Rule identity → (start, end, glossary term) for every term pointing at it."""
        from crdex.parser.references import extract_references

        graph = self.graph
        out: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
        for ident in graph.identities:
            if not ident.glossary:
                continue
            for run in ident.runs:
                for ref in extract_references(graph.text(run.text)):
                    for start, end, target in graph.holders(ref.target):
                        lo, hi = max(start, run.start), min(end, run.end)
                        if lo <= hi:
                            out[target.id].append((lo, hi, run.key))
        return out

    def headings(self, run: Run) -> list[str]:
        """Titles of the nearest titled headings above the rule of ``run``."""
        titles: list[str] = []
        try:
            value = RuleNumber.parse(run.key).parent
        except ValueError:
            return titles
        while value is not None and len(titles) < _HEADINGS:
            holder = self.graph.holder(str(value), run.start)
            held = holder.run_at(run.start) if holder is not None else None
            if held is not None and self.graph.text(held.title):
                titles.append(self.graph.text(held.title))
            value = value.parent
        return titles

    def lead(self, run: Run) -> bool:
        """The run's rule is the first under a titled heading (x.1, or x.ya)."""
        try:
            value = RuleNumber.parse(run.key)
        except ValueError:
            return False
        first = value.letters == "a" or (
            value.letters is None and value.rule == 1 and value.section >= 100
        )
        if not first or value.parent is None:
            return False
        holder = self.graph.holder(str(value.parent), run.start)
        held = holder.run_at(run.start) if holder is not None else None
        return held is not None and bool(self.graph.text(held.title))

    def glossary_terms(self, identity: str, start: int, end: int) -> list[str]:
        if not self.glossary:
            return []
        return [
            term
            for lo, hi, term in self.glossary_refs.get(identity, ())
            if lo <= end and start <= hi
        ]

    def rulings_of(self, identity: str, start: int, end: int) -> list[str]:
        out: list[str] = []
        for edition in range(start, end + 1):
            out.extend(self.rulings.get((identity, edition), ()))
        return out


def _groups(ident: Identity) -> Iterable[list[Run]]:
    """The identity's runs grouped by title and wording, in order of first appearance."""
    groups: dict[tuple[int, int], list[Run]] = {}
    for run in ident.runs:
        groups.setdefault((run.title, run.text), []).append(run)
    return groups.values()


def _ranges(group: list[Run], dates: list[int], no_end: int) -> tuple[tuple[int, int], ...]:
    """The date ranges of a group of runs, touching runs joined (``no_end``: still in force)."""
    spans: list[list[int]] = []
    for run in group:
        if spans and spans[-1][1] + 1 == run.start:
            spans[-1][1] = run.end
        else:
            spans.append([run.start, run.end])
    return tuple((dates[lo], dates[hi + 1] if hi + 1 < len(dates) else no_end) for lo, hi in spans)


def _unique(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        if item and item not in seen:
            seen[item] = None
    return list(seen)


def _version(
    graph: Graph,
    ident: Identity,
    group: list[Run],
    context: VersionContext,
    dates: list[int],
    no_end: int,
) -> dict[str, Any]:
    first = group[0]
    numbers: list[tuple[int, str]] = []
    for run in group:
        if not numbers or numbers[-1][1] != run.key:
            numbers.append((dates[run.start], run.key))
    wording = graph.text(first.text)
    lead = False
    if ident.glossary:
        kind, text, examples, heading, terms = GLOSSARY_KIND, wording, "", [], []
    else:
        lead = context.lead(group[-1])
        kind = group[-1].kind
        text, examples = split_examples(wording)
        heading = _unique(t for run in group for t in context.headings(run))
        terms = _unique(
            t for run in group for t in context.glossary_terms(ident.id, run.start, run.end)
        )
    return {
        "identity": ident.id,
        "kind": kind,
        "numbers": tuple(numbers),
        "ranges": _ranges(group, dates, no_end),
        "title": graph.text(first.title),
        "text": text,
        "examples": examples,
        "heading": "\n".join(heading),
        "glossary": "\n".join(terms),
        "rulings": "\n".join(
            r for run in group for r in context.rulings_of(ident.id, run.start, run.end)
        ),
        "lead": lead,
    }


def versions_of(
    ident: Identity, context: VersionContext, dates: list[int], no_end: int
) -> Iterator[dict[str, Any]]:
    """Each version of ``ident``, as the fields of an index document.

    ``dates`` are the chain's editions' dates (see :func:`date_int`);
    ``no_end`` is the "until" of a version still in force.
    """
    for group in _groups(ident):
        yield _version(context.graph, ident, group, context, dates, no_end)


def version_of(
    ident: Identity, edition: int, context: VersionContext, dates: list[int], no_end: int
) -> dict[str, Any] | None:
    """The version of ``ident`` in force in the edition at chain index ``edition``."""
    for group in _groups(ident):
        if any(run.start <= edition <= run.end for run in group):
            return _version(context.graph, ident, group, context, dates, no_end)
    return None


def spans_of(numbers: Iterable[tuple[int, str]], ranges: Iterable[tuple[int, int]]) -> dict:
    """Where a version is in force, as its document stores it: numbers by date, date ranges."""
    return {"numbers": [list(p) for p in numbers], "ranges": [list(r) for r in ranges]}


def collect_rulings(library: Library, graph: Graph) -> dict[tuple[str, int], list[str]]:
    """Rulings from the library's rulings pages, by (rule identity, chain index).

    A page's rulings attach to the rules as numbered in the edition in force
    on the page's date.
    """
    out: dict[tuple[str, int], list[str]] = defaultdict(list)
    dates = [e.date for e in graph.editions]
    for doc in sorted(library.documents.values(), key=lambda d: (d.date or "", d.sha256)):
        if doc.format not in RULINGS_FORMATS or doc.date is None or doc.date < dates[0]:
            continue
        index = max(i for i, d in enumerate(dates) if d <= doc.date)
        for rule in library.edition(doc.sha256).rules:
            if not rule.rulings:
                continue
            ident = graph.holder(rule.number, index)
            if ident is not None:
                out[(ident.id, index)].extend(r.text for r in rule.rulings if r.text)
    return out
