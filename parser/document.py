"""Documents in, editions out: the one entry point every format goes through."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from crdex.corpus import decode, edition_id, identify, read_path
from crdex.corpus.errors import CrdexError

from .errors import FormatError, ParseError
from .formats import detect_format, get_format
from .tree import Edition, Source

__all__ = ["file_tag", "parse_bytes", "parse_path", "parse_text"]

_TAG = re.compile(r"\d{4}-\d{2}-\d{2}\.(?P<tag>[A-Za-z0-9][\w-]*)\.\w+$")


def file_tag(path: str) -> str | None:
    """``cr-2026-08-07.upload-20260808.txt`` → ``upload-20260808``: a second copy of one edition."""
    m = _TAG.search(os.path.basename(path))
    return m.group("tag") if m else None


def parse_path(path: str | os.PathLike[str], format: str | None = None) -> Edition:
    """Parse one document file into an ``Edition``.

    The format is detected from the text unless ``format`` names one.
    """
    if Path(path).is_dir():
        return parse_directory(path, format)
    data, decoded = read_path(path)
    return _edition(str(path), data, decoded, format)


def parse_directory(path: str | os.PathLike[str], format: str | None = None) -> Edition:
    try:
        from .directory import parse_directory as parse_dir
    except ImportError:
        raise FormatError(
            f"{path}: is a directory; crdex reads documents one file at a time"
        ) from None
    return parse_dir(str(path), format)


def parse_bytes(data: bytes, path: str = "<bytes>", format: str | None = None) -> Edition:
    return _edition(path, data, decode(data, path), format)


def parse_text(text: str, path: str = "<text>", format: str | None = None) -> Edition:
    data = text.encode("utf-8")
    return _edition(path, data, decode(data, path), format)


def _edition(path: str, data: bytes, decoded, format: str | None) -> Edition:
    text = decoded.text
    if format is None:
        fmt, _reason = detect_format(text, path)
    else:
        fmt = get_format(format)
    try:
        fields, ledger = fmt.parse(text, path)
    except ParseError as exc:
        if format is not None:
            raise FormatError(f"read as {fmt.name!r} (as asked), it fails: {exc}") from None
        raise
    except CrdexError:
        raise
    ident = identify(text, path)
    tag = file_tag(path)
    accounting = ledger.accounting()
    title = str(fields.pop("title", "") or ident.title)
    return Edition(
        id=edition_id(ident, tag) if ident.effective_date else (tag or Path(path).stem),
        effective_date=ident.effective_date,
        title=ident.title or title,
        source=Source(
            path=path,
            sha256=hashlib.sha256(data).hexdigest(),
            format=fmt.name,
            encoding=decoded.encoding,
            line_endings=dict(decoded.line_endings),
            bytes=len(data),
        ),
        repairs=list(ledger.repairs),
        accounting=accounting,
        **fields,  # type: ignore[arg-type]
    )
