"""A build's last phases: the search index, the generation's files, publishing it.

:func:`index_search` writes the search index (``indexing``, ``search``)
while this process writes the generation's trees and graph; :func:`write`
writes the rest of the generation (``written``); :func:`publish` renames it
into place (``renamed``, ``published``).
"""

from __future__ import annotations

from pathlib import Path

from crdex.parser.fingerprint import parser_fingerprint

from ..home import remove_legacy
from ..rulings import attach_rulings
from ..summaries import link_summaries
from ..view import LibraryView
from .state import BuildState

__all__ = ["index_search", "publish", "write"]


def index_search(build: BuildState) -> None:
    """The search index of the staged library, its workers writing while this process writes.

    The order: the rulings and summaries are linked to the graph and the
    staged view made; the rule table's worker is waited for (it started
    before the graph, and ends before the search index's workers start
    rather than idle beside them); the search build is started (an update
    done whole, or a new index's workers started and its vectors made);
    the generation's trees and graph are written; the search build is
    finished (its workers waited for, the index published). The search
    build is called, and never calls back. Without a search index (or a
    graph) the trees and graph are written alone.
    """
    settings = build.settings
    _stage_view(build)
    build.beside.collect(settings.progress)
    if settings.index is None or not build.graph:
        _write_trees_and_graph(build)
        return
    with settings.index(
        build.view,
        settings.progress,
        settings.notice,
        force=settings.force,
        workers=settings.workers,
    ) as search:
        search.start()
        _write_trees_and_graph(build)
        build.search = search.finish()


def write(build: BuildState) -> None:
    """Write the rest of the generation: documents, chain, rulings, summaries, its manifest."""
    writer, registry, chain = build.writer, build.registry, build.chain
    found = build.beside.disagreements()
    for record in chain:
        before = build.kept[record.id]
        record.disagreements = before.disagreements if before is not None else found[record.id]
    writer.documents(registry)
    writer.chain(chain)
    writer.rulings(build.attached, build.unplaced)
    writer.json("summaries.json", build.summaries)
    caches = {}
    for doc in sorted(registry.values(), key=lambda d: d.sha256):
        caches.update(build.cache.digests(doc.sha256))
    search = build.search
    writer.manifest(
        graph_key=build.key,
        parser=parser_fingerprint(),
        search=Path(search.path).name if getattr(search, "path", None) else None,
        documents=len(registry),
        editions=[r.id for r in chain],
        caches=caches,
    )


def publish(build: BuildState) -> None:
    """Rename the generation into place and make it the live one."""
    build.report.generation = build.store.publish(build.scratch)


def remove_old_layout(build: BuildState) -> None:
    """A library of the old layout, read again into the new: what else it held goes."""
    if build.legacy:
        remove_legacy(build.settings.home)


def _stage_view(build: BuildState) -> None:
    """The rulings and summaries by identity, and the library as the search index reads it."""
    graph, registry, trees = build.graph, build.registry, build.trees
    build.attached, build.unplaced = (
        attach_rulings(registry.values(), graph, trees.tree) if graph else ({}, [])
    )
    build.summaries = link_summaries(registry.values(), graph, trees.tree) if graph else {}
    build.view = LibraryView(
        home=build.settings.home,
        documents=registry,
        chain=build.chain,
        graph=lambda: graph,
        tree=trees.tree,
        tree_dict=trees.tree_dict,
        snapshot=trees.snapshot,
        rulings=lambda: build.attached,
        topics=lambda: build.summaries.get("by_identity", {}),
        graph_key=build.key,
    )
    trees.trees_read()


def _write_trees_and_graph(build: BuildState) -> None:
    """The composed editions' trees and the graph, written into the generation."""
    for key, (tree, snap) in build.trees.composed.items():
        build.writer.tree(key, tree, snap)
    if build.graph is not None:
        build.writer.graph(build.graph)
