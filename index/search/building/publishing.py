"""Finishing a generation of the search index: the tables kept by document number; publishing.

Whoosh numbers the documents of a generation when they are written (see
:mod:`.writing`), so a new index or an update is finished the same way
once its parts are written: the cover of dates in force, the words and
their aliases, the dense vectors (and sentence vectors, with a sentence
model) are written by document number beside the parts, and the
generation is published with its meta.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whoosh.index import Index

from crdex.index.library import Library
from crdex.index.lineage.graph import Graph
from crdex.index.storage.generations import write_atomic
from crdex.index.storage.packed import dumps

from ..aliases import ALIASES_FILE, of_documents
from ..documents import IndexDoc, vocabulary
from ..layout import WORDS_FILE, cover_file
from ..meta import PARTS, describe, part_of
from ..models.embedding import embedder
from ..models.sentences import sentence_model
from ..models.tokens import write_tokens
from ..store import IndexStore
from ..vectors import vectors_for, write_part, write_weights
from .sentence_rows import KnownSentences, embed_sentences, write_sentences
from .writing import Progress, cover_table, numbered

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Embedded", "IndexReport", "publish_index"]

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


def publish_index(
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
    sentences: KnownSentences,
    words: dict[str, int] | None = None,
    progress: Progress | None = None,
    workers: int = 1,
) -> IndexReport:
    """Write the tables by document number (cover, vectors) and the words; publish.

    ``vectors`` holds the token weights and the vectors already computed (of
    every document for a new index, of the generation an update starts from
    for an update), and the seconds that took; ``sentences`` what the
    sentence model already made of texts, by digest.
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
        made = embed_sentences(held[PARTS[0]], reader, sentences, told, workers, scratch)
        write_sentences(scratch, made)
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
