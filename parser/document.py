"""Documents in, editions out: the one entry point every format goes through.

A file's bytes are looked at first: a Word, PDF or RTF original goes
through its converter (:mod:`crdex.corpus.convert`) and is then read as
official text; anything else is decoded and its format detected from the
text. A directory is a markdown book (:mod:`.directory`).
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from crdex.corpus import decode, edition_id, identify, read_bytes
from crdex.corpus.convert import convert
from crdex.errors import CrdexError

from .build import Ledger
from .errors import FormatError, ParseError
from .formats import Format, detect_binary, detect_format, get_format
from .tree import Edition, Source

__all__ = ["build_edition", "file_tag", "parse_bytes", "parse_path", "parse_text"]

_TAG = re.compile(r"\d{4}-\d{2}-\d{2}\.(?P<tag>[A-Za-z0-9][\w-]*)\.\w+$")
_MARKUP = re.compile(r"\*\*|__")


def file_tag(path: str) -> str | None:
    """``cr-2026-08-07.upload-20260808.txt`` → ``upload-20260808``: a second copy of one edition."""
    m = _TAG.search(os.path.basename(path))
    return m.group("tag") if m else None


def parse_path(path: str | os.PathLike[str], format: str | None = None) -> Edition:
    """Parse one document file (or a markdown book directory) into an ``Edition``.

    The format is detected from the bytes and the text unless ``format``
    names one.
    """
    if Path(path).is_dir():
        from .directory import parse_directory

        return parse_directory(path, format)
    return _edition(str(path), read_bytes(path), format)


def parse_bytes(data: bytes, path: str = "<bytes>", format: str | None = None) -> Edition:
    return _edition(path, data, format)


def parse_text(text: str, path: str = "<text>", format: str | None = None) -> Edition:
    return _edition(path, text.encode("utf-8"), format)


def _edition(path: str, data: bytes, format: str | None) -> Edition:
    binary = detect_binary(data)
    if binary is not None:
        kind, reason = binary
        if format is not None and format != kind:
            raise FormatError(
                f"{path}: read as {format!r} (as asked), it fails: {reason}, not text; "
                f"leave out --format to have it converted (or use --format {kind})"
                if kind != "doc"
                else f"{path}: read as {format!r} (as asked), it fails: {reason}, not text"
            )
        converted = convert(data, path, kind)
        assert converted is not None
        fmt = get_format(kind)
        text, encoding, endings = converted.text, converted.encoding, {}
        why = f"{reason}; its text was extracted and read as official text"
    else:
        fmt = get_format(format) if format is not None else None
        if fmt is not None and fmt.binary:
            raise FormatError(
                f"{path}: read as {format!r} (as asked), it fails: the file is not a "
                f"{fmt.name} document (its first bytes are {data[:8]!r})"
            )
        decoded = decode(data, path)
        text, encoding, endings = decoded.text, decoded.encoding, dict(decoded.line_endings)
        if fmt is None:
            fmt, why = detect_format(text, path)
        else:
            why = "as asked"
    fields, ledger = _parse(fmt, text, path, why, asked=format is not None)
    return build_edition(
        path=path,
        sha256=hashlib.sha256(data).hexdigest(),
        size=len(data),
        encoding=encoding,
        line_endings=endings,
        format_name=fmt.name,
        text=text,
        fields=fields,
        ledger=ledger,
        tag=None if file_tag(path) in fmt.tags else file_tag(path),
    )


def _parse(
    fmt: Format, text: str, path: str, why: str, asked: bool
) -> tuple[dict[str, object], Ledger]:
    """Run the format's parser; a failure names the format and why it was chosen."""
    try:
        return fmt.parse(text, path)
    except ParseError as exc:
        if fmt.binary:
            note = f"(line {exc.line} of the text extracted from the {fmt.name} file)"
        elif asked:
            note = f"(read as {fmt.name!r}, as asked)"
        else:
            note = f"(read as {fmt.name!r} because {why}; --format reads it as another format)"
        raise type(exc)(
            exc.path, exc.line, exc.column, exc.source_line, f"{exc.reason} {note}"
        ) from None
    except CrdexError:
        raise


def build_edition(
    *,
    path: str,
    sha256: str,
    size: int,
    encoding: str,
    line_endings: dict[str, int],
    format_name: str,
    text: str,
    fields: dict[str, object],
    ledger: Ledger,
    tag: str | None,
) -> Edition:
    """An ``Edition`` from parsed fields: identity from the text, accounting from the ledger."""
    ident = identify(text, path)
    title = _MARKUP.sub("", str(fields.pop("title", "") or ""))
    return Edition(
        id=edition_id(ident, tag) if ident.effective_date else (tag or Path(path).stem),
        effective_date=ident.effective_date,
        title=_MARKUP.sub("", ident.title) or title,
        source=Source(
            path=path,
            sha256=sha256,
            format=format_name,
            encoding=encoding,
            line_endings=line_endings,
            bytes=size,
        ),
        repairs=list(ledger.repairs),
        accounting=ledger.accounting(),
        date_source=ident.date_source,
        **fields,  # type: ignore[arg-type]
    )
