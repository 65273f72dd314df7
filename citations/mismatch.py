"""Does the sentence fit the rule? A cited rule that its own words do not describe.

Engine authors cite 604.3 for a point about zones: the number exists, so
a check of numbers calls it fine. :class:`WordsCheck` compares the words
around a citation (:mod:`.context`) with the rule it means, as it stood in
the edition it is read in (:mod:`.meaning`), and with the rest of that
edition through crdex's own search. Precision comes first: a warning that
is often wrong teaches users to ignore it, and words that merely meet
words of another rule are common (a docstring about the engine's "shields"
and 609.7b's prevention "shields"). A **mismatch** is reported only when
every one of these holds:

1. the citation labels its words (:attr:`.context.Context.labelled`:
   "CR 704.5k: legend rule", "Tap this permanent (CR 701.21a)"; not a
   long sentence about the code that mentions a rule in passing), and they
   weigh :data:`MIN_WEIGHT` at least (two ordinary words);
2. the cited rule, and the rules cited beside it, do not fit: their words
   carry less than :data:`FITS` of the weight of the citation's words
   (:mod:`.words`);
3. a better rule is found, in one of two ways:

   - a dated citation of a number that has named several rules, whose
     words settle it on another of them than its date does
     (:func:`.meaning.read_by_words`): that rule, numbered as in the
     edition the citation is read in (engines cite the number a rule had
     in the edition their author learnt: 701.21a for Tap in 2025, when it
     was Sacrifice); no search is needed;
   - otherwise, for a citation that heads its words (``CR 509.1d:
     Creature with fear …``), the first rule the search answers, when the
     cited rule, a rule above or below it, or a rule cited beside it is
     not among the first :data:`TOP` answers;

4. the better rule's own words (not those of the rules under it: a
   heading's section fits any words about its subject) carry at least
   :data:`BETTER` of the weight, counting words no rule uses, and
   :data:`MARGIN` more than the cited rule's;
5. the words that decide it (those the better rule has and the cited rule
   lacks) name the better rule: one of them is in its title (or its
   heading's) and is a term of art, a word at most about one rule in
   ninety uses (:data:`TERM`: "fear", "mill", "indestructible", "search";
   not "attack", "resolves", "tap").

A mismatch names the better rule (its number then and now), the words
that decided it and a score, the difference of the two fits. It is a
warning, never fixed. Searches cost tens of milliseconds, and run only for
citations that pass 1., 2. and have, among the words the cited rules lack,
a term of art; a caller can bound how many one check may run
(``budget``): past it, words are not compared and
:attr:`WordsCheck.unsearched` counts the citations left.

The constants were chosen on the development citations
(``tests/data/citations-dev.tsv``: 7 warnings, all right, of 33 citations
whose words describe another rule). On the verbose docstrings of an
engine outside that set, the first, looser rules (no label, no name) gave
45 warnings of which 5 were right; on two engines outside it, these give
none in 3,754 citations (tyler274/rummage) and 2, both on wrong
citations, in 119 (jackmaiorino/mtg-kernel).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from crdex.index.lineage.graph import Graph, Identity
from crdex.index.lineage.history import describe
from crdex.parser.numbers import RuleNumber

from .context import Context
from .meaning import Reading, read_by_words
from .words import RuleWords, stems

if TYPE_CHECKING:
    from crdex.index.search import SearchIndex

__all__ = ["BETTER", "FITS", "MARGIN", "MIN_WEIGHT", "TERM", "TOP", "Mismatch", "WordsCheck"]

# weights in units of a word one rule alone uses (see .words): 0.45 is two ordinary words
MIN_WEIGHT = 0.45
FITS = 0.5
TOP = 10
BETTER = 0.35
MARGIN = 0.25
# a term of art: a word at most about one rule in ninety uses (half the weight of a word
# one rule alone uses: "fear", "horsemanship", "indestructible", "token", "loop"; not
# "priority", "card", "return")
TERM = 0.5
_ANSWERS = 10


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A better rule for a citation's words: its number then (``better``) and now (``now``)."""

    better: str
    now: str | None
    label: str
    words: tuple[str, ...]
    score: float
    cited_fit: float
    better_fit: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "better": self.better,
            "now": self.now,
            "label": self.label,
            "words": list(self.words),
            "score": round(self.score, 3),
            "cited_fit": round(self.cited_fit, 3),
            "better_fit": round(self.better_fit, 3),
        }


def _related(a: str, b: str) -> bool:
    """One number is the other, or above it (702.19 and 702.19b; 704 and 704.5k)."""
    try:
        x, y = RuleNumber.parse(a), RuleNumber.parse(b)
    except ValueError:
        return False
    chain = {str(p) for p in _lineage(x)} & {str(p) for p in _lineage(y)}
    return str(x) in chain or str(y) in chain


def _lineage(n: RuleNumber) -> list[RuleNumber]:
    out = [n]
    while (p := out[-1].parent) is not None:
        out.append(p)
    return out


@dataclass(slots=True)
class WordsCheck:
    """Compares citations' words with the rules they cite (see the module docstring)."""

    graph: Graph
    words: RuleWords
    search: SearchIndex | None
    budget: int | None = None
    searches: int = 0
    unsearched: int = 0
    _seen: dict[tuple[Any, ...], Mismatch | None] = field(default_factory=dict)
    _by_words: dict[tuple[str, tuple[str, ...]], Reading | None] = field(default_factory=dict)

    def compare(
        self, reading: Reading, number: str, context: Context, target: int
    ) -> Mismatch | None:
        """A better rule for ``context``'s words than ``reading``'s, or None."""
        ident, at = reading.identity, reading.edition
        if ident is None or at is None or not context.labelled or context.crowded:
            return None
        said = set(stems(context.text))
        own = self.words.informative(said)
        if self.words.weight(own) < MIN_WEIGHT or self.words.reach(said) < BETTER:
            return None  # too few words, or mostly words no rule uses: about code, not a rule
        cited = [(ident, number)] + [
            (h, n) for n in context.cited if (h := self.graph.holder(n, at)) is not None
        ]
        if max(self.words.fit(own, self.words.family(i, at)) for i, _n in cited) >= FITS:
            return None
        if reading.how in ("dated", "pinned"):
            other = self._other_meaning(reading, number, context, target)
            if other is not None:
                return other
        if not context.heads:
            return None
        cited_words = set().union(*(self.words.family(i, at) for i, _n in cited))
        if not any(self.words.weight([w]) >= TERM for w in own - cited_words):
            return None  # no term of art the cited rules lack: no rule can be clearly better
        cited_fit = max(
            self.words.fit(said, self.words.family(i, at), strict=True) for i, _n in cited
        )
        key = (frozenset(said), ident.id, at, tuple(context.cited))
        if key not in self._seen:
            self._seen[key] = self._search(said, context, cited, cited_fit, at, target)
        return self._seen[key]

    def _decides(self, deciding: list[str], better: Identity, at: int) -> bool:
        """The words that decide name the better rule: its name, a term of art ("fear")."""
        named = set(deciding) & self.words.title(better, at)
        return any(self.words.weight([w]) >= TERM for w in named)

    def _other_meaning(
        self, reading: Reading, number: str, context: Context, target: int
    ) -> Mismatch | None:
        """The words settle the number on another rule it has named than its date does.

        An author who cites 701.21a for tapping in 2025 wrote the number Tap
        had until 2025-04-04: the date reads Sacrifice, the words Tap. No
        search is needed: the rule the words name is the better one, when it
        is a rule in the edition the citation is read in.
        """
        key = (number, context.words)
        if key not in self._by_words:
            self._by_words[key] = read_by_words(self.graph, number, list(context.words), self.words)
        by_words = self._by_words[key]
        at = reading.edition
        if by_words is None or by_words.how != "words" or at is None:
            return None
        better = by_words.identity
        if better is None or better is reading.identity:
            return None
        run = better.run_at(at)
        if run is None:
            return None
        said = set(stems(context.text))
        family = self.words.family(better, by_words.edition or at, below=False)
        cited = self.words.family(reading.identity, at) if reading.identity else frozenset()
        cited_fit = self.words.fit(said, cited, strict=True)
        better_fit = self.words.fit(said, family, strict=True)
        if better_fit < BETTER or better_fit - cited_fit < MARGIN:
            return None
        deciding = sorted(said & family - cited)
        if not self._decides(deciding, better, at):
            return None
        return self._mismatch(better, run.key, at, target, context, deciding, cited_fit, better_fit)

    def _mismatch(
        self,
        better: Identity,
        number: str,
        at: int,
        target: int,
        context: Context,
        deciding: list[str],
        cited_fit: float,
        better_fit: float,
    ) -> Mismatch:
        shown = tuple(
            w for w in dict.fromkeys(context.words) if stems(w) and stems(w)[0] in deciding
        )
        now = better.run_at(target)
        run = better.run_at(at)
        label = describe(self.graph.version(better, run), 60) if run is not None else number
        return Mismatch(
            number,
            now.key if now is not None else None,
            label,
            shown,
            better_fit - cited_fit,
            cited_fit,
            better_fit,
        )

    def _search(
        self,
        said: set[str],
        context: Context,
        cited: list[tuple[Identity, str]],
        cited_fit: float,
        at: int,
        target: int,
    ) -> Mismatch | None:
        if self.search is None:
            return None
        if self.budget is not None and self.searches >= self.budget:
            self.unsearched += 1
            return None
        self.searches += 1
        edition = self.graph.editions[at].id
        hits = self.search.search(" ".join(context.words), edition=edition, limit=_ANSWERS).hits
        ids = {i.id for i, _n in cited}
        numbers = [n for _i, n in cited]

        def belongs(identity: str, number: str) -> bool:
            return identity in ids or any(_related(number, n) for n in numbers)

        if any(belongs(h.identity, h.number) for h in hits[:TOP]):
            return None
        best = next((h for h in hits if h.kind != "glossary" and h.number), None)
        if best is None or belongs(best.identity, best.number):
            return None
        better = self.graph.identity(best.identity)
        if better is None:
            return None
        family = self.words.family(better, at, below=False)
        better_fit = self.words.fit(said, family, strict=True)
        if better_fit < BETTER or better_fit - cited_fit < MARGIN:
            return None
        cited_words = set().union(*(self.words.family(i, at) for i, _n in cited))
        deciding = sorted(said & family - cited_words)
        if not self._decides(deciding, better, at):
            return None
        return self._mismatch(
            better, best.number, at, target, context, deciding, cited_fit, better_fit
        )
