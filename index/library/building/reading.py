"""A build's first phases: what it starts from, the documents it parses, the chain of editions.

:func:`start` (the lock is held: fault point ``locked``) takes the newest
generation that reads as the starting point and the documents it holds,
less those asked out; :func:`parse` parses what is new (``parsing``,
``parsed``); :func:`find_chain` works out the chain of editions, the
undated documents placed among it by their text (``chain``).
"""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path

from crdex.index.errors import LibraryError, NothingAdded
from crdex.index.library.coverage import COVERAGE_RULES
from crdex.index.placement.texts import TEXTS
from crdex.index.storage.generations import GenerationStore
from crdex.parser.fingerprint import parser_fingerprint

from ..caches import ParseCache
from ..documents import DocumentInfo, Skipped
from ..generation import Generation
from ..home import is_legacy, legacy_paths
from ..intake import damaged_caches, gather, parse_into, stale_documents
from ..parsing import describe
from ..select import select_documents
from ..undated import placed_chain
from .state import BuildReport, BuildSettings, BuildState, BuildTrees, Notice

__all__ = ["find_chain", "nothing_added", "parse", "start"]

# files named in the error of a build that added nothing; the count says how many in all
_NAMED = 10


def start(
    settings: BuildSettings,
    store: GenerationStore,
    report: BuildReport,
    cleanup: contextlib.ExitStack,
) -> BuildState:
    """The generation the build starts from, its documents less those asked out, their caches."""
    build = BuildState(settings, store, report, cleanup)
    store.clean()
    previous = build.previous = _intact_previous(store, store.current(), settings.notice)
    registry = build.registry = dict(previous.documents) if previous else {}
    for doc in select_documents(registry, settings.remove):
        del registry[doc.sha256]
        report.removed.append(doc)
    cache = build.cache = ParseCache(settings.home)
    recorded = previous.manifest.get("caches", {}) if previous else {}
    for sha in {*settings.damaged, *damaged_caches(cache, registry, recorded)}:
        cache.tree_path(sha).unlink(missing_ok=True)
        cache.snapshot_path(sha).unlink(missing_ok=True)
    build.paths = settings.paths
    build.legacy = is_legacy(settings.home) and previous is None
    if build.legacy:
        old = [p for p in legacy_paths(settings.home) if Path(p).exists()]
        settings.tell(
            f"the library at {settings.home} was made by an older crdex; reading its "
            f"{len(old)} documents again into the new layout"
        )
        build.paths = [*old, *build.paths]
    return build


def parse(build: BuildState) -> None:
    """Parse the new documents into their caches (in worker processes); an error if none was one."""
    settings, registry, docs = build.settings, build.registry, build.report.documents
    todo = gather(build.paths, registry, build.cache, docs)
    stale = stale_documents(registry, build.cache, todo)
    parse_into(
        todo,
        stale,
        registry,
        settings.home,
        docs,
        build.report.warnings,
        settings.progress,
        settings.workers,
    )
    if build.paths and docs.skipped and not (docs.added or docs.known or docs.reparsed):
        raise nothing_added(docs.skipped)


def find_chain(build: BuildState) -> None:
    """The chain of the dated documents, the undated ones placed among it by their text.

    The scratch directory the new generation is written in is made here: a
    build that fails leaves nothing behind (a killed one: the next build
    removes it).
    """
    trees = build.trees = BuildTrees(build.cache)
    _describe_again(build.registry, trees)
    scratch = build.scratch = build.store.scratch()
    build.cleanup.callback(shutil.rmtree, scratch, ignore_errors=True)
    previous = build.previous
    build.chain = placed_chain(
        build.registry,
        trees.tree,
        trees.snapshot,
        path=scratch / TEXTS,
        parser=parser_fingerprint(),
        previous=previous.path / TEXTS if previous and previous.intact(TEXTS) else None,
    )


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


def _describe_again(registry: dict[str, DocumentInfo], trees: BuildTrees) -> None:
    """Documents described by older coverage rules are described again from their trees."""
    for sha, doc in list(registry.items()):
        if doc.described != COVERAGE_RULES:
            fresh = describe(trees.tree(sha), doc.path)
            registry[sha] = DocumentInfo.from_dict({**fresh.to_dict(), "name": doc.name})
