"""What goes into the search index: one document per distinct version of a rule.

A version (see :mod:`.versions`) is all runs of one identity with the same
title and wording, whatever numbers they had and even when the wording came
back after a change (a few editions' typography differs): a rule unchanged
for a hundred editions is indexed once, with the date ranges it is in force,
the number it had from each date, the headings above it, the glossary terms
naming it and the rulings filed under it. Its ``key`` is a digest of everything
indexed, so an update touches exactly the documents whose content changed;
a version still in force has no end date, so adding a newer edition in
which it is unchanged leaves its document alone.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from whoosh.lang import stemmer_for_language

from crdex.index.lineage.graph import Graph
from crdex.parser.numbers import ancestry

from .schema import BODY_WEIGHTS, INDEX_STOP_WORDS, NO_END, WORD
from .versions import (
    GLOSSARY_KIND,
    VersionContext,
    collect_rulings,
    date_int,
    spans_of,
    split_examples,
    versions_of,
)

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

_WORD = re.compile(WORD)
# a word of the spelling dictionary: letters only, two or more
_LETTERS = re.compile(r"[^\W\d_]{2,}")


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
        import hashlib  # building's work: a search imports this module for the documents' fields

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
            "spans": spans_of(self.numbers, self.ranges),
        }


def weighted(text: str, weight: float) -> str:
    """Every word of ``text`` carrying ``weight`` as a token boost (read by the analyzer)."""
    if weight == 1.0:
        return text
    # a template, not a function: the substitution is then made without a Python call per word
    return _WORD.sub(rf"\g<0>^{weight:g}", text)


_STEM = functools.lru_cache(maxsize=None)(stemmer_for_language("en"))


def stems_of(text: str) -> set[str]:
    """The distinct indexed terms of a text (stored, so ranking needs no term vectors).

    The analyzer's steps (see :func:`.schema.analyzer`), done directly for speed.
    """
    words = {w.lower() for w in set(_WORD.findall(text))}
    return {_STEM(w) for w in words if w not in INDEX_STOP_WORDS}


def body_of(doc: IndexDoc) -> str:
    """Every part of a rule in one text, each word carrying its part's weight."""
    parts = (
        weighted(getattr(doc, name), weight)
        for name, weight in BODY_WEIGHTS.items()
        if getattr(doc, name)
    )
    return "\n".join(parts)


def documents_from(
    graph: Graph, rulings: dict[tuple[str, int], list[str]] | None = None
) -> list[IndexDoc]:
    """Every document of the index for ``graph``.

    ``rulings`` maps (identity id, chain index) to the rulings filed under
    that rule in that edition.
    """
    context = VersionContext(graph, rulings or {})
    dates = [date_int(e.date) for e in graph.editions]
    return [
        IndexDoc(**version)
        for ident in graph.identities
        for version in versions_of(ident, context, dates, NO_END)
    ]


def vocabulary(docs: Iterable[IndexDoc]) -> dict[str, int]:
    """Words as written (lower case) with their counts: the spelling dictionary."""
    counts: Counter[str] = Counter()
    for doc in docs:
        for part in (doc.title, doc.text, doc.examples, doc.glossary, doc.rulings):
            counts.update(w.lower() for w in _LETTERS.findall(part))
    return dict(counts.most_common())
