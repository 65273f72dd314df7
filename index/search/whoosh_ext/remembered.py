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
at most :data:`REMEMBERED` parts, the least recently used forgotten first;
what it remembers goes with it.
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

__all__ = ["REMEMBERED", "Remembered"]

# parts remembered per searcher: the planner wraps only the forms the rules'
# renamings give (a few dozen in all), at 12 bytes a match (every edition's
# "battlefield" forms match some 9,000 documents)
REMEMBERED = 256

_Key = tuple[int, wq.Query]
_Matches = tuple[array, array]

_LOCK = threading.Lock()
_BY_SEARCHER: weakref.WeakKeyDictionary[Searcher, OrderedDict[_Key, _Matches]] = (
    weakref.WeakKeyDictionary()
)


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
            seen = _BY_SEARCHER.setdefault(top, OrderedDict())
            found = seen.get(key)
            if found is not None:
                seen.move_to_end(key)
        if found is None:
            found = _read(self.child.matcher(searcher, context))
            with _LOCK:
                seen[key] = found
                while len(seen) > REMEMBERED:
                    seen.popitem(last=False)
        ids, scores = found
        if not ids:
            return NullMatcher()
        return ListMatcher(ids, weights=scores)


def _read(matcher: Matcher) -> _Matches:
    """Every document ``matcher`` matches, and its score."""
    ids, scores = array("l"), array("d")
    while matcher.is_active():
        ids.append(matcher.id())
        scores.append(matcher.score())
        matcher.next()
    return ids, scores
