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

Beside the Whoosh files each generation holds a dense vector per document
(see :mod:`..vectors`), and a sentence vector per document of the latest
part when a sentence model is installed (see :mod:`.sentence_rows`); an
update embeds only the texts the generation it starts from has not embedded.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whoosh import index as whoosh_index
from whoosh.index import Index

from crdex.index.library import Library
from crdex.index.lineage.graph import Graph
from crdex.index.storage.generations import write_atomic
from crdex.index.storage.packed import dumps
from crdex.index.storage.workers import default_workers, release_freed_memory

from ..aliases import ALIASES_FILE, of_documents
from ..documents import IndexDoc, collect_rulings, documents_from, vocabulary
from ..errors import IndexDamaged
from ..layout import WORDS_FILE, Cover, cover_file, index_name
from ..meta import PARTS, describe, incompatibility, part_of, sentences_changed
from ..models.embedding import embedder
from ..models.sentences import sentence_model
from ..models.tokens import read_tokens, write_tokens
from ..store import IndexStore
from ..vectors import (
    known_vectors,
    read_weights,
    token_weights,
    vector_text,
    vectors_for,
    write_part,
    write_weights,
)
from .segments import MIN_PARALLEL, write_parts
from .sentence_rows import embed_sentences, known_sentences, write_sentences
from .writing import WRITER_MB, Counter, Progress, cover_table, numbered, write_documents

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "Cover",
    "IndexReport",
    "cover_file",
    "index_name",
    "update_index",
]

Notice = Callable[[str], None]
# token weights, digest → vector of the texts embedded, and the seconds that took
Embedded = tuple["np.ndarray", dict[bytes, "np.ndarray"], float]


@dataclass(slots=True)
class IndexReport:
    """What :func:`update_index` did."""

    path: str | None
    documents: int
    added: int
    removed: int
    rebuilt: bool
    reason: str
    editions: int
    seconds: float
    # embedding the documents (for a new index, done while the Whoosh parts are written)
    vector_seconds: float = 0.0
    # writing the Whoosh parts, wall time
    bm25_seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def update_index(
    library: Library,
    *,
    force: bool = False,
    progress: Progress | None = None,
    notice: Notice | None = None,
    workers: int | None = None,
    meanwhile: Callable[[], None] | None = None,
) -> IndexReport:
    """Bring the search index of ``library`` (a library with a home) up to date.

    ``force`` writes it anew even when an update would do. ``notice`` is told
    why an existing index is being replaced rather than updated. A new index
    is written, and the latest edition's sentence texts read, by up to
    ``workers`` processes (default: one per core), and
    ``meanwhile`` (the caller's own work) is done in this process while they
    write; when the index is written here or updated, it is done after the
    index is written.
    """
    if library.home is None:
        raise ValueError("update_index needs a library with a home directory")
    workers = workers if workers is not None else default_workers()
    started = time.perf_counter()
    graph = library.graph(progress=progress)
    docs = documents_from(graph, collect_rulings(library, graph))
    store = IndexStore(Path(library.home) / "search")
    with store.lock():
        store.clean()
        live = store.current()
        meta = store.meta(live) if live is not None else None
        reason = "new"
        if live is not None:
            why = incompatibility(meta)
            if why is None and force:
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
                report = _update(
                    store,
                    live,
                    meta or {},
                    bool(changed),
                    library,
                    graph,
                    docs,
                    started,
                    progress,
                    workers,
                )
                if meanwhile:
                    meanwhile()
                return report
            except IndexDamaged as exc:
                reason = "damaged"
                if notice:
                    notice(f"{exc}; rebuilding it")
        return _create(store, library, graph, docs, started, reason, progress, workers, meanwhile)


def _create(
    store: IndexStore,
    library: Library,
    graph: Graph,
    docs: list[IndexDoc],
    started: float,
    reason: str,
    progress: Progress | None,
    workers: int,
    meanwhile: Callable[[], None] | None = None,
) -> IndexReport:
    """Write a new generation of the index: in worker processes when it is large."""
    scratch = store.scratch()
    parts = {part: [d for d in docs if part_of(d) == part] for part in PARTS}
    vectors: list[Embedded] = []
    words: list[dict[str, int]] = []

    def embed() -> None:
        """What this process does while the workers write: the vectors, the words, ``meanwhile``."""
        begun = time.perf_counter()
        model = embedder()
        weights = token_weights([vector_text(d) for d in docs], model)
        known: dict[bytes, np.ndarray] = {}
        vectors_for(docs, model, weights, known)  # fills ``known``; the rows come by number
        model.drop_tokenizer()
        vectors.append((weights, known, time.perf_counter() - begun))
        words.append(vocabulary(docs))
        # the workers grow until they finish: what embedding let go is given back first
        release_freed_memory()
        if meanwhile:
            meanwhile()

    begun = time.perf_counter()
    if workers > 1 and len(docs) >= MIN_PARALLEL:
        if progress:
            progress("index", 0, len(docs))
        indexes = write_parts(
            scratch,
            parts,
            index_name,
            workers=workers,
            limitmb=WRITER_MB,
            progress=lambda n: progress("index", n, len(docs)) if progress else None,
            meanwhile=embed,
        )
        bm25_seconds = time.perf_counter() - begun
    else:
        counter = Counter(progress, len(docs))
        indexes = {
            part: write_documents(scratch, part, mine, (), counter, create=True)
            for part, mine in parts.items()
        }
        bm25_seconds = time.perf_counter() - begun
        embed()
    report = _finish(
        store,
        scratch,
        indexes,
        library,
        graph,
        docs,
        started,
        (len(docs), 0),
        reason,
        vectors[0],
        # the sentence vectors are made once the workers are done: made while
        # they write, the three processes' peaks added up (558 MB, not 400)
        {},
        words[0],
        progress,
        workers,
    )
    report.bm25_seconds = round(bm25_seconds, 3)
    return report


def _existing_keys(live: Path, part: str) -> set[str]:
    ix = whoosh_index.open_dir(live, indexname=index_name(part), readonly=True)
    try:
        with ix.reader() as reader:
            if not reader.doc_count_all():
                return set()
            keys = reader.column_reader("key")
            return {keys[d] for d in reader.all_doc_ids()}
    finally:
        ix.close()


def _update(
    store: IndexStore,
    live: Path,
    meta: dict[str, Any],
    resentence: bool,
    library: Library,
    graph: Graph,
    docs: list[IndexDoc],
    started: float,
    progress: Progress | None,
    workers: int,
) -> IndexReport:
    try:
        existing = {part: _existing_keys(live, part) for part in PARTS}
        reuse = (read_weights(live), known_vectors(live, PARTS), 0.0)
        kept = read_tokens(live)
        # another sentence model (or none before): the update embeds the latest part anew
        sentences = {} if resentence else known_sentences(live)
    except Exception as exc:  # any unreadable file means: write it anew
        raise IndexDamaged(f"the search index at {live} cannot be read ({exc})") from None
    if kept is not None:  # carried into the new generation with the words it adds
        embedder().remember(kept.items())
    changes: dict[str, tuple[list[IndexDoc], set[str]]] = {}
    for part in PARTS:
        wanted = {d.key: d for d in docs if part_of(d) == part}
        fresh = [d for k, d in wanted.items() if k not in existing[part]]
        changes[part] = (fresh, existing[part] - wanted.keys())
    added = sum(len(f) for f, _s in changes.values())
    removed = sum(len(s) for _f, s in changes.values())
    if not added and not removed and not resentence and meta.get("graph_key") == graph.key:
        return IndexReport(
            str(live),
            len(docs),
            0,
            0,
            False,
            "up to date",
            len(graph.editions),
            round(time.perf_counter() - started, 3),
        )
    scratch = store.scratch(start_from=live)
    counter = Counter(progress, added + removed)
    indexes = {
        part: write_documents(scratch, part, fresh, stale, counter, create=False)
        for part, (fresh, stale) in changes.items()
    }
    return _finish(
        store,
        scratch,
        indexes,
        library,
        graph,
        docs,
        started,
        (added, removed),
        "update",
        reuse,
        sentences,
        progress=progress,
        workers=workers,
    )


def _finish(
    store: IndexStore,
    scratch: Path,
    indexes: dict[str, Index],
    library: Library,
    graph: Graph,
    docs: list[IndexDoc],
    started: float,
    counts: tuple[int, int],
    reason: str,
    vectors: Embedded,
    sentences: dict[bytes, np.ndarray],
    words: dict[str, int] | None = None,
    progress: Progress | None = None,
    workers: int = 1,
) -> IndexReport:
    """Write the tables by document number (cover, vectors) and the words; publish.

    ``vectors`` holds the token weights and the vectors already computed (of
    every document for a new index, of the generation an update starts from
    for an update), and the seconds that took; ``sentences`` the sentence
    vectors already computed, by digest.
    """
    held: dict[str, list[IndexDoc | None]] = {}
    for part, ix in indexes.items():
        try:
            held[part] = numbered(ix, (d for d in docs if part_of(d) == part))
        finally:
            ix.close()
        table = cover_table(held[part])
        write_atomic(scratch / cover_file(part), dumps(table))
    words = words if words is not None else vocabulary(docs)
    write_atomic(scratch / WORDS_FILE, dumps(words))
    write_atomic(scratch / ALIASES_FILE, dumps(of_documents(docs, words)))
    embedding_started = time.perf_counter()
    model = embedder()
    weights, known, vector_seconds = vectors
    write_weights(scratch, weights)
    for part, numbered_docs in held.items():
        write_part(scratch, part, *vectors_for(numbered_docs, model, weights, known))
    write_tokens(scratch, model.known_words)
    reader = sentence_model()
    if reader is not None:
        told = (lambda n, total: progress("sentences", n, total)) if progress else None
        write_sentences(scratch, *embed_sentences(held[PARTS[0]], reader, sentences, told, workers))
    vector_seconds += time.perf_counter() - embedding_started
    seconds = time.perf_counter() - started
    generation = store.publish(scratch, describe(library, graph, docs, seconds))
    return IndexReport(
        path=str(generation),
        documents=len(docs),
        added=counts[0],
        removed=counts[1],
        rebuilt=reason != "update",
        reason=reason,
        editions=len(graph.editions),
        seconds=round(seconds, 3),
        vector_seconds=round(vector_seconds, 3),
    )
