"""Opening the search index of a library, building or updating it first when needed.

A search should just work: with no index yet, with an index from another
crdex version, or with a library that gained documents since the index was
built, :func:`open_search` brings the index up to date first and says so
through ``notice``. If another process is building it at that moment, the
index already published is used as it is. An empty library (or no home)
searches the bundled sample documents, indexed in memory.
"""

from __future__ import annotations

import functools
import time
from pathlib import Path

from crdex.corpus import bundled_documents
from crdex.index.library import Library

from .engine import SearchIndex
from .errors import IndexBusy, IndexDamaged, NoSearchIndex
from .generation import Generation
from .indexer import Notice, Progress, memory_index, update_index
from .meta import incompatibility
from .store import IndexStore

__all__ = ["bundled_index", "open_search"]

_OPEN_TRIES = 3
WAIT_SECONDS = 300.0  # for another process's build, when there is no index to search meanwhile
_POLL = 0.25


def _wait_for_index(store: IndexStore) -> None:
    """Wait until a readable index is published (by another process), or give up."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        live = store.current()
        if live is not None and incompatibility(store.meta(live)) is None:
            return
        time.sleep(_POLL)
    raise IndexBusy(
        f"the search index at {store.root} is still being built by another process; "
        "try again when it has finished"
    )


@functools.cache
def bundled_index() -> SearchIndex:
    """The bundled sample documents, indexed in memory (once per process)."""
    library = Library(None)
    library.add(bundled_documents())
    if not library.chain():
        raise NoSearchIndex("the bundled sample documents could not be read")
    held = memory_index(library)
    return SearchIndex(Generation(held.parts, held.meta, held.words, held.aliases, held.vectors))


def open_search(
    home: Path | None,
    *,
    notice: Notice | None = None,
    progress: Progress | None = None,
) -> SearchIndex:
    """The search index of the library at ``home``, up to date with the library."""
    library = Library(home) if home is not None else Library(None)
    if home is None or library.empty:
        if notice:
            notice(
                "the library is empty, so this searches the bundled sample documents; "
                "add documents with 'crdex build PATH...'"
            )
        return bundled_index()
    store = IndexStore(Path(home) / "search")
    live = store.current()
    meta = store.meta(live) if live is not None else None
    usable = live is not None and incompatibility(meta) is None
    why = None
    if live is None:
        why = f"building the search index of {home} (the first search does this once)"
    elif usable and meta is not None and meta.get("graph_key") != library.graph_key():
        why = "the library changed since the search index was built; updating it"
    if why is not None or not usable:
        if why is not None and notice:
            notice(why)
        try:
            update_index(library, progress=progress, notice=notice)
        except IndexBusy:
            if not usable:
                if notice:
                    notice("another process is building the search index; waiting for it")
                _wait_for_index(store)
            elif notice:
                notice("another process is updating the search index; searching the current one")
    rebuilt = False
    for _attempt in range(_OPEN_TRIES):
        live = store.current()
        if live is None:
            raise NoSearchIndex(f"no search index at {store.root}; run 'crdex build'")
        try:
            return SearchIndex.open_generation(store, live)
        except IndexDamaged:
            if store.current() != live:
                continue  # a build replaced it while it was being opened
            if rebuilt:
                raise
            if notice:
                notice(f"the search index at {live} cannot be read; rebuilding it")
            update_index(library, force=True, progress=progress, notice=notice)
            rebuilt = True
    raise NoSearchIndex(f"the search index at {store.root} cannot be opened")
