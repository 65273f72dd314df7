"""Searching the rulings summaries beside the Comprehensive Rules.

A rulings summary (the 1999 Crystal Keep General Rulings Summary) numbers
its own topics, rules and rulings (``A.27``, ``A.27.2``,
``A.27.Ruling.6``) and is not a CR edition: its items are indexed apart
from the rules, one Whoosh document per topic, rule, ruling and note, each
carrying the document it comes from, its date and its own number, so that
a result can never be read as a CR rule number.

The summary is small (about 1,700 items for the 1999 page), so its items
are indexed in memory from the library's parse cache the first time a
search asks for them, with the analyzer the rules are indexed with: words
are stemmed alike, and a query is planned as for the rules (see
:mod:`.query`). A query naming one of the summary's own numbers ("A.27")
finds that item and everything filed under it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from whoosh import fields
from whoosh import query as wq
from whoosh.index import Index

from crdex.index.library import Library
from crdex.index.library.documents import DocumentInfo
from crdex.parser.tree import Citation, Edition, Rule

from ..documents import weighted
from ..results import SOURCES, Snippet, SummaryHit
from ..schema import BODY_WEIGHTS, analyzer
from ..whoosh_ext.memory import MemoryStorage
from ..whoosh_ext.weighting import WEIGHTING
from .budget import bound
from .query import TextQuery, plan
from .snippets import marked_snippet, plain_snippet

__all__ = ["SOURCES", "SUMMARY_KIND", "SummaryIndex", "summary_items"]

#: The kind of library document whose items are indexed here.
SUMMARY_KIND = "rulings-summary"
# a query naming one of the summary's own numbers: "A.27", "A.27.2", "A.27.Ruling.6"
_OWN_NUMBER = re.compile(r"[A-Z]\.\d+(?:\.(?:Ruling\.)?\d+)?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Item:
    document: DocumentInfo
    number: str
    kind: str
    topic: str
    topic_title: str
    title: str
    text: str
    sources: tuple[str, ...]


def _cited(citations: Iterable[Citation]) -> tuple[str, ...]:
    return tuple(c.text for c in citations)


def _items_of(doc: DocumentInfo, page: Edition) -> Iterator[_Item]:
    """Every topic, rule, ruling and note of one summary, in page order."""
    titles = {i.number: (i.title or "").rstrip(":").strip() for i in page.items}

    def item(node: Rule, topic: str) -> Iterator[_Item]:
        named = titles.get(topic, "")
        if node.kind != "chapter":
            yield _Item(
                doc,
                node.number,
                node.kind,
                topic,
                named,
                titles.get(node.number, "") if node.kind == "topic" else "",
                node.text,
                _cited(node.sources),
            )
        for ruling in node.rulings:
            number = ruling.number or f"{node.number} ruling"
            cited = _cited(ruling.sources) or tuple(filter(None, [ruling.source]))
            yield _Item(doc, number, "ruling", topic, named, "", ruling.text, cited)
        for n, note in enumerate(node.notes, 1):
            number = f"{node.number} note {n}"
            yield _Item(doc, number, "note", topic, named, "", note.text, _cited(note.sources))

    for node in page.items:
        topic = node.number if node.kind == "topic" else node.parent or ""
        yield from item(node, topic)


def summary_items(library: Library) -> list[_Item]:
    """The items of every rulings summary the library holds, oldest summary first."""
    docs = sorted(
        (d for d in library.documents.values() if d.kind == SUMMARY_KIND),
        key=lambda d: (d.date or "", d.sha256),
    )
    return [item for d in docs for item in _items_of(d, library.edition(d.sha256))]


def _schema() -> fields.Schema:
    text = analyzer()
    return fields.Schema(
        key=fields.ID(stored=True, unique=True),
        number=fields.ID(stored=True),
        within=fields.KEYWORD(lowercase=True),
        title=fields.TEXT(analyzer=text, stored=True),
        body=fields.TEXT(analyzer=text),
        text=fields.STORED(),
        item=fields.STORED(),
    )


def _body(item: _Item) -> str:
    """The item's words, weighted as a rule's are: its topic's title is its heading."""
    parts = [
        weighted(item.title, BODY_WEIGHTS["title"]),
        weighted(item.topic_title, BODY_WEIGHTS["heading"]),
        item.text,
    ]
    return "\n".join(p for p in parts if p)


def _within(number: str) -> str:
    """The item's number and the numbers it is filed under ("A.27.Ruling.6" → also "A.27")."""
    head = number.split(" ", 1)[0]
    pieces = head.split(".")
    out = [head, ".".join(pieces[:2])] if len(pieces) > 2 else [head]
    return " ".join(dict.fromkeys(out))


class SummaryIndex:
    """The rulings summaries' items of one library, indexed in memory."""

    def __init__(self, items: list[_Item]) -> None:
        self.items = items
        self._ix: Index = MemoryStorage().create_index(_schema())
        with self._ix.writer() as writer:
            for n, item in enumerate(items):
                blob = f"{item.document.sha256}\n{item.number}\n{n}"
                writer.add_document(
                    key=hashlib.sha256(blob.encode()).hexdigest()[:32],
                    number=item.number,
                    within=_within(item.number),
                    title=item.title,
                    body=_body(item),
                    text=item.text or item.title,
                    item=n,
                )

    @classmethod
    def of_library(cls, library: Library) -> SummaryIndex:
        return cls(summary_items(library))

    def search(self, query: str, limit: int) -> tuple[int, list[SummaryHit]]:
        """(how many items match, the first ``limit`` of them, best first)."""
        if not self.items:
            return 0, []
        text = query.strip()
        if _OWN_NUMBER.fullmatch(text):
            return self._numbered(text, limit)
        planned = plan(text, date=None)
        if not isinstance(planned, TextQuery):
            return 0, []  # a CR rule number: the summaries have numbers of their own
        terms = frozenset(
            t.decode() if isinstance(t, bytes) else t
            for f, t in planned.query.iter_all_terms()
            if f in ("body", "title")
        )
        with self._ix.searcher(weighting=WEIGHTING) as searcher:
            bound(planned.query, searcher.reader())
            found = searcher.search(planned.query, limit=limit)
            hits = [
                self._hit(hit.fields(), hit.score, marked_snippet(hit.fields(), terms))
                for hit in found
            ]
            return len(found), hits

    def _numbered(self, number: str, limit: int) -> tuple[int, list[SummaryHit]]:
        """The item numbered ``number`` and everything filed under it, in page order."""
        wanted = number.upper().replace("RULING", "Ruling")
        with self._ix.searcher() as searcher:
            found = searcher.search(wq.Term("within", wanted.lower()), limit=None)
            rows = sorted((hit.fields() for hit in found), key=lambda f: f["item"])
            hits = [self._hit(f, 0.0, plain_snippet(f)) for f in rows]
        return len(hits), hits[:limit]

    def _hit(self, stored: dict[str, Any], score: float, snippet: Snippet) -> SummaryHit:
        item = self.items[stored["item"]]
        return SummaryHit(
            source=SUMMARY_KIND,
            document=item.document.id,
            page=item.document.name,
            date=item.document.date,
            number=item.number,
            kind=item.kind,
            topic=item.topic,
            topic_title=item.topic_title,
            text=item.text,
            sources=list(item.sources),
            snippet=snippet,
            score=score,
        )
