"""Parsed fields and their ledger made into an ``Edition``, the same way for a file or a book."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from crdex.corpus import edition_id, identify
from crdex.corpus.mending import Mend

from .ledger import Ledger
from .tree import Edition, Repair, Source

__all__ = ["build_edition"]

_MARKUP = re.compile(r"\*\*|__")


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
    mended: Sequence[Mend] = (),
) -> Edition:
    """An ``Edition`` from parsed fields: identity from the text, accounting from the ledger.

    ``mended``: what decoding changed in the bytes (:mod:`crdex.corpus.mending`),
    recorded among the repairs at its line.
    """
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
        repairs=_with_mends(ledger.repairs, mended),
        accounting=ledger.accounting(),
        date_source=ident.date_source,
        **fields,  # type: ignore[arg-type]
    )


def _with_mends(repairs: Sequence[Repair], mended: Sequence[Mend]) -> list[Repair]:
    """The parser's repairs and decoding's, in the order of their lines."""
    if not mended:
        return list(repairs)
    decoded = [Repair(m.line, m.kind, m.reason, column=m.column) for m in mended]
    return sorted([*repairs, *decoded], key=lambda r: r.line)
