"""Parsing documents for a build, in worker processes that never outlive the build.

Each worker (see :mod:`crdex.index.storage.workers`) parses one document, writes
its parse caches and sends back only its description (a
:class:`DocumentInfo`), so the building process never holds every tree at
once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from crdex.errors import CrdexError
from crdex.index.errors import TooLarge
from crdex.index.library.coverage import COVERAGE_RULES, coverage_of, document_kind
from crdex.index.lineage.snapshot import snapshot_of
from crdex.index.storage.workers import WorkerPool, default_workers
from crdex.parser import file_tag, parse_path
from crdex.parser.tree import Edition

from .caches import ParseCache
from .damage import damage_of
from .documents import DocumentInfo, Skipped

__all__ = ["ParseResult", "describe", "parse_all", "parse_one"]

# (path, description or None, the tree and snapshot when kept in memory, why not)
ParseResult = tuple[str, DocumentInfo | None, tuple[Edition, Any] | None, Skipped | None]


def describe(edition: Edition, path: str) -> DocumentInfo:
    """A parsed document as the library lists it."""
    return DocumentInfo(
        sha256=edition.source.sha256,
        name=Path(path).name,
        path=path,
        id=edition.id,
        date=edition.effective_date.isoformat() if edition.effective_date else None,
        date_source=edition.date_source,
        tag=file_tag(path) or "",
        format=edition.source.format,
        kind=document_kind(edition),
        title=edition.title,
        rules=len(edition.rules),
        glossary=len(edition.glossary),
        witnesses=tuple(coverage_of(edition)),
        repairs=dict(sorted(Counter(r.kind for r in edition.repairs).items())),
        described=COVERAGE_RULES,
        damage=(found.to_dict() if (found := damage_of(edition)) is not None else None),
    )


def parse_one(path: str, home: str | None) -> ParseResult:
    """Parse one document; with a home, write its caches and keep nothing in memory."""
    try:
        edition = parse_path(path)
    except CrdexError as exc:
        return path, None, None, Skipped.of(path, exc)
    except Exception as exc:  # a parser bug must not stop a whole corpus from building
        why = f"the parser failed unexpectedly ({type(exc).__name__}: {exc})"
        return path, None, None, Skipped.of(path, why)
    if not edition.rules and not edition.items:
        return path, None, None, Skipped.of(path, "no numbered rules found")
    info = describe(edition, path)
    snapshot = snapshot_of(edition)
    if home is None:
        return path, info, (edition, snapshot), None
    try:
        ParseCache(Path(home)).write(edition, snapshot)
    except TooLarge as exc:
        why = f"its rule tree is too large for the library to keep ({exc})"
        return path, None, None, Skipped.of(path, why)
    return path, info, None, None


def parse_all(
    paths: list[str],
    home: str | None,
    *,
    workers: int | None = None,
    done: Callable[[int, int], None] | None = None,
) -> Iterator[ParseResult]:
    """Parse ``paths`` (in parallel with a home), yielding results as they finish."""
    workers = workers if workers is not None else default_workers()
    total = len(paths)
    if home is None or workers <= 1 or total < 3:
        for n, path in enumerate(paths, 1):
            yield parse_one(path, home)
            if done:
                done(n, total)
        return
    with WorkerPool(min(workers, total), "parsing documents") as pool:
        # largest first: a large document (an HTML book, a PDF) left for last keeps
        # one worker busy alone at the end
        futures = {pool.submit(parse_one, p, home) for p in sorted(paths, key=_size, reverse=True)}
        for finished, result in enumerate(pool.as_done(futures), 1):
            yield result
            if done:
                done(finished, total)


def _size(path: str) -> int:
    try:
        return Path(path).stat().st_size
    except OSError:  # parse_one reports it
        return 0
