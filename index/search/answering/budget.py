"""What one search may cost, and the error that says a query would cost more.

Every search is bounded, so that no question holds a command, a server's
worker or an MCP call for long:

- a query of at most :data:`MAX_CHARS` characters;
- each pattern (``scr*``, ``sc?y``, ``scry~``, a range) standing for at most
  :data:`PATTERN_WORDS` words of the rules, and all of a query's patterns
  for :data:`QUERY_WORDS` together (see :mod:`..whoosh_ext.bounds`);
- :data:`SECONDS` of the search's own work (the processor time of the
  thread answering it), and :data:`WALL_SECONDS` by the clock: on a
  machine busy with other work a search gets a share of a core, and its
  own work, not the others', is what the first bound measures (beside
  other jobs on two cores, a development question's first search took
  0.15 s of work and 2.0 s by the clock), while the second keeps a worker
  from being held long whatever the load.

Beyond a bound the search stops with :class:`~..errors.SearchTooCostly`,
whose message says which bound and what to ask instead: the command
line exits 1, the API answers 422, an MCP call is a tool error.
``bench/search.py`` times the costliest query that fits in 500 characters.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..errors import SearchTooCostly, TooWide
from ..whoosh_ext.bounds import bound_patterns

if TYPE_CHECKING:
    from whoosh import query as wq
    from whoosh.reading import IndexReader

__all__ = [
    "MAX_CHARS",
    "PATTERN_WORDS",
    "QUERY_WORDS",
    "SECONDS",
    "WALL_SECONDS",
    "Deadline",
    "bound",
    "too_long",
]

MAX_CHARS = 1000
PATTERN_WORDS = 200
QUERY_WORDS = 500
SECONDS = 1.5
WALL_SECONDS = 5.0


class Deadline:
    """When a search must be done by: its thread's processor time, and the clock."""

    def __init__(self, seconds: float | None = None, wall: float | None = None) -> None:
        self.seconds = SECONDS if seconds is None else seconds
        self.wall = WALL_SECONDS if wall is None else wall
        self.at = time.thread_time() + self.seconds
        self.wall_at = time.monotonic() + self.wall

    def expired(self) -> bool:
        """Whether the search has worked, or waited, past its bound."""
        return time.thread_time() > self.at or time.monotonic() > self.wall_at

    def check(self) -> None:
        """Raise SearchTooCostly if the deadline has passed."""
        if self.expired():
            raise self.passed()

    def passed(self) -> SearchTooCostly:
        worked = time.monotonic() <= self.wall_at
        seconds = f"{self.seconds:g} s of work" if worked else f"{self.wall:g} s"
        return SearchTooCostly(
            f"the search was stopped after {seconds}; ask with fewer or longer "
            "patterns, or search one edition instead of all"
        )


def too_long(query: str) -> SearchTooCostly | None:
    """The error for a query longer than :data:`MAX_CHARS` (None: it is not)."""
    if len(query) <= MAX_CHARS:
        return None
    return SearchTooCostly(
        f"the query is {len(query)} characters long; a search takes at most {MAX_CHARS}"
    )


def bound(query: wq.Query, reader: IndexReader) -> None:
    """Raise SearchTooCostly if the patterns of ``query`` stand for too many words."""
    try:
        bound_patterns(query, reader, PATTERN_WORDS, QUERY_WORDS)
    except TooWide as exc:
        raise _too_wide(exc) from None


def _too_wide(exc: TooWide) -> SearchTooCostly:
    """The search's error for a pattern (or a query's patterns) standing for too many words."""
    if exc.pattern is not None:
        return SearchTooCostly(
            f"the pattern {exc.pattern!r} stands for more than {exc.words} words of the "
            "rules; make it longer"
        )
    return SearchTooCostly(
        f"the query's patterns stand for more than {exc.words} words of the rules "
        "together; use fewer or longer ones"
    )
