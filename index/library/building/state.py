"""What a build is asked, what its phases hand on to one another, and what it reports.

A build's phases (see :mod:`..build`) run in order, each reading what the
ones before it made from a :class:`BuildState` and setting what it makes
itself; nothing is kept in closures, so each phase can be read, and
killed at its fault point, on its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from crdex.index.lineage.graph import Graph
from crdex.index.lineage.overrides import Overrides
from crdex.index.lineage.snapshot import Shared, Snapshot
from crdex.index.storage.generations import GenerationStore
from crdex.parser.tree import Edition

from ..beside import Beside
from ..caches import ParseCache
from ..documents import AddReport, DocumentInfo
from ..editions import EditionRecord
from ..generation import Generation, GenerationWriter
from ..view import LibraryView

__all__ = [
    "BuildReport",
    "BuildSettings",
    "BuildState",
    "BuildTrees",
    "Indexer",
    "Notice",
    "Progress",
    "SearchBuild",
]

Progress = Callable[[str, int, int], None]
Notice = Callable[[str], None]


class SearchBuild(Protocol):
    """The search index of a staged library, written in two calls with the build's work between.

    ``start`` does what comes before that work (workers, if any, left
    writing); ``finish`` waits for them, publishes the index and returns its
    report. Left by an exception, what it holds open (a lock, workers) ends.
    """

    def __enter__(self) -> SearchBuild: ...
    def __exit__(self, *exc: Any) -> None: ...
    def start(self) -> None: ...
    def finish(self) -> Any: ...


# the search index step: (staged view, progress, notice, force=..., workers=...) → a search build
Indexer = Callable[..., SearchBuild]


@dataclass(slots=True)
class BuildReport:
    """What a build did."""

    home: Path
    documents: AddReport = field(default_factory=AddReport)
    removed: list[DocumentInfo] = field(default_factory=list)
    chain: list[EditionRecord] = field(default_factory=list)
    graph: Graph | None = None
    graph_rebuilt: bool = False
    search: Any = None
    generation: Path | None = None
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0  # the whole build
    graph_seconds: float = 0.0  # matching the editions, when the graph was built again


@dataclass(slots=True)
class BuildSettings:
    """What the caller asked of a build (see :func:`..build.build_library`)."""

    home: Path
    paths: list[str]
    progress: Progress | None = None
    notice: Notice | None = None
    workers: int | None = None
    index: Indexer | None = None
    overrides: Overrides | None = None
    remove: Iterable[str] = ()
    damaged: Iterable[str] = ()
    force: bool = False

    def tell(self, message: str) -> None:
        if self.notice:
            self.notice(message)

    def waiting(self, holder: str) -> None:
        """Another build holds the lock: the caller is told whom it waits for."""
        self.tell(f"waiting for {holder}, which is building the library at {self.home}")

    def matching(self, done: int, total: int) -> None:
        """Progress of the graph's matching, pair of editions by pair."""
        if self.progress:
            self.progress("match", done, total)


class BuildTrees:
    """Trees and snapshots for a build: parse caches, and the composed editions it made."""

    def __init__(self, cache: ParseCache) -> None:
        self.cache = cache
        self.composed: dict[str, tuple[Edition, Snapshot]] = {}
        self._trees: dict[str, Edition] = {}
        # every snapshot of the chain is read twice (its counts, the graph) and the
        # graph holds them all at once anyway: what they repeat is held once
        self._snapshots: dict[str, Snapshot] = {}
        self._shared = Shared()

    def tree(self, key: str) -> Edition:
        if key in self.composed:
            return self.composed[key][0]
        tree = self._trees.get(key)
        if tree is None:
            tree = self._trees[key] = self.cache.tree(key)
        return tree

    def snapshot(self, key: str) -> Snapshot:
        if key in self.composed:
            return self.composed[key][1]
        snapshot = self._snapshots.get(key)
        if snapshot is None:
            snapshot = self._snapshots[key] = self.cache.snapshot(key, self._shared)
        return snapshot

    def snapshots_read(self) -> None:
        """The graph is built: the snapshots read for it need not stay in memory."""
        self._snapshots.clear()
        self._shared = Shared()

    def trees_read(self) -> None:
        """What the trees tell is known: the ones read from caches need not stay in memory.

        The search index, written next by worker processes beside this one, reads
        again the few it needs (rulings pages).
        """
        self._trees.clear()

    def tree_dict(self, key: str) -> dict[str, Any]:
        return self.cache.tree_dict(key)


@dataclass(slots=True)
class BuildState:
    """What the phases of one build hand on: each field is set by the phase named beside it."""

    settings: BuildSettings
    store: GenerationStore
    report: BuildReport
    cleanup: contextlib.ExitStack  # undoes a failed build: its scratch, its workers
    # start: the generation built upon, the documents the new one holds, those to read
    paths: list[str] = field(init=False)
    previous: Generation | None = field(init=False)
    registry: dict[str, DocumentInfo] = field(init=False)
    cache: ParseCache = field(init=False)
    legacy: bool = field(init=False)  # a library of the old layout, read again
    # find_chain: the editions, and where the new generation is written
    trees: BuildTrees = field(init=False)
    scratch: Path = field(init=False)
    chain: list[EditionRecord] = field(init=False)
    # match_graph: the last generation's records of unchanged editions, the graph and its key
    kept: dict[str, EditionRecord | None] = field(init=False)
    key: str = field(init=False)
    writer: GenerationWriter = field(init=False)
    beside: Beside = field(init=False)
    graph: Graph | None = field(init=False)
    # index_search: the rulings and summaries by identity, the staged view, the index's report
    attached: dict[str, list[dict[str, Any]]] = field(init=False)
    unplaced: list[dict[str, Any]] = field(init=False)
    summaries: dict[str, Any] = field(init=False)
    view: LibraryView = field(init=False)
    search: Any = None
