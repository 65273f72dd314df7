"""Opening the search index of a library, for reading only.

The search index is built with the library (``crdex build``), as part of
one generation: a reader opens the index generation that the library's
live generation names, so the graph, the tables and the index it reads
always belong together, during a build and after a killed one. Readers
never write: when that index is missing or cannot be read (a library built
without one, a damaged file, an index of another crdex version), the
library's rules are indexed in memory for this process, and ``notice``
says so and what to run. An empty library (or no home) searches the bundled
sample documents, indexed in memory.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from crdex.index.answers.questions import bundled_library
from crdex.index.library import Library

from ..errors import IndexDamaged, NoSearchIndex
from ..store import IndexStore
from .engine import SearchIndex
from .generation import Generation

if TYPE_CHECKING:
    from ..building.indexer import Notice, Progress
    from .summaries import SummaryIndex

__all__ = ["bundled_index", "memory_search", "open_search"]


@functools.cache
def bundled_index() -> SearchIndex:
    """The bundled sample documents, indexed in memory (once per process)."""
    return memory_search(bundled_library())


def memory_search(library: Library) -> SearchIndex:
    """A library's rules indexed in memory (nothing is written)."""
    # the writing code and the summaries' indexing are imported only when
    # they are needed: a search of a stored index needs neither
    from ..building.memory_index import memory_index
    from .summaries import SummaryIndex

    if not library.chain():
        raise NoSearchIndex("the library holds no dated rules documents to search")
    held = memory_index(library)
    return SearchIndex(
        Generation(
            held.parts,
            held.meta,
            held.words,
            held.aliases,
            held.vectors,
            sentences=held.sentences,
        ),
        summaries=lambda: SummaryIndex.of_library(library),
    )


def _summaries_of(home: Path) -> Callable[[], SummaryIndex]:
    def summaries() -> SummaryIndex:
        from .summaries import SummaryIndex

        return SummaryIndex.of_library(Library(home))

    return summaries


def open_search(
    home: Path | None,
    *,
    notice: Notice | None = None,
    progress: Progress | None = None,
    must_exist: bool = False,
) -> SearchIndex:
    """The search index of the library at ``home`` (read only; see the module docstring)."""
    library = Library(home, must_exist=must_exist) if home is not None else Library(None)
    if home is None or library.empty:
        if notice:
            notice(
                "the library is empty, so this searches the bundled sample documents; "
                "add documents with 'crdex build PATH...'"
            )
        return bundled_index()
    library.view  # noqa: B018 - opens the live generation
    generation = library.generation
    name = generation.search if generation is not None else None
    store = IndexStore(Path(home) / "search")
    why = f"the library at {home} has no search index"
    if not name:
        # an index built on its own (update_index) for this very graph serves as well
        live = store.current()
        if live is not None and (store.meta(live) or {}).get("graph_key") == library.graph_key():
            name = live.name
    if name:
        try:
            # the summaries of the library's live generation when they are first searched
            return SearchIndex.open_generation(store, store.root / name, _summaries_of(home))
        except IndexDamaged as exc:
            why = str(exc)
    if notice:
        notice(f"{why}; searching an index made in memory (run 'crdex build' to store one)")
    return memory_search(library)
