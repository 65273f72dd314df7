"""From what a person typed to what the index is asked.

Three kinds of query:

- a **rule number** ("701.22", "rule 702.19b", "7"): a lookup of that rule
  and everything under it, not a text search;
- a **plain query** (words, optionally "quoted phrases"): question words
  are dropped, each remaining word or phrase also matches the other ways
  the rules of the edition asked about say it (see :mod:`..terms`);
- an **advanced query**, with Whoosh syntax (AND, OR, NOT, parentheses,
  ``title:`` and ``text:`` fields, ``*`` wildcards), parsed by Whoosh's
  query parser.

Malformed queries (an unclosed parenthesis, an operator with nothing on
one side) raise :class:`QuerySyntaxError` with a caret under the spot. A
quote that is never closed is read as the character it is, which no word
contains: ``scry "zero`` searches scry and zero.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from whoosh import query as wq
from whoosh.qparser import OrGroup, QueryParser
from whoosh.query.terms import MultiTerm

from crdex.index.answers.asked import lookup_number

from ..errors import QuerySyntaxError
from ..schema import analyzer, make_schema
from ..terms import AND, LONGEST, QUERY_STOP_WORDS, Aliases, alternatives, words_of
from ..whoosh_ext.best_of import BestOf
from ..whoosh_ext.remembered import Remembered

__all__ = ["Lookup", "TextQuery", "Unit", "plan"]

_OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"}
# field names a query may use: "text" is every part of a rule, as searched by default
_FIELDS = {"title": "title", "text": "body", "number": "number"}
_FIELD = re.compile(rf"\b(?:{'|'.join(_FIELDS)}):", re.IGNORECASE)
_TOKEN = re.compile(r'"[^"]*"?|[()]|[^\s()"]+')
_PHRASE_SLOP = 1
# a unit of several forms (a word and its other names, "two" and "2") scores as its best
# form in a rule, weighed up: a word the rules also say otherwise is about the game's own
# terms. Measured on the development questions (313) once the forms were scored as their
# best (see ..whoosh_ext.best_of): tiebreak 0.1 / 0 with no weight, 66.8 / 81.8 / 0.749
# and 67.1 / 81.8 / 0.751 (top-1 / top-3 / MRR); with tiebreak 0, a weight of 1.15 / 1.3 /
# 1.45 / 1.6 / 2, 81.8 / 82.1 / 82.4 / 82.4 / 82.1% top-3
UNIT_TIEBREAK = 0.0
UNIT_BOOST = 1.5
_APOSTROPHE = re.compile("['’]")
_PLAIN_TOKEN = re.compile(r"[^\s'’]+(?:['’][^\s'’]+)*")


@dataclass(frozen=True, slots=True)
class Lookup:
    """A query that is a rule number: that rule and everything under it."""

    number: str


@dataclass(frozen=True, slots=True)
class Unit:
    """One thing asked about: the words typed, and other ways of saying them."""

    forms: tuple[tuple[str, ...], ...]
    quoted: bool = False

    @property
    def typed(self) -> tuple[str, ...]:
        return self.forms[0]


@dataclass(slots=True)
class TextQuery:
    """A text search: the Whoosh query, and what it was made of (for ranking and spelling)."""

    query: wq.Query
    units: list[Unit] = field(default_factory=list)
    advanced: bool = False
    words: list[str] = field(default_factory=list)
    text: str = ""

    def stems(self) -> list[list[frozenset[str]]]:
        """Per unit, the stemmed terms of each of its forms."""
        return [[frozenset(_analyze(" ".join(f))) for f in u.forms] for u in self.units]


def _analyze(text: str) -> list[str]:
    return [t.text for t in _ANALYZER(text)]


_ANALYZER = analyzer()


def _syntax(message: str, raw: str, column: int) -> QuerySyntaxError:
    return QuerySyntaxError(f"{message} (column {column + 1})\n  {raw}\n  {' ' * column}^")


def _unquoted(raw: str) -> str:
    """``raw`` without a quote that is never closed (the last of an odd number).

    It is a character no word contains; where it stood between two words it
    still parts them (``scry"zero`` is two words, ``title:"scry`` one field).
    """
    quotes = [m.start() for m in re.finditer('"', raw)]
    if len(quotes) % 2 == 0:
        return raw
    before, after = raw[: quotes[-1]], raw[quotes[-1] + 1 :]
    parts = before[-1:].isalnum() and after[:1].isalnum()
    return before + (" " if parts else "") + after


def _check(raw: str, advanced: bool) -> None:
    """Raise QuerySyntaxError for an unclosed parenthesis or a dangling operator."""
    if not advanced:
        return
    depth, opened = 0, []
    previous: tuple[str, int] | None = None
    for m in _TOKEN.finditer(raw):
        tok, at = m.group(), m.start()
        if tok == "(":
            opened.append(at)
            depth += 1
        elif tok == ")":
            if not opened:
                raise _syntax("this parenthesis closes nothing", raw, at)
            if previous and previous[0] == "(":
                raise _syntax("empty parentheses", raw, at)
            opened.pop()
        if (
            tok in _OPERATORS
            and tok != "NOT"
            and (previous is None or previous[0] in _OPERATORS or previous[0] == "(")
        ):
            raise _syntax(f"'{tok}' needs something before it", raw, at)
        if tok in _OPERATORS and previous and previous[0] == "NOT" and tok != "NOT":
            raise _syntax(f"'{tok}' cannot follow NOT", raw, at)
        if tok == ")" and previous and previous[0] in _OPERATORS:
            raise _syntax(f"'{previous[0]}' needs something after it", raw, previous[1])
        if tok.endswith(":") and _FIELD.fullmatch(tok):
            raise _syntax(f"'{tok}' needs a word or phrase after it", raw, at)
        previous = (tok, at)
    if opened:
        raise _syntax("this parenthesis is never closed", raw, opened[-1])
    if previous and previous[0] in _OPERATORS:
        raise _syntax(f"'{previous[0]}' needs something after it", raw, previous[1])


def _is_advanced(raw: str) -> bool:
    tokens = _TOKEN.findall(raw)
    return (
        any(t in _OPERATORS or t in "()" for t in tokens)
        or bool(_FIELD.search(raw))
        or any("*" in t for t in tokens if not t.startswith('"'))
    )


def _units(raw: str, date: int | None, aliases: Aliases | None) -> tuple[list[Unit], list[str]]:
    """The units of a plain query, and its words (for spelling suggestions)."""
    longest = max([LONGEST, *(len(k) for k in aliases or {})])
    # (words, fixed): a quoted phrase or a contraction ("can't") stays whole
    pieces: list[tuple[tuple[str, ...], bool]] = []
    for m in re.finditer(r'"([^"]*)"|([^"]+)', raw):
        if m.group(1) is not None:
            words = words_of(m.group(1))
            if words:
                pieces.append((words, True))
            continue
        for token in _PLAIN_TOKEN.findall(m.group(2)):
            words = words_of(token)
            if len(words) > 1 and _APOSTROPHE.search(token):
                pieces.append((words, True))
            else:
                pieces.extend(((w,), False) for w in words)
    units: list[Unit] = []
    i = 0
    while i < len(pieces):
        words, quoted = pieces[i]
        if quoted:
            units.append(Unit((words,), quoted=True))
            i += 1
            continue
        # the longest run of plain words from here that the rules say otherwise
        for size in range(min(longest, len(pieces) - i), 0, -1):
            chunk = pieces[i : i + size]
            if any(q for _w, q in chunk):
                continue
            phrase = tuple(w for ws, _q in chunk for w in ws)
            others = alternatives(phrase, date, aliases)
            if others or size == 1:
                units.append(Unit((phrase, *others)))
                i += size
                break
    # words with other forms are known words: never respelled
    plain_words = [w for u in units if not u.quoted and len(u.forms) == 1 for w in u.typed]
    kept = [
        u
        for u in units
        if u.quoted or len(u.forms) > 1 or len(u.typed) > 1 or u.typed[0] not in QUERY_STOP_WORDS
    ]
    return (kept or units), plain_words


def _unit_query(unit: Unit) -> wq.Query | None:
    """A unit's forms; one thing asked about counts once, however many of its forms a rule uses."""
    clauses: list[wq.Query] = []
    seen: set[tuple[tuple[str, ...], ...]] = set()
    for form in unit.forms:
        phrases = tuple(
            terms for part in " ".join(form).split(f" {AND} ") if (terms := tuple(_analyze(part)))
        )
        if not phrases or phrases in seen:
            continue
        seen.add(phrases)
        parts = [
            wq.Term("body", t[0]) if len(t) == 1 else wq.Phrase("body", list(t), slop=_PHRASE_SLOP)
            for t in phrases
        ]
        clauses.append(parts[0] if len(parts) == 1 else wq.And(parts))
    if not clauses:
        return None
    if len(clauses) == 1:
        return clauses[0]
    # the same for every question asking it: read once (see Remembered)
    return Remembered(BestOf(clauses, tiebreak=UNIT_TIEBREAK, boost=UNIT_BOOST))


class StemPrefix(wq.Prefix):
    """A prefix that also finds the words indexed by a shorter stem.

    The index holds stems: "regenerate" and "regeneration" are indexed as
    "regener", so Whoosh's prefix "regenerat*" finds neither. This one also
    takes each indexed term that the prefix itself starts with, if at most
    :data:`STEM_SLACK` letters shorter (what English suffix stripping takes).
    """

    def _btexts(self, ixreader):  # type: ignore[no-untyped-def]
        text = self.text.encode() if isinstance(self.text, str) else self.text
        shorter = text[: max(STEM_MIN, len(text) - STEM_SLACK)]
        for term in ixreader.expand_prefix(self.fieldname, shorter):
            if term.startswith(text) or (text.startswith(term) and len(term) >= STEM_MIN):
                yield term


STEM_SLACK = 3
STEM_MIN = 3


def _by_relevance(query: wq.Query) -> wq.Query:
    """Prefixes and wildcards scored like the words they stand for.

    Whoosh gives every document a prefix or wildcard matches the same score,
    so they came in rule order; here each word it stands for counts as if
    typed, and the rule that uses them most comes first. A prefix finds
    stems too (see :class:`StemPrefix`).
    """
    if isinstance(query, wq.Prefix):
        return StemPrefix(query.fieldname, query.text, boost=query.boost, constantscore=False)
    if isinstance(query, MultiTerm):
        query.constantscore = False
    elif isinstance(query, wq.CompoundQuery):
        query.subqueries = [_by_relevance(q) for q in query.subqueries]
    elif isinstance(query, wq.WrappingQuery):
        query.child = _by_relevance(query.child)
    return query


def plan(raw: str, *, date: int | None, aliases: Aliases | None = None) -> Lookup | TextQuery:
    """What to ask the index for ``raw``, about the edition effective ``date`` (None: all).

    The query is NFKC-normalized first: full-width letters and digits, ligatures
    and other compatibility forms read as the plain ones. ``aliases`` are the
    index's other names from the rules' glossary (see :mod:`..aliases`).
    """
    text = unicodedata.normalize("NFKC", raw).strip()
    if not text:
        raise QuerySyntaxError("the query is empty")
    number = lookup_number(text)
    if number is not None:
        return Lookup(number)
    typed, text = text, _unquoted(text)
    advanced = _is_advanced(text)
    _check(text, advanced)
    if advanced:
        parser = QueryParser("body", _SCHEMA, group=OrGroup)
        spelled = _FIELD.sub(lambda m: _FIELDS[m.group()[:-1].lower()] + ":", text)
        try:
            parsed = parser.parse(spelled)
        except Exception as exc:
            raise QuerySyntaxError(f"cannot read the query {typed!r}: {exc}") from None
        if parsed is wq.NullQuery:
            raise QuerySyntaxError(f"the query {typed!r} has no words to search for")
        # field names are no words; a prefix or wildcard ("scr*", "sc?y") is a pattern,
        # typed so on purpose: neither is respelled
        bare = re.sub(r"\w+:|\S*[*?]\S*", " ", text)
        words = [w for w in words_of(bare) if w not in _OPERATORS_LOWER]
        return TextQuery(_by_relevance(parsed), [], advanced=True, words=words, text=typed)
    units, words = _units(text, date, aliases)
    clauses = [q for q in map(_unit_query, units) if q is not None]
    if not clauses:
        raise QuerySyntaxError(f"the query {typed!r} has no words to search for")
    return TextQuery(wq.Or(clauses), units, advanced=False, words=words, text=typed)


_SCHEMA = make_schema()
_OPERATORS_LOWER = {o.lower() for o in _OPERATORS}
