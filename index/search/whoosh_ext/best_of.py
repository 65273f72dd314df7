"""One thing asked in several forms, scored by its best form in each document.

A question's word that the rules say otherwise too ("battlefield" and the
old "in play", "two" and "2") counts once, however many of its forms a rule
uses: Whoosh's ``DisjunctionMax`` is meant for that, but its matcher
(``whoosh.matching.DisjunctionMaxMatcher``, Whoosh-Reloaded 2.7.5) scores
wrongly in three ways, found when a search over every edition missed its
own best match:

- its score is the larger of its two sides' scores, whether or not both
  are on the current document: a rule holding only "battlefield" scored
  7.05 against the word's own 3.02, lent "in play"'s score at whatever
  later document that side had reached;
- the tiebreak it is given is never added;
- when a collector replaces matchers as it goes and one side runs out, it
  drops both sides: over every edition, once the first 240 places were
  full, "battlefield" stopped counting for every later document, and a
  question's best match was lost from its candidates.

:class:`BestOf` is Whoosh's query with a matcher of its own: a document's
score is its best form's, plus ``tiebreak`` times the others' it also has.
"""

from __future__ import annotations

from typing import Any

from whoosh import query as wq
from whoosh.matching import Matcher, NullMatcher, ReadTooFar, WrappingMatcher

__all__ = ["BestOf", "BestOfMatcher"]


class BestOf(wq.DisjunctionMax):
    """``DisjunctionMax`` scored by :class:`BestOfMatcher`.

    Two are equal only with the same tiebreak too (Whoosh's equality leaves
    it out): a searcher remembers a part by its query (:mod:`.remembered`),
    and parts of two tiebreaks score differently.
    """

    def __eq__(self, other: object) -> bool:
        return super().__eq__(other) and self.tiebreak == other.tiebreak  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return super().__hash__() ^ hash(self.tiebreak)

    def _matcher(self, subs: list[wq.Query], searcher: Any, context: Any) -> Matcher:
        matchers = [m for m in (sub.matcher(searcher, context) for sub in subs) if m.is_active()]
        if not matchers:
            return NullMatcher()
        best = matchers[0] if len(matchers) == 1 else BestOfMatcher(matchers, self.tiebreak)
        return best if self.boost == 1.0 else WrappingMatcher(best, self.boost)


class BestOfMatcher(Matcher):
    """The documents any of ``matchers`` match, each scored by the best of those on it."""

    def __init__(self, matchers: list[Matcher], tiebreak: float = 0.0) -> None:
        self.matchers = matchers
        self.tiebreak = tiebreak

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.matchers!r}, tiebreak={self.tiebreak})"

    def _active(self) -> list[Matcher]:
        return [m for m in self.matchers if m.is_active()]

    def is_active(self) -> bool:
        return any(m.is_active() for m in self.matchers)

    def id(self) -> int:
        return min(m.id() for m in self._active())

    def _here(self) -> list[Matcher]:
        """The matchers on the current document."""
        active = self._active()
        at = min(m.id() for m in active)
        return [m for m in active if m.id() == at]

    def next(self) -> None:
        here = self._here() if self.is_active() else []
        if not here:
            raise ReadTooFar
        for m in here:
            m.next()

    def skip_to(self, id: int) -> None:
        if not self.is_active():
            raise ReadTooFar
        for m in self._active():
            if m.id() < id:
                m.skip_to(id)

    def score(self) -> float:
        scores = [m.score() for m in self._here()]
        best = max(scores)
        return best + self.tiebreak * (sum(scores) - best)

    def weight(self) -> float:
        return max(m.weight() for m in self._here())

    def reset(self) -> None:
        for m in self.matchers:
            m.reset()

    def copy(self) -> BestOfMatcher:
        return BestOfMatcher([m.copy() for m in self.matchers], self.tiebreak)

    def replace(self, minquality: float = 0) -> Matcher:
        # a form's own bound is no bound on the whole: every form is kept while it matches
        kept = [m.replace(0) for m in self._active()]
        kept = [m for m in kept if m.is_active()]
        if not kept:
            return NullMatcher()
        if len(kept) == 1:
            return kept[0]
        if len(kept) == len(self.matchers) and all(
            a is b for a, b in zip(kept, self.matchers, strict=True)
        ):
            return self
        return BestOfMatcher(kept, self.tiebreak)

    def supports_block_quality(self) -> bool:
        return False

    def max_quality(self) -> float:
        # no document scores more than every form's best at once
        qualities = [m.max_quality() for m in self._active()]
        return max(qualities, default=0.0) + self.tiebreak * (
            sum(qualities) - max(qualities, default=0.0)
        )

    def supports(self, astype: str) -> bool:
        return all(m.supports(astype) for m in self._active())

    def spans(self) -> list[Any]:
        return sorted({s for m in self._here() for s in m.spans()})

    def matching_terms(self, id: int | None = None) -> Any:
        for m in self._here():
            yield from m.matching_terms(id)
