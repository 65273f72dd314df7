"""Parsing documents for a build, in worker processes that never outlive the build.

Each worker parses one document, writes its parse caches and sends back
only its description (a :class:`DocumentInfo`), so the building process
never holds every tree at once. Workers ignore Ctrl-C (the building process
decides what an interrupt means) and die with the building process: on
Linux the kernel kills them when it dies (``PR_SET_PDEATHSIG``), and
everywhere a watch thread ends them when their parent is gone. A build
killed with SIGKILL leaves no process behind; a build interrupted with
Ctrl-C kills its workers at once instead of waiting for them.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from crdex.errors import CrdexError
from crdex.index.coverage import COVERAGE_RULES, coverage_of, document_kind
from crdex.index.errors import LibraryError
from crdex.index.lineage.snapshot import snapshot_of
from crdex.parser import file_tag, parse_path
from crdex.parser.tree import Edition

from .caches import ParseCache
from .documents import DocumentInfo

__all__ = ["ParseResult", "describe", "parse_all", "parse_one"]

# (path, description or None, the tree and snapshot when kept in memory, why not)
ParseResult = tuple[str, DocumentInfo | None, tuple[Edition, Any] | None, str | None]

_PR_SET_PDEATHSIG = 1
_WATCH_SECONDS = 0.5


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
    )


def parse_one(path: str, home: str | None) -> ParseResult:
    """Parse one document; with a home, write its caches and keep nothing in memory."""
    try:
        edition = parse_path(path)
    except CrdexError as exc:
        return path, None, None, str(exc)
    except Exception as exc:  # a parser bug must not stop a whole corpus from building
        return path, None, None, f"the parser failed unexpectedly ({type(exc).__name__}: {exc})"
    if not edition.rules and not edition.items:
        return path, None, None, "no numbered rules found"
    info = describe(edition, path)
    snapshot = snapshot_of(edition)
    if home is None:
        return path, info, (edition, snapshot), None
    ParseCache(Path(home)).write(edition, snapshot)
    return path, info, None, None


def _die_with(parent: int) -> None:
    """Worker start-up: ignore Ctrl-C, and end when the building process ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the kernel was told
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="crdex-parent-watch", daemon=True).start()


def _kill(pool: ProcessPoolExecutor) -> None:
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError, AttributeError):
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)


def parse_all(
    paths: list[str],
    home: str | None,
    *,
    workers: int | None = None,
    done: Callable[[int, int], None] | None = None,
) -> Iterator[ParseResult]:
    """Parse ``paths`` (in parallel with a home), yielding results as they finish."""
    workers = workers if workers is not None else min(os.cpu_count() or 1, 8)
    total = len(paths)
    if home is None or workers <= 1 or total < 3:
        for n, path in enumerate(paths, 1):
            yield parse_one(path, home)
            if done:
                done(n, total)
        return
    pool = ProcessPoolExecutor(
        max_workers=min(workers, total), initializer=_die_with, initargs=(os.getpid(),)
    )
    try:
        pending: set[Future[ParseResult]] = {pool.submit(parse_one, p, home) for p in paths}
        finished = 0
        while pending:
            ready, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                finished += 1
                try:
                    result = future.result()
                except BrokenProcessPool:
                    raise LibraryError(
                        "a process parsing documents died unexpectedly (out of memory?); "
                        "nothing was changed: run the build again"
                    ) from None
                yield result
                if done:
                    done(finished, total)
    except BaseException:
        _kill(pool)
        raise
    pool.shutdown(wait=True)
