"""The project's root error and the errors of reading documents.

Every error crdex raises on purpose derives from ``CrdexError``; the command
line turns them into ``Error: …`` and exit code 1. Each class's docstring is
its meaning.
"""

from __future__ import annotations

__all__ = [
    "CorpusError",
    "CrdexError",
    "DocumentNotFound",
    "DocumentUnreadable",
    "NoEditionDate",
    "NotTextError",
]


class CrdexError(Exception):
    """Something crdex was asked to do cannot be done; the message says why."""


class CorpusError(CrdexError):
    """A document could not be read."""


class NotTextError(CorpusError):
    """The bytes are not text (a PDF, a ZIP, a Word file, binary data)."""


class DocumentNotFound(CorpusError):
    """No file or directory exists at the given path."""


class DocumentUnreadable(CorpusError):
    """The path exists but cannot be read as a file (a directory, or no permission)."""


class NoEditionDate(CorpusError):
    """A document has no effective date, so it cannot be named as an edition."""
