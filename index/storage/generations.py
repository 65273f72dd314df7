"""A directory of generations: one writer behind a lock, readers on the last complete one.

Layout of a store's root::

    CURRENT             the name of the live generation (one line)
    gen-<stamp>-<rand>/ a complete generation, never changed once published
    tmp-<pid>-<rand>/   a generation being built
    lock                held (flock) by the one process writing

This is how SQLite and Whoosh keep faith with readers: a writer builds a
whole new generation aside, renames it into place and then replaces
``CURRENT`` with one ``os.replace``. A reader that read ``CURRENT`` sees the
old generation or the new, never half of one; a writer killed at any point
leaves ``CURRENT`` naming an intact generation; what it left behind
(``tmp-`` directories) is removed by the next writer. The generation just
replaced is kept for readers that opened it a moment before the swap.

A second writer waits for the lock (it is told who holds it) instead of
failing: every write that reports success has happened.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from crdex.index.errors import LockTimeout
from crdex.index.storage.faults import fault_point

__all__ = ["GenerationStore", "fsync_dir", "write_atomic"]

_CURRENT = "CURRENT"
_GEN = "gen-"
_TMP = "tmp-"
_LOCK = "lock"
_POLL = 0.1

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def _token(nbytes: int) -> str:
    """Random hex for names no other process picks (``secrets.token_hex``, which readers
    need not import)."""
    return os.urandom(nbytes).hex()


def fsync_dir(path: Path) -> None:
    """Make a rename inside ``path`` durable (a no-op where directories cannot be opened)."""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``path`` so that readers see the old bytes or the new, never a mix."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{_token(3)}.tmp")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(path.parent)


class GenerationStore:
    """The generations kept under one root directory."""

    #: the fault point between renaming a generation into place and switching
    #: ``CURRENT`` (see :mod:`crdex.index.storage.faults`), None for a store that has none
    renamed_fault: str | None = "renamed"

    def __init__(self, root: Path) -> None:
        self.root = root

    # -- reading ---------------------------------------------------------------

    def current(self) -> Path | None:
        """The live generation's directory, or None when there is none."""
        try:
            name = (self.root / _CURRENT).read_text("utf-8").strip()
        except (FileNotFoundError, NotADirectoryError, PermissionError):
            return None
        if not name.startswith(_GEN) or "/" in name or "\\" in name:
            return None
        path = self.root / name
        return path if path.is_dir() else None

    def generations(self) -> list[Path]:
        """Every published generation directory, oldest first."""
        if not self.root.is_dir():
            return []
        return sorted(p for p in self.root.iterdir() if p.name.startswith(_GEN) and p.is_dir())

    # -- writing -----------------------------------------------------------------

    @contextlib.contextmanager
    def lock(
        self,
        *,
        waiting: Callable[[str], None] | None = None,
        timeout: float | None = None,
        busy: Callable[[str], Exception] | None = None,
    ) -> Iterator[None]:
        """Hold the write lock, waiting for another writer to finish first.

        ``waiting`` is told once, with the holder's description, when the
        lock is busy; with ``busy``, a busy lock raises ``busy(holder)``
        instead of waiting. The lock is an ``flock`` on a file: the kernel
        drops it when its holder dies, however it dies.
        """
        self.root.mkdir(parents=True, exist_ok=True)
        fh = open(self.root / _LOCK, "a+")  # noqa: SIM115 - closed below, after unlocking
        try:
            if fcntl is not None:
                self._acquire(fh, waiting, timeout, busy)
            fh.seek(0)
            fh.truncate()
            fh.write(f"process {os.getpid()}")
            fh.flush()
            yield
        finally:
            if fcntl is not None:
                with contextlib.suppress(OSError):
                    fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
            fh.close()

    def _acquire(  # type: ignore[no-untyped-def]
        self,
        fh,
        waiting: Callable[[str], None] | None,
        timeout: float | None,
        busy: Callable[[str], Exception] | None,
    ) -> None:
        told = False
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise
            if not told:
                fh.seek(0)
                holder = fh.read().strip() or "another process"
                if busy is not None:
                    raise busy(holder) from None
                if waiting is not None:
                    waiting(holder)
                told = True
            if deadline is not None and time.monotonic() >= deadline:
                raise LockTimeout(f"{self.root} is still being written by another process")
            time.sleep(_POLL)

    def clean(self) -> list[Path]:
        """Remove what killed writers left behind (call with the lock held)."""
        import shutil  # writers only

        removed: list[Path] = []
        if not self.root.is_dir():
            return removed
        for path in self.root.iterdir():
            name = path.name
            if name.startswith(_TMP) or (name.startswith(".") and name.endswith(".tmp")):
                if path.is_dir():
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    path.unlink(missing_ok=True)
                removed.append(path)
        return removed

    def scratch(self) -> Path:
        """A new private directory to build a generation in."""
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.root / f"{_TMP}{os.getpid()}-{_token(4)}"
        path.mkdir()
        return path

    def publish(self, scratch: Path, *, keep: set[str] | None = None) -> Path:
        """Make a finished scratch directory the live generation; return its path.

        The generation it replaces stays (a reader may have just opened it),
        and so do the generations named in ``keep``; older ones go.
        """
        previous = self.current()
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
        generation = self.root / f"{_GEN}{stamp}-{_token(3)}"
        os.rename(scratch, generation)
        fsync_dir(self.root)
        if self.renamed_fault is not None:
            fault_point(self.renamed_fault)
        write_atomic(self.root / _CURRENT, f"{generation.name}\n".encode())
        self.collect(keep={generation.name, *(keep or ()), *([previous.name] if previous else [])})
        return generation

    def collect(self, keep: set[str]) -> None:
        """Remove the published generations not named in ``keep``."""
        import shutil

        for path in self.generations():
            if path.name not in keep:
                shutil.rmtree(path, ignore_errors=True)
