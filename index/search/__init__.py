"""Search over every edition of the rules, with Whoosh.

One Whoosh document per distinct version of a rule (identity and wording),
with the dates it is in force: the 126 editions of the corpus hold 330 000
rules and glossary entries, indexed as 18 500 documents. Searches default
to the latest edition, can name any edition or date, or span all editions
grouped by rule. Rule numbers are looked up, not searched; old and new
terminology find each other; rebuilds are atomic (see :mod:`.store`).

    >>> from crdex.index.search import open_search
    >>> index = open_search(home)                               # doctest: +SKIP
    >>> index.search("what happens when I scry zero").hits[0].number  # doctest: +SKIP
    '701.22b'
"""

from __future__ import annotations

from .access import bundled_index, open_search
from .engine import SearchIndex
from .errors import (
    IndexBusy,
    IndexDamaged,
    NoSearchIndex,
    QuerySyntaxError,
    SearchError,
)
from .indexer import IndexReport, update_index
from .results import Group, Hit, SearchResult, Snippet

__all__ = [
    "Group",
    "Hit",
    "IndexBusy",
    "IndexDamaged",
    "IndexReport",
    "NoSearchIndex",
    "QuerySyntaxError",
    "SearchError",
    "SearchIndex",
    "SearchResult",
    "Snippet",
    "bundled_index",
    "open_search",
    "update_index",
]
