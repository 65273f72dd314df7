"""The library: one directory holding everything crdex learned about a corpus.

:class:`Library` reads the last published generation of a home (readers
never write: not on a read-only home, not during a build, not after a
killed one) and adds documents through :func:`~.build.build_library`, the
one writer. ``Library(None)`` keeps everything in memory: that is what
commands use on the bundled sample documents when the real library is
empty, and what ``crdex.load(paths)`` makes.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crdex.index.errors import LibraryError, UnknownDocument
from crdex.index.storage.generations import GenerationStore

from .files import absolute
from .generation import Generation
from .home import check_readable, is_legacy
from .view import LibraryView

if TYPE_CHECKING:
    from crdex.index.lineage.graph import Graph
    from crdex.index.lineage.overrides import Overrides
    from crdex.index.lineage.snapshot import Snapshot
    from crdex.index.placement import TextIndex
    from crdex.parser.tree import Edition

    from .build import BuildReport, Indexer, Notice, Progress
    from .caches import ParseCache
    from .documents import AddReport, DocumentInfo
    from .editions import EditionRecord
    from .rulerows import EditionRules

__all__ = ["Library"]


class Library:
    """The documents, editions and identity graph of one home (or kept in memory)."""

    def __init__(
        self,
        home: str | os.PathLike[str] | None,
        overrides: Overrides | None = None,
        *,
        must_exist: bool = False,
    ) -> None:
        self.home = absolute(home) if home is not None else None
        self._overrides = overrides
        self._view: LibraryView | None = None
        self._memory: dict[str, tuple[DocumentInfo, Edition, Snapshot]] = {}
        self.generation: Generation | None = None
        held = self.home is not None and check_readable(self.home, must_exist=must_exist)
        if held and self.home is not None and is_legacy(self.home):
            raise LibraryError(
                f"the library at {self.home} was made by an older crdex; run "
                f"'crdex build --home {self.home}' once to bring it up to date "
                "(its documents are read again from where they were added)"
            )

    @property
    def overrides(self) -> Overrides:
        """The matcher's overrides (read when a graph is built, not by readers of a built one)."""
        if self._overrides is None:
            from crdex.index.lineage.overrides import load_overrides

            self._overrides = load_overrides()
        return self._overrides

    # -- the state read ---------------------------------------------------------------

    @property
    def view(self) -> LibraryView:
        if self._view is None:
            self._view = self._open()
        return self._view

    def _open(self) -> LibraryView:
        if self.home is None:
            return self._memory_view()
        live = GenerationStore(self.home).current()
        if live is None:
            return LibraryView(
                home=self.home, documents={}, chain=[], graph=_no_graph, tree=_no_tree
            )
        gen = self.generation = Generation(live)
        home = self.home

        @functools.cache
        def cache() -> ParseCache:
            # the parse caches are read for a whole tree only: one rule shown never needs them
            from .caches import ParseCache

            return ParseCache(home, gen.manifest.get("parser"))

        def tree(key: str) -> Edition:
            return gen.tree(key) if gen.has_tree(key) else cache().tree(key)

        def tree_dict(key: str) -> dict[str, Any]:
            return gen.tree_dict(key) if gen.has_tree(key) else cache().tree_dict(key)

        def snapshot(key: str) -> Snapshot:
            return gen.snapshot(key) if gen.has_tree(key) else cache().snapshot(key)

        return LibraryView(
            home=self.home,
            # read when asked for: one rule shown needs neither the documents nor the chain
            documents=lambda: gen.documents,
            chain=lambda: gen.chain,
            empty=gen.empty,
            graph=lambda: gen.graph,
            tree=tree,
            tree_dict=tree_dict,
            snapshot=snapshot,
            rulings=lambda: gen.rulings,
            topics=lambda: gen.summaries.get("by_identity", {}),
            graph_key=gen.graph_key,
            rules=lambda: gen.rules,
            texts=lambda: gen.texts,
        )

    def _memory_view(self) -> LibraryView:
        # The builder's pieces are imported here, and in the writing methods below,
        # so that a reader of a built library never loads the parser or the matcher.
        from crdex.index.lineage import build_graph
        from crdex.index.lineage.snapshot import snapshot_of

        from .building.matching import graph_key
        from .editions import compose, disagreements
        from .rulings import attach_rulings
        from .summaries import link_summaries
        from .undated import placed_chain, text_index

        docs = {sha: info for sha, (info, _t, _s) in self._memory.items()}
        trees = {sha: t for sha, (_i, t, _s) in self._memory.items()}
        snaps = {sha: s for sha, (_i, _t, s) in self._memory.items()}
        chain = placed_chain(
            docs, trees.__getitem__, snaps.__getitem__, path=None, parser="", previous=None
        )
        for record in chain:
            if record.composed:
                tree = compose(record, trees.__getitem__)
                trees[record.key], snaps[record.key] = tree, snapshot_of(tree)
            record.rules, record.glossary = (
                len(snaps[record.key].rules),
                len(snaps[record.key].glossary),
            )
        for record in chain:
            record.disagreements = disagreements(record, trees.__getitem__)
        key = graph_key(chain, self.overrides)
        graph = (
            build_graph(
                [snaps[r.key] for r in chain],
                self.overrides,
                key=key,
                coverage=[r.coverage for r in chain],
            )
            if chain
            else None
        )
        attached = attach_rulings(docs.values(), graph, trees.__getitem__)[0] if graph else {}
        summaries = link_summaries(docs.values(), graph, trees.__getitem__) if graph else {}
        return LibraryView(
            home=None,
            documents=docs,
            chain=chain,
            graph=lambda: graph if graph is not None else _no_graph(),
            tree=trees.__getitem__,
            snapshot=snaps.__getitem__,
            rulings=lambda: attached,
            topics=lambda: summaries.get("by_identity", {}),
            graph_key=key,
            texts=lambda: text_index(None, chain, lambda r: snaps[r.key], parser="", previous=None),
        )

    # -- reading (see LibraryView) ---------------------------------------------------------

    @property
    def documents(self) -> dict[str, DocumentInfo]:
        return self.view.documents

    @property
    def empty(self) -> bool:
        return self.view.empty

    def chain(self) -> list[EditionRecord]:
        return self.view.chain()

    def record(self, edition_id: str) -> EditionRecord | None:
        return self.view.record(edition_id)

    def edition(self, key: str) -> Edition:
        return self.view.edition(key)

    def edition_dict(self, key: str) -> dict[str, Any]:
        return self.view.edition_dict(key)

    def snapshot(self, key: str) -> Snapshot:
        return self.view.snapshot(key)

    def rules(self, key: str) -> EditionRules:
        return self.view.rules(key)

    def graph(self, **_ignored: Any) -> Graph:
        return self.view.graph()

    def graph_key(self) -> str:
        return self.view.graph_key()

    def has_graph(self) -> bool:
        return self.view.has_graph()

    def rulings(self, identity: str) -> list[dict[str, Any]]:
        return self.view.rulings(identity)

    def topics(self, identity: str) -> list[dict[str, Any]]:
        return self.view.topics(identity)

    def texts(self) -> TextIndex:
        """The editions' rule wordings by place (see :mod:`crdex.index.placement.texts`)."""
        return self.view.texts()

    # -- writing ----------------------------------------------------------------------------

    def build(
        self,
        paths: Iterable[str | os.PathLike[str]],
        *,
        progress: Progress | None = None,
        notice: Notice | None = None,
        workers: int | None = None,
        index: Indexer | None = None,
        remove: Iterable[str] = (),
        force: bool = False,
    ) -> BuildReport:
        """Add the documents under ``paths`` (and take out ``remove``); publish a new generation.

        See :func:`~.build.build_library`.
        """
        from .build import build_library

        if self.home is None:
            return self._add_in_memory([os.fspath(p) for p in paths], progress)
        report = build_library(
            self.home,
            [os.fspath(p) for p in paths],
            progress=progress,
            notice=notice,
            workers=workers,
            index=index,
            overrides=self.overrides,
            remove=remove,
            force=force,
        )
        self._view = None
        return report

    def add(
        self,
        paths: Iterable[str | os.PathLike[str]],
        *,
        progress: Progress | None = None,
        workers: int | None = None,
    ) -> AddReport:
        """Add documents (a build without a search index); what happened to each file."""
        return self.build(paths, progress=progress, workers=workers).documents

    def _add_in_memory(self, paths: list[str], progress: Progress | None) -> BuildReport:
        from .building.reading import nothing_added
        from .building.state import BuildReport
        from .files import iter_files
        from .parsing import parse_all

        report = BuildReport(Path("."))
        files = [str(f) for f in iter_files(paths)]
        for _path, info, memory, why in parse_all(files, None):
            if info is None or memory is None:
                assert why is not None
                report.documents.skipped.append(why)
            elif info.sha256 in self._memory:
                report.documents.known.append(info)
            else:
                self._memory[info.sha256] = (info, *memory)
                report.documents.added.append(info)
        docs = report.documents
        if docs.skipped and not (docs.added or docs.known):
            raise nothing_added(docs.skipped)
        self._view = None
        report.chain = self.chain()
        return report


def _no_graph() -> Graph:
    raise LibraryError("the library holds no dated rules documents")


def _no_tree(key: str) -> Edition:
    raise UnknownDocument(f"the library holds no document {key}")
