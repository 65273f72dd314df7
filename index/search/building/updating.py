"""Updating the live generation of the search index: only what changed is written again.

A copy of the live generation is opened; the documents whose content
changed are deleted and added; the vectors and sentence vectors it already
holds are kept; and it is finished and published as a new generation (see
:mod:`.publishing`).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whoosh import index as whoosh_index

from crdex.index.library import Library
from crdex.index.lineage.graph import Graph

from ..documents import IndexDoc
from ..errors import IndexDamaged
from ..layout import index_name
from ..meta import PARTS, part_of
from ..models.embedding import embedder
from ..models.tokens import read_tokens
from ..store import IndexStore
from ..vectors import known_vectors, read_weights
from .publishing import IndexReport, publish_index
from .sentence_rows import KnownSentences, known_sentences
from .writing import Counter, Progress, write_documents

if TYPE_CHECKING:
    pass

__all__ = ["update_live"]


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


def update_live(
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
    """Update a copy of the ``live`` generation: delete and add only what changed; publish it.

    ``resentence``: the sentence model changed, the latest part's sentence
    vectors are made anew. An unreadable file of ``live`` is
    :class:`~..errors.IndexDamaged` (the caller writes the index anew).
    """
    try:
        existing = {part: _existing_keys(live, part) for part in PARTS}
        reuse = (read_weights(live), known_vectors(live, PARTS), 0.0)
        kept = read_tokens(live)
        # another sentence model (or none before): the update embeds the latest part anew
        sentences = KnownSentences() if resentence else known_sentences(live)
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
    return publish_index(
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
