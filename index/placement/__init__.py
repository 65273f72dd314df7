"""Which edition is this? A document placed among a library's editions by its text.

``texts`` keeps every edition's rule wordings by place (``texts.sqlite`` in
each generation, updated as editions come and go); ``compare`` says how one
rule's wording stands to an edition's; ``place`` places a whole document
(matched, between two editions, or nearest to some) and ``explain`` says
why each rule differs; ``undated`` is a build's step that makes a document
with no date of its own a witness of the editions its text matches.

Not :mod:`crdex.corpus.identify`, which reads the date a document states.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crdex.lazy import lazy_names

if TYPE_CHECKING:
    from .errors import NotPlaceable, PlacementError, TextTooLarge
    from .place import place
    from .result import Difference, DocumentRepair, Placement, Run
    from .texts import TEXTS, TextIndex, write_text_index

__all__ = [
    "TEXTS",
    "Difference",
    "DocumentRepair",
    "NotPlaceable",
    "Placement",
    "PlacementError",
    "Run",
    "TextIndex",
    "TextTooLarge",
    "place",
    "write_text_index",
]

_HOME = {
    "TEXTS": "texts",
    "Difference": "result",
    "DocumentRepair": "result",
    "NotPlaceable": "errors",
    "Placement": "result",
    "PlacementError": "errors",
    "Run": "result",
    "TextIndex": "texts",
    "TextTooLarge": "errors",
    "place": "place",
    "write_text_index": "texts",
}

__getattr__, __dir__ = lazy_names(__name__, _HOME, __all__)
