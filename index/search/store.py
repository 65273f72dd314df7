"""Where the search index lives on disk, and how a new one replaces the old.

Layout, under ``<home>/search/``::

    CURRENT             the name of the live generation (one line)
    gen-<stamp>/        a complete index: Whoosh files, meta.json, words.json
    tmp-<pid>-<rand>/   a generation being built
    lock                held (flock) by the one process building

A generation is never changed once published. A build writes a whole new
generation into a ``tmp-`` directory (an update starts from a copy of the
live one), renames it to ``gen-…`` and then replaces ``CURRENT`` with
``os.replace``: readers see the old index or the new one, never half of
one, and a build killed at any point leaves ``CURRENT`` naming an intact
generation. Leftover ``tmp-`` directories are removed by the next build.
The generation just replaced is kept, so that a reader that read
``CURRENT`` a moment before the swap can still open it; older ones go.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .errors import IndexBusy

__all__ = ["IndexStore"]

_CURRENT = "CURRENT"
_META = "meta.json"
_GEN = "gen-"
_TMP = "tmp-"

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``path`` so that readers see the old bytes or the new, never a mix."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(3)}.tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    _fsync_dir(path.parent)


class IndexStore:
    """The generations of one library's search index."""

    def __init__(self, root: Path) -> None:
        self.root = root

    # -- reading ---------------------------------------------------------------

    def current(self) -> Path | None:
        """The live generation's directory, or None when there is none."""
        try:
            name = (self.root / _CURRENT).read_text("utf-8").strip()
        except (FileNotFoundError, NotADirectoryError):
            return None
        if not name.startswith(_GEN) or "/" in name or "\\" in name:
            return None
        path = self.root / name
        return path if path.is_dir() else None

    @staticmethod
    def meta(generation: Path) -> dict[str, Any] | None:
        """A generation's meta.json, or None if it is missing or unreadable."""
        try:
            data = json.loads((generation / _META).read_text("utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    # -- building ----------------------------------------------------------------

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the build lock; raise IndexBusy if another process holds it."""
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.root / "lock"
        fh = open(path, "a+")  # noqa: SIM115 - closed below, after unlocking
        try:
            if fcntl is not None:
                try:
                    fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    fh.seek(0)
                    who = fh.read().strip() or "another process"
                    raise IndexBusy(
                        f"the search index at {self.root} is being built by {who}; "
                        "try again when it has finished"
                    ) from None
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

    def clean(self) -> list[Path]:
        """Remove what killed builds left behind (call with the lock held)."""
        removed = []
        if not self.root.is_dir():
            return removed
        for path in self.root.iterdir():
            if path.name.startswith(_TMP) or (
                path.name.startswith(".") and path.name.endswith(".tmp")
            ):
                if path.is_dir():
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    path.unlink(missing_ok=True)
                removed.append(path)
        return removed

    def scratch(self, start_from: Path | None = None) -> Path:
        """A new private directory to build a generation in, optionally a copy of one."""
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.root / f"{_TMP}{os.getpid()}-{secrets.token_hex(4)}"
        if start_from is None:
            path.mkdir()
        else:
            # copies, not links: Whoosh may reopen a file by name for writing
            shutil.copytree(start_from, path)
            (path / _META).unlink(missing_ok=True)
        return path

    def publish(self, scratch: Path, meta: dict[str, Any]) -> Path:
        """Make a finished scratch directory the live generation; return its path."""
        write_atomic(scratch / _META, json.dumps(meta, indent=1).encode())
        previous = self.current()
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
        generation = self.root / f"{_GEN}{stamp}-{secrets.token_hex(3)}"
        os.rename(scratch, generation)
        _fsync_dir(self.root)
        write_atomic(self.root / _CURRENT, f"{generation.name}\n".encode())
        self._collect(keep={generation, previous})
        return generation

    def _collect(self, keep: set[Path | None]) -> None:
        for path in self.root.iterdir():
            if path.name.startswith(_GEN) and path not in keep:
                shutil.rmtree(path, ignore_errors=True)
