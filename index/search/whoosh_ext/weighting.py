"""BM25F as Whoosh scores it, with each document's field length read from a table.

Whoosh's BM25F asks the reader for a document's field length once per
query term per matching document (``doc_field_length``: a bounds check, a
column lookup and a struct unpack each time): a sixth of a word search of
the latest edition, which scores some 900 matches per question. A field's
lengths are one byte per document, in one column of the segment; they are
read here once per reader and field into a list, and the scores are
Whoosh's own :func:`whoosh.scoring.bm25` of the same numbers, so the
ranking is unchanged (a test compares the two on real queries).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any

from whoosh import scoring
from whoosh.codec.whoosh3 import LENGTHS_COLUMN, _lenfield
from whoosh.columns import NumericColumn
from whoosh.util.numeric import byte_to_length

__all__ = ["WEIGHTING", "TabledBM25F"]

# byte → the field length it encodes (Whoosh stores lengths in one byte, lossy
# above 255 tokens); a byte 0 is never read for a document that has the term
_LENGTH_OF = [byte_to_length(b) if b else 0 for b in range(256)]


class TabledBM25F(scoring.BM25F):
    """Whoosh's BM25F reading field lengths from a per-reader table."""

    def __init__(self, B: float = 0.75, K1: float = 1.2, **kwargs: Any) -> None:
        super().__init__(B=B, K1=K1, **kwargs)
        # reader → field → lengths; a reader's tables go with it
        self._tables: weakref.WeakKeyDictionary[Any, dict[str, list[int] | None]] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()

    def scorer(self, searcher: Any, fieldname: str, text: Any, qf: int = 1) -> Any:
        plain = super().scorer(searcher, fieldname, text, qf=qf)
        if not isinstance(plain, scoring.BM25FScorer):
            return plain
        lengths = self._lengths(searcher.reader(), fieldname)
        if lengths is not None:
            plain.dfl = lengths.__getitem__
        return plain

    def _lengths(self, reader: Any, fieldname: str) -> list[int] | None:
        try:
            per_field = self._tables.get(reader)
        except TypeError:  # a reader that cannot be referred to weakly
            return None
        if per_field is not None and fieldname in per_field:
            return per_field[fieldname]
        lengths = _read_lengths(reader, fieldname)
        with self._lock:
            self._tables.setdefault(reader, {})[fieldname] = lengths
        return lengths


def _read_lengths(reader: Any, fieldname: str) -> list[int] | None:
    """Every document's length of ``fieldname`` in ``reader``; None: ask Whoosh per document.

    The lengths live in the segment's per-document store, beside the
    schema's columns (Whoosh has no public call that reads them whole).
    """
    perdoc = getattr(reader, "_perdoc", None)
    lenfield = _lenfield(fieldname)
    if perdoc is None or not perdoc.has_column(lenfield):
        return None
    raw = _column_bytes(perdoc.column_reader(lenfield, LENGTHS_COLUMN), reader.doc_count_all())
    if raw is None:
        return None
    # documents past the column's end have the default length byte (0)
    return [_LENGTH_OF[b] for b in raw] + [0] * (reader.doc_count_all() - len(raw))


def _column_bytes(column: Any, count: int) -> bytes | None:
    """The one-byte column's stored bytes at once, instead of a read per document."""
    if not isinstance(column, NumericColumn.Reader):
        return None
    try:  # the reader's own layout: a Whoosh that lays it out otherwise is asked per document
        if column._fixedlen != 1:
            return None
        stored = min(column._count, count)
        get: Callable[[int, int], bytes] = column._dbfile.get
        return bytes(get(column._basepos, stored)) if stored else b""
    except AttributeError:
        return None


# BM25 with a gentler length penalty than the usual B=0.75: in the rules the
# long rule is usually the one that spells the matter out
WEIGHTING = TabledBM25F(B=0.5, K1=1.2)
