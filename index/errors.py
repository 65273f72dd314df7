"""The errors lineage commands raise on bad input or a damaged library.

Each message says what was asked, why it cannot be answered and, where
there are near matches, what was probably meant.
"""

from __future__ import annotations

from crdex.corpus.errors import CrdexError

__all__ = [
    "DateBeforeFirstEdition",
    "LibraryError",
    "LineageError",
    "UnknownEdition",
    "UnknownRule",
]


class LineageError(CrdexError):
    """A question about rules across editions cannot be answered."""


class LibraryError(LineageError):
    """The library's files are missing or damaged, or it holds no usable document."""


class UnknownEdition(LineageError):
    """No edition in the library has that id, and it is not a date or "latest"."""


class DateBeforeFirstEdition(LineageError):
    """A date before the first edition in the library: no edition was in force then."""


class UnknownRule(LineageError):
    """No rule (or glossary entry) has that number (or term) in the edition asked about."""
