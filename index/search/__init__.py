"""Search over every edition of the rules: Whoosh's BM25F fused with dense vectors.

One document per distinct version of a rule (identity and wording), with
the dates it is in force: the 126 editions of the corpus hold 330 000
rules and glossary entries, indexed as 18 500 documents, each with a
vector from static word embeddings (see :mod:`.vectors`), and those in
force in the latest edition with a sentence model's vector too (see
:mod:`.models.sentences`), when it is installed. Searches default
to the latest edition, can name any edition or date, or span all editions
grouped by rule. Rule numbers are looked up, not searched; old and new
terminology, players' words and the glossary's other names find each
other; rebuilds are atomic (see :mod:`.store`).

Importing this package loads nothing heavy: each name below is imported
from its module on first use, so a caller that never searches never loads
Whoosh, numpy or the tokenizer.

    >>> from crdex.index.search import open_search
    >>> index = open_search(home)                               # doctest: +SKIP
    >>> index.search("what happens when I scry zero").hits[0].number  # doctest: +SKIP
    '701.22b'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crdex.lazy import lazy_names

from .whoosh_ext.imports import trim_whoosh_imports

if TYPE_CHECKING:
    from .answering.access import bundled_index, open_search
    from .answering.engine import SearchIndex
    from .building.indexer import update_index
    from .building.publishing import IndexReport
    from .errors import (
        IndexBusy,
        IndexDamaged,
        NoSearchIndex,
        QuerySyntaxError,
        SearchError,
        SearchTooCostly,
    )
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
    "SearchTooCostly",
    "Snippet",
    "bundled_index",
    "open_search",
    "update_index",
]

# name → the module of this package that defines it
_HOME = {
    "Group": "results",
    "Hit": "results",
    "SearchResult": "results",
    "Snippet": "results",
    "IndexBusy": "errors",
    "IndexDamaged": "errors",
    "NoSearchIndex": "errors",
    "QuerySyntaxError": "errors",
    "SearchError": "errors",
    "SearchTooCostly": "errors",
    "IndexReport": "building.publishing",
    "update_index": "building.indexer",
    "SearchIndex": "answering.engine",
    "bundled_index": "answering.access",
    "open_search": "answering.access",
}


# before any module of this package imports Whoosh (see .imports)
trim_whoosh_imports()

__getattr__, __dir__ = lazy_names(__name__, _HOME, __all__)
