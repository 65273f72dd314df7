"""The names of a search index generation's files, and the table by document number.

Kept apart from :mod:`.building.indexer`, which writes them, so that reading a
generation (:mod:`.answering.generation`) does not import the writing code.
"""

from __future__ import annotations

__all__ = ["WORDS_FILE", "Cover", "cover_file", "index_name"]

WORDS_FILE = "words.json"

# document number → the date ranges it is in force (None: deleted)
Cover = list[list[list[int]] | None]


def index_name(part: str) -> str:
    """The Whoosh index name of a part (``latest``, ``earlier``)."""
    return part.upper()


def cover_file(part: str) -> str:
    """The file of a part's cover table (:data:`Cover`, JSON)."""
    return f"cover-{part}.json"
