"""Where documents come from: reading bytes, decoding them, identifying the edition.

:func:`read_path` and :func:`decode` turn a file's bytes into text whose
line N is the file's line N; :func:`identify` reads the effective date and
title from that text; :func:`bundled_documents` lists the sample documents
shipped with crdex.
"""

from __future__ import annotations

import os
from pathlib import Path

from .decode import Decoded, decode
from .errors import CorpusError, DocumentNotFound, DocumentUnreadable, NotTextError
from .identify import Identity, edition_id, identify
from .samples import bundled_documents

__all__ = [
    "CorpusError",
    "Decoded",
    "DocumentNotFound",
    "DocumentUnreadable",
    "Identity",
    "NotTextError",
    "bundled_documents",
    "decode",
    "edition_id",
    "identify",
    "read_bytes",
    "read_path",
]


def read_path(path: str | os.PathLike[str]) -> tuple[bytes, Decoded]:
    """Read a file and decode it; the raw bytes are returned too (for hashing)."""
    data = read_bytes(path)
    return data, decode(data, str(path))


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A file's bytes, or a crdex error that says why they cannot be had."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise DocumentNotFound(f"{path}: no such file") from None
    except IsADirectoryError:
        raise DocumentUnreadable(f"{path}: is a directory, not a document file") from None
    except PermissionError:
        raise DocumentUnreadable(f"{path}: permission denied") from None
    except OSError as exc:
        raise DocumentUnreadable(f"{path}: cannot be read ({exc.strerror or exc})") from None
