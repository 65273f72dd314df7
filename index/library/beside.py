"""What a build does beside the identity graph: the rule table and the witnesses' disagreements.

The graph is built in the building process, one pair of editions after
another, and leaves the other cores idle: about a quarter of a cold
whole-corpus build ran on one core. Two pieces of work need the editions'
trees but not the graph: every edition's rows for ``show``
(:mod:`.ruletable`), and what the witnesses of an edition disagree on
(:func:`.editions.disagreements`). When the graph is to be built they are
done meanwhile, in one worker process that dies with the build
(:mod:`crdex.index.storage.workers`), and the building process collects them when
it writes the generation. Otherwise (the graph is reused, or the build was
asked to use one process) they are done in the building process, when
collected.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from crdex.index.storage.workers import WorkerPool, tick
from crdex.parser.tree import Edition

from .caches import ParseCache
from .editions import EditionRecord, disagreements
from .generation import Generation
from .ruletable import write_rule_table

__all__ = ["Beside"]

Progress = Callable[[str, int, int], None]
# edition id → what its later witnesses disagree on (see .editions.disagreements)
Disagreements = dict[str, list[dict[str, Any]]]


def _make(
    cache: ParseCache,
    table: Path,
    chain: list[EditionRecord],
    composed: dict[str, Edition],
    compare: set[str],
    previous: Generation | None,
    parser: str,
    progress: Progress | None,
    workers: int | None,
) -> Disagreements:
    """Both pieces, wherever they are done: the disagreements, then the rule table."""

    def tree_of(key: str) -> Edition:
        return composed[key] if key in composed else cache.tree(key)

    found = {r.id: disagreements(r, tree_of) for r in chain if r.id in compare}
    if chain:
        write_rule_table(
            table,
            chain,
            tree_of,
            cache,
            parser=parser,
            previous=previous,
            progress=progress,
            workers=workers,
        )
    return found


def _work(
    home: str,
    table: str,
    chain: list[EditionRecord],
    composed: dict[str, Edition],
    compare: set[str],
    previous: str | None,
    parser: str,
) -> Disagreements:
    """In the worker: both pieces; the rule table's progress is counted with :func:`tick`."""
    done = 0

    def step(_phase: str, n: int, total: int) -> None:
        nonlocal done
        # editions copied from the previous table count as done from the start
        now = n + len(chain) - total
        tick(now - done)
        done = now

    return _make(
        ParseCache(Path(home)),
        Path(table),
        chain,
        composed,
        compare,
        Generation(Path(previous)) if previous else None,
        parser,
        step,
        1,
    )


class Beside:
    """The rule table (written to ``table``) and the disagreements of the editions in ``compare``.

    ``apart``: in a worker process, started now; otherwise in this process
    (the rule table by ``workers`` processes, see :func:`.ruletable.write_rule_table`)
    when :meth:`collect` is called. ``composed`` holds the trees this build
    made of several witnesses.
    """

    def __init__(
        self,
        *,
        home: Path,
        cache: ParseCache,
        table: Path,
        chain: list[EditionRecord],
        composed: dict[str, Edition],
        compare: set[str],
        previous: Generation | None,
        parser: str,
        apart: bool,
        workers: int | None = None,
    ) -> None:
        self._cache, self._table, self._chain = cache, table, chain
        self._composed, self._compare, self._previous = composed, compare, previous
        self._parser, self._workers = parser, workers
        self._pool: WorkerPool | None = None
        self._job: Future[Disagreements] | None = None
        self._found: Disagreements | None = None
        if apart and chain:
            self._pool = WorkerPool(1, "writing the rule table")
            self._job = self._pool.submit(
                _work,
                str(home),
                str(table),
                chain,
                composed,
                compare,
                str(previous.path) if previous is not None else None,
                parser,
            )

    def disagreements(self) -> Disagreements:
        """What the witnesses disagree on (the rule table is written by then too)."""
        self.collect()
        assert self._found is not None
        return self._found

    def collect(self, progress: Progress | None = None) -> None:
        """Wait for the worker (or do the work here), reporting the rule table's progress."""
        if self._found is not None:
            return
        if self._pool is None or self._job is None:
            self._found = _make(
                self._cache,
                self._table,
                self._chain,
                self._composed,
                self._compare,
                self._previous,
                self._parser,
                progress,
                self._workers,
            )
            return
        pool, total = self._pool, len(self._chain)

        def step() -> None:
            if progress:
                progress("tables", pool.ticks(), total)

        with pool:
            (self._found,) = pool.as_done({self._job}, poll=step)
        step()

    def stop(self) -> None:
        """The build failed: end the worker now."""
        if self._pool is not None:
            self._pool.kill()
