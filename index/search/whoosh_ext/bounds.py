"""Bounds on what a Whoosh search may cost: the words its patterns stand for, its time.

A prefix, a wildcard, a fuzzy word or a range stands for every word of the
index it matches: Whoosh expands ``a*`` to thousands of words and reads
each one's postings (``a* OR b* OR … OR w*`` over every edition took
167 s). :func:`bound_patterns` counts what each pattern of a query stands
for, stopping at the bound, before Whoosh expands anything; a collector
(:class:`DeadlineCollector`) stops a search that runs past its deadline.
Both raise :class:`~whoosh.searching.TimeLimit` or :class:`TooWide`, which the
search turns into its own error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

from whoosh import query as wq
from whoosh.collectors import Collector, WrappingCollector
from whoosh.query.terms import MultiTerm
from whoosh.reading import IndexReader
from whoosh.searching import TimeLimit

from ..errors import TooWide

__all__ = ["CHECK_EVERY", "DeadlineCollector", "TimeLimit", "bound_patterns", "check_deadline"]

# how often (in documents collected or read) the clock is read
CHECK_EVERY = 256
# the deadline of the collector whose matchers are being made: work done while a
# matcher is made (a remembered part read whole, see .remembered) is bounded by it too
_MAKING: ContextVar[Callable[[], bool] | None] = ContextVar("crdex_search_making", default=None)


def check_deadline() -> None:
    """Raise TimeLimit if the search whose matchers are being made is past its deadline."""
    expired = _MAKING.get()
    if expired is not None and expired():
        raise TimeLimit


def _shown(pattern: MultiTerm) -> str:
    """A pattern as a person typed it: ``scr*``, ``sc?y``, ``scry~``, ``[a TO c]``."""
    if isinstance(pattern, wq.Prefix):
        return f"{pattern.text}*"
    if isinstance(pattern, wq.FuzzyTerm):
        return f"{pattern.text}~{pattern.maxdist}"
    if isinstance(pattern, wq.TermRange):
        return f"[{pattern.start or ''} TO {pattern.end or ''}]"
    return str(getattr(pattern, "text", pattern))


def _patterns(query: wq.Query) -> Iterator[MultiTerm]:
    if isinstance(query, MultiTerm):
        yield query
        return
    for child in query.children():
        yield from _patterns(child)


def bound_patterns(query: wq.Query, reader: IndexReader, each: int, together: int) -> int:
    """How many words the patterns of ``query`` stand for in ``reader``.

    Raises :class:`TooWide` when one stands for more than ``each`` or all
    together for more than ``together``; counting stops there, so this
    costs at most ``together`` words read from the term list.
    """
    total = 0
    for pattern in _patterns(query):
        words = 0
        for _word in pattern._btexts(reader):  # what Whoosh expands the pattern to
            words += 1
            if words > each:
                raise TooWide(_shown(pattern), each)
            if total + words > together:
                raise TooWide(None, together)
        total += words
    return total


class DeadlineCollector(WrappingCollector):
    """Collects as its child does, and raises TimeLimit once ``expired()`` says so.

    ``expired`` is asked every few hundred documents. Whoosh's own
    TimeLimitCollector starts a timer thread for every search and, on Unix,
    sends the process a signal, which only its main thread may handle: a
    server's threads cannot use it.
    """

    def __init__(self, child: Collector, expired: Callable[[], bool]) -> None:
        super().__init__(child)
        self.expired = expired

    def set_subsearcher(self, subsearcher: Any, offset: int) -> None:
        making = _MAKING.set(self.expired)
        try:
            super().set_subsearcher(subsearcher, offset)
        finally:
            _MAKING.reset(making)

    def collect_matches(self) -> None:
        child = self.child
        for n, sub_docnum in enumerate(child.matches()):
            if n % CHECK_EVERY == 0 and self.expired():
                raise TimeLimit
            child.collect(sub_docnum)
