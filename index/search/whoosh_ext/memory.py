"""Whoosh indexes kept in memory whose writers never share a scratch folder.

Whoosh's ``RamStorage`` gives a segment writer a temporary folder named
after the index (``/tmp/MAIN.tmp``), the same for every process: two
crdex processes writing an in-memory index at once (the bundled samples'
index, a rulings summaries' index) removed each other's files. Here each
writer gets a folder of its own, and the folders go with the storage (or
at exit): Whoosh never removes the one its per-document writer asks for.
"""

from __future__ import annotations

import shutil
import tempfile
import weakref

from whoosh.filedb.filestore import FileStorage, RamStorage

__all__ = ["MemoryStorage"]


class MemoryStorage(RamStorage):
    """``RamStorage`` whose temporary folders are its own and removed with it."""

    def __init__(self) -> None:
        super().__init__()
        self.scratch: list[str] = []
        weakref.finalize(self, _remove, self.scratch)

    def temp_storage(self, name: str | None = None) -> FileStorage:
        folder = tempfile.mkdtemp(prefix="crdex-", suffix=".tmp")
        self.scratch.append(folder)
        return FileStorage(folder).create()


def _remove(folders: list[str]) -> None:
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)
