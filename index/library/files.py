"""Which files a build reads: named files, folders walked, markdown books kept whole.

Paths may be relative, contain ``..`` or pass through symbolic links; a
folder reached through a link is walked like any other (each real folder
once, so a link loop ends). A folder holding a ``SUMMARY.md`` is a markdown
book: one document, never its chapters one by one. A path that does not
exist is an error, not a skip: the user named it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

__all__ = ["BOOK_MARKER", "absolute", "is_book", "iter_files", "sha256_file"]

BOOK_MARKER = "SUMMARY.md"


def absolute(path: str | os.PathLike[str]) -> Path:
    """``path`` made absolute and tidied (``..`` folded) without resolving links."""
    return Path(os.path.abspath(os.path.expanduser(os.fspath(path))))


def is_book(path: Path) -> bool:
    """A directory read as one document (a markdown book)."""
    return path.is_dir() and (path / BOOK_MARKER).is_file()


def iter_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """Every document candidate under ``paths``: files, and book directories whole.

    Directories are walked recursively in sorted order, following links;
    hidden entries are skipped. Raises ``DocumentNotFound`` for a named path
    that does not exist.
    """
    # a reader of the library needs only absolute(): the corpus package is for builds
    from crdex.corpus.errors import DocumentNotFound

    named = [absolute(p) for p in paths]
    for path in named:
        if not path.exists():
            raise DocumentNotFound(f"{path}: no such file or directory")
    seen: set[str] = set()
    for path in named:
        if not path.is_dir() or is_book(path):
            yield path
            continue
        for root, dirs, files in os.walk(path, followlinks=True):
            real = os.path.realpath(root)
            if real in seen:
                dirs[:] = []
                continue
            seen.add(real)
            here = Path(root)
            books = sorted(d for d in dirs if not d.startswith(".") and is_book(here / d))
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in books)
            for name in sorted(files):
                # devices, pipes and broken links too: the build says why it skips them
                if not name.startswith("."):
                    yield here / name
            for name in books:
                yield here / name


def sha256_file(path: Path) -> str:
    """The sha256 of a document file; a crdex error if it is not one (see ``corpus.reading``)."""
    import hashlib  # a build's work; readers import this module for absolute() alone

    from crdex.corpus.errors import DocumentUnreadable
    from crdex.corpus.reading import open_document

    h = hashlib.sha256()
    with open_document(path) as fh:
        try:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        except OSError as exc:
            raise DocumentUnreadable(f"{path}: cannot be read ({exc.strerror or exc})") from None
    return h.hexdigest()
