"""The errors the citation checker raises."""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = ["CheckError", "SourceError"]


class CheckError(CrdexError):
    """Citations cannot be checked as asked (bad edition or date, nothing to check)."""


class SourceError(CheckError):
    """A file to check does not exist, cannot be read, or a fixed file cannot be written."""
