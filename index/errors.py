"""The errors of the library, of lineage questions, and of writing the files users name.

Each message says what was asked, why it cannot be answered and, where
there are near matches, what was probably meant.
"""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = [
    "DateBeforeFirstEdition",
    "LibraryError",
    "LineageError",
    "NothingAdded",
    "OutputError",
    "UnknownEdition",
    "UnknownRule",
]


class LineageError(CrdexError):
    """A question about rules across editions cannot be answered."""


class LibraryError(CrdexError):
    """The library's files are missing or damaged, or it cannot be used as asked.

    Not a kind of ``LineageError``: a library can be unusable (an unwritable
    home, a damaged cache) with no question about rules asked at all.
    """


class NothingAdded(LibraryError):
    """A build was given files and none of them was a rules document (or could be read).

    ``skipped`` lists each file with why it was not added.
    """

    def __init__(self, message: str, skipped: list[object]) -> None:
        super().__init__(message)
        self.skipped = skipped


class UnknownEdition(LineageError):
    """No edition in the library has that id, and it is not a date or "latest"."""


class DateBeforeFirstEdition(LineageError):
    """A date before the first edition in the library: no edition was in force then."""


class UnknownRule(LineageError):
    """No rule (or glossary entry) has that number (or term) in the edition asked about."""


class OutputError(CrdexError):
    """A file the user named cannot be written: a missing folder, no permission, a full disk."""
