"""The Python API: thin calls over :mod:`crdex.index`, one reader per library.

:class:`Reader` answers every question the commands, the web application
and the MCP server ask of one library, keeping what it has loaded (the
graph, parsed editions, the search index) for the next question: a server
holds one reader for its whole life. The module-level functions open a
reader for one call each.

Every call reads the library at ``home`` (``--home`` / ``CRDEX_HOME`` /
the per-user directory, see :mod:`crdex.home`), falling back to the bundled
sample documents when it is empty. Editions are named by id
(``"2026-08-07"``), by date (the edition in force that day) or ``"latest"``.

    >>> import crdex
    >>> crdex.resolve("502.36", at="2008-05-01").number      # doctest: +SKIP
    '702.18'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from crdex.errors import CrdexError, RuleNumberType
from crdex.home import explicit_home, resolve_home
from crdex.index.answers.questions import Lineage, open_lineage
from crdex.index.library.library import Library

if TYPE_CHECKING:
    # what the answers are made of, imported by the code that makes them: a command
    # reading one rule loads neither the diff, nor Whoosh, nor the parser
    from crdex.index.answers.show import GlossaryView, RuleView
    from crdex.index.answers.verify import VerifyReport
    from crdex.index.library.build import BuildReport
    from crdex.index.library.view import LibraryView
    from crdex.index.lineage.diff import EditionDiff
    from crdex.index.lineage.history import History
    from crdex.index.lineage.resolve import Resolution
    from crdex.index.placement import Placement
    from crdex.index.search.building.indexer import IndexBuild
    from crdex.index.search.results import SearchResult
    from crdex.parser.tree import Edition, GlossaryEntry, Rule

__all__ = [
    "CrdexError",
    "Reader",
    "RuleNumberType",
    "build",
    "diff",
    "edition",
    "history",
    "identify",
    "load",
    "remove",
    "resolve",
    "rule",
    "search",
    "show",
    "verify",
]

PathLike = str | os.PathLike[str]
Notice = Callable[[str], None]
Progress = Callable[[str, int, int], None]


def _text(number: object) -> str:
    if not isinstance(number, str):
        raise RuleNumberType(number)
    return number


# the searches one posted text may run to compare its citations' words with the rules
CHECK_SEARCHES = 50


class Reader:
    """Read-only answers from one library (or the bundled samples when it is empty).

    Everything is loaded on first use and kept: the identity graph, parsed
    editions, the search index.
    """

    def __init__(self, home: PathLike | None = None, *, notice: Notice | None = None) -> None:
        self.home = resolve_home(home)
        self._explicit = explicit_home(home)
        self._notice = notice
        self._lineage: Lineage | None = None
        self._search: Any = None

    # -- the library -------------------------------------------------------------

    @property
    def lineage(self) -> Lineage:
        if self._lineage is None:
            self._lineage = open_lineage(self.home, must_exist=self._explicit)
        return self._lineage

    @property
    def bundled(self) -> bool:
        """True when the library is empty and the bundled sample documents answer."""
        return self.lineage.bundled

    def editions(self) -> list[dict[str, Any]]:
        """The editions, oldest first: id, date, title, coverage, witnesses and disagreements."""
        return [
            {**record.to_dict(), "chain_index": i}
            for i, record in enumerate(self.lineage.library.chain())
        ]

    def documents(self) -> list[dict[str, Any]]:
        """Every document the library holds, by date: every witness of every edition.

        Each is what ``crdex documents --json`` lists (kind, format, what it
        witnesses and with what coverage, its repairs) and ``in_chain``:
        whether it is the witness that speaks first for its edition.
        """
        library = self.lineage.library
        first = {record.witnesses[0].sha256 for record in library.chain()}
        docs = sorted(library.documents.values(), key=lambda d: (d.date or "", d.name, d.sha256))
        return [{**d.to_dict(), "in_chain": d.sha256 in first} for d in docs]

    def edition(self, name: str = "latest") -> Edition:
        """The parsed edition named by id, by date (the one in force that day) or ``latest``."""
        lineage = self.lineage
        return lineage.library.edition(lineage.edition(name).sha256)

    def fingerprint(self) -> str:
        """A short string that changes whenever an answer of this reader could change.

        The identity graph's key covers the documents of the chain, the
        parser, the matching code and the overrides; the copies outside the
        chain are added. Caches (a web server's ETags) are keyed by it.
        """
        import hashlib

        lineage = self.lineage
        others = sorted(lineage.library.documents)
        blob = "\n".join([lineage.graph.key, *others]).encode()
        return hashlib.sha256(blob).hexdigest()[:16]

    def hold_trees(self, budget: int) -> None:
        """Keep at most ``budget`` estimated bytes of parsed editions in memory (the most
        recently read; see :mod:`crdex.index.library.held`)."""
        self.lineage.library.view.trees.budget = budget

    def edition_id(self, name: str = "latest") -> str:
        """The id of the edition a name means (an id, a date or ``latest``), without loading it."""
        return self.lineage.edition(name).id

    # -- one edition ---------------------------------------------------------------

    def rule(self, number: str, edition: str = "latest") -> Rule | GlossaryEntry | None:
        """Rule ``number`` as the named edition has it, or the glossary entry a term names.

        None when that edition has no such rule or term. ``"Trample"`` is the
        glossary entry, as ``crdex show Trample`` shows it.
        """
        from crdex.parser.numbers import RuleNumber

        number = _text(number)
        parsed = self.edition(edition)
        try:
            RuleNumber.parse(number.strip())
        except ValueError:
            return parsed.glossary_entry(number.strip())
        return parsed.rule(number.strip())

    def show(self, name: str, edition: str | None = None) -> RuleView | GlossaryView:
        """A rule with its subrules, examples, rulings and references, or a glossary entry."""
        from crdex.index.answers.show import show

        return show(self.lineage, _text(name), edition)

    def topic_rulings(self, topic: dict[str, Any]) -> list[dict[str, Any]]:
        """The rulings and notes under one rulings summary topic of ``show(...).topics``."""
        from crdex.index.answers.show import topic_rulings

        return topic_rulings(self.lineage, topic)

    def glossary(self, edition: str = "latest") -> list[GlossaryEntry]:
        """Every glossary entry of an edition, in the document's order."""
        return list(self.edition(edition).glossary)

    # -- across editions -------------------------------------------------------------

    def history(
        self, number: str, edition: str | None = None, *, typography: bool = False
    ) -> History:
        """Every edition of the rule ``number`` names in ``edition`` (default: its latest).

        Typography-only edits (quotes, apostrophes, italics) are folded into the
        versions around them unless ``typography``.
        """
        return self.lineage.history(_text(number), edition, typography=typography)

    def identity(self, identity: str) -> dict[str, Any]:
        """Where the rule (or glossary entry) with this identity id is: first and last version.

        ``current`` is true when its last version is in the latest edition
        (a permanent link to the rule then reaches its current number); its
        history says what became of it otherwise.
        """
        from crdex.index.errors import UnknownRule
        from crdex.index.lineage.editions import suggest

        graph = self.lineage.graph
        ident = graph.identity(identity.strip())
        if ident is None:
            near = suggest(identity.strip(), [i.id for i in graph.identities], cutoff=0.8)
            raise UnknownRule(f"no rule or glossary entry has the identity {identity!r}{near}")
        eds = graph.editions
        first, last = ident.runs[0], ident.runs[-1]
        return {
            "identity": ident.id,
            "glossary": ident.glossary,
            "first_edition": eds[first.start].id,
            "first_number": first.key,
            "last_edition": eds[last.end].id,
            "number": last.key,
            "current": last.end == len(eds) - 1,
        }

    def resolve(self, number: str, at: str, to: str | None = None) -> Resolution:
        """What the rule cited as ``number`` on date ``at`` is called on ``to`` (default latest)."""
        return self.lineage.resolve(_text(number), at, to)

    def diff(self, old: str, new: str) -> EditionDiff:
        """What changed between two editions (any two, not only neighbours)."""
        return self.lineage.diff(old, new)

    def search(
        self,
        query: str,
        *,
        edition: str | None = None,
        as_of: str | None = None,
        all_editions: bool = False,
        limit: int = 10,
        source: str = "cr",
    ) -> SearchResult:
        """Rules answering ``query`` in one edition (default: latest), at a date, or across all.

        A rule number ("701.22") is a lookup of that rule and everything under it.
        ``source`` ``"summary"`` searches the rulings summaries the library
        holds (in their own numbering, ``result.summary``) instead of the
        CR, ``"all"`` both.
        """
        return self.search_index().search(
            query,
            edition=edition,
            as_of=as_of,
            all_editions=all_editions,
            limit=limit,
            source=source,
        )

    def search_index(self) -> Any:
        """The library's search index, opened on first use and kept."""
        if self._search is None:
            from crdex.index.search import open_search

            self._search = open_search(self.home, notice=self._notice, must_exist=self._explicit)
        return self._search

    def check_text(
        self,
        text: str,
        *,
        path: str = "-",
        edition: str = "latest",
        as_of: str | None = None,
        searches: int | None = CHECK_SEARCHES,
    ) -> Any:
        """The citation checker's report on every rule citation in ``text`` (a CheckReport).

        ``path`` names the text (its suffix chooses how comments are found:
        ``-`` and ``.txt`` read it as prose); ``as_of`` is the date it was
        written. Its words are compared with the rules through the search,
        at most ``searches`` times; it may hold at most
        :data:`~crdex.citations.MAX_CITATIONS` citations.
        """
        from crdex.citations import MAX_CITATIONS, Judge, RuleWords, WordsCheck, check_one
        from crdex.index.search import SearchError

        graph = self.lineage.graph
        try:
            index = self.search_index()
        except SearchError:
            index = None  # words still settle reused numbers; nothing is compared
        words = WordsCheck(graph, RuleWords.of(graph), index, searches)
        judge = Judge(graph, edition, as_of=as_of, words=words)
        return check_one(text, path, judge, limit=MAX_CITATIONS)

    def identify(
        self,
        path: PathLike | None = None,
        *,
        text: str | bytes | None = None,
        name: str = "-",
        format: str | None = None,
    ) -> Placement:
        """Which editions a document's text is: matched, between two, or nearest to some.

        The document is a file or folder (``path``), or its ``text`` (named
        ``name`` in messages); it is parsed as any document is (``format``
        forces a format), then its rules are compared with every edition's
        (see :mod:`crdex.index.placement`).
        """
        from crdex.index.placement import place
        from crdex.parser import parse_bytes, parse_path

        if path is not None:
            edition = parse_path(path, format)
        else:
            data = text.encode("utf-8") if isinstance(text, str) else (text or b"")
            edition = parse_bytes(data, name, format)
        library = self.lineage.library
        return place(edition, library.texts(), library.chain())

    def actions(self, edition: str = "latest") -> tuple[str, list[dict[str, Any]]]:
        """The keyword actions of an edition with their implementations: (edition id, rows)."""
        from crdex.actions.coverage import coverage_table

        ref = self.lineage.edition(edition)
        return ref.id, coverage_table(self.lineage.library.edition(ref.sha256))


def load(paths: Iterable[PathLike] | None = None, *, home: PathLike | None = None) -> Lineage:
    """A :class:`~crdex.index.answers.questions.Lineage` over ``paths`` (kept in memory), or over the library."""
    if paths is not None:
        library = Library(None)
        library.build([os.fspath(p) for p in paths])
        return Lineage(library)
    return open_lineage(resolve_home(home), must_exist=explicit_home(home))


def _index_search(
    view: LibraryView,
    progress: Progress | None,
    notice: Notice | None,
    *,
    force: bool = False,
    workers: int | None = None,
) -> IndexBuild:
    """The search index step of a build: the index of the staged library, for the build to run."""
    from crdex.index.search.building.indexer import IndexBuild

    return IndexBuild(  # type: ignore[arg-type]
        view, force=force, progress=progress, notice=notice, workers=workers
    )


def build(
    paths: Iterable[PathLike],
    *,
    home: PathLike | None = None,
    progress: Progress | None = None,
    notice: Notice | None = None,
    workers: int | None = None,
) -> BuildReport:
    """Add documents to the library at ``home``; publish its editions, graph and search index.

    One build at a time: a second waits for the first (``notice`` says so).
    """
    library = Library(resolve_home(home))
    return library.build(
        [os.fspath(p) for p in paths],
        progress=progress,
        notice=notice,
        workers=workers,
        index=_index_search,
    )


def remove(
    names: Iterable[str],
    *,
    home: PathLike | None = None,
    progress: Progress | None = None,
    notice: Notice | None = None,
) -> BuildReport:
    """Take documents (by id, file name or sha256) or whole editions (by id) out of the library."""
    library = Library(resolve_home(home), must_exist=True)
    return library.build(
        [], remove=list(names), progress=progress, notice=notice, index=_index_search
    )


def verify(
    *,
    home: PathLike | None = None,
    repair: bool = False,
    progress: Progress | None = None,
    notice: Notice | None = None,
) -> VerifyReport:
    """Check that the library's documents, caches, graph and index agree; repair on request."""
    from crdex.index.answers.verify import verify_library

    return verify_library(
        resolve_home(home), repair=repair, index=_index_search, progress=progress, notice=notice
    )


def identify(
    path: PathLike | None = None,
    *,
    text: str | bytes | None = None,
    name: str = "-",
    format: str | None = None,
    home: PathLike | None = None,
) -> Placement:
    """Which editions of the library a document's text is (see :meth:`Reader.identify`)."""
    return Reader(home).identify(path, text=text, name=name, format=format)


def edition(name: str = "latest", *, home: PathLike | None = None) -> Edition:
    """The parsed edition named by id, by date (the one in force that day) or ``latest``."""
    return Reader(home).edition(name)


def rule(
    number: str, edition: str = "latest", *, home: PathLike | None = None
) -> Rule | GlossaryEntry | None:
    """Rule ``number`` (or the glossary entry a term names) as the named edition has it.

    The number is read in that edition: ``rule("701.18", "2017-01-20")`` is
    Shuffle, ``rule("701.18", "2020-07-03")`` is Scry.
    """
    return Reader(home).rule(number, edition)


def show(
    name: str, edition: str | None = None, *, home: PathLike | None = None
) -> RuleView | GlossaryView:
    """A rule with everything under it, or a glossary entry, as ``crdex show`` prints it."""
    return Reader(home).show(name, edition)


def history(
    number: str,
    edition: str | None = None,
    *,
    typography: bool = False,
    home: PathLike | None = None,
) -> History:
    """Every edition of the rule that ``number`` names in ``edition`` (default: its latest).

    Typography-only edits are folded into the versions around them unless ``typography``.
    """
    return Reader(home).history(number, edition, typography=typography)


def resolve(
    number: str, at: str, to: str | None = None, *, home: PathLike | None = None
) -> Resolution:
    """What the rule cited as ``number`` on date ``at`` is called on ``to`` (default: latest)."""
    return Reader(home).resolve(number, at, to)


def diff(old: str, new: str, *, home: PathLike | None = None) -> EditionDiff:
    """What changed between two editions (any two, not only neighbours)."""
    return Reader(home).diff(old, new)


def search(
    query: str,
    *,
    edition: str | None = None,
    as_of: str | None = None,
    all_editions: bool = False,
    limit: int = 10,
    source: str = "cr",
    home: PathLike | None = None,
) -> SearchResult:
    """Rules answering ``query`` in one edition (default: latest), at a date, or across all.

    A rule number ("701.22") is a lookup of that rule and everything under it.
    ``source`` ``"summary"`` searches the library's rulings summaries instead
    of the CR, ``"all"`` both.
    """
    return Reader(home).search(
        query,
        edition=edition,
        as_of=as_of,
        all_editions=all_editions,
        limit=limit,
        source=source,
    )
