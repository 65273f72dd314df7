"""An index of a library kept in memory, for the bundled samples.

A search of the documents that ship with crdex needs no library on disk:
the same parts, tables and vectors :func:`.indexer.update_index` writes
are built here in memory and handed to a :class:`..answering.engine.SearchIndex`
(see :func:`..answering.access.memory_search`). Nothing is published, so none of the
generation and lock machinery is involved.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from whoosh.index import Index

from crdex.index.library import Library

from ..aliases import of_documents
from ..documents import collect_rulings, documents_from, vocabulary
from ..layout import Cover
from ..meta import PARTS, describe, part_of
from ..models.embedding import embedder
from ..models.sentences import sentence_model
from ..models.token_states import TokenStates
from ..vectors import VectorTable, token_weights, vector_text, vectors_for
from ..whoosh_ext.memory import MemoryStorage
from .sentence_rows import KnownSentences, embed_sentences
from .writing import Counter, cover_table, numbered, write_documents

if TYPE_CHECKING:
    import numpy as np

__all__ = ["MemoryIndex", "memory_index"]


@dataclass(slots=True)
class MemoryIndex:
    """What :func:`memory_index` builds: what a generation holds, in memory."""

    parts: dict[str, tuple[Index, Cover]]
    meta: dict[str, Any]
    words: dict[str, int]
    aliases: dict[str, list[str]]
    vectors: VectorTable
    # the latest part's sentence vectors and tokens
    sentences: tuple[np.ndarray, TokenStates | None] | None = None


def memory_index(library: Library) -> MemoryIndex:
    """An index of a library kept in memory (the bundled samples)."""
    started = time.perf_counter()
    graph = library.graph()
    docs = documents_from(graph, collect_rulings(library, graph))
    storage = MemoryStorage()
    counter = Counter(None, len(docs))
    model = embedder()
    weights = token_weights([vector_text(d) for d in docs], model)
    parts, vectors, sentences = {}, [], None
    reader = sentence_model()
    for part in PARTS:
        mine = [d for d in docs if part_of(d) == part]
        ix = write_documents(storage, part, mine, (), counter, create=True)
        held = numbered(ix, mine)
        parts[part] = (ix, cover_table(held))
        vectors.append(vectors_for(held, model, weights)[0])
        if part == PARTS[0] and reader is not None:
            made = embed_sentences(held, reader, KnownSentences())
            tokens = TokenStates.joined(made.tokens, reader.dimensions)
            sentences = (made.rows.astype("float32"), tokens)
    meta = describe(library, graph, docs, time.perf_counter() - started)
    words = vocabulary(docs)
    return MemoryIndex(
        parts,
        meta,
        words,
        of_documents(docs, words),
        VectorTable(vectors, weights, model),
        sentences,
    )
