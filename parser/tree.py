"""The normalized rule tree every source format is parsed into.

One shape for every era and format, so that everything downstream (lineage,
search, actions, exports) reads one thing. Source positions (``Span``) are
kept out of equality: the same rule parsed from a markdown file and from the
official text compares equal.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from dataclasses import dataclass, field

from .normalize import normalize_text
from .numbers import RuleNumber

__all__ = [
    "ABSORBED",
    "CR_NUMBERING",
    "Accounting",
    "Citation",
    "ContentsEntry",
    "Edition",
    "Example",
    "GlossaryEntry",
    "IndexEntry",
    "Note",
    "Reference",
    "Repair",
    "Rule",
    "Ruling",
    "Source",
    "Span",
]

#: The numbering of the Comprehensive Rules (``701.22a``), the only numbering
#: ``Edition.rules`` ever holds.
CR_NUMBERING = "cr"


# Span and Reference are values: nothing changes one once it is made (a builder
# that extends a rule's span makes a new Span). They are not frozen dataclasses
# because a frozen dataclass's __init__ sets each field through
# object.__setattr__, four times the cost of a plain one (500 ns against 130),
# and a parse makes one of each per rule and per reference: 1.5 ms of the
# largest edition's 55. ``unsafe_hash`` keeps them hashable by their fields.


@dataclass(slots=True, unsafe_hash=True)
class Span:
    """Where a node came from: 1-based line and column, inclusive end line."""

    path: str
    line: int
    column: int = 1
    end_line: int | None = None


@dataclass(slots=True, unsafe_hash=True)
class Reference:
    """A cross-reference written in a rule's text.

    ``kind`` is ``"rule"`` (a rule or subrule), ``"section"`` ("section 7") or
    ``"range"`` member; ranges such as "601.2a–h" are expanded into one
    Reference per member, all sharing the same ``text`` and ``start``.
    """

    target: str
    kind: str
    text: str
    start: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Citation:
    """A source a rulings page gives for what it says, written in brackets.

    "[D'Angelo 10/08/98]" is a person and a date, "[Fifth Edition, Page 30]"
    a document and a page, "[Urza's Saga Rule Page]" a document alone.
    ``kind`` is ``"person"`` or ``"document"`` as the page itself tells them
    apart (its credits say who its people are), or None when it cannot
    tell. ``date`` is ISO as far as it is given ("1998-10-08", "1997-01",
    "1994"); ``who`` is what the page's credits say of the name. ``start``
    is where the bracket stood in the text it was taken out of.
    """

    text: str
    name: str
    kind: str | None
    date: str | None = None
    page: str | None = None
    issue: str | None = None
    who: str | None = None
    start: int = field(default=0, compare=False)


@dataclass(slots=True)
class Example:
    text: str
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(slots=True)
class Ruling:
    """A ruling attached to a rule by a rulings page.

    ``filed_under`` is the number the page filed it under when that differs
    from the rule it sits beside; such rulings are kept where the page put
    them and flagged.
    """

    text: str
    source: str | None = None
    date: str | None = None
    number: str | None = None
    filed_under: str | None = None
    span: Span | None = field(default=None, compare=False, repr=False)
    # pages that cite several sources per ruling (the 1999 summary): all of
    # them, the first also in ``source``/``date``
    sources: list[Citation] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    changed: bool = False  # marked as changed since the page's previous release

    @property
    def flagged(self) -> bool:
        return self.filed_under is not None


@dataclass(slots=True)
class Note:
    """A note a rulings page adds to a topic ("Note - …") or inside one of its rules."""

    text: str
    sources: list[Citation] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    changed: bool = False
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(slots=True)
class Rule:
    """A numbered node: a section ("7"), a rule ("701", "701.22") or a subrule."""

    number: str
    kind: str
    text: str
    title: str | None = None
    parent: str | None = None
    examples: list[Example] = field(default_factory=list)
    # What only a rulings page gives a rule (its rulings, citations, sources and
    # notes) is kept in tuples: empty for every rule of the Comprehensive Rules,
    # they share the one empty tuple. A list per field was four more objects per
    # rule for the cycle collector to walk: 3 ms of the largest edition's parse.
    rulings: tuple[Ruling, ...] = ()
    references: list[Reference] = field(default_factory=list)
    children: list[str] = field(default_factory=list)
    citations: tuple[tuple[str, str | None], ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)
    sources: tuple[Citation, ...] = ()
    notes: tuple[Note, ...] = ()
    changed: bool = False

    @property
    def value(self) -> RuleNumber:
        return RuleNumber.parse(self.number)

    @property
    def normalized(self) -> str:
        """Text with typography folded, for matching across editions."""
        return normalize_text(self.text)

    @property
    def heading(self) -> str:
        """Number and title or text, as a person would cite it."""
        return f"{self.number} {self.title or self.text}".strip()


@dataclass(slots=True)
class GlossaryEntry:
    term: str
    definition: str
    aliases: list[str] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    obsolete: bool = False
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(slots=True)
class IndexEntry:
    """A line of a document's own index: "Trample, A.27", "Deck, see Library", "Abilities".

    ``targets`` are numbers in the document's numbering; ``see`` names
    another entry; a line with neither is a heading of the entries below it.
    """

    term: str
    targets: list[str] = field(default_factory=list)
    see: str | None = None
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def heading(self) -> bool:
        return not self.targets and self.see is None


@dataclass(slots=True)
class ContentsEntry:
    number: str | None
    title: str
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(slots=True)
class Repair:
    """Something ingestion changed or skipped, with where and why."""

    line: int
    kind: str
    reason: str
    original: str = ""
    replacement: str | None = None
    column: int = 1
    # the file, when the document is a book of several files (relative to the book)
    path: str | None = None


@dataclass(slots=True)
class Source:
    path: str
    sha256: str
    format: str
    encoding: str
    line_endings: dict[str, int] = field(default_factory=dict)
    bytes: int = 0


#: The kind of a line nothing the grammar names fitted: joined to a neighbour, or
#: kept only in the repairs. Every other kind is a construct the line was read as.
ABSORBED = "absorbed"


@dataclass(slots=True)
class Accounting:
    """Every input line is either in a node or in ``repairs``: that is *accounted*.

    Of those, a line is *understood* when it was read as a construct the
    grammar names (a rule line, an example, a heading, a glossary term or
    definition, the contents, the credits, a blank line, a hard-wrapped
    line continuing its paragraph …) and *absorbed* when nothing fitted it
    and it was joined to a neighbour; each absorbed line has a repair that
    says where it went and why. ``by_kind`` counts the lines of each kind,
    the absorbed ones under :data:`ABSORBED`.
    """

    lines_total: int
    lines_accounted: int
    by_kind: dict[str, int] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return self.lines_total == self.lines_accounted

    @property
    def ratio(self) -> float:
        return 1.0 if not self.lines_total else self.lines_accounted / self.lines_total

    @property
    def lines_absorbed(self) -> int:
        return self.by_kind.get(ABSORBED, 0)

    @property
    def lines_understood(self) -> int:
        return self.lines_accounted - self.lines_absorbed

    @property
    def understood_ratio(self) -> float:
        return 1.0 if not self.lines_total else self.lines_understood / self.lines_total


@dataclass(slots=True)
class Edition:
    """One parsed document.

    ``rules`` holds rules numbered in the Comprehensive Rules' numbering
    only, so everything that follows rules across editions can trust it. A
    document with a numbering of its own (``numbering`` is not
    ``CR_NUMBERING``: the 1999 rulings summary numbers its topics ``A.27``)
    keeps its numbered nodes in ``items``, its index in ``index_entries``,
    and leaves ``rules`` empty.
    """

    id: str
    effective_date: _dt.date | None
    title: str
    source: Source
    rules: list[Rule] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    contents: list[ContentsEntry] = field(default_factory=list)
    introduction: list[str] = field(default_factory=list)
    credits: list[str] = field(default_factory=list)
    book_index: list[str] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list, compare=False)
    accounting: Accounting | None = field(default=None, compare=False)
    numbering: str = CR_NUMBERING
    items: list[Rule] = field(default_factory=list)
    index_entries: list[IndexEntry] = field(default_factory=list)
    # the date of the release before this one, when the document names it
    changes_since: str | None = None
    _by_number: dict[str, Rule] = field(default_factory=dict, compare=False, repr=False)
    _by_item: dict[str, Rule] = field(default_factory=dict, compare=False, repr=False)
    # where the effective date was read (crdex.corpus.identify.DATE_SOURCES: the
    # document's own words, or only its file name); known right after parsing,
    # not kept in caches or exports
    date_source: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        self.reindex()

    def reindex(self) -> None:
        self._by_number = {r.number: r for r in self.rules}
        self._by_item = {}
        for item in self.items:
            self._by_item.setdefault(item.number, item)

    def item(self, number: str) -> Rule | None:
        """A node of the document's own numbering ("A.27", "A.27.2"); the first of a repeated number."""
        return self._by_item.get(number)

    def rule(self, number: str) -> Rule | None:
        return self._by_number.get(str(RuleNumber.parse(number)))

    def __contains__(self, number: object) -> bool:
        return isinstance(number, str) and self.rule(number) is not None

    @property
    def sections(self) -> list[Rule]:
        return [r for r in self.rules if r.kind == "section"]

    @property
    def examples(self) -> Iterator[Example]:
        for r in self.rules:
            yield from r.examples

    def subtree(self, number: str) -> Iterator[Rule]:
        """The rule and all its descendants, in document order."""
        root = self.rule(number)
        if root is None:
            return
        stack = [root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(
                self._by_number[c] for c in reversed(node.children) if c in self._by_number
            )

    def glossary_entry(self, term: str) -> GlossaryEntry | None:
        key = term.casefold()
        for entry in self.glossary:
            if entry.term.casefold() == key or key in (a.casefold() for a in entry.aliases):
                return entry
        return None
