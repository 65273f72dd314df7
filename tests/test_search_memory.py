"""Two in-memory indexes written at once (as two crdex processes may) keep their own scratch."""

from __future__ import annotations

import gc
import os

import pytest
from whoosh import fields
from whoosh.filedb.filestore import RamStorage

from crdex.index.search.whoosh_ext.memory import MemoryStorage


def _two_writers_at_once(storage_class) -> list[int]:
    schema = fields.Schema(body=fields.TEXT(stored=True))
    indexes = [storage_class().create_index(schema) for _ in range(2)]
    writers = [ix.writer() for ix in indexes]
    for n, writer in enumerate(writers):
        writer.add_document(body=f"rule {n}")
    for writer in writers:
        writer.commit()
    return [ix.doc_count() for ix in indexes]


def test_each_writer_has_its_own_scratch_folder() -> None:
    assert _two_writers_at_once(MemoryStorage) == [1, 1]


def test_whoosh_s_own_memory_storage_shares_one() -> None:
    # why MemoryStorage exists: if Whoosh stops sharing the folder, this says so
    with pytest.raises(FileNotFoundError):
        _two_writers_at_once(RamStorage)


def test_the_scratch_folders_go_with_the_storage() -> None:
    storage = MemoryStorage()
    writer = storage.create_index(fields.Schema(body=fields.TEXT)).writer()
    writer.add_document(body="rule")
    writer.commit()
    folders = list(storage.scratch)
    assert any(os.path.isdir(f) for f in folders)  # Whoosh leaves one behind
    del writer, storage
    gc.collect()
    assert not any(os.path.exists(f) for f in folders)
