"""Packed files (trees and snapshots): Zstandard now, gzip as libraries wrote them before."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest

from conftest import REPO
from crdex.index.answers.verify import verify_library
from crdex.index.errors import TooLarge
from crdex.index.library import Library
from crdex.index.library.caches import file_digest
from crdex.index.storage.packed import (
    MAX_UNPACKED,
    UNREADABLE,
    dumps,
    pack,
    packed_file,
    unpack,
)

SAMPLE = REPO / "corpus" / "samples" / "2022-10-07.keyword-actions.txt"
DATA = {"rules": [{"number": "701.22", "text": "To scry N, look at the top N cards…"}], "n": 3}


def test_packed_data_reads_back_as_written() -> None:
    raw = pack(DATA)
    assert raw[:4] == b"\x28\xb5\x2f\xfd"  # a Zstandard frame
    assert unpack(raw) == DATA


def test_a_gzip_file_of_an_earlier_library_reads_as_it_is() -> None:
    assert unpack(gzip.compress(dumps(DATA), 1, mtime=0)) == DATA


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: raw[: len(raw) // 2],  # cut short
        lambda raw: raw[:-3] + bytes([raw[-3] ^ 0xFF]) + raw[-2:],  # the checksum disagrees
        lambda raw: b"",
        lambda raw: b"{}",  # neither format
        lambda raw: gzip.compress(dumps(DATA))[:-6],  # gzip cut short
    ],
    ids=["cut", "flipped", "empty", "plain", "gzip-cut"],
)
def test_a_damaged_file_is_unreadable_not_a_crash(damage) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UNREADABLE):
        unpack(damage(pack(DATA)))


def test_a_frame_claiming_more_than_a_packed_file_holds_is_refused_before_it_is_allocated() -> None:
    # a frame header (magic, a single segment with an 8-byte content size) claiming one
    # byte more than any packed file may hold, then one raw last block
    claimed = MAX_UNPACKED + 1
    raw = b"\x28\xb5\x2f\xfd" + b"\xe0" + claimed.to_bytes(8, "little") + b"\x19\x00\x00{}"
    with pytest.raises(ValueError, match=f"claims to hold {claimed:,}, more than a packed file"):
        unpack(raw)


def test_data_that_compresses_far_better_than_json_usually_does_reads_back() -> None:
    # four megabytes of one character pack into a few hundred bytes: a document of one
    # line repeated makes such a tree, and what a build writes a reader must read
    data = "0" * (4 << 20)
    raw = pack(data)
    assert len(raw) < 1000
    assert unpack(raw) == data


def test_data_larger_than_a_packed_file_holds_is_not_packed() -> None:
    with pytest.raises(TooLarge, match=f"more than {MAX_UNPACKED:,}"):
        pack("0" * (MAX_UNPACKED + 1))


def test_the_file_of_a_stem_is_the_new_one_or_else_the_legacy_one(tmp_path: Path) -> None:
    stem = tmp_path / "abc.tree"
    assert packed_file(stem) == tmp_path / "abc.tree.zst"  # neither: where one is written
    (tmp_path / "abc.tree.gz").write_bytes(b"")
    assert packed_file(stem) == tmp_path / "abc.tree.gz"
    (tmp_path / "abc.tree.zst").write_bytes(b"")
    assert packed_file(stem) == tmp_path / "abc.tree.zst"


def test_a_library_with_gzip_caches_is_read_and_built_on(tmp_path: Path) -> None:
    doc = tmp_path / "2022-10-07.keyword-actions.md"
    shutil.copy(SAMPLE, doc)
    home = tmp_path / "home"
    Library(home).build([doc])
    first = Library(home).edition(next(iter(Library(home).documents)))
    # make the library what one written before is: gzip files named .gz, recorded so
    packed = list(home.rglob("*.zst"))
    assert {p.name.split(".")[1] for p in packed} == {"tree", "snap"}
    for path in packed:
        path.with_suffix(".gz").write_bytes(gzip.compress(dumps(unpack(path.read_bytes())), 1))
        path.unlink()
    manifest = home / (home / "CURRENT").read_text("utf-8").strip() / "manifest.json"
    data = json.loads(manifest.read_text("utf-8"))
    for field, root in (("caches", home / "cache" / data["parser"]), ("files", manifest.parent)):
        data[field] = {
            name.replace(".zst", ".gz"): file_digest(root / name.replace(".zst", ".gz"))
            for name in data[field]
        }
    manifest.write_text(json.dumps(data), "utf-8")
    assert verify_library(home).ok
    assert Library(home).edition(first.source.sha256) == first
    report = Library(home).build([doc])
    assert report.documents.reparsed == [] and report.documents.added == []
    assert Library(home).edition(first.source.sha256) == first
    assert verify_library(home).ok
