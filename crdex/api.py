"""The Python API for following rules across editions: thin calls over :mod:`crdex.index`.

Every function reads the library at ``home`` (``--home`` / ``CRDEX_HOME`` /
the per-user directory, see :mod:`crdex.home`), falling back to the bundled
sample documents when it is empty. Editions are named by id
(``"2026-08-07"``), by date (the edition in force that day) or ``"latest"``.

    >>> from crdex import api
    >>> api.resolve("502.36", at="2008-05-01").number      # doctest: +SKIP
    '702.18'
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from crdex.home import resolve_home
from crdex.index.library import AddReport, Library, Progress
from crdex.index.lineage.diff import EditionDiff
from crdex.index.lineage.history import History
from crdex.index.lineage.resolve import Resolution
from crdex.index.questions import Lineage, open_lineage
from crdex.index.search import open_search
from crdex.index.search.results import SearchResult
from crdex.parser.tree import Edition, Rule

__all__ = ["build", "diff", "edition", "history", "load", "resolve", "rule", "search"]

PathLike = str | os.PathLike[str]


def load(
    paths: Iterable[PathLike] | None = None,
    *,
    home: PathLike | None = None,
    progress: Progress | None = None,
) -> Lineage:
    """A :class:`~crdex.index.questions.Lineage` over ``paths`` (kept in memory), or over the library."""
    if paths is not None:
        library = Library(None)
        library.add(list(paths), progress=progress)
        return Lineage(library)
    return open_lineage(resolve_home(home), progress=progress)


def build(
    paths: Iterable[PathLike],
    *,
    home: PathLike | None = None,
    progress: Progress | None = None,
) -> tuple[Library, AddReport]:
    """Add documents to the library at ``home`` and bring its identity graph up to date."""
    library = Library(resolve_home(home))
    report = library.add(list(paths), progress=progress)
    if library.chain():
        library.graph(progress=progress)
    return library, report


def edition(name: str = "latest", *, home: PathLike | None = None) -> Edition:
    """The parsed edition named by id, by date (the one in force that day) or ``latest``."""
    return _parsed(name, home)


def _parsed(name: str, home: PathLike | None) -> Edition:
    lineage = load(home=home)
    return lineage.library.edition(lineage.edition(name).sha256)


def rule(number: str, edition: str = "latest", *, home: PathLike | None = None) -> Rule | None:
    """Rule ``number`` as the named edition has it (None if that edition has no such rule).

    The number is read in that edition: ``rule("701.18", "2017-01-20")`` is
    Shuffle, ``rule("701.18", "2020-07-03")`` is Scry.
    """
    return _parsed(edition, home).rule(number)


def history(number: str, edition: str | None = None, *, home: PathLike | None = None) -> History:
    """Every edition of the rule that ``number`` names in ``edition`` (default: its latest)."""
    return load(home=home).history(number, edition)


def resolve(
    number: str, at: str, to: str | None = None, *, home: PathLike | None = None
) -> Resolution:
    """What the rule cited as ``number`` on date ``at`` is called on ``to`` (default: latest)."""
    return load(home=home).resolve(number, at, to)


def diff(old: str, new: str, *, home: PathLike | None = None) -> EditionDiff:
    """What changed between two editions (any two, not only neighbours)."""
    return load(home=home).diff(old, new)


def search(
    query: str,
    *,
    edition: str | None = None,
    as_of: str | None = None,
    all_editions: bool = False,
    limit: int = 10,
    home: PathLike | None = None,
) -> SearchResult:
    """Rules answering ``query`` in one edition (default: latest), at a date, or across all.

    A rule number ("701.22") is a lookup of that rule and everything under it.
    The search index is brought up to date with the library first.
    """
    index = open_search(resolve_home(home))
    return index.search(query, edition=edition, as_of=as_of, all_editions=all_editions, limit=limit)
