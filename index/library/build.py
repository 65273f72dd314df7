"""Building a library: one writer, everything built aside, published in one rename.

A build holds the home's lock for its whole run (a second build waits, and
is told who it waits for), starts from the last published generation,
parses what is new (in worker processes that die with it), works out the
chain of editions from the documents' witnesses, the identity graph (reused
when the chain did not change), the rulings by identity, the lookup tables
and the search index, writes all of it into a scratch directory and
publishes it by renaming. Killed at any moment, it leaves the previous
generation whole; interrupted, it stops at once.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import shutil
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crdex.index.errors import LibraryError, NothingAdded
from crdex.index.library.coverage import COVERAGE_RULES
from crdex.index.lineage import build_graph
from crdex.index.lineage.graph import GRAPH_FORMAT, Graph
from crdex.index.lineage.overrides import Overrides, load_overrides
from crdex.index.lineage.snapshot import Shared, Snapshot, snapshot_of
from crdex.index.placement.texts import TEXTS
from crdex.index.storage.faults import fault_point
from crdex.index.storage.generations import GenerationStore
from crdex.parser.fingerprint import parser_fingerprint
from crdex.parser.tree import Edition

from .beside import Beside
from .caches import ParseCache
from .documents import AddReport, DocumentInfo, Skipped
from .editions import EditionRecord, compose
from .files import absolute, iter_files
from .generation import Generation, GenerationWriter
from .home import LEGACY_REGISTRY, check_writable, is_legacy
from .intake import damaged_caches, gather, parse_into, stale_documents
from .parsing import describe
from .ruletable import RULES
from .rulings import attach_rulings
from .select import select_documents
from .summaries import link_summaries
from .undated import placed_chain
from .view import LibraryView
from .warnings import build_warnings

__all__ = ["BuildReport", "build_library", "graph_key", "nothing_added"]

Progress = Callable[[str, int, int], None]
Notice = Callable[[str], None]
# the search index step: (staged view, progress, notice, force=...) → its report
Indexer = Callable[..., Any]

# the modules whose code decides what the graph says: a change to any of them
# makes a stored graph stale even when GRAPH_FORMAT was not bumped
_GRAPH_CODE = ("classify", "content", "graph", "build", "match", "snapshot")


@functools.cache
def _code_digest() -> str:
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent.parent / "lineage"
    for name in _GRAPH_CODE:
        # a module, or a subpackage (every module in it)
        files = sorted((here / name).glob("*.py")) or [here / f"{name}.py"]
        for path in files:
            try:
                h.update(path.read_bytes())
            except OSError:  # an installation without sources: the format version decides
                h.update(name.encode())
    return h.hexdigest()[:16]


def _same_edition(known: dict[str, EditionRecord], record: EditionRecord) -> EditionRecord | None:
    """The last generation's record of this edition, if the same witnesses made it."""
    before = known.get(record.id)
    if before is None or before.key != record.key:
        return None
    same = [w.sha256 for w in before.witnesses] == [w.sha256 for w in record.witnesses]
    return before if same else None


def graph_key(chain: list[EditionRecord], overrides: Overrides) -> str:
    """The chain's trees and coverage, the graph format, the overrides, the matching code, the parser."""
    blob = json.dumps(
        [
            GRAPH_FORMAT,
            _code_digest(),
            parser_fingerprint(),
            overrides.digest,
            [[e.id, e.key, e.coverage.to_dict()] for e in chain],
        ]
    ).encode()
    return hashlib.sha256(blob).hexdigest()[:32]


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


def _legacy_paths(home: Path) -> list[str]:
    """The documents a library of the old layout held (their registered paths)."""
    try:
        data = json.loads((home / LEGACY_REGISTRY).read_text("utf-8"))
        return sorted({d["path"] for d in data.get("documents", {}).values()})
    except (OSError, ValueError, KeyError, AttributeError):
        return []


def _remove_legacy(home: Path) -> None:
    for name in ("editions", "snapshots", "lineage"):
        shutil.rmtree(home / name, ignore_errors=True)
    (home / LEGACY_REGISTRY).unlink(missing_ok=True)


class _Trees:
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


def build_library(
    home: Path,
    paths: Iterable[str],
    *,
    progress: Progress | None = None,
    notice: Notice | None = None,
    workers: int | None = None,
    index: Indexer | None = None,
    overrides: Overrides | None = None,
    remove: Iterable[str] = (),
    damaged: Iterable[str] = (),
    force: bool = False,
) -> BuildReport:
    """Add the documents under ``paths`` to the library at ``home`` and publish a new generation.

    ``index`` builds the search index from the staged library (it is given
    the view, the progress and the notice callbacks, ``force``, ``workers``
    and ``meanwhile``, work of the build's own it does while its workers
    write) and returns its report. ``workers`` processes parse (and
    index); None: one per core.
    ``remove`` names documents or editions to take out (see
    :func:`~.select.select_documents`); ``damaged`` lists documents whose parse
    caches must be made again; ``force`` makes the graph and the search
    index anew instead of reusing them.
    """
    started = time.perf_counter()
    home = absolute(home)
    check_writable(home)
    paths = [str(absolute(p)) for p in paths]
    for p in paths:
        iter_files([p])  # a named path that does not exist is an error before any work
    store = GenerationStore(home)

    def waiting(holder: str) -> None:
        if notice:
            notice(f"waiting for {holder}, which is building the library at {home}")

    report = BuildReport(home)
    with store.lock(waiting=waiting), contextlib.ExitStack() as cleanup:
        fault_point("locked")
        store.clean()
        live = store.current()
        previous = _intact_previous(store, live, notice)
        registry: dict[str, DocumentInfo] = dict(previous.documents) if previous else {}
        for doc in select_documents(registry, remove):
            del registry[doc.sha256]
            report.removed.append(doc)
        cache = ParseCache(home)
        recorded = previous.manifest.get("caches", {}) if previous else {}
        for sha in {*damaged, *damaged_caches(cache, registry, recorded)}:
            cache.tree_path(sha).unlink(missing_ok=True)
            cache.snapshot_path(sha).unlink(missing_ok=True)
        legacy = is_legacy(home) and previous is None
        if legacy:
            old = [p for p in _legacy_paths(home) if Path(p).exists()]
            if notice:
                notice(
                    f"the library at {home} was made by an older crdex; reading its "
                    f"{len(old)} documents again into the new layout"
                )
            paths = [*old, *paths]
        docs = report.documents
        todo = gather(paths, registry, cache, docs)
        stale = stale_documents(registry, cache, todo)
        parse_into(todo, stale, registry, home, docs, report.warnings, progress, workers)
        if paths and docs.skipped and not (docs.added or docs.known or docs.reparsed):
            raise nothing_added(docs.skipped)
        fault_point("parsed")
        trees = _Trees(cache)
        _describe_again(registry, trees)
        scratch = store.scratch()
        # a build that fails leaves nothing behind (a killed one: the next build removes it)
        cleanup.callback(shutil.rmtree, scratch, ignore_errors=True)
        # the chain of the dated documents; the undated ones placed among it by their text
        chain = placed_chain(
            registry,
            trees.tree,
            trees.snapshot,
            path=scratch / TEXTS,
            parser=parser_fingerprint(),
            previous=previous.path / TEXTS if previous and previous.intact(TEXTS) else None,
        )
        fault_point("chain")
        # the editions of the last generation, when the same parser read them: an
        # edition of the same witnesses is counted as it was then
        known = (
            {r.id: r for r in previous.chain}
            if previous is not None and previous.manifest.get("parser") == parser_fingerprint()
            else {}
        )
        kept = {r.id: _same_edition(known, r) for r in chain}
        for record in chain:
            if record.composed:
                tree = compose(record, trees.tree)
                trees.composed[record.key] = (tree, snapshot_of(tree))
        overrides = overrides if overrides is not None else load_overrides()
        key = graph_key(chain, overrides)
        reuse = (
            previous is not None
            and not force
            and previous.graph_key == key
            and previous.intact("graph.json")
        )
        writer = GenerationWriter(scratch)
        beside = Beside(
            home=home,
            cache=cache,
            table=scratch / RULES,
            chain=chain,
            composed={k: tree for k, (tree, _snap) in trees.composed.items()},
            # what the witnesses of an edition disagree on follows from their trees: the
            # same witnesses read by the same parser disagree as they did last time
            compare={r.id for r in chain if kept[r.id] is None},
            previous=None if force else previous,
            parser=parser_fingerprint(),
            apart=not reuse and workers != 1,
            workers=workers,
        )
        cleanup.callback(beside.stop)
        # the snapshots are read (for their counts, and the graph) while the worker starts
        for record in chain:
            before = kept[record.id]
            if before is not None and not record.composed:
                record.rules, record.glossary = before.rules, before.glossary
            else:
                snap = trees.snapshot(record.key)
                record.rules, record.glossary = len(snap.rules), len(snap.glossary)
        if reuse and previous is not None:
            graph = previous.full_graph
        elif chain:
            report.graph_rebuilt = True

            def step(done: int, total: int) -> None:
                if progress:
                    progress("match", done, total)

            matching = time.perf_counter()
            graph = build_graph(
                [trees.snapshot(r.key) for r in chain],
                overrides,
                key=key,
                progress=step,
                coverage=[r.coverage for r in chain],
            )
            report.graph_seconds = time.perf_counter() - matching
        else:
            graph = None
        trees.snapshots_read()
        fault_point("graph")
        attached, unplaced = (
            attach_rulings(registry.values(), graph, trees.tree) if graph else ({}, [])
        )
        summaries = link_summaries(registry.values(), graph, trees.tree) if graph else {}
        view = LibraryView(
            home=home,
            documents=registry,
            chain=chain,
            graph=lambda: graph,
            tree=trees.tree,
            tree_dict=trees.tree_dict,
            snapshot=trees.snapshot,
            rulings=lambda: attached,
            topics=lambda: summaries.get("by_identity", {}),
            graph_key=key,
        )
        trees.trees_read()

        def write_files() -> None:
            for k, (tree, snap) in trees.composed.items():
                writer.tree(k, tree, snap)
            if graph is not None:
                writer.graph(graph)

        # the rule table's worker is done with by now (it started before the graph): it
        # ends before the search index's workers start rather than idle beside them
        beside.collect(progress)
        # the generation's trees and graph are written while the index's workers write theirs
        search = (
            index(view, progress, notice, force=force, workers=workers, meanwhile=write_files)
            if (index is not None and graph)
            else write_files()
        )
        fault_point("search")
        found = beside.disagreements()
        for record in chain:
            before = kept[record.id]
            record.disagreements = before.disagreements if before is not None else found[record.id]
        writer.documents(registry)
        writer.chain(chain)
        writer.rulings(attached, unplaced)
        writer.json("summaries.json", summaries)
        caches = {}
        for doc in sorted(registry.values(), key=lambda d: d.sha256):
            caches.update(cache.digests(doc.sha256))
        writer.manifest(
            graph_key=key,
            parser=parser_fingerprint(),
            search=Path(search.path).name if getattr(search, "path", None) else None,
            documents=len(registry),
            editions=[r.id for r in chain],
            caches=caches,
        )
        fault_point("written")
        report.generation = store.publish(scratch)
        fault_point("published")
        if legacy:
            _remove_legacy(home)
    report.chain, report.graph, report.search = chain, graph, search
    # as the build left them: an undated document with what its placement found
    docs.added = [registry.get(d.sha256, d) for d in docs.added]
    report.warnings = build_warnings(report.warnings, docs.added, chain)
    report.seconds = time.perf_counter() - started
    return report


# files named in the error of a build that added nothing; the count says how many in all
_NAMED = 10


def nothing_added(skipped: list[Skipped]) -> NothingAdded:
    """The error of a build none of whose files was a rules document, with each one's reason."""
    count = len(skipped)
    lines = [f"  {s.path}: {s.reason}" for s in skipped[:_NAMED]]
    if count > _NAMED:
        lines.append(f"  … and {count - _NAMED} more")
    what = "the file given is not" if count == 1 else f"none of the {count} files given is"
    return NothingAdded(
        f"nothing was added to the library: {what} a rules document that could be read:\n"
        + "\n".join(lines),
        list(skipped),
    )


def _intact_previous(
    store: GenerationStore, live: Path | None, notice: Notice | None
) -> Generation | None:
    """The newest generation whose manifest and documents can be read (the live one, normally).

    A damaged live generation is not built upon blindly: its registry is
    taken from the newest generation that reads, and what is damaged in it
    is made again.
    """
    candidates = [live] if live is not None else []
    candidates += [g for g in reversed(store.generations()) if g != live]
    for path in candidates:
        try:
            gen = Generation(path)
            gen.documents  # noqa: B018 - must read
        except LibraryError as exc:
            if notice:
                notice(f"{exc}; building on an earlier generation")
            continue
        return gen
    return None


def _describe_again(registry: dict[str, DocumentInfo], trees: _Trees) -> None:
    """Documents described by older coverage rules are described again from their trees."""
    for sha, doc in list(registry.items()):
        if doc.described != COVERAGE_RULES:
            fresh = describe(trees.tree(sha), doc.path)
            registry[sha] = DocumentInfo.from_dict({**fresh.to_dict(), "name": doc.name})
