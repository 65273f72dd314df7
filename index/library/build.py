"""Building a library: one writer, everything built aside, published in one rename.

A build holds the home's lock for its whole run (a second build waits, and
is told who it waits for), starts from the last published generation,
parses what is new (in worker processes that die with it), works out the
chain of editions from the documents' witnesses, the identity graph (reused
when the chain did not change), the rulings by identity, the lookup tables
and the search index, writes all of it into a scratch directory and
publishes it by renaming. Killed at any moment, it leaves the previous
generation whole; interrupted, it stops at once.

:func:`build_library` is a driver: each phase is a function of its own (in
:mod:`.building`), run in order, and followed by the fault point
(:mod:`crdex.index.storage.faults`) that names what it has done.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable
from pathlib import Path

from crdex.index.lineage.overrides import Overrides
from crdex.index.storage.faults import fault_point
from crdex.index.storage.generations import GenerationStore

from .building.matching import match_graph
from .building.reading import find_chain, parse, start
from .building.state import BuildReport, BuildSettings, BuildState, Indexer, Notice, Progress
from .building.writing import index_search, publish, remove_old_layout, write
from .files import absolute, iter_files
from .home import check_writable
from .warnings import build_warnings

__all__ = ["BuildReport", "Indexer", "Notice", "Progress", "build_library"]


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

    ``index`` starts the search index of the staged library (it is given the
    view, the progress and the notice callbacks, ``force`` and ``workers``)
    and returns a search build, which the build starts, then finishes after
    writing its own files while the index's workers write (see
    :func:`.building.writing.index_search`). ``workers`` processes parse (and
    index); None: one per core.
    ``remove`` names documents or editions to take out (see
    :func:`~.select.select_documents`); ``damaged`` lists documents whose parse
    caches must be made again; ``force`` makes the graph and the search
    index anew instead of reusing them.
    """
    started = time.perf_counter()
    home = absolute(home)
    check_writable(home)
    named = [str(absolute(p)) for p in paths]
    for p in named:
        iter_files([p])  # a named path that does not exist is an error before any work
    settings = BuildSettings(
        home,
        named,
        progress=progress,
        notice=notice,
        workers=workers,
        index=index,
        overrides=overrides,
        remove=remove,
        damaged=damaged,
        force=force,
    )
    store = GenerationStore(home)
    report = BuildReport(home)
    with store.lock(waiting=settings.waiting), contextlib.ExitStack() as cleanup:
        fault_point("locked")
        build = start(settings, store, report, cleanup)
        parse(build)
        fault_point("parsed")
        find_chain(build)
        fault_point("chain")
        match_graph(build)
        fault_point("graph")
        index_search(build)
        fault_point("search")
        write(build)
        fault_point("written")
        publish(build)
        fault_point("published")
        remove_old_layout(build)
    return _finished(build, started)


def _finished(build: BuildState, started: float) -> BuildReport:
    """The report of a build, with its documents as the build left them."""
    report, docs = build.report, build.report.documents
    report.chain, report.graph, report.search = build.chain, build.graph, build.search
    # as the build left them: an undated document with what its placement found
    docs.added = [build.registry.get(d.sha256, d) for d in docs.added]
    report.warnings = build_warnings(report.warnings, docs.added, build.chain)
    report.seconds = time.perf_counter() - started
    return report
