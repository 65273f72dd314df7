"""Parse caches: each document's tree and lineage snapshot, kept by its sha256.

Layout under the home: ``cache/<parser fingerprint>/<sha256>.tree.zst`` (the
whole tree, :mod:`crdex.parser.serialize`) and ``<sha256>.snap.zst`` (the
slice lineage reads, :mod:`crdex.index.lineage.snapshot`); a library written
before holds ``.gz`` files instead, read as they are. A changed parser has a
new fingerprint and so parses afresh. Files are packed (:mod:`crdex.index.storage.packed`,
whose checksum catches a damaged or cut-short file) and written atomically;
the library's generation records each file's sha256 besides, for ``crdex verify``.

A cache file that cannot be read is :class:`CacheDamaged`: readers report
it (they never write), a build or ``crdex verify --repair`` parses the
document again from where it was added.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from crdex.index.errors import CacheDamaged
from crdex.index.lineage.snapshot import SNAPSHOT_FORMAT, Shared, Snapshot
from crdex.index.storage.generations import write_atomic
from crdex.index.storage.packed import SUFFIX, UNREADABLE, pack, packed_file, unpack
from crdex.parser.fingerprint import parser_fingerprint
from crdex.parser.serialize import edition_from_dict, edition_to_dict
from crdex.parser.tree import Edition

__all__ = ["ParseCache", "file_digest"]

_TREE = ".tree"
_REMEDY = "; run 'crdex verify --repair'"
_SNAP = ".snap"


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class ParseCache:
    """The parse caches of one home, for the parser in use."""

    def __init__(self, home: Path, fingerprint: str | None = None) -> None:
        self.root = home / "cache" / (fingerprint or parser_fingerprint())

    def tree_path(self, sha: str) -> Path:
        return packed_file(self.root / f"{sha}{_TREE}")

    def snapshot_path(self, sha: str) -> Path:
        return packed_file(self.root / f"{sha}{_SNAP}")

    def has(self, sha: str) -> bool:
        return self.tree_path(sha).is_file() and self.snapshot_path(sha).is_file()

    def write(self, edition: Edition, snapshot: Snapshot) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        sha = edition.source.sha256
        for stem, data in ((_TREE, edition_to_dict(edition)), (_SNAP, snapshot.to_dict())):
            write_atomic(self.root / f"{sha}{stem}{SUFFIX}", pack(data))

    def _load(self, path: Path) -> Any:
        try:
            return unpack(path.read_bytes())
        except FileNotFoundError:
            raise CacheDamaged(f"{path}: the parse cache is missing{_REMEDY}") from None
        except UNREADABLE as exc:
            raise CacheDamaged(f"{path}: the parse cache is damaged ({exc}){_REMEDY}") from None

    def tree_dict(self, sha: str) -> dict[str, Any]:
        """A document's tree as plain data (what exports write), straight from the cache."""
        data = self._load(self.tree_path(sha))
        if not isinstance(data, dict) or "rules" not in data:
            raise CacheDamaged(
                f"{self.tree_path(sha)}: the parse cache is damaged (no rules){_REMEDY}"
            )
        return data

    def tree(self, sha: str) -> Edition:
        data = self.tree_dict(sha)
        try:
            return edition_from_dict(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise CacheDamaged(
                f"{self.tree_path(sha)}: the parse cache is damaged ({exc})"
            ) from None

    def snapshot(self, sha: str, shared: Shared | None = None) -> Snapshot:
        """A document's snapshot; ``shared``: see :meth:`Snapshot.from_dict`."""
        data = self._load(self.snapshot_path(sha))
        if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
            raise CacheDamaged(
                f"{self.snapshot_path(sha)}: the snapshot is of another format{_REMEDY}"
            )
        try:
            return Snapshot.from_dict(data, shared)
        except (KeyError, TypeError, ValueError) as exc:
            raise CacheDamaged(
                f"{self.snapshot_path(sha)}: the snapshot is damaged ({exc})"
            ) from None

    def digests(self, sha: str) -> dict[str, str]:
        """File name → sha256 of a document's two cache files (for the generation's manifest)."""
        return {p.name: file_digest(p) for p in (self.tree_path(sha), self.snapshot_path(sha))}
