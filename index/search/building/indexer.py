"""Building and updating the search index of a library.

The index has two parts, two Whoosh indexes side by side: ``latest``
holds the versions in force in the last edition (what most searches ask
about, about a fifth of the documents), ``earlier`` every other version.
A search of the latest edition reads the small part alone; any other
search reads both as one.

:func:`update_index` brings the index in line with the library's identity
graph. When the live index has this crdex's format, only documents whose
content changed are deleted and added, in a copy of the live generation;
otherwise (no index yet, another format, unreadable files) the index is
written anew. Either way the result is published as a new generation (see
:mod:`..store`), so a build killed halfway changes nothing readers see.
:class:`IndexBuild` does it in two calls, so that a library build writes
its own files while the index's workers write; an update is done in
:mod:`.updating`, and both are finished in :mod:`.publishing`.

Beside the Whoosh files each generation holds a dense vector per document
(see :mod:`..vectors`), and a sentence vector per document of the latest
part when a sentence model is installed (see :mod:`.sentence_rows`); an
update embeds only the texts the generation it starts from has not embedded.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whoosh.index import Index

from crdex.index.library import Library
from crdex.index.storage.workers import default_workers, release_freed_memory

from ..documents import IndexDoc, collect_rulings, documents_from, vocabulary
from ..errors import IndexDamaged
from ..layout import Cover, cover_file, index_name
from ..meta import PARTS, incompatibility, part_of, sentences_changed
from ..models.embedding import embedder
from ..models.sentences import sentence_model
from ..store import IndexStore
from ..vectors import token_weights, vector_text, vectors_for
from .publishing import Embedded, IndexReport, publish_index
from .segments import MIN_PARALLEL, PartsWriting
from .sentence_rows import KnownSentences
from .updating import update_live
from .writing import WRITER_MB, Counter, Progress, write_documents

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "Cover",
    "IndexBuild",
    "IndexReport",
    "cover_file",
    "index_name",
    "update_index",
]

Notice = Callable[[str], None]


def update_index(
    library: Library,
    *,
    force: bool = False,
    progress: Progress | None = None,
    notice: Notice | None = None,
    workers: int | None = None,
) -> IndexReport:
    """Bring the search index of ``library`` (a library with a home) up to date.

    ``force`` writes it anew even when an update would do. ``notice`` is told
    why an existing index is being replaced rather than updated. A new index
    is written, and the latest edition's sentence texts read, by up to
    ``workers`` processes (default: one per core).
    """
    with IndexBuild(
        library, force=force, progress=progress, notice=notice, workers=workers
    ) as build:
        build.start()
        return build.finish()


@dataclass(slots=True)
class _NewIndex:
    """A new generation between :meth:`IndexBuild.start` and :meth:`IndexBuild.finish`."""

    scratch: Path
    reason: str
    begun: float  # writing the Whoosh parts began
    vectors: Embedded
    words: dict[str, int]
    writing: PartsWriting | None = None  # the workers writing the parts
    indexes: dict[str, Index] | None = None  # or the parts, written in this process
    bm25_seconds: float = 0.0


class IndexBuild:
    """The search index of ``library`` brought up to date in two calls, with the caller's work between.

    A library build writes its generation's trees and graph while the
    index's workers write, and the index never calls back into the build:
    :meth:`start` takes the index's lock and does everything this process
    does before that (an update in full; for a new index, the Whoosh parts
    written here or started in worker processes, and the documents'
    vectors), the caller then does its own work, and :meth:`finish` waits for
    the workers and publishes. Used as a context manager: the lock and the
    workers end with the block (the workers killed, if it ends by an
    exception). See :func:`update_index` for the arguments.
    """

    def __init__(
        self,
        library: Library,
        *,
        force: bool = False,
        progress: Progress | None = None,
        notice: Notice | None = None,
        workers: int | None = None,
    ) -> None:
        if library.home is None:
            raise ValueError("update_index needs a library with a home directory")
        self.library, self.home = library, Path(library.home)
        self.force, self.progress, self.notice = force, progress, notice
        self.workers = workers if workers is not None else default_workers()
        self._open = contextlib.ExitStack()
        self._done: IndexReport | None = None  # an update, done by start
        self._new: _NewIndex | None = None

    def __enter__(self) -> IndexBuild:
        return self

    def __exit__(self, *exc: Any) -> None:
        self._open.__exit__(*exc)

    def start(self) -> None:
        """Take the lock; update the index, or start writing a new one."""
        library, notice = self.library, self.notice
        self.started = time.perf_counter()
        graph = self.graph = library.graph(progress=self.progress)
        self.docs = documents_from(graph, collect_rulings(library, graph))
        store = self.store = IndexStore(self.home / "search")
        self._open.enter_context(store.lock())
        store.clean()
        live = store.current()
        meta = store.meta(live) if live is not None else None
        reason = "new"
        if live is not None:
            why = incompatibility(meta)
            if why is None and self.force:
                reason = "forced"
            elif why is not None:
                reason = "format"
                if notice:
                    notice(f"the search index at {live} cannot be read: {why}; rebuilding it")
        if live is not None and reason == "new":
            changed = sentences_changed(meta)
            if changed and notice:
                then = (
                    "giving the latest edition's rules sentence vectors"
                    if sentence_model() is not None
                    else "searching with the static vectors alone"
                )
                notice(f"the search index at {live}: {changed}; {then}")
            try:
                self._done = self._update(live, meta or {}, bool(changed))
                return
            except IndexDamaged as exc:
                reason = "damaged"
                if notice:
                    notice(f"{exc}; rebuilding it")
        self._new = self._create(reason)

    def finish(self) -> IndexReport:
        """Wait for the workers, if any; publish a new index; give up the lock."""
        with self._open:
            if self._done is None:
                assert self._new is not None, "IndexBuild.start was not called"
                self._done = self._finish_new(self._new)
        return self._done

    def _update(self, live: Path, meta: dict[str, Any], resentence: bool) -> IndexReport:
        return update_live(
            self.store,
            live,
            meta,
            resentence,
            self.library,
            self.graph,
            self.docs,
            self.started,
            self.progress,
            self.workers,
        )

    def _create(self, reason: str) -> _NewIndex:
        """Write the parts of a new index, in worker processes when it is large; the vectors."""
        docs, progress = self.docs, self.progress
        scratch = self.store.scratch()
        parts = {part: [d for d in docs if part_of(d) == part] for part in PARTS}
        begun = time.perf_counter()
        if self.workers > 1 and len(docs) >= MIN_PARALLEL:
            if progress:
                progress("index", 0, len(docs))
            writing = PartsWriting(
                scratch, parts, index_name, workers=self.workers, limitmb=WRITER_MB
            )
            self._open.enter_context(writing)
            # done in this process while the workers write
            return _NewIndex(scratch, reason, begun, *_embed(docs), writing=writing)
        counter = Counter(progress, len(docs))
        indexes = {
            part: write_documents(scratch, part, mine, (), counter, create=True)
            for part, mine in parts.items()
        }
        bm25_seconds = time.perf_counter() - begun
        return _NewIndex(scratch, reason, begun, *_embed(docs), None, indexes, bm25_seconds)

    def _finish_new(self, new: _NewIndex) -> IndexReport:
        indexes = new.indexes
        if new.writing is not None:
            total, progress = len(self.docs), self.progress
            indexes = new.writing.finish(
                lambda n: progress("index", n, total) if progress else None
            )
            new.bm25_seconds = time.perf_counter() - new.begun
        assert indexes is not None
        report = publish_index(
            self.store,
            new.scratch,
            indexes,
            self.library,
            self.graph,
            self.docs,
            self.started,
            (len(self.docs), 0),
            new.reason,
            new.vectors,
            # the sentence vectors are made once the workers are done: made while
            # they write, the three processes' peaks added up (558 MB, not 400)
            KnownSentences(),
            new.words,
            self.progress,
            self.workers,
        )
        report.bm25_seconds = round(new.bm25_seconds, 3)
        return report


def _embed(docs: list[IndexDoc]) -> tuple[Embedded, dict[str, int]]:
    """The documents' vectors (with the seconds they took) and words, for a new index."""
    begun = time.perf_counter()
    model = embedder()
    weights = token_weights([vector_text(d) for d in docs], model)
    known: dict[bytes, np.ndarray] = {}
    vectors_for(docs, model, weights, known)  # fills ``known``; the rows come by number
    model.drop_tokenizer()
    vectors = (weights, known, time.perf_counter() - begun)
    words = vocabulary(docs)
    # the workers grow until they finish: what embedding let go is given back first
    release_freed_memory()
    return vectors, words
