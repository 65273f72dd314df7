"""The errors searching raises; each docstring is the error's meaning."""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = [
    "IndexBusy",
    "IndexDamaged",
    "NoSearchIndex",
    "QuerySyntaxError",
    "SearchError",
    "SearchTooCostly",
    "TooWide",
]


class SearchError(CrdexError):
    """A search cannot be run or answered."""


class QuerySyntaxError(SearchError):
    """The query is not well formed (an unclosed quote or parenthesis, a dangling operator)."""


class NoSearchIndex(SearchError):
    """There is no search index yet and none can be built (no library, nothing to index)."""


class IndexBusy(SearchError):
    """Another process is building the search index of this library right now."""


class IndexDamaged(SearchError):
    """The search index's files cannot be read; building again replaces them."""


class SearchTooCostly(SearchError):
    """Answering the query would cost more than a search may: its patterns stand for too
    many words, it is too long, or it ran past its time."""


class TooWide(SearchError):
    """A pattern, or a query's patterns together, stand for more words than allowed.

    Raised by the bounds of :mod:`..whoosh_ext.bounds`; the search answers it as
    :class:`SearchTooCostly`, with a message for people. ``pattern`` is the pattern as
    typed (None: the query's patterns together).
    """

    def __init__(self, pattern: str | None, words: int) -> None:
        super().__init__(pattern, words)
        self.pattern = pattern
        self.words = words
