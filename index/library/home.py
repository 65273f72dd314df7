"""The library's home directory: its layout, and whether it can be used as asked.

Layout::

    CURRENT            the live generation (see crdex.index.storage.generations)
    gen-<stamp>/       a complete generation: documents, editions, graph, rulings, tables
    lock               held by the one process building
    cache/<parser>/    parse caches, by document sha256 (crdex.index.library.caches)
    search/            the search index's own generations

Every way a home can be unusable gets a message a newcomer understands:
a file where a directory should be, a directory that cannot be created or
written, an explicitly named library that does not exist, a library made by
an older crdex.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

from crdex.index.errors import LibraryError, NoLibrary

__all__ = [
    "LEGACY_REGISTRY",
    "check_readable",
    "check_writable",
    "is_legacy",
    "legacy_paths",
    "remove_legacy",
]

# the registry of libraries made before documents became witnesses (format 1)
LEGACY_REGISTRY = "documents.json"


def _why(exc: OSError) -> str:
    return exc.strerror.lower() if exc.strerror else type(exc).__name__


def check_writable(home: Path) -> None:
    """Create ``home`` if needed; raise LibraryError unless a build can write there."""
    if home.exists() and not home.is_dir():
        raise LibraryError(f"the library home {home} is a file, not a directory")
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LibraryError(f"cannot create the library home {home}: {_why(exc)}") from None
    probe = home / f".write-test-{os.getpid()}"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise LibraryError(
                f"cannot write to the library home {home}: {_why(exc)} "
                "(a read-only library can be read, not built)"
            ) from None
        raise LibraryError(f"cannot write to the library home {home}: {_why(exc)}") from None


def check_readable(home: Path, *, must_exist: bool) -> bool:
    """Whether ``home`` holds anything; raise LibraryError when it cannot be read as asked.

    ``must_exist`` is for a home the user named (``--home``, ``CRDEX_HOME``,
    ``home=``): a mistyped name is an error, not an empty library. A home
    inside a folder the user may not enter cannot even be looked at: that
    is said too (``exists()`` raises rather than answer).
    """
    try:
        home.stat()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise LibraryError(f"cannot read the library home {home}: {_why(exc)}") from None
    if not home.exists():
        if must_exist:
            raise NoLibrary(
                f"no library at {home}: the directory does not exist "
                f"(make one with 'crdex build --home {home} PATH...')"
            )
        return False
    if not home.is_dir():
        raise LibraryError(f"the library home {home} is a file, not a directory")
    if not os.access(home, os.R_OK | os.X_OK):
        raise LibraryError(f"cannot read the library home {home}: permission denied")
    return True


def is_legacy(home: Path) -> bool:
    """A library made by a crdex from before documents became witnesses."""
    return (home / LEGACY_REGISTRY).is_file() and not (home / "CURRENT").is_file()


def legacy_paths(home: Path) -> list[str]:
    """The documents a library of the old layout held (their registered paths)."""
    try:
        data = json.loads((home / LEGACY_REGISTRY).read_text("utf-8"))
        return sorted({d["path"] for d in data.get("documents", {}).values()})
    except (OSError, ValueError, KeyError, AttributeError):
        return []


def remove_legacy(home: Path) -> None:
    """What a library of the old layout held besides its documents, once they are read again."""
    for name in ("editions", "snapshots", "lineage"):
        shutil.rmtree(home / name, ignore_errors=True)
    (home / LEGACY_REGISTRY).unlink(missing_ok=True)
