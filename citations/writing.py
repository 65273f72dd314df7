"""Writing fixed files safely: only inside the tree checked, all checked before any is changed.

``check --fix`` rewrites files it found by walking the folders it was
given. Three rules keep that safe on any tree:

- **Inside the tree.** A file found in a walk is written only when its
  real path (links followed) lies inside the real path of the folder that
  was walked: a link ``src/a.txt -> /etc/hosts`` is read and judged, but
  not written, unless ``follow_links``. A file named on the command line
  is written where its name leads, as the shell's ``>`` would.
- **Everything checked first.** Before any file is changed, every file to
  be changed is checked: it still holds the bytes that were read (another
  process did not edit it meanwhile), it may be written, and, when it is
  replaced, its folder lets a file be created and renamed; a file whose
  mode lets nobody write it is not written even by the superuser. One file that
  cannot be written stops the fix before anything changed, and the error
  names every such file.
- **Exact account of a failure.** A write can still fail after the checks
  (a full disk): the error then lists the files already rewritten and
  those left as they were (:class:`.errors.FixWriteError`).

A file with one name is replaced whole (a new file renamed over it, its
mode kept: a reader sees the old text or the new, never half). A file with
several hard links is rewritten in place, so that every name keeps seeing
the same file (the same inode): its old bytes are first kept beside it
(``.NAME.crdex-fix``) and removed once the new bytes are written and
flushed, so a run killed in the middle leaves the old text recoverable.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from crdex.index.errors import OutputError
from crdex.index.storage.outputs import write_bytes

from .errors import FixWriteError, SourceError
from .sources import STDIN, SourceFile, digest

__all__ = ["PlannedWrite", "SourceFile", "WritePlan", "digest"]


@dataclass(frozen=True, slots=True)
class PlannedWrite:
    """One file to rewrite: its name as shown, the new text, and what it held when read."""

    shown: str
    source: SourceFile
    text: str
    read_digest: str

    @property
    def data(self) -> bytes:
        return self.source.bom + self.text.encode(self.source.encoding)


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


@dataclass(slots=True)
class WritePlan:
    """Which files a fix may write, given the paths named and whether links are followed.

    ``roots`` are the named paths; a walked file is written only inside the
    real path of the named folder it was found under.
    """

    roots: Sequence[str]
    follow_links: bool = False
    _folders: list[Path] = field(default_factory=list)
    _named: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        for root in self.roots:
            if root == STDIN:
                continue
            if os.path.isdir(root):
                self._folders.append(Path(os.path.realpath(root)))
            else:
                self._named.add(os.path.normpath(root))

    def refusal(self, shown: str) -> str | None:
        """Why ``shown`` (a file found by the walk or named) may not be written, or None."""
        if self.follow_links or os.path.normpath(shown) in self._named:
            return None
        real = Path(os.path.realpath(shown))
        if any(_inside(real, folder) for folder in self._folders):
            return None
        return (
            f"a link to {real}, outside the tree checked; not written "
            "(--follow-links writes through it)"
        )

    def check(self, writes: Iterable[PlannedWrite]) -> None:
        """Raise :class:`SourceError` naming every file that cannot be written as planned."""
        problems = [f"{w.shown}: {why}" for w in writes if (why := _unwritable(w)) is not None]
        if problems:
            raise SourceError(
                "nothing was fixed: " + ("; ".join(problems) if len(problems) > 1 else problems[0])
            )

    def apply(self, writes: Sequence[PlannedWrite]) -> list[str]:
        """Write every planned file (after :meth:`check`); the names written, in order."""
        self.check(writes)
        done: list[str] = []
        for i, w in enumerate(writes):
            try:
                _write(w)
            except (OSError, OutputError) as exc:
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                raise FixWriteError(
                    w.shown, why, done, [x.shown for x in writes[i + 1 :]]
                ) from None
            done.append(w.shown)
        return done


def _unwritable(w: PlannedWrite) -> str | None:
    """Why a planned write cannot be done now, or None."""
    path = w.source.path
    if path is None:
        return "standard input cannot be fixed in place"
    try:
        st = os.stat(path)
        with open(path, "rb") as fh:
            now = fh.read()
    except OSError as exc:
        return f"cannot be read again ({exc.strerror or exc})"
    if not stat.S_ISREG(st.st_mode):
        return "is no longer a regular file"
    if digest(now) != w.read_digest:
        return "changed since it was read"
    real = os.path.realpath(path)
    if not os.access(real, os.W_OK):
        return "cannot be written (Permission denied)"
    if not st.st_mode & 0o222:
        # the superuser may write anything, but a file nobody may write was made read-only
        # on purpose: a fix does not overrule that (as an editor asks before it does)
        return f"is read-only (mode {stat.S_IMODE(st.st_mode):04o}); not written"
    if st.st_nlink == 1 and not os.access(os.path.dirname(real) or ".", os.W_OK | os.X_OK):
        return f"cannot be replaced: no file can be created in {os.path.dirname(real)}"
    return None


def _write(w: PlannedWrite) -> None:
    path = w.source.path
    assert path is not None
    if os.stat(path).st_nlink > 1:
        _write_in_place(Path(os.path.realpath(path)), w.data)
    else:
        write_bytes(path, w.data)


def _write_in_place(real: Path, data: bytes) -> None:
    """Rewrite a hard-linked file's own bytes (same inode), its old bytes kept aside meanwhile."""
    backup: str | None = None
    with suppress(OSError):  # a folder that takes no new file: written without the copy
        fd, backup = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".crdex-fix", dir=real.parent)
        with open(fd, "wb") as keep:
            keep.write(real.read_bytes())
            keep.flush()
            os.fsync(keep.fileno())
    with open(real, "r+b") as fh:
        fh.write(data)
        fh.truncate()
        fh.flush()
        os.fsync(fh.fileno())
    if backup is not None:
        os.unlink(backup)
