"""The errors the citation checker raises."""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = ["CheckError", "FixWriteError", "SourceError", "TooManyCitations"]


class CheckError(CrdexError):
    """Citations cannot be checked as asked (bad edition or date, nothing to check)."""


class SourceError(CheckError):
    """A file to check does not exist, cannot be read, or a fixed file cannot be written."""


class TooManyCitations(CheckError):
    """A posted text holds more citations than one request may judge."""


class FixWriteError(SourceError):
    """A fixed file could not be written after others were: which were, and which were not."""

    def __init__(self, path: str, why: str, written: list[str], left: list[str]) -> None:
        self.path = path
        self.written = written
        self.left = [path, *left]
        done = ", ".join(written) if written else "none"
        super().__init__(
            f"{path}: cannot be written ({why}); files fixed before this failure: {done}; "
            f"not fixed: {', '.join(self.left)}"
        )
