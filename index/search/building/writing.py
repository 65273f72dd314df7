"""Writing documents into a part of the search index, and the tables kept by document number.

A part is written by one Whoosh writer here (an update, a small index, an
index in memory) or by worker processes side by side (see :mod:`.segments`).
Whoosh gives each document a number when it is written and never changes it
in a generation, so the tables a search reads by number (the cover of dates
in force, the vectors) are made from the written index by :func:`numbered`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.filedb.filestore import Storage
from whoosh.index import Index
from whoosh.writing import SegmentWriter

from crdex.index.storage.faults import fault_point

from ..documents import IndexDoc
from ..layout import Cover, index_name
from ..schema import make_schema

__all__ = [
    "STEP",
    "WRITER_MB",
    "Counter",
    "Progress",
    "cover_table",
    "numbered",
    "share_postings",
    "write_documents",
]

# what a Whoosh writer pools in memory before it spills postings to disk
WRITER_MB = 128
STEP = 250  # documents between progress reports

Progress = Callable[[str, int, int], None]


def numbered(ix: Index, docs: Iterable[IndexDoc]) -> list[IndexDoc | None]:
    """Whoosh document number → the document it holds (None for deleted documents).

    A generation's document numbers never change once it is written, so
    tables by document number (cover, vectors) are written beside it.
    """
    by_key = {doc.key: doc for doc in docs}
    with ix.reader() as reader:
        table: list[IndexDoc | None] = [None] * reader.doc_count_all()
        if not table:
            return table
        keys = reader.column_reader("key")
        for docnum in reader.all_doc_ids():
            table[docnum] = by_key.get(keys[docnum])
    return table


def cover_table(docs: list[IndexDoc | None]) -> Cover:
    """Document number → the date ranges it is in force (None for deleted documents)."""
    return [[list(r) for r in doc.ranges] if doc is not None else None for doc in docs]


def share_postings(writer: SegmentWriter) -> None:
    """The postings ``writer`` pools share their terms' bytes and their weights.

    A segment writer holds every posting of its segment until it is
    finished (below ``limitmb``, past which it spills them to disk and
    merges them back: 1.7 s longer over the corpus), each a tuple
    (field, term, document, weight, positions) with a bytes object of its
    own for the term and a float of its own for the weight. 9,000 documents
    of the corpus make 400,000 postings of 19,000 terms and 268 weights:
    shared, the pool takes 68 MB instead of 96 MB. The postings are equal
    either way, so the segment is the same. Every writer of the index does
    this: the one writer here, and each worker's (:mod:`.segments`).
    """
    pool = writer.pool
    add = pool.add
    terms: dict[bytes, bytes] = {}
    weights: dict[float, float] = {}

    def shared(posting: tuple[str, bytes, int, float, bytes | None]) -> None:
        field, term, doc, weight, positions = posting
        add(
            (
                field,
                terms.setdefault(term, term),
                doc,
                weights.setdefault(weight, weight),
                positions,
            )
        )

    pool.add = shared


class Counter:
    """Progress over several writers."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress, self.total, self.done = progress, total, 0
        if progress:
            progress("index", 0, total)

    def step(self, n: int = 1) -> None:
        self.done += n
        if self.progress and (self.done % STEP == 0 or self.done == self.total):
            self.progress("index", self.done, self.total)


def write_documents(
    storage: Storage | Path,
    part: str,
    docs: list[IndexDoc],
    stale: Iterable[str],
    counter: Counter,
    *,
    create: bool,
) -> Index:
    """Open (or ``create``) ``part``'s index in ``storage``: delete ``stale`` keys, add ``docs``."""
    name = index_name(part)
    if create:
        if isinstance(storage, Path):
            ix = whoosh_index.create_in(storage, make_schema(), indexname=name)
        else:
            ix = storage.create_index(make_schema(), indexname=name)
    else:
        ix = whoosh_index.open_dir(storage, indexname=name)
    stale = list(stale)
    if docs or stale or create:
        with ix.writer(limitmb=WRITER_MB) as writer:
            share_postings(writer)
            fault_point("indexing")
            for key in stale:
                writer.delete_by_term("key", key)
                counter.step()
            for doc in docs:
                writer.add_document(**doc.fields())
                counter.step()
    return ix
