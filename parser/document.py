"""Documents in, editions out: the one entry point every format goes through.

A file's bytes are looked at first: a Word, PDF or RTF original goes
through its converter (:mod:`crdex.corpus.convert`) and is then read as
official text; anything else is decoded and its format detected from the
text. A directory is a markdown book (:mod:`.directory`).
"""

from __future__ import annotations

import gc
import hashlib
import os
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from crdex.corpus import MAX_DOCUMENT_BYTES, DocumentTooLarge, check_lines, decode, read_bytes
from crdex.corpus.convert import convert
from crdex.errors import CrdexError

from .directory import parse_directory
from .edition import build_edition
from .errors import FormatError, ParseError
from .formats import Format, claimed_by, detect_binary, detect_format, get_format
from .ledger import Ledger
from .tree import Edition

__all__ = ["build_edition", "file_tag", "parse_bytes", "parse_path", "parse_text"]

_TAG = re.compile(r"\d{4}-\d{2}-\d{2}\.(?P<tag>[A-Za-z0-9][\w-]*)\.\w+$")


def file_tag(path: str) -> str | None:
    """``cr-2026-08-07.upload-20260808.txt`` → ``upload-20260808``: a second copy of one edition."""
    m = _TAG.search(os.path.basename(path))
    return m.group("tag") if m else None


def parse_path(path: str | os.PathLike[str], format: str | None = None) -> Edition:
    """Parse one document file (or a markdown book directory) into an ``Edition``.

    The format is detected from the bytes and the text unless ``format``
    names one. ``-`` is standard input; devices, pipes and sockets are
    refused, and so is a document beyond the bounds of :mod:`crdex.corpus.reading`.
    """
    if os.fspath(path) != "-" and Path(path).is_dir():
        return parse_directory(path, format)
    return _edition(str(path), read_bytes(path), format)


def parse_bytes(data: bytes, path: str = "<bytes>", format: str | None = None) -> Edition:
    return _edition(path, data, format)


def parse_text(text: str, path: str = "<text>", format: str | None = None) -> Edition:
    return _edition(path, text.encode("utf-8"), format)


def _edition(path: str, data: bytes, format: str | None) -> Edition:
    with _collector_paused():
        return _read(path, data, format)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while one document is read, and resumed after.

    A parse makes tens of thousands of objects that all live on (lines,
    rules, spans, references) and no cycles of garbage; the collector, run
    every 700 new objects, walks them over and over: 10-15% of the time of
    the largest edition's parse. It is resumed only if it was running, so a
    program that turned it off keeps it off, and a cycle made while it was
    paused is collected at its next run.
    """
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def _read(path: str, data: bytes, format: str | None) -> Edition:
    if len(data) > MAX_DOCUMENT_BYTES:
        raise DocumentTooLarge(
            f"{path}: {len(data):,} bytes; a rules document is at most "
            f"{MAX_DOCUMENT_BYTES:,} bytes (the largest edition is 1.7 MB)"
        )
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
        text, encoding, endings, mended = converted.text, converted.encoding, {}, ()
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
        mended = decoded.mends
        if fmt is None:
            fmt, why = detect_format(text, path)
        else:
            why = "as asked"
    check_lines(text, path)
    if format is not None and binary is None:
        fields, ledger = _forced(fmt, text, path)
    else:
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
        mended=mended,
    )


def _misfit(ledger: Ledger) -> tuple[int, int, int]:
    """What a reading got wrong, as far as it can tell: lines absorbed, rule numbers read
    twice, rules out of their order."""
    kinds = Counter(r.kind for r in ledger.repairs)
    return ledger.accounting().lines_absorbed, kinds["duplicate-number"], kinds["out-of-order"]


def _forced(fmt: Format, text: str, path: str) -> tuple[dict[str, object], Ledger]:
    """Read as the format asked for, unless it fits the text worse than the format the text
    reads as: then that is an error which says why.

    ``--format`` is for a text the detection misreads (PDF-extracted text that
    lost its page footers reads as official text, its broken lines absorbed
    into the rules). A format forced on a text it does not fit only makes a
    tree of the wrong things (``--format markdown`` on the official text: no
    sections, every heading absorbed into the rule above it). So when the
    format's own sniffer does not claim the text and another format does,
    the text is read both ways and the asked format must fit no worse.
    """
    ours = _parse(fmt, text, path, "as asked", asked=True)
    if fmt.sniff(text, path):
        return ours
    claimed = claimed_by(text, path, besides=fmt)
    if claimed is None:
        return ours
    other, reason = claimed
    try:
        theirs = _parse(other, text, path, reason, asked=False)
    except CrdexError:
        return ours
    bad, good = _misfit(ours[1]), _misfit(theirs[1])
    if sum(bad) <= sum(good):
        return ours
    raise FormatError(
        f"{path}: read as {fmt.name!r} (as asked), it fits badly: {fmt.expects}, and this "
        f"text is not. Read so, {_said(bad)}; read as {other.name!r} ({reason}), "
        f"{_said(good)}: leave out --format to read it so"
    )


def _said(misfit: tuple[int, int, int]) -> str:
    absorbed, twice, disorder = misfit
    return (
        f"{_count(absorbed, 'line is', 'lines are')} absorbed into a neighbour, "
        f"{_count(twice, 'rule number is', 'rule numbers are')} read twice and "
        f"{_count(disorder, 'rule is', 'rules are')} out of order"
    )


def _count(number: int, one: str, more: str) -> str:
    return f"{number} {one if number == 1 else more}"


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
