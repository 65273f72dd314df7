"""Does the sentence fit the rule? A cited rule that its own words do not describe.

Engine authors cite 604.3 for a point about zones: the number exists, so
a check of numbers calls it fine. :class:`WordsCheck` compares the words
around a citation (:mod:`.context`) with the rule it means, as it stood in
the edition it is read in (:mod:`.meaning`), and with the rest of that
edition through crdex's own search. It reports a **mismatch** only when
the cited rule does not fit and another clearly does; precision first, as
a warning that is often wrong teaches users to ignore it.

First, a dated citation of a number that has named several rules: when
its words settle on another of them (:func:`.meaning.read_by_words`) than
its date does, that rule is the better one, numbered as in the edition
the citation is read in (engines cite the number a rule had in the
edition their author learnt: 701.21a for Tap in 2025, when it was
Sacrifice). Otherwise:

1. words that say little (less weight than :data:`MIN_WEIGHT`: two
   ordinary words) are not judged;
2. the cited rule fits when its words carry :data:`FITS` of the weight of
   the citation's words (:mod:`.words`), counting the rules cited in the
   same sentence with it: no search is needed (most citations stop here);
3. otherwise the words are searched in that edition; the cited rule, a
   rule above or below it, or a rule cited beside it among the first
   :data:`TOP` answers fits;
4. otherwise the first answer that is a rule is the better rule when its
   words carry at least :data:`BETTER` of the weight, :data:`MARGIN`
   more than the cited rule's, and the words it has and the cited rule
   lacks include a term of art (a word at most about one rule in ninety
   uses: :data:`TERM`). Common words that happen to meet elsewhere ("the card
   returns to its owner's hand" and ninjutsu's "return ... to its owner's
   hand"; "receives priority after" and 608.2g's "no player receives
   priority after it's cast") are no evidence.

The constants were chosen on the development citations
(``tests/data/citations-dev.tsv``): with the term of art, every setting
near them (the cited rule's fit 0.5 or 0.6, the better one's 0.3 to 0.6,
a margin of 0.15 to 0.25, the first five or ten answers) warns rightly
every time there, 11 to 14 of the 33 citations whose words describe
another rule; without it, 20 of 26 warnings are right. The better rule
needs only a third of the weight because a sentence says more than its
rule ("scrying happens before you draw": "scry" decides, "draw" is the
sentence's own).
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

__all__ = ["BETTER", "FITS", "MARGIN", "MIN_WEIGHT", "TOP", "Mismatch", "WordsCheck"]

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
        if ident is None or at is None or not context.text or context.crowded:
            return None
        if reading.how in ("dated", "pinned"):
            other = self._other_meaning(reading, number, context, target)
            if other is not None:
                return other
        own = self.words.informative(stems(context.text))
        if self.words.weight(own) < MIN_WEIGHT:
            return None
        cited = [(ident, number)] + [
            (h, n) for n in context.cited if (h := self.graph.holder(n, at)) is not None
        ]
        cited_fit = max(self.words.fit(own, self.words.family(i, at)) for i, _n in cited)
        if cited_fit >= FITS:
            return None
        key = (frozenset(own), ident.id, at, tuple(context.cited))
        if key not in self._seen:
            self._seen[key] = self._search(own, context, cited, cited_fit, at, target)
        return self._seen[key]

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
        own = self.words.informative(stems(context.text))
        family = self.words.family(better, by_words.edition or at)
        cited = self.words.family(reading.identity, at) if reading.identity else frozenset()
        cited_fit, better_fit = self.words.fit(own, cited), by_words.fit or 0.0
        deciding = sorted(own & family - cited)
        shown = tuple(
            w for w in dict.fromkeys(context.words) if stems(w) and stems(w)[0] in deciding
        )
        now = better.run_at(target)
        label = describe(self.graph.version(better, run), 60)
        return Mismatch(
            run.key,
            now.key if now is not None else None,
            label,
            shown,
            better_fit - cited_fit,
            cited_fit,
            better_fit,
        )

    def _search(
        self,
        own: set[str],
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
        family = self.words.family(better, at)
        better_fit = self.words.fit(own, family)
        if better_fit < BETTER or better_fit - cited_fit < MARGIN:
            return None
        cited_words = set().union(*(self.words.family(i, at) for i, _n in cited))
        deciding = sorted(own & family - cited_words)
        if not any(self.words.weight([w]) >= TERM for w in deciding):
            return None
        shown = tuple(
            w for w in dict.fromkeys(context.words) if stems(w) and stems(w)[0] in deciding
        )
        now = better.run_at(target)
        run = better.run_at(at)
        label = describe(self.graph.version(better, run), 60) if run is not None else best.title
        return Mismatch(
            best.number,
            now.key if now is not None else None,
            label,
            shown,
            better_fit - cited_fit,
            cited_fit,
            better_fit,
        )
