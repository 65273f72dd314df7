"""The errors of the library, of lineage questions, and of writing the files users name.

Each message says what was asked, why it cannot be answered and, where
there are near matches, what was probably meant. Each class's docstring is
its meaning; a failed lookup (a name, number, date or key that names
nothing) is also a ``LookupError``, and its docstring begins "No …".

The errors of the library's storage (its generations, their lock, its
packed files) are here too: they are the library's, whatever module
writes the files.
"""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = [
    "CacheDamaged",
    "DateBeforeFirstEdition",
    "LibraryError",
    "LineageError",
    "LockTimeout",
    "NoLibrary",
    "NothingAdded",
    "OutputError",
    "OverridesError",
    "TooLarge",
    "UnknownDocument",
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


class NoLibrary(LibraryError, LookupError):
    """No library is at the home named: its directory does not exist."""


class UnknownDocument(LibraryError, LookupError):
    """No document or edition in the library has that name, id or key."""


class NothingAdded(LibraryError):
    """A build was given files and none of them was a rules document (or could be read).

    ``skipped`` lists each file with why it was not added.
    """

    def __init__(self, message: str, skipped: list[object]) -> None:
        super().__init__(message)
        self.skipped = skipped


class CacheDamaged(LibraryError):
    """A parse cache file (or a generation's packed file) is missing or cannot be read."""


class TooLarge(LibraryError, ValueError):
    """Data whose JSON is larger than a packed file may hold (``crdex.index.storage.packed``)."""


class LockTimeout(CrdexError):
    """Another process held the library's write lock for longer than the caller would wait."""


class UnknownEdition(LineageError, LookupError):
    """No edition in the library has that id, and it is not a date or "latest"."""


class DateBeforeFirstEdition(LineageError, LookupError):
    """No edition was in force on that date: it is before the first edition in the library."""


class UnknownRule(LineageError, LookupError):
    """No rule (or glossary entry) has that number (or term) in the edition asked about."""


class OverridesError(LineageError):
    """The overrides file is malformed: an entry without a reason, or a bad node name."""


class OutputError(CrdexError):
    """A file the user named cannot be written: a missing folder, no permission, a full disk."""
