"""Writing a file the user named: through links, into pipes and devices, atomically over files.

A name on the command line (``export -o NAME``, the files ``check --fix``
rewrites) means what the shell's ``>`` would mean, never a directory entry
to be swapped:

- ``-`` is standard output;
- a symbolic link is followed to its target, which is written (the link stays);
- a pipe, a character device or a socket (``/dev/stdout``, a FIFO,
  ``/dev/full``) is streamed into, and an error writing it (``/dev/full``
  says "No space left on device") is an error, never a success;
- a regular file is replaced atomically: the new content goes to a
  temporary file in the same directory, which is then renamed over the
  old one, with the old file's mode (and owner, where allowed). A reader
  sees the old file or the new one, never half of one; a failed write
  leaves the old file as it was and no temporary file behind.

:func:`open_output` gives a file object to write into; :func:`output_path`
gives a path for writers that need one (SQLite), and moves or copies what
was written there into place at the end.
"""

from __future__ import annotations

import io
import os
import secrets
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..errors import OutputError

__all__ = ["STDOUT", "Destination", "destination", "open_output", "output_path", "write_bytes"]

STDOUT = "-"
_CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
class Destination:
    """Where a named output really goes.

    ``how`` is ``stdout``, ``stream`` (a pipe, device or socket: written in
    place) or ``file`` (a regular file, new or replaced atomically).
    ``path`` is the file or node written after links are followed (``linked``
    says the name itself is a link); ``mode`` and ``owner`` are those of the
    file being replaced (None for a new one).
    """

    name: str
    how: str
    path: Path | None = None
    mode: int | None = None
    owner: tuple[int, int] | None = None
    linked: bool = False

    @property
    def shown(self) -> str:
        """The name as the user gave it, and the link's target when it is a link."""
        return f"{self.name} (a link to {self.path})" if self.linked else self.name


def _fail(dest: Destination | str, why: str) -> OutputError:
    shown = dest if isinstance(dest, str) else dest.shown
    return OutputError(f"{shown}: cannot be written ({why})")


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def destination(name: str | os.PathLike[str]) -> Destination:
    """What writing to ``name`` means, found out before anything is written."""
    text = os.fspath(name)
    if text == STDOUT:
        return Destination(text, "stdout")
    try:
        st = os.stat(text)  # through links, as open() would go
    except FileNotFoundError:
        real = Path(os.path.realpath(text))
        if not real.parent.is_dir():
            folder = os.path.dirname(text)
            if not folder or os.path.isdir(folder):  # the folder a link points into is missing
                folder = str(real.parent)
            raise _fail(text, f"the folder {folder} does not exist") from None
        return Destination(text, "file", real, linked=os.path.islink(text))
    except OSError as exc:
        raise _fail(text, _why(exc)) from None
    if stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{text}: is a directory; give the name of a file to write")
    if not stat.S_ISREG(st.st_mode):
        # opened by its own name: /dev/stdout leads to a pipe no path names
        return Destination(text, "stream", Path(text))
    real = Path(os.path.realpath(text))
    if not os.access(real, os.W_OK):  # replacing would go round the file's own permission
        raise _fail(text, "Permission denied")
    owner = (st.st_uid, st.st_gid)
    return Destination(
        text, "file", real, stat.S_IMODE(st.st_mode), owner, linked=os.path.islink(text)
    )


def _temporary(dest: Destination) -> tuple[int, Path]:
    """A new file beside the target, created as ``open()`` would (mode 0666 less the umask)."""
    assert dest.path is not None
    folder = dest.path.parent
    for _attempt in range(100):
        tmp = folder / f".{dest.path.name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue
        except OSError as exc:
            raise _fail(dest, f"no file can be created in {folder}: {_why(exc)}") from None
    raise _fail(dest, f"no unused temporary name in {folder}")  # pragma: no cover


def _settle(fd: int, dest: Destination) -> None:
    """Give the new file the old one's mode and owner, and make its bytes durable."""
    if dest.mode is not None and hasattr(os, "fchmod"):  # POSIX; Windows keeps no such mode
        os.fchmod(fd, dest.mode)
    if dest.owner is not None and hasattr(os, "fchown"):
        with suppress(OSError):  # only the owner or root may keep another's ownership
            os.fchown(fd, *dest.owner)
    os.fsync(fd)


@contextmanager
def _binary(dest: Destination) -> Iterator[IO[bytes]]:
    if dest.how == "stdout":
        out = sys.stdout.buffer
        try:
            yield out
            out.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _fail("standard output", _why(exc)) from None
        return
    assert dest.path is not None
    if dest.how == "stream":
        try:
            fh = open(dest.path, "wb")  # noqa: SIM115 - closed below, its errors reported
        except OSError as exc:
            raise _fail(dest, _why(exc)) from None
        try:
            yield fh
            fh.flush()
        except OSError as exc:
            raise _fail(dest, _why(exc)) from None
        finally:
            with suppress(OSError):
                fh.close()
        return
    fd, tmp = _temporary(dest)
    try:
        with open(fd, "wb", closefd=False) as fh:
            yield fh
        _settle(fd, dest)
        os.close(fd)
        fd = -1
        os.replace(tmp, dest.path)
    except OSError as exc:
        raise _fail(dest, _why(exc)) from None
    finally:
        if fd >= 0:
            os.close(fd)
        tmp.unlink(missing_ok=True)


@contextmanager
def open_output(
    name: str | os.PathLike[str],
    *,
    text: bool = False,
    encoding: str = "utf-8",
    newline: str | None = "\n",
) -> Iterator[IO[Any]]:
    """A file object writing to ``name`` (see the module docstring for what a name means).

    The output is complete only when the block ends without an error; an
    error inside the block leaves a replaced file as it was.
    """
    dest = destination(name)
    with _binary(dest) as raw:
        if not text:
            yield raw
            return
        wrapper = io.TextIOWrapper(raw, encoding=encoding, newline=newline, write_through=False)
        try:
            yield wrapper
            wrapper.flush()
        finally:
            with suppress(OSError, ValueError):  # the error is the one raised above
                wrapper.detach()


@contextmanager
def output_path(name: str | os.PathLike[str]) -> Iterator[Path]:
    """A path to write a whole file at, for writers that cannot take a stream (SQLite).

    For a regular file it is a temporary file beside the target, renamed over
    it at the end; for standard output, a pipe or a device, a temporary file
    elsewhere whose bytes are then copied to the stream.
    """
    dest = destination(name)
    if dest.how == "file":
        fd, tmp = _temporary(dest)
        os.close(fd)  # an empty file: SQLite takes it for a new database
        try:
            yield tmp
            fd = os.open(tmp, os.O_RDONLY)
            try:
                _settle(fd, dest)
            finally:
                os.close(fd)
            assert dest.path is not None
            os.replace(tmp, dest.path)
        except OSError as exc:
            raise _fail(dest, _why(exc)) from None
        finally:
            tmp.unlink(missing_ok=True)
        return
    with tempfile.TemporaryDirectory(prefix="crdex-output-") as folder:
        tmp = Path(folder) / "output"
        yield tmp
        with open(tmp, "rb") as src, _binary(dest) as out:
            shutil.copyfileobj(src, out, _CHUNK)


def write_bytes(name: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``name`` whole (a file fixed in place, through its links)."""
    with open_output(name) as out:
        out.write(data)
