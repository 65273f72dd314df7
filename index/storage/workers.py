"""Worker processes for a build that never outlive it.

A build parses documents and writes the search index's segments in worker
processes. Workers ignore Ctrl-C (the building process decides what an
interrupt means) and die with the building process: on Linux the kernel
kills them when it dies (``PR_SET_PDEATHSIG``), and everywhere a watch
thread ends them when their parent is gone. A build killed with SIGKILL
leaves no process behind; a build interrupted with Ctrl-C kills its workers
at once instead of waiting for them. A worker that dies (out of memory,
killed) is a :class:`~crdex.index.errors.LibraryError`, not a traceback.

Workers are forked from the building process, or started *fresh*: a new
interpreter that imports what its jobs need. A forked worker shares the
building process's pages until either writes to them, and the building
process writes to nearly all of its own as it works on (reference counts):
workers forked from a building process that then keeps working end up
with a copy of its heap. The search index's workers, forked from a building
process that holds the identity graph and goes on to compute the vectors
and write the graph, raised a whole-corpus build's peak by about 65 MB
over fresh ones, which start at about 30 MB.

Workers may report progress within a long job through a counter shared
with the building process (:func:`tick`), which reads it with
:meth:`WorkerPool.ticks`.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import multiprocessing
import os
import signal
import sys
import sysconfig
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from crdex.index.errors import LibraryError

__all__ = ["WorkerPool", "default_workers", "fresh_is_safe", "release_freed_memory", "tick"]

T = TypeVar("T")

_PR_SET_PDEATHSIG = 1
_WATCH_SECONDS = 0.5
# the counter a worker adds its progress to (set in each worker at start-up)
_TICKS: Any = None


def default_workers() -> int:
    """As many workers as cores, at most eight."""
    return min(os.cpu_count() or 1, 8)


def _start(parent: int, ticks: Any) -> None:
    """Worker start-up: ignore Ctrl-C, and end when the building process ends."""
    global _TICKS
    _TICKS = ticks
    # a forked worker shares the building process's pages until it writes to them,
    # and a garbage collection writes to every object it walks: what was
    # inherited is left out of collections, so it stays shared
    gc.freeze()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # started with Ctrl-C blocked (see WorkerPool.submit): one pressed meanwhile is dropped now
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
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


def release_freed_memory() -> None:
    """Hand the memory freed so far back to the system (before workers are started).

    What a build has read and let go (the trees, the snapshots the graph was
    built from) leaves the C allocator holding free pages for reuse: they
    still count against the building process, and a worker forked from it
    starts from all of them. glibc's ``malloc_trim`` returns them; where
    there is no such call, nothing is done. The garbage cycles are collected
    first, so that what they held is given back too (about 60 ms before the
    search index's workers of a whole-corpus build; 100 MB less at the peak
    with this, 70 MB less without the collection).
    """
    gc.collect()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).malloc_trim(0)


def fresh_is_safe() -> bool:
    """Whether a fresh worker can start without running this program again.

    A new interpreter started by :mod:`multiprocessing` first runs the
    program's main file again (as ``__mp_main__``), except a package's
    ``__main__`` module. Run so, a script that builds a library at its top
    level, with no ``if __name__ == "__main__":``, would build again in each
    worker and wait for the library's lock forever. Safe are: no main file
    (``python -c``, an interactive session), a package's ``__main__``
    (``python -m crdex``), and the commands that installers write in the
    interpreter's scripts folder (``crdex``, ``pytest``), which always have
    that guard. Any other program gets forked workers, which run nothing
    again (and take more memory).
    """
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if path is None:
        return True
    name = getattr(getattr(main, "__spec__", None), "name", None)
    if name is not None:
        return name == "__main__" or name.endswith(".__main__")
    folders = {sysconfig.get_path("scripts"), sysconfig.get_path("scripts", f"{os.name}_user")}
    here = os.path.dirname(os.path.abspath(path))
    return any(folder and os.path.realpath(folder) == os.path.realpath(here) for folder in folders)


def tick(n: int = 1) -> None:
    """In a worker: add ``n`` to the progress its building process reads."""
    if _TICKS is not None:
        with _TICKS.get_lock():
            _TICKS.value += n


class WorkerPool:
    """Up to ``workers`` processes doing ``what`` (named in the error if one dies).

    ``fresh``: each worker a new interpreter rather than a fork of this
    process (see the module's docstring), when :func:`fresh_is_safe`; its
    jobs and their arguments are then imported and pickled. Use as a
    context manager: leaving it normally waits for the workers to end;
    leaving it by an exception (Ctrl-C included) kills them.
    """

    def __init__(self, workers: int, what: str, *, fresh: bool = False) -> None:
        self.what = what
        release_freed_memory()  # the workers start from this process's pages
        # not fresh: the platform's own way (a fork on Linux)
        context = multiprocessing.get_context("spawn" if fresh and fresh_is_safe() else None)
        self._ticks = context.Value("q", 0)
        self._pool = ProcessPoolExecutor(
            max_workers=max(1, workers),
            mp_context=context,
            initializer=_start,
            initargs=(os.getpid(), self._ticks),
        )

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            self._pool.shutdown(wait=True)
        else:
            self.kill()

    def kill(self) -> None:
        processes = list((getattr(self._pool, "_processes", None) or {}).values())
        for process in processes:
            with contextlib.suppress(OSError, AttributeError):
                process.kill()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Queue a job; the workers are started by the first ones, with Ctrl-C blocked.

        A worker ignores Ctrl-C from its start-up on (:func:`_start`), but a
        fresh one runs a new interpreter first (a tenth of a second or more),
        where Ctrl-C pressed in a terminal, which signals every process of
        the build, would print a traceback. A worker inherits the signal
        mask of the thread that starts it, so Ctrl-C stays pending there
        until it is ignored (as :mod:`multiprocessing.resource_tracker`
        starts its process); this process gets it as soon as the job is
        queued.
        """
        if not hasattr(signal, "pthread_sigmask"):
            return self._pool.submit(fn, *args)
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return self._pool.submit(fn, *args)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)

    def ticks(self) -> int:
        """The progress the workers reported with :func:`tick`."""
        return int(self._ticks.value)

    def result(self, future: Future[T]) -> T:
        """A finished job's result; a dead worker is a LibraryError."""
        try:
            return future.result()
        except BrokenProcessPool:
            raise LibraryError(
                f"a process {self.what} died unexpectedly (out of memory?); "
                "nothing was changed: run the build again"
            ) from None

    def as_done(
        self, futures: set[Future[T]], *, poll: Callable[[], None] | None = None
    ) -> Iterator[T]:
        """The results of ``futures`` as they finish; ``poll`` is called every quarter second."""
        pending = set(futures)
        while pending:
            ready, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            if poll:
                poll()
            for future in ready:
                yield self.result(future)
