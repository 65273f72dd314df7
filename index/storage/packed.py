"""Compressed JSON: how a library keeps trees and snapshots on disk.

Plain data (what :mod:`crdex.parser.serialize` and the lineage snapshots
make) written as compact UTF-8 JSON by orjson, byte for byte what
``json.dumps(data, ensure_ascii=False, separators=(",", ":"))`` writes but
ten times faster, then compressed as one Zstandard frame that records its
length and a checksum of its content, so a damaged or cut-short file is
found when read. A build writes ~300 of these files and reads as many, and
every read command reads one: at level 1 a 2.5 MB tree takes 7 ms to
compress and 2.5 ms to read back, against 22 ms and 7 ms for gzip at its
fastest, and the files are a fifth smaller.

Libraries written before hold gzip files (whose CRC-32 plays the same
part); what a file holds is told by its first bytes, so they are read as
they are.

What a file may hold is bounded by :data:`MAX_UNPACKED`: more than any
document within the bounds of :mod:`crdex.corpus.reading` makes (a tree's
JSON is 2.7 times its document for the real editions, and at most about
16 times for a crafted one). :func:`pack` refuses more (a build then
refuses that document, saying why) and :func:`unpack` refuses a file whose
frame claims more before anything is allocated: what a build writes, a
reader reads, and a damaged length is caught.
"""

from __future__ import annotations

import gzip
import io
import zlib
from pathlib import Path
from typing import Any

import orjson
import zstandard

from crdex.index.errors import TooLarge

__all__ = [
    "MAX_UNPACKED",
    "SUFFIX",
    "UNREADABLE",
    "claimed_size",
    "dumps",
    "loads",
    "pack",
    "packed_file",
    "unpack",
]

# the file name ending of what pack() writes (".gz": gzip, in libraries written before)
SUFFIX = ".zst"
LEGACY_SUFFIX = ".gz"

# what reading a damaged or cut-short file may raise
UNREADABLE = (OSError, EOFError, zlib.error, zstandard.ZstdError, ValueError, UnicodeDecodeError)

_ZSTD = b"\x28\xb5\x2f\xfd"
_GZIP = b"\x1f\x8b"
# the most JSON one packed file holds (see the module docstring)
MAX_UNPACKED = 256 << 20


def dumps(data: Any) -> bytes:
    """Compact UTF-8 JSON (non-string keys written as strings, as ``json`` does)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


def loads(raw: bytes | str) -> Any:
    return orjson.loads(raw)


def pack(data: Any) -> bytes:
    """``data`` as JSON in one Zstandard frame; :class:`TooLarge` beyond :data:`MAX_UNPACKED`."""
    raw = dumps(data)
    if len(raw) > MAX_UNPACKED:
        raise TooLarge(f"{len(raw):,} bytes of JSON, more than {MAX_UNPACKED:,}")
    # a compressor per call: one may not be shared between threads (the server's)
    return zstandard.ZstdCompressor(level=1, write_checksum=True).compress(raw)


def claimed_size(raw: bytes) -> int | None:
    """What a Zstandard frame says it holds (None: it does not say, or it is not one)."""
    if not raw.startswith(_ZSTD):
        return None
    try:
        size = zstandard.frame_content_size(raw)
    except zstandard.ZstdError:
        return None
    return size if size >= 0 else None


def unpack(raw: bytes) -> Any:
    """The data of a packed file; one of UNREADABLE if it is damaged or holds too much."""
    if raw.startswith(_ZSTD):
        claimed = zstandard.frame_content_size(raw)
        if claimed > MAX_UNPACKED:
            raise ValueError(
                f"a frame of {len(raw):,} bytes claims to hold {claimed:,}, more than "
                f"a packed file can ({MAX_UNPACKED:,})"
            )
        return orjson.loads(
            zstandard.ZstdDecompressor().decompress(raw, max_output_size=MAX_UNPACKED)
        )
    if raw.startswith(_GZIP):
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as fh:
            data = fh.read(MAX_UNPACKED + 1)
        if len(data) > MAX_UNPACKED:
            raise ValueError(f"a gzip file holds more than a packed file can ({MAX_UNPACKED:,})")
        return orjson.loads(data)
    raise ValueError("neither Zstandard nor gzip")


def packed_file(stem: Path) -> Path:
    """Where the packed file ``stem`` is: written now, or by a library before (gzip)."""
    path = stem.with_name(stem.name + SUFFIX)
    if not path.exists():
        legacy = stem.with_name(stem.name + LEGACY_SUFFIX)
        if legacy.exists():
            return legacy
    return path
