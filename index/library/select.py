"""Naming documents: by edition, document id, file name or sha256.

``crdex remove`` and ``crdex documents`` take names a person types: an
edition id or date (``2013-02-01``: every copy of that edition; not a
rulings page quoting it, nor a document placed there by its text, which
is placed anew among the editions left), a document's own id (``2013-02-01.truncated``), its file name
(``cr-2013-02-01.truncated.txt``) or the start of its sha256 (eight hex
digits at least). A name that matches nothing is an error, with the
nearest names.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from crdex.index.errors import UnknownDocument

from .documents import MATCHED_BY_TEXT, DocumentInfo

__all__ = ["select_documents"]

_SHA = re.compile(r"[0-9a-f]{8,64}")


def _matches(doc: DocumentInfo, name: str) -> bool:
    if name in (doc.id, doc.name, doc.sha256):
        return True
    if _SHA.fullmatch(name) and doc.sha256.startswith(name):
        return True
    # a rulings page, or a document placed by its text, is not a copy of the edition
    edition_copy = doc.kind != "rulings" and doc.date_source != MATCHED_BY_TEXT
    return edition_copy and any(w.date == name for w in doc.witnesses)


def select_documents(
    documents: dict[str, DocumentInfo], names: Iterable[str]
) -> list[DocumentInfo]:
    """The documents the names name, each once, in sha256 order."""
    chosen: dict[str, DocumentInfo] = {}
    for raw in names:
        name = raw.strip()
        found = [d for d in documents.values() if _matches(d, name)]
        if not found:
            known = sorted(
                {d.id for d in documents.values()} | {d.name for d in documents.values()}
            )
            near = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
            hint = f"; did you mean {' or '.join(near)}?" if near else ""
            raise UnknownDocument(
                f"no document or edition {name!r} in the library{hint} "
                "('crdex documents' lists them)"
            )
        for doc in found:
            chosen[doc.sha256] = doc
    return [chosen[sha] for sha in sorted(chosen)]
