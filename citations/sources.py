"""The files to check: named ones, walked folders (minus what the project generates), stdin.

A walk reads a project's own files and skips, saying why, what is not
its own: hidden entries (``.git``), what its ``.gitignore`` files ignore
(:mod:`.ignore`), build output and downloaded dependencies (:mod:`.projects`),
links to folders (not followed: a link can lead out of the project or round
in a circle), broken links and binary files. A path named on the command
line is always read, whatever its name; ``-`` is standard input, and a
device or pipe (``/dev/null``, ``<(…)``) is read like a file.

Files are decoded as UTF-8 (with or without BOM), UTF-16 with a BOM, then
cp1252, then Latin-1, and written back in the same encoding with the same
line endings (:mod:`.writing` says which files a fix may write, and how):
a fix changes the citations and nothing else. A file is read up to
:data:`MAX_SOURCE_BYTES` (16 MiB, as a rules document): beyond, and from a
device that never ends (``/dev/zero``), it is an error, not a process that
reads until memory runs out; a device, a named pipe or a socket is refused
before anything is read from it.
"""

from __future__ import annotations

import codecs
import hashlib
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crdex.corpus.errors import CorpusError, DocumentTooLarge
from crdex.corpus.reading import MAX_DOCUMENT_BYTES, open_document, read_stream

from .errors import SourceError
from .ignore import IgnoreRules
from .projects import generated_folder

__all__ = [
    "MAX_SOURCE_BYTES",
    "STDIN",
    "Skipped",
    "SourceFile",
    "SourceWalk",
    "digest",
    "missing_paths",
    "read_source",
]

STDIN = "-"
MAX_SOURCE_BYTES = MAX_DOCUMENT_BYTES
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file or folder that was not read, and why."""

    path: str
    kind: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "kind": self.kind, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A file's text and how to write it back."""

    path: Path | None
    text: str
    encoding: str
    bom: bytes = b""
    digest: str = ""


def missing_paths(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """The named paths that do not exist (``-`` always does)."""
    return [
        os.fspath(p) for p in paths if os.fspath(p) != STDIN and not os.path.exists(os.fspath(p))
    ]


@dataclass(slots=True)
class SourceWalk:
    """The files under ``paths``, in sorted order, and what was skipped on the way.

    Iterating yields paths (``-`` for standard input); ``skipped`` fills as it goes.
    """

    paths: list[str]
    skipped: list[Skipped] = field(default_factory=list)

    def __iter__(self) -> Iterator[str]:
        missing = missing_paths(self.paths)
        if missing:
            raise SourceError(f"{missing[0]}: no such file or directory")
        for given in self.paths:
            p = Path(given)
            if given == STDIN or not p.is_dir():
                yield given
            else:
                root = p.resolve()
                yield from self._folder(p, root, IgnoreRules.above(root))

    def _skip(self, path: Path, kind: str, reason: str) -> None:
        self.skipped.append(Skipped(str(path), kind, reason))

    def _folder(self, folder: Path, real: Path, rules: IgnoreRules) -> Iterator[str]:
        rules = rules.inside(folder, real, str(folder / ".gitignore"))
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            self._skip(folder, "folder", f"cannot be read ({exc.strerror or exc})")
            return
        folders: list[os.DirEntry[str]] = []
        names = [e.name for e in entries if not e.is_dir()]
        for entry in entries:
            shown = folder / entry.name
            is_dir = entry.is_dir()
            why = _unread(entry, is_dir, rules, real)
            if why is not None:
                self._skip(shown, "folder" if is_dir else "file", why)
            elif is_dir:
                folders.append(entry)
            else:
                yield str(shown)
        for entry in folders:
            why = generated_folder(folder / entry.name, names)
            if why is not None:
                self._skip(folder / entry.name, "folder", why)
            else:
                yield from self._folder(folder / entry.name, real / entry.name, rules)


def _unread(entry: os.DirEntry[str], is_dir: bool, rules: IgnoreRules, real: Path) -> str | None:
    """Why a walk does not read ``entry``, or None (a folder is then asked :func:`generated_folder`)."""
    if entry.name.startswith("."):
        return "hidden"
    if is_dir and entry.is_symlink():
        return "a link to a folder, not followed (name it to check it)"
    rule = rules.ignored_by(real / entry.name, is_dir)
    if rule is not None:
        return f"ignored by {rule.where} ({rule.pattern})"
    if not is_dir and not entry.is_file():
        return "a broken link" if entry.is_symlink() else "not a regular file"
    return None


def digest(data: bytes) -> str:
    """What a file held when it was read, to see whether it changed before it is written."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def read_source(path: str) -> SourceFile | None:
    """The file's text (``-``: standard input), or None when it is binary."""
    try:
        if path == STDIN:
            data, where = read_stream(sys.stdin.buffer, "standard input", MAX_SOURCE_BYTES), None
        elif os.path.realpath(path) == os.devnull:  # the one device that is a file's text: none
            data, where = b"", None
        else:
            # a regular file only: a device never ends, a named pipe waits for a writer
            with open_document(path, MAX_SOURCE_BYTES) as fh:
                data, where = read_stream(fh, path, MAX_SOURCE_BYTES), Path(path)
    except OSError as exc:
        raise SourceError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except DocumentTooLarge:
        raise SourceError(
            f"{path}: more than {MAX_SOURCE_BYTES:,} bytes; a file to check is at most that"
        ) from None
    except CorpusError as exc:  # not a regular file, or no permission: its own words
        raise SourceError(str(exc)) from None
    seen = digest(data)
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return SourceFile(where, data[len(bom) :].decode(encoding), encoding, bom, seen)
            except UnicodeDecodeError:
                return None
    if b"\x00" in data[:8192]:
        return None
    for encoding in ("utf-8", "cp1252", "latin-1"):
        try:
            return SourceFile(where, data.decode(encoding), encoding, digest=seen)
        except UnicodeDecodeError:
            continue
    return None  # pragma: no cover - latin-1 decodes every byte
