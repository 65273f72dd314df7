"""Writing a new index's parts as segments, in worker processes side by side.

Whoosh spends about a millisecond and a half of pure Python on each
document (analysis, posting pools, per-document columns), so one process
writing the whole corpus's ~18,000 documents is the longest step of a
build. A Whoosh index is a list of segments, each written on its own and
named in the table of contents (TOC) at commit, so the documents of a part
are cut into pieces and each piece is written as a segment by a worker
(see :mod:`crdex.index.storage.workers`: workers die with the build). The building
process then commits one TOC per part listing its segments, in the order
of the pieces, so document numbers are those a single writer would have
given. While the workers write, the building process does work of its own
(the documents' vectors; a library build's trees and graph): :class:`PartsWriting`
starts the workers and waits for them in two calls, with that work between.

Pieces are cut to balance the workers, not by part: with two workers the
latest part (a fifth of the documents) and a piece of the earlier part fill
one, the rest of the earlier part the other. A part is cut into as few
segments as that allows, since every segment costs a search a little.

This uses internals of Whoosh's segment writer: as its own
multiprocessing writer does (``whoosh.multiproc``), a writer without the
index lock finishing a segment without committing it
(``_finalize_segment``), and the commit of a TOC listing segments written
elsewhere (``_commit_toc``); and its posting pool, whose postings are
made to share what they repeat (:func:`.writing.share_postings`). Its own
multiprocessing writer is not used because its processes outlive a killed
build.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.index import Index
from whoosh.writing import SegmentWriter

from crdex.index.storage.faults import fault_point
from crdex.index.storage.workers import WorkerPool, tick

from ..documents import IndexDoc
from ..schema import make_schema
from .writing import share_postings

__all__ = ["PartsWriting", "Piece", "plan_pieces", "write_parts", "writing_cost"]

# documents a worker writes between two progress reports
_TICK = 100
# below this many documents one process writes everything (starting workers costs more)
MIN_PARALLEL = 2_000

# (part, where in the part's documents it starts, the documents it holds)
Piece = tuple[str, int, list[IndexDoc]]


def writing_cost(doc: IndexDoc) -> int:
    """What writing ``doc`` costs, in characters of its text.

    Measured on the corpus: about 0.6 ms a document (its fields, columns and
    stored values) and 1.2 µs a character (analysis and postings), so a
    document costs as much as 500 characters besides its own. Counting
    documents alone left one worker writing two seconds after the other.
    """
    return 500 + sum(
        len(part)
        for part in (doc.title, doc.heading, doc.glossary, doc.text, doc.examples, doc.rulings)
    )


def plan_pieces(
    parts: dict[str, list[IndexDoc]],
    workers: int,
    cost: Callable[[IndexDoc], float] = lambda _doc: 1,
) -> list[Piece]:
    """The pieces to write, largest first: each part cut into pieces of at most an even share.

    The share is the total ``cost`` over the workers, so a part costing more
    than a share gives whole shares and a remainder; a longest-first queue
    then fills each worker to about the share.
    """
    costs = {part: [cost(doc) for doc in docs] for part, docs in parts.items()}
    share = sum(sum(c) for c in costs.values()) / max(1, workers)
    pieces = []
    for part, docs in parts.items():
        start, filled = 0, 0.0
        for n, c in enumerate(costs[part], 1):
            filled += c
            if filled >= share:
                pieces.append((part, start, docs[start:n], filled))
                start, filled = n, 0.0
        if start < len(docs):
            pieces.append((part, start, docs[start:], filled))
    return [p[:3] for p in sorted(pieces, key=lambda p: -p[3])]


def _write_piece(directory: str, name: str, docs: list[IndexDoc], limitmb: int) -> Any:
    """In a worker: write ``docs`` as one segment of the index ``name``; return the segment."""
    ix = whoosh_index.open_dir(directory, indexname=name)
    # on failure nothing is cleaned here: the build discards its scratch directory
    writer = SegmentWriter(ix, _lk=False, limitmb=limitmb)
    share_postings(writer)
    for n, doc in enumerate(docs, 1):
        writer.add_document(**doc.fields())
        if n % _TICK == 0:
            tick(_TICK)
    tick(len(docs) % _TICK)
    # the part's temporary directory is shared by its writers: the commit removes it
    segment = writer._finalize_segment()
    ix.close()
    return segment


def _commit(ix: Index, segments: list[Any]) -> None:
    """Commit a TOC of ``ix`` listing ``segments``, in order."""
    writer = SegmentWriter(ix)
    try:
        writer._close_segment()  # the writer's own segment stays empty
        writer._commit_toc(segments)
    except BaseException:
        writer.cancel()
        raise
    writer._finish()


class PartsWriting:
    """A new index's parts being written as segments by worker processes.

    Entered, it creates an index per part in ``directory`` (named by
    ``names``) and starts the workers; this process is then free for work of
    its own until :meth:`finish` waits for them and commits each part.
    Left by an exception, it kills the workers.
    """

    def __init__(
        self,
        directory: Path,
        parts: dict[str, list[IndexDoc]],
        names: Callable[[str], str],
        *,
        workers: int,
        limitmb: int,
    ) -> None:
        self.directory, self.parts, self.names = directory, parts, names
        self.workers, self.limitmb = workers, limitmb
        self._open = contextlib.ExitStack()
        self._futures: dict[Future[Any], tuple[str, int]] = {}

    def __enter__(self) -> PartsWriting:
        for part in self.parts:
            whoosh_index.create_in(
                self.directory, make_schema(), indexname=self.names(part)
            ).close()
        pieces = plan_pieces(self.parts, self.workers, writing_cost)
        with contextlib.ExitStack() as starting:
            workers = min(self.workers, len(pieces))
            pool = WorkerPool(workers, "writing the search index", fresh=True)
            self._pool = starting.enter_context(pool)
            for part, start, docs in pieces:
                job = (str(self.directory), self.names(part), docs, self.limitmb)
                self._futures[pool.submit(_write_piece, *job)] = (part, start)
            self._open = starting.pop_all()
        fault_point("indexing")  # the workers are started: they must die with this process
        return self

    def __exit__(self, *exc: Any) -> None:
        self._open.__exit__(*exc)

    def finish(self, progress: Callable[[int], None]) -> dict[str, Index]:
        """Wait for the workers (``progress`` is told how many documents are written so far)."""
        pool, futures = self._pool, self._futures
        with self._open:
            total = sum(len(docs) for docs in self.parts.values())
            # every document may be added while the last segment is still being written
            for _segment in pool.as_done(
                set(futures), poll=lambda: progress(min(pool.ticks(), total - 1))
            ):
                pass
            progress(total)
            segments = {where: pool.result(future) for future, where in futures.items()}
        indexes = {}
        for part in self.parts:
            ix = indexes[part] = whoosh_index.open_dir(self.directory, indexname=self.names(part))
            _commit(ix, [segments[w] for w in sorted(segments) if w[0] == part])
        return indexes


def write_parts(
    directory: Path,
    parts: dict[str, list[IndexDoc]],
    names: Callable[[str], str],
    *,
    workers: int,
    limitmb: int,
    progress: Callable[[int], None],
    meanwhile: Callable[[], None],
) -> dict[str, Index]:
    """Create an index per part in ``directory`` (named by ``names``) holding its documents.

    ``progress`` is told how many documents are written so far; ``meanwhile``
    runs in this process while the workers write.
    """
    with PartsWriting(directory, parts, names, workers=workers, limitmb=limitmb) as writing:
        meanwhile()
        return writing.finish(progress)
