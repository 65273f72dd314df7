"""Reading a document's bytes: regular files (or standard input) only, and never too many.

A rules document is a file of at most a few megabytes (the largest edition
of the corpus, 2022-11-18 in UTF-16, is 1.7 MB and 9,400 lines), so a
document is bounded by what no edition comes near:

- :data:`MAX_DOCUMENT_BYTES` (16 MiB, ten times the largest edition) for
  the bytes of a file, or of a markdown book's files together;
- :data:`MAX_DOCUMENT_LINES` (100,000, ten times the most lines of an
  edition) for its text, after decoding (or conversion from Word, PDF or
  RTF): the tree, and so a parse's memory, grows with the lines.

Beyond either bound is :class:`~.errors.DocumentTooLarge`, a clear error
that names both figures; the parse caches of :mod:`crdex.index` are
bounded by what a document within these bounds can make.

Only a regular file is a document: a device (``/dev/zero`` never ends), a
named pipe (its reader waits for a writer that may never come) or a socket
is refused before anything is read from it, and the check is made on the
opened file itself, so a file swapped for a pipe in between is refused
too. ``-`` is standard input, read up to the same bound.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterator
from typing import BinaryIO

from .errors import DocumentNotFound, DocumentTooLarge, DocumentUnreadable, NotADocumentFile

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_DOCUMENT_LINES",
    "STDIN",
    "check_lines",
    "file_kind",
    "open_document",
    "read_bytes",
    "read_stream",
]

MAX_DOCUMENT_BYTES = 16 << 20
MAX_DOCUMENT_LINES = 100_000
STDIN = "-"

_KINDS = (
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a directory"),
)


def file_kind(mode: int) -> str | None:
    """What a file that is not a regular file is ("a named pipe (FIFO)"), or None for a regular one."""
    if stat.S_ISREG(mode):
        return None
    return next((what for test, what in _KINDS if test(mode)), "not a regular file")


def _too_large(name: str, size: int | None, limit: int = MAX_DOCUMENT_BYTES) -> DocumentTooLarge:
    said = f"{size:,} bytes" if size is not None else f"more than {limit:,} bytes"
    return DocumentTooLarge(
        f"{name}: {said}; a rules document is at most {MAX_DOCUMENT_BYTES:,} bytes "
        "(the largest edition is 1.7 MB)"
    )


def read_stream(stream: BinaryIO, name: str, limit: int = MAX_DOCUMENT_BYTES) -> bytes:
    """At most ``limit`` bytes of ``stream``; :class:`DocumentTooLarge` if there are more."""
    chunks: list[bytes] = []
    held = 0
    while held <= limit:
        chunk = stream.read(min(1 << 20, limit + 1 - held))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        held += len(chunk)
    raise _too_large(name, None, limit)


@contextlib.contextmanager
def open_document(
    path: str | os.PathLike[str], limit: int = MAX_DOCUMENT_BYTES
) -> Iterator[BinaryIO]:
    """A document file opened for reading, once it is known to be a regular file within ``limit``.

    :class:`NotADocumentFile` for a device, pipe, socket or directory,
    :class:`DocumentTooLarge` beyond ``limit``, :class:`DocumentUnreadable`
    when it cannot be opened.
    """
    name = os.fspath(path)
    try:
        # O_NONBLOCK: opening a named pipe with no writer would wait for one
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        if os.path.islink(name):
            raise DocumentNotFound(f"{name}: a broken symbolic link (no such file)") from None
        raise DocumentNotFound(f"{name}: no such file") from None
    except IsADirectoryError:
        raise NotADocumentFile(f"{name}: is a directory, not a document file") from None
    except PermissionError:
        raise DocumentUnreadable(f"{name}: cannot be read (permission denied)") from None
    except OSError as exc:
        # a socket cannot be opened at all (ENXIO): say what it is, not the errno's words
        with contextlib.suppress(OSError):
            _refuse_kind(name, os.stat(name).st_mode)
        raise DocumentUnreadable(f"{name}: cannot be read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        _refuse_kind(name, info.st_mode)
        if info.st_size > limit:
            raise _too_large(name, info.st_size, limit)
        fh = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with fh:
        yield fh


def _refuse_kind(name: str, mode: int) -> None:
    """:class:`NotADocumentFile` unless ``mode`` is a regular file's."""
    if stat.S_ISDIR(mode):
        raise NotADocumentFile(f"{name}: is a directory, not a document file")
    what = file_kind(mode)
    if what is not None:
        raise NotADocumentFile(
            f"{name}: is {what}, not a document file; a document is read from a "
            "regular file (or '-', standard input)"
        )


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_DOCUMENT_BYTES) -> bytes:
    """A document's bytes (``-``: standard input), or a crdex error that says why not.

    Refused: anything but a regular file (see :func:`open_document`), and
    more than ``limit`` bytes.
    """
    name = os.fspath(path)
    if name == STDIN:
        return read_stream(sys.stdin.buffer, "standard input", limit)
    with open_document(name, limit) as fh:
        try:
            return read_stream(fh, name, limit)
        except OSError as exc:
            raise DocumentUnreadable(f"{name}: cannot be read ({exc.strerror or exc})") from None


def check_lines(text: str | int, name: str, limit: int = MAX_DOCUMENT_LINES) -> None:
    """:class:`DocumentTooLarge` if ``text`` (or a count of lines) has more than ``limit`` lines."""
    if isinstance(text, int):
        lines = text
    else:
        lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
    if lines > limit:
        raise DocumentTooLarge(
            f"{name}: {lines:,} lines; a rules document has at most {limit:,} "
            "(the longest edition has 9,397)"
        )
