"""A published index read where it is mapped: the same answers as Whoosh's own reading, no copy."""

from __future__ import annotations

import io
import mmap
import os
import pickle
import tracemalloc
from pathlib import Path

import pytest
from whoosh import fields
from whoosh import index as whoosh_index
from whoosh.qparser import QueryParser

from crdex.index.search.whoosh_ext.mapped import MappedFile, MappedStorage

SCHEMA = fields.Schema(number=fields.ID(stored=True), body=fields.TEXT(stored=True))
WORDS = [
    "trample",
    "deathtouch",
    "exile",
    "mill",
    "scry",
    "surveil",
    "token",
    "counter",
    "library",
    "graveyard",
]


def _index(folder: Path, documents: int = 3000) -> None:
    """A folder index of one compound segment, as a build publishes it."""
    ix = whoosh_index.create_in(str(folder), SCHEMA)
    writer = ix.writer()
    for n in range(documents):
        body = " ".join(WORDS[(n * k) % len(WORDS)] for k in range(1, 9))
        writer.add_document(number=f"{100 + n // 10}.{n % 10}", body=f"{body} rule{n}")
    writer.commit()


def _answers(ix: whoosh_index.Index, searcher=None) -> list[tuple[str, float]]:
    searcher = searcher or ix.searcher()
    out = []
    for text in ("trample", "exile library", "rule2999", "mill OR scry", "counter*"):
        query = QueryParser("body", ix.schema).parse(text)
        out += [(hit["number"], round(hit.score, 6)) for hit in searcher.search(query, limit=50)]
    return out


def test_the_same_answers_as_whooshs_own_reading(tmp_path: Path) -> None:
    _index(tmp_path)
    assert any(name.endswith(".seg") for name in os.listdir(tmp_path))  # one compound segment
    own = _answers(whoosh_index.open_dir(str(tmp_path), readonly=True))
    mapped = _answers(MappedStorage(str(tmp_path)).open_index())
    assert len(own) > 50
    assert mapped == own


def test_opening_copies_no_file_of_the_segment(tmp_path: Path) -> None:
    _index(tmp_path, documents=20_000)
    segment = next(tmp_path.glob("*.seg")).stat().st_size
    assert segment > 500_000

    def held_while_searching(open_index) -> int:
        tracemalloc.start()
        try:
            ix = open_index()
            with ix.searcher() as searcher:  # what an open searcher holds
                answers = _answers(ix, searcher)
                held = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        assert answers
        return held

    # Whoosh's own reading copies the segment's files into the process (BytesIO)
    assert held_while_searching(lambda: whoosh_index.open_dir(str(tmp_path))) > segment / 2
    assert held_while_searching(lambda: MappedStorage(str(tmp_path)).open_index()) < segment / 4


def _mapped(data: bytes) -> MappedFile:
    source = mmap.mmap(-1, len(data) + 7)
    source[:] = b"x" * 3 + data + b"y" * 4  # a window in the middle of its map
    return MappedFile(source, 3, len(data), "window")


@pytest.mark.parametrize(
    "steps",
    [
        [("read", 5), ("tell",), ("read", -1), ("read", 3), ("tell",)],
        [("seek", 10), ("read", 4), ("seek", -3, os.SEEK_CUR), ("read", 2), ("tell",)],
        [("seek", -6, os.SEEK_END), ("read", 100), ("seek", 500), ("read", 1), ("tell",)],
        [("readline",), ("readline",), ("readline", 2), ("readline",), ("readline",)],
        [("get", 4, 6), ("get", 0, 1000), ("tell",)],
    ],
)
def test_a_window_reads_as_a_file_of_its_bytes(steps: list[tuple]) -> None:
    data = b"first line\nsecond\n\nthird, unended"
    window, reference = _mapped(data), io.BytesIO(data)
    for name, *args in steps:
        if name == "get":  # a read at a position, as Whoosh's BufferFile has it
            start, length = args
            assert window.get(start, length) == data[start : start + length]
        else:
            assert getattr(window, name)(*args) == getattr(reference, name)(*args)


def test_a_part_of_a_window_and_a_pickle_in_it() -> None:
    payload = pickle.dumps({"offset": 12, "names": ["a", "b"]}, protocol=2)
    window = _mapped(b"head" + payload + b"tail")
    part = window.subset(4, len(payload))
    assert len(part) == len(payload)
    assert pickle.load(part.file) == {"offset": 12, "names": ["a", "b"]}
    assert window.subset(4 + len(payload), 100).read() == b"tail"  # cut at the window's end


def test_a_window_is_read_only_and_closed_once() -> None:
    window = _mapped(b"bytes")
    with pytest.raises(OSError, match="window is read-only"):
        window.write(b"more")
    window.close()
    with pytest.raises(ValueError, match="window is already closed"):
        window.close()


def test_an_empty_file_opens(tmp_path: Path) -> None:
    (tmp_path / "empty").write_bytes(b"")
    assert MappedStorage(str(tmp_path)).open_file("empty").read() == b""


def test_a_window_refuses_an_unknown_whence_as_a_file_does() -> None:
    with pytest.raises(ValueError, match="invalid whence"):
        io.BytesIO(b"bytes").seek(0, 3)
    with pytest.raises(ValueError, match="invalid whence"):
        _mapped(b"bytes").seek(0, 3)
