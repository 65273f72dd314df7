"""The errors an export raises: a file that cannot be written, or read back."""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = ["ExportError", "ExportReadError", "UnknownExportFormat"]


class ExportError(CrdexError):
    """An export cannot be written: bad choice of editions, or the output cannot be created."""


class UnknownExportFormat(ExportError, LookupError):
    """No export format has that name."""


class ExportReadError(ExportError):
    """A file is not a crdex export this version can read (wrong shape, format or schema version)."""
