"""Whoosh indexes kept in memory whose writers never share a scratch folder.

Whoosh's ``RamStorage`` gives a segment writer a temporary folder named
after the index (``/tmp/MAIN.tmp``), the same for every process: two
crdex processes writing an in-memory index at once (the bundled samples'
index, a rulings summaries' index) removed each other's files. Here each
writer gets a folder of its own.
"""

from __future__ import annotations

from whoosh.filedb.filestore import FileStorage, RamStorage

__all__ = ["MemoryStorage"]


class MemoryStorage(RamStorage):
    """``RamStorage`` whose temporary folders have random names."""

    def temp_storage(self, name: str | None = None) -> FileStorage:
        return super().temp_storage(None)
