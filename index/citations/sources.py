"""Reading the files to check, and writing fixed ones back byte for byte.

Files are decoded as UTF-8 (with or without BOM), UTF-16 with a BOM, then
cp1252, then Latin-1, and written back in the same encoding with the same
line endings: a fix changes the citations and nothing else. Binary files
are skipped; so are hidden directories and dependency folders when a
directory is walked (a file named explicitly is always read).
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import SourceError

__all__ = ["SKIP_DIRS", "SourceFile", "iter_sources", "read_source", "write_source"]

SKIP_DIRS = frozenset({"node_modules", "__pycache__", "venv", "site-packages", "target"})
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A file's text and how to write it back."""

    path: Path
    text: str
    encoding: str
    bom: bytes = b""


def iter_sources(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """The files under ``paths``, in sorted order; missing paths raise :class:`SourceError`."""
    for given in paths:
        p = Path(given)
        if p.is_file():
            yield p
        elif p.is_dir():
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS)
                for name in sorted(files):
                    if not name.startswith("."):
                        yield Path(root) / name
        else:
            raise SourceError(f"{p}: no such file or directory")


def read_source(path: Path) -> SourceFile | None:
    """The file's text, or None when it is binary."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return SourceFile(path, data[len(bom) :].decode(encoding), encoding, bom)
            except UnicodeDecodeError:
                return None
    if b"\x00" in data[:8192]:
        return None
    for encoding in ("utf-8", "cp1252", "latin-1"):
        try:
            return SourceFile(path, data.decode(encoding), encoding)
        except UnicodeDecodeError:
            continue
    return None  # pragma: no cover - latin-1 decodes every byte


def write_source(source: SourceFile, text: str) -> None:
    """Write ``text`` back to the file in its original encoding."""
    data = source.bom + text.encode(source.encoding)
    tmp = source.path.with_name(f".{source.path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        os.chmod(tmp, source.path.stat().st_mode)
        tmp.replace(source.path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise SourceError(f"{source.path}: cannot be written ({exc.strerror or exc})") from None
