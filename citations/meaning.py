"""What a cited number meant: the rule identity it names, and how that was settled.

A number is not a rule: 502.36 was Scry (2004-06-01 … 2007-02-01), then
Shroud (2007-05-01 … 2009-05-01). A citation means the rule that held its
number when it was written, settled in this order:

1. **pinned** — its own date ("20100716 - 601.2f"): the edition in force
   on that date (:mod:`.judge` reads pins as before);
2. **dated** — the date its line was written (version control), or the
   date given for the whole text (``--as-of``): the edition in force on
   that date, or the one about to take effect. Editions are posted a week
   or two before they take effect, so a line written on 2026-02-20 may
   already follow 2026-02-27: when the number exists only in the coming
   edition, or the citation's words fit the coming edition's rule clearly
   better, it is read there, and the note says so. When neither held the
   number (a citation of a rule long renumbered, or of one not yet
   published), the date settles nothing and the rest of this list does;
3. **only** — the number has stood for one rule only, ever;
4. **words** — the citation's words fit one of the rules the number has
   stood for clearly better than the others (:mod:`.words`);
5. **ambiguous** — none of these settles it: every meaning is listed with
   its editions, and nothing is fixed.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, replace
from typing import Any

from crdex.index.lineage.graph import Graph, Identity
from crdex.index.lineage.history import describe

from .words import RuleWords, stems

__all__ = [
    "COMING",
    "Meaning",
    "Reading",
    "contested",
    "meanings",
    "read_by_words",
    "read_on_date",
]

# how long before taking effect an edition is posted (and may be followed)
COMING = _dt.timedelta(days=16)
# the words settle a meaning when the best fits at least this share of their weight …
WORDS_FIT = 0.3
# … and this much more than any other meaning of the number, with words that weigh at
# least this much (in units of a word one rule alone uses: a term of art, or two ordinary
# words; "one" settles nothing)
WORDS_MARGIN = 0.25
WORDS_WEIGHT = 0.45
# a dated reading is contested (and not rewritten) when another rule the number has meant
# fits the words this much better, by a term of art the dated rule lacks (its weight at
# least half that of a word one rule alone uses: "scrying", "shroud", not "draw")
CONTEST_MARGIN = 0.1
CONTEST_TERM = 0.5


@dataclass(frozen=True, slots=True)
class Meaning:
    """One rule a number has stood for, and the editions in which it held the number."""

    identity: str
    label: str
    first: str
    last: str

    @property
    def brief(self) -> str:
        span = self.first if self.first == self.last else f"{self.first} … {self.last}"
        return f"{self.label} ({span})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "identity": self.identity,
            "label": self.label,
            "first": self.first,
            "last": self.last,
        }


@dataclass(frozen=True, slots=True)
class Reading:
    """How a citation's number is read: the identity, in which edition, settled how.

    ``how`` is one of ``pinned``, ``dated``, ``only``, ``words``,
    ``ambiguous``; ``edition`` the chain index of the edition the number
    is read in (None when ambiguous); ``identity`` None when no rule held
    the number there. ``date`` is the date that settled it, ``note`` says
    anything a reader should know about the reading, ``meanings`` lists
    every rule the number has stood for when there were several.
    """

    how: str
    edition: int | None
    identity: Identity | None
    date: str | None = None
    note: str = ""
    meanings: tuple[Meaning, ...] = ()
    fit: float | None = None
    edition_id: str | None = None

    @property
    def settled(self) -> bool:
        return self.how != "ambiguous"


def meanings(graph: Graph, number: str) -> list[tuple[Identity, int, int]]:
    """Every identity that held ``number``: (identity, first edition, last edition), in order."""
    spans: dict[str, tuple[Identity, int, int]] = {}
    for start, end, ident in graph.holders(number):
        if ident.id in spans:
            _i, lo, hi = spans[ident.id]
            spans[ident.id] = (ident, min(lo, start), max(hi, end))
        else:
            spans[ident.id] = (ident, start, end)
    return sorted(spans.values(), key=lambda s: s[1])


def _meaning(graph: Graph, ident: Identity, first: int, last: int) -> Meaning:
    run = ident.run_at(last) or ident.runs[-1]
    eds = graph.editions
    return Meaning(ident.id, describe(graph.version(ident, run), 60), eds[first].id, eds[last].id)


def listed(graph: Graph, number: str) -> tuple[Meaning, ...]:
    """The meanings of ``number`` as :class:`Meaning` (empty when it had one or none)."""
    spans = meanings(graph, number)
    if len(spans) < 2:
        return ()
    return tuple(_meaning(graph, i, a, b) for i, a, b in spans)


def read_on_date(
    graph: Graph, number: str, date: str, words: list[str], rule_words: RuleWords
) -> Reading:
    """The rule ``number`` named when written on ``date`` (see the module docstring, 2)."""
    eds = graph.editions
    day = _dt.date.fromisoformat(date)
    # before the first edition, the first is the one to read (its text was being written)
    now = max((i for i, ed in enumerate(eds) if ed.date <= date), default=0)
    coming = now + 1
    soon = (
        coming < len(eds)
        and eds[now].date <= date
        and _dt.date.fromisoformat(eds[coming].date) - day <= COMING
    )
    held = graph.holder(number, now)
    later = graph.holder(number, coming) if soon else None
    note = f"read in {eds[coming].id}, the edition about to take effect on {date}" if soon else ""
    if later is not None and (held is None or later is not held):
        if held is None:
            return Reading(
                "dated",
                coming,
                later,
                date,
                note + f" (no {number} in {eds[now].id})",
                edition_id=eds[coming].id,
            )
        now_fit = rule_words.fit(stems(" ".join(words)), rule_words.family(held, now))
        next_fit = rule_words.fit(stems(" ".join(words)), rule_words.family(later, coming))
        if next_fit >= WORDS_FIT and next_fit - now_fit >= WORDS_MARGIN:
            return Reading(
                "dated",
                coming,
                later,
                date,
                note + ": its words fit that rule",
                edition_id=eds[coming].id,
            )
    if held is not None:
        return Reading("dated", now, held, date, edition_id=eds[now].id)
    # no rule held the number when the line was written: its words (or its only rule) say
    # which of the rules that ever held it is meant
    missing = f"no {number} in {eds[now].id}, in force on {date}"
    other = read_by_words(graph, number, words, rule_words)
    if other is None:
        return Reading("dated", now, None, date, missing, edition_id=eds[now].id)
    return replace(other, note=f"{missing}; read by {_HOW[other.how]}")


_HOW = {"only": "its only rule", "words": "its words", "ambiguous": "its words"}


def read_by_words(
    graph: Graph, number: str, words: list[str], rule_words: RuleWords
) -> Reading | None:
    """The rule ``number`` names, when it has stood for one only or its words settle which.

    None when the number never held a rule; an ``ambiguous`` reading when
    its meanings are several and the words do not choose.
    """
    spans = meanings(graph, number)
    if not spans:
        return None
    if len(spans) == 1:
        ident, _first, last = spans[0]
        return Reading("only", last, ident, edition_id=graph.editions[last].id)
    own = stems(" ".join(words))
    if rule_words.weight(rule_words.informative(own)) < WORDS_WEIGHT:
        return Reading("ambiguous", None, None, meanings=tuple(_meaning(graph, *s) for s in spans))
    fits = sorted(
        ((rule_words.fit(own, rule_words.family(i, b)), i, b) for i, _a, b in spans),
        key=lambda f: -f[0],
    )
    listed_ = tuple(_meaning(graph, i, a, b) for i, a, b in spans)
    best, ident, last = fits[0]
    if best >= WORDS_FIT and best - fits[1][0] >= WORDS_MARGIN:
        return Reading(
            "words", last, ident, meanings=listed_, fit=best, edition_id=graph.editions[last].id
        )
    return Reading("ambiguous", None, None, meanings=listed_)


def contested(
    graph: Graph, number: str, reading: Reading, words: list[str], rule_words: RuleWords
) -> Meaning | None:
    """Another rule ``number`` has meant that its words favour over the dated ``reading``.

    Far less than words need to settle a number (:func:`read_by_words`):
    withholding a fix costs little, rewriting a citation to a rule its words
    do not describe corrupts the code. "CR 502.36 is why scrying happens
    before you draw, …" read on 2008-05-01 is Shroud by its date, but
    "scrying" is Scry's, which 502.36 was until 2007-02-01.
    """
    dated, at = reading.identity, reading.edition
    if dated is None or at is None or not words:
        return None
    spans = meanings(graph, number)
    if len(spans) < 2:
        return None
    own = set(stems(" ".join(words)))
    mine = rule_words.family(dated, at)
    base = rule_words.fit(own, mine)
    for ident, first, last in spans:
        if ident is dated:
            continue
        family = rule_words.family(ident, last)
        if rule_words.fit(own, family) - base < CONTEST_MARGIN:
            continue
        if any(rule_words.weight([w]) >= CONTEST_TERM for w in own & family - mine):
            return _meaning(graph, ident, first, last)
    return None
