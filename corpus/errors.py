"""The errors of reading documents, beneath the root error ``crdex.errors.CrdexError``.

Each class's docstring is its meaning.
"""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = [
    "ConversionError",
    "CorpusError",
    "DocumentNotFound",
    "DocumentTooLarge",
    "DocumentUnreadable",
    "NoEditionDate",
    "NotADocumentFile",
    "NotTextError",
]


class CorpusError(CrdexError):
    """A document could not be read."""


class NotTextError(CorpusError):
    """The bytes are not text (a PDF, a ZIP, a Word file, binary data)."""


class DocumentNotFound(CorpusError, LookupError):
    """No file or directory exists at the given path."""


class DocumentUnreadable(CorpusError):
    """The path exists but cannot be read as a file (a directory, or no permission)."""


class NotADocumentFile(DocumentUnreadable):
    """The path is a device, a named pipe, a socket or a directory: no document is read from it."""


class DocumentTooLarge(CorpusError):
    """A document has more bytes or lines than any rules document can (see ``corpus.reading``)."""


class ConversionError(CorpusError):
    """A Word, PDF or RTF file could not be turned into text."""


class NoEditionDate(CorpusError):
    """A document has no effective date, so it cannot be named as an edition."""
