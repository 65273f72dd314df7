"""A part of a query whose matches a searcher remembers: read once, then replayed.

A plain question's word that the rules once said otherwise ("battlefield",
"in play" before 2009; "exile", "remove from the game") is asked with its
old forms, and those are phrases. Whoosh matches a phrase by reading the
positions of every document holding all its words: over every edition,
"in play" alone took 26 ms, and the questions naming the battlefield
spent 100–200 ms of their search on its old forms, the same work for
every such question.

What a part of a query matches, and each match's score, depend only on the
part and the index read (BM25F sums its parts' scores; a score's inverse
document frequency is the whole index's), not on the rest of the question.
So :class:`Remembered` reads its part's matches once per searcher and
segment, and gives them back as a list from then on. A searcher remembers
at most :data:`REMEMBERED` matches in all (16 bytes each), the least
recently used part forgotten first; what it remembers goes with it. The
334 development and evaluation questions asked of every edition leave 144
parts of 43,000 matches (0.7 MB) in memory.
"""

from __future__ import annotations

import threading
import weakref
from array import array
from collections import OrderedDict
from typing import Any

from whoosh import query as wq
from whoosh.matching import ListMatcher, Matcher, NullMatcher
from whoosh.searching import Searcher

from .bounds import CHECK_EVERY, check_deadline

__all__ = ["REMEMBERED", "Remembered"]

# matches remembered per searcher (16 MB): every edition's "battlefield" forms
# match some 9,000 documents
REMEMBERED = 1_000_000

_Key = tuple[int, wq.Query]
_Matches = tuple[array, array, float]


class _Memory:
    """What one searcher remembers, least recently used first, and how many matches."""

    def __init__(self) -> None:
        self.parts: OrderedDict[_Key, _Matches] = OrderedDict()
        self.matches = 0

    def get(self, key: _Key) -> _Matches | None:
        found = self.parts.get(key)
        if found is not None:
            self.parts.move_to_end(key)
        return found

    def keep(self, key: _Key, found: _Matches) -> None:
        if key in self.parts:
            return
        self.parts[key] = found
        self.matches += len(found[0])
        while self.matches > REMEMBERED and len(self.parts) > 1:
            _key, (ids, _scores, _best) = self.parts.popitem(last=False)
            self.matches -= len(ids)


_LOCK = threading.Lock()
_BY_SEARCHER: weakref.WeakKeyDictionary[Searcher, _Memory] = weakref.WeakKeyDictionary()


class Remembered(wq.WrappingQuery):
    """``child``, whose matches and scores a searcher reads once and remembers."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.child == other.child  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(type(self).__name__) ^ hash(self.child)

    def __str__(self) -> str:  # it asks what its child asks
        return str(self.child)

    def matcher(self, searcher: Searcher, context: Any = None) -> Matcher:
        top = searcher.parent() if searcher.parent is not None else searcher
        key = (id(searcher.reader()), self.child)
        with _LOCK:
            memory = _BY_SEARCHER.setdefault(top, _Memory())
            found = memory.get(key)
        if found is None:
            found = _read(self.child.matcher(searcher, context))
            with _LOCK:
                memory.keep(key, found)
        ids, scores, best = found
        if not ids:
            return NullMatcher()
        return _Listed(ids, scores, best)


class _Listed(ListMatcher):
    """Whoosh's list of documents and scores, knowing its best score.

    Whoosh's own finds it anew each time a collector asks (``max(weights)``,
    every tenth document collected): over every edition that took a
    question's search from 0.1 to 0.45 s.
    """

    def __init__(self, ids: array, scores: array, best: float) -> None:
        super().__init__(ids, weights=scores)
        self._best = best

    def copy(self) -> _Listed:
        copied = _Listed(self._ids, self._weights, self._best)
        copied._i = self._i
        return copied

    def max_quality(self) -> float:
        return self._best

    def block_max_weight(self) -> float:
        return self._best


def _read(matcher: Matcher) -> _Matches:
    """Every document ``matcher`` matches, its score, and the best score.

    Read under the deadline of the search collecting (:func:`.bounds.check_deadline`):
    past it, nothing is remembered and the search stops as it would while collecting.
    """
    ids, scores = array("l"), array("d")
    while matcher.is_active():
        if len(ids) % CHECK_EVERY == 0:
            check_deadline()
        ids.append(matcher.id())
        scores.append(matcher.score())
        matcher.next()
    return ids, scores, max(scores, default=0.0)
