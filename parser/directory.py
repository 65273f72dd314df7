"""A markdown book (an mdBook ``src`` tree) read as one document, in SUMMARY.md order.

The book is read the way mdBook prints it: the front page (README.md),
then every line of SUMMARY.md, each followed by the chapter file it links
to. A section entry such as ``- [**1.** Game Concepts]()`` links to no file
and so stands just before its section's first chapter, which is where the
tree needs it. Every line of every file read is counted once; a link to a
missing file, and markdown files that SUMMARY.md does not list, are
recorded as repairs rather than passed over in silence.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter
from pathlib import Path

from crdex.corpus import MAX_DOCUMENT_BYTES, check_lines, decode, read_bytes
from crdex.corpus.errors import DocumentNotFound, DocumentTooLarge

from .edition import build_edition
from .errors import FormatError
from .markdown import parse_markdown_mapped
from .sourcemap import MappedText, Origin
from .tree import Edition

__all__ = ["Book", "gather_book", "parse_directory"]

_LINK = re.compile(r"\[[^\]]*\]\((?P<target>[^)\s]*)\)")


class Book:
    """The gathered lines of a markdown book and what reading it found.

    ``root`` is the book's directory as the user named it (relative, with
    ``..`` or through a symbolic link); every file is named under it, so
    spans and repairs read as the user would write them, and each file's
    name within the book is the same however the book was reached. A link
    of SUMMARY.md is inside the book when it is written so (``..`` taken as
    written): a chapter that is itself a symbolic link, as in a book put
    together from links to another tree, is the book's wherever it points.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self._written_root = os.path.normpath(root)
        self.mapped = MappedText()
        self.notes: list[tuple[int, str, str]] = []
        self.digest = hashlib.sha256()
        self.bytes = 0
        self.encodings: Counter[str] = Counter()
        self.line_endings: Counter[str] = Counter()
        self.read: set[Path] = set()

    def inside(self, path: Path) -> Path | None:
        """``path`` (the book's root joined with a link) within the book, else None."""
        rel = os.path.relpath(os.path.normpath(path), self._written_root)
        if rel == os.curdir or rel == os.pardir or rel.startswith(os.pardir + os.sep):
            return None
        return Path(rel)

    def add_file(self, rel: Path) -> None:
        """Read the file at ``rel`` within the book."""
        file = self.root / rel
        name = rel.as_posix()
        data = self.read_bytes(file)
        decoded = decode(data, str(file))
        self.digest.update(name.encode() + b"\0" + data + b"\0")
        self.bytes += len(data)
        self.encodings[decoded.encoding] += 1
        self.line_endings.update(decoded.line_endings)
        lines = decoded.text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        first = len(self.mapped.lines)
        for mend in decoded.mends:  # the file's lines are the book's from first + 1 on
            self.notes.append(
                (first + mend.line, mend.kind, f"column {mend.column}: {mend.reason}")
            )
        path = str(file)
        self.mapped.add_source(path, lines)
        for number, line in enumerate(lines, 1):
            self.mapped.add(line, Origin(path, number))
        self.read.add(file.resolve())

    def read_bytes(self, file: Path) -> bytes:
        """A file of the book: a regular file, within what is left of the book's bound."""
        try:
            return read_bytes(file, limit=MAX_DOCUMENT_BYTES - self.bytes)
        except DocumentTooLarge:
            raise DocumentTooLarge(
                f"{self.root}: the book's files hold more than {MAX_DOCUMENT_BYTES:,} bytes; "
                "a rules document is at most that (the largest edition is 1.7 MB)"
            ) from None

    def note(self, kind: str, reason: str) -> None:
        """A repair on the line just added."""
        self.notes.append((len(self.mapped.lines), kind, reason))

    @property
    def encoding(self) -> str:
        if not self.encodings:
            return "ascii"
        found = set(self.encodings)
        if found <= {"ascii", "utf-8"}:
            return "utf-8" if "utf-8" in found else "ascii"
        if len(found) == 1:
            return next(iter(found))
        return "+".join(sorted(self.encodings))


def gather_book(root: Path) -> Book:
    """README.md, then SUMMARY.md with each linked chapter after its line."""
    summary = root / "SUMMARY.md"
    if not summary.is_file():
        raise FormatError(
            f"{root}: a directory is read as a markdown book, but it has no SUMMARY.md "
            "to give the order of its chapters"
        )
    book = Book(root)
    if (root / "README.md").is_file():
        book.add_file(Path("README.md"))
    data = book.read_bytes(summary)
    decoded = decode(data, str(summary))
    lines = decoded.text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    book.digest.update(b"SUMMARY.md\0" + data + b"\0")
    book.bytes += len(data)
    book.encodings[decoded.encoding] += 1
    book.line_endings.update(decoded.line_endings)
    book.mapped.add_source(str(summary), lines)
    book.read.add(summary.resolve())
    summary_start = len(book.mapped.lines) + 1
    for number, line in enumerate(lines, 1):
        book.mapped.add(line, Origin(str(summary), number))
        m = _LINK.search(line)
        if m is None or not m.group("target"):
            continue
        link = root / m.group("target")
        if link.resolve() in book.read:
            continue
        if not link.is_file():
            book.note(
                "missing-file",
                f"links to {m.group('target')}, which is not in the book; nothing was read for it",
            )
            continue
        rel = book.inside(link)
        if rel is None:
            book.note("outside-book", f"links outside the book ({m.group('target')}); not read")
            continue
        book.add_file(rel)
    unlisted = sorted(
        p.relative_to(root).as_posix() for p in root.rglob("*.md") if p.resolve() not in book.read
    )
    if unlisted:
        book.notes.append(
            (
                summary_start if lines else 1,
                "unlisted-files",
                f"{len(unlisted)} markdown file(s) in the book are not in SUMMARY.md and were "
                f"not read: {', '.join(unlisted[:10])}{' …' if len(unlisted) > 10 else ''}",
            )
        )
    return book


def parse_directory(path: str | os.PathLike[str], format: str | None = None) -> Edition:
    """Parse a markdown book directory into an ``Edition``."""
    if format not in (None, "markdown"):
        raise FormatError(
            f"{path}: a directory is read as a markdown book (format 'markdown'), "
            f"not as {format!r}; give a single file to read it as {format!r}"
        )
    root = Path(path)
    if not root.is_dir():
        raise DocumentNotFound(f"{path}: no such directory")
    book = gather_book(root)
    check_lines(len(book.mapped.lines), str(path))
    fields, ledger = parse_markdown_mapped(book.mapped, str(path), book.notes)
    return build_edition(
        path=str(path),
        sha256=book.digest.hexdigest(),
        size=book.bytes,
        encoding=book.encoding,
        line_endings=dict(book.line_endings),
        format_name="markdown",
        text=book.mapped.text,
        fields=fields,
        ledger=ledger,
        tag=None,
    )
