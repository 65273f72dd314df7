"""What goes into the search index: one document per distinct version of a rule.

The identity graph already stores each rule as runs (editions with one
number and one wording). All runs of one identity with the same title and
wording become one document, whatever numbers they had and even when the
wording came back after a change (a few editions' typography differs): a
rule unchanged for a hundred editions is indexed once, with the date
ranges it is in force and the number it had from each date.

Each document also carries what helps people find it: the titles of the
headings above it ("Trample" for 702.19b), the glossary terms that point at
it, and the rulings filed under it. Its ``key`` is a digest of everything
indexed, so an update touches exactly the documents whose content changed;
a version still in force has no end date, so adding a newer edition in
which it is unchanged leaves its document alone.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from whoosh.lang import stemmer_for_language

from crdex.index.library import Library
from crdex.index.lineage.graph import Graph, Identity, Run
from crdex.parser.numbers import RuleNumber, ancestry
from crdex.parser.references import extract_references

from .schema import BODY_WEIGHTS, INDEX_STOP_WORDS, NO_END, WORD

__all__ = [
    "GLOSSARY_KIND",
    "IndexDoc",
    "body_of",
    "collect_rulings",
    "date_int",
    "documents_from",
    "split_examples",
    "stems_of",
    "vocabulary",
    "weighted",
]

GLOSSARY_KIND = "glossary"
# document formats whose rules carry rulings
RULINGS_FORMATS = frozenset({"rulings"})
# how many titled headings above a rule describe it ("Trample", "Keyword Abilities")
_HEADINGS = 2
_WORD = re.compile(WORD)
# a word of the spelling dictionary: letters only, two or more
_LETTERS = re.compile(r"[^\W\d_]{2,}")


def date_int(date: str) -> int:
    """``2026-08-07`` → ``20260807``: dates as the index stores them."""
    return int(date.replace("-", ""))


@dataclass(frozen=True, slots=True)
class IndexDoc:
    """One version of a rule or glossary entry, as indexed.

    ``ranges`` are the (start, until) effective dates (YYYYMMDD, until
    exclusive, ``NO_END`` while current) the version is in force;
    ``numbers`` is ((from_date, number), ...) in date order: the number the
    version had from each date on (the term, for a glossary entry).
    ``lead`` marks the first rule under a titled heading (111.1 under
    "Tokens", 702.19a under "Trample"): where the rules define what the
    heading names.
    """

    identity: str
    kind: str
    numbers: tuple[tuple[int, str], ...]
    ranges: tuple[tuple[int, int], ...]
    title: str
    text: str
    examples: str
    heading: str
    glossary: str
    rulings: str
    lead: bool = False

    @property
    def current(self) -> bool:
        """In force in the last edition indexed."""
        return self.ranges[-1][1] == NO_END

    @property
    def key(self) -> str:
        blob = json.dumps(
            [
                self.identity,
                self.kind,
                self.numbers,
                self.title,
                self.text,
                self.examples,
                self.heading,
                self.glossary,
                self.rulings,
                self.ranges,
                self.lead,
            ],
            ensure_ascii=False,
        )
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

    def plain(self) -> str:
        """Every part of the rule, unweighted."""
        return "\n".join(getattr(self, name) for name in BODY_WEIGHTS)

    def fields(self) -> dict[str, Any]:
        """The Whoosh fields of this document."""
        is_rule = self.kind != GLOSSARY_KIND
        body = body_of(self)
        held = sorted({n for _d, n in self.numbers}) if is_rule else []
        within = sorted({a for n in held for a in ancestry(n)})
        return {
            "key": self.key,
            "identity": self.identity,
            "kind": self.kind,
            "number": " ".join(held),
            "within": " ".join(within),
            "title": self.title,
            "body": body,
            "stems": " ".join(sorted(stems_of(self.plain()))),
            "heading": self.heading,
            "glossary": self.glossary,
            "text": self.text,
            "examples": self.examples,
            "rulings": self.rulings,
            "lead": self.lead,
            "spans": {
                "numbers": [list(p) for p in self.numbers],
                "ranges": [list(r) for r in self.ranges],
            },
        }


def weighted(text: str, weight: float) -> str:
    """Every word of ``text`` carrying ``weight`` as a token boost (read by the analyzer)."""
    if weight == 1.0:
        return text
    return _WORD.sub(lambda m: f"{m.group()}^{weight:g}", text)


_STEM = functools.lru_cache(maxsize=None)(stemmer_for_language("en"))


def stems_of(text: str) -> set[str]:
    """The distinct indexed terms of a text (stored, so ranking needs no term vectors).

    The analyzer's steps (see :func:`.schema.analyzer`), done directly for speed.
    """
    words = {w.lower() for w in _WORD.findall(text)}
    return {_STEM(w) for w in words if w not in INDEX_STOP_WORDS}


def body_of(doc: IndexDoc) -> str:
    """Every part of a rule in one text, each word carrying its part's weight."""
    parts = (
        weighted(getattr(doc, name), weight)
        for name, weight in BODY_WEIGHTS.items()
        if getattr(doc, name)
    )
    return "\n".join(parts)


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


class _Context:
    """Per-edition facts about rules that are not part of their wording."""

    def __init__(self, graph: Graph, rulings: dict[tuple[str, int], list[str]]) -> None:
        self.graph = graph
        self.rulings = rulings
        self.glossary_refs = self._glossary_refs()

    def _glossary_refs(self) -> dict[str, list[tuple[int, int, str]]]:
        """Rule identity → (start, end, glossary term) for every term pointing at it."""
        graph = self.graph
        out: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
        for ident in graph.identities:
            if not ident.glossary:
                continue
            for run in ident.runs:
                for ref in extract_references(graph.texts[run.text]):
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
            if held is not None and self.graph.texts[held.title]:
                titles.append(self.graph.texts[held.title])
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
        return held is not None and bool(self.graph.texts[held.title])

    def glossary_terms(self, identity: str, start: int, end: int) -> list[str]:
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


def _ranges(group: list[Run], dates: list[int]) -> tuple[tuple[int, int], ...]:
    """The date ranges of a group of runs, touching runs joined."""
    spans: list[list[int]] = []
    for run in group:
        if spans and spans[-1][1] + 1 == run.start:
            spans[-1][1] = run.end
        else:
            spans.append([run.start, run.end])
    return tuple((dates[lo], dates[hi + 1] if hi + 1 < len(dates) else NO_END) for lo, hi in spans)


def _unique(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        if item and item not in seen:
            seen[item] = None
    return list(seen)


def documents_from(
    graph: Graph, rulings: dict[tuple[str, int], list[str]] | None = None
) -> list[IndexDoc]:
    """Every document of the index for ``graph``.

    ``rulings`` maps (identity id, chain index) to the rulings filed under
    that rule in that edition.
    """
    context = _Context(graph, rulings or {})
    dates = [date_int(e.date) for e in graph.editions]
    docs: list[IndexDoc] = []
    for ident in graph.identities:
        for group in _groups(ident):
            first = group[0]
            numbers: list[tuple[int, str]] = []
            for run in group:
                if not numbers or numbers[-1][1] != run.key:
                    numbers.append((dates[run.start], run.key))
            wording = graph.texts[first.text]
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
            docs.append(
                IndexDoc(
                    identity=ident.id,
                    kind=kind,
                    numbers=tuple(numbers),
                    ranges=_ranges(group, dates),
                    title=graph.texts[first.title],
                    text=text,
                    examples=examples,
                    heading="\n".join(heading),
                    glossary="\n".join(terms),
                    rulings="\n".join(
                        r for run in group for r in context.rulings_of(ident.id, run.start, run.end)
                    ),
                    lead=lead,
                )
            )
    return docs


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


def vocabulary(docs: Iterable[IndexDoc]) -> dict[str, int]:
    """Words as written (lower case) with their counts: the spelling dictionary."""
    counts: Counter[str] = Counter()
    for doc in docs:
        for part in (doc.title, doc.text, doc.examples, doc.glossary, doc.rulings):
            counts.update(w.lower() for w in _LETTERS.findall(part))
    return dict(counts.most_common())
