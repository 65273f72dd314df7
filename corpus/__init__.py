"""Where documents come from: reading bytes, decoding them, identifying the edition.

:func:`read_path` and :func:`decode` turn a file's bytes into text whose
line N is the file's line N; :func:`identify` reads the effective date and
title from that text; :func:`bundled_documents` lists the sample documents
shipped with crdex.
"""

from __future__ import annotations

import os

from .decode import Decoded, decode
from .errors import (
    CorpusError,
    DocumentNotFound,
    DocumentTooLarge,
    DocumentUnreadable,
    NotADocumentFile,
    NotTextError,
)
from .identify import Identity, edition_id, identify
from .reading import (
    MAX_DOCUMENT_BYTES,
    MAX_DOCUMENT_LINES,
    check_lines,
    open_document,
    read_bytes,
)
from .samples import bundled_documents

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_DOCUMENT_LINES",
    "CorpusError",
    "Decoded",
    "DocumentNotFound",
    "DocumentTooLarge",
    "DocumentUnreadable",
    "Identity",
    "NotADocumentFile",
    "NotTextError",
    "bundled_documents",
    "check_lines",
    "decode",
    "edition_id",
    "identify",
    "open_document",
    "read_bytes",
    "read_path",
]


def read_path(path: str | os.PathLike[str]) -> tuple[bytes, Decoded]:
    """Read a file and decode it; the raw bytes are returned too (for hashing)."""
    data = read_bytes(path)
    return data, decode(data, str(path))
