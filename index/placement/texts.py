"""The rule texts of every edition, indexed by place, so that a document is placed in one query.

To say which editions a document's text is, its rules are compared with
every edition's rules of the same numbers, and the editions' rules that
stand among the document's but that it lacks are counted against them.
Reading 126 trees for that would cost a hundred times the parse of an
excerpt; this index answers it with one range query per stretch the
document covers.

A **version** is one rule number with one wording (title and text, as the
snapshots tidy them), and the trees (documents' or composed editions',
by their key) that have it: most rules keep their wording for years, so
the corpus's 380,000 rules of 126 editions are 18,000 versions. Each is
found by its ``place``, the rule number as an integer in rule order, so
that a section, or a span from one number to another, is one range.

The index lives in ``texts.sqlite`` in each generation. It is kept up to
date incrementally: a build reads the last generation's index, drops the
trees no longer in the chain and reduces only the new ones (a new
edition's snapshot, a composed edition made anew), then writes the whole
file aside. Wordings are stored as written; their folded keys are worked
out when a placement compares them, and only for the few it compares.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from crdex.index.errors import LibraryError
from crdex.parser.numbers import RuleNumber

from .compare import Keys, keys

if TYPE_CHECKING:
    from crdex.index.library.editions import EditionRecord
    from crdex.index.lineage.snapshot import Snapshot

Wording = tuple[str, str]

__all__ = [
    "TEXTS",
    "Found",
    "TextIndex",
    "Versions",
    "place_of",
    "update_versions",
    "write_text_index",
]

TEXTS = "texts.sqlite"
# bump when the rows are made differently or the tables change shape
TEXTS_FORMAT = 1

# a wording's keys (see .compare.keys) are stored with it: a placement compares them, and
# reads a wording's text only where the keys cannot tell (a document's rule cut short)
_SCHEMA = """
CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE trees(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE);
CREATE TABLE wordings(id INTEGER PRIMARY KEY, title TEXT NOT NULL, text TEXT NOT NULL,
    layout INTEGER NOT NULL, words INTEGER NOT NULL, length INTEGER NOT NULL,
    heading INTEGER NOT NULL);
CREATE TABLE versions(place INTEGER NOT NULL, number TEXT NOT NULL, wording INTEGER NOT NULL,
    trees BLOB NOT NULL);
CREATE INDEX versions_place ON versions(place);
"""


def place_of(number: str) -> int | None:
    """A rule number as an integer in rule order (701 < 701.1 < 701.1a < 701.2), or None."""
    try:
        section, rule, letters = RuleNumber.parse(number).sort_key()
    except ValueError:
        return None
    # section: 699.5 for "7" (twice: whole), rule: -1 for none, letters: halves for l and o
    return int(section * 2) * 10_000_000 + int(rule + 1) * 10_000 + int(letters * 2)


@dataclass(slots=True)
class Found:
    """The versions in some ranges, column by column: version ``v`` is number ``numbers[v]``
    with wording ``wordings[v]``, whose keys (:func:`.compare.keys`) are ``layout[v]``,
    ``words[v]`` and ``length[v]``; ``heading[v]``: a title alone; its trees are
    ``trees[starts[v]:starts[v + 1]]``."""

    numbers: list[str]
    wordings: np.ndarray
    layout: np.ndarray
    words: np.ndarray
    length: np.ndarray
    heading: np.ndarray
    trees: np.ndarray
    starts: np.ndarray

    def __len__(self) -> int:
        return len(self.numbers)


@dataclass(slots=True)
class Versions:
    """The index in memory: trees, wordings and versions, as a build updates them."""

    trees: dict[str, int] = field(default_factory=dict)
    wordings: dict[Wording, int] = field(default_factory=dict)
    # wording id → its keys (layout, words, length) and whether it is a heading
    keys: dict[int, tuple[Keys, bool]] = field(default_factory=dict)
    # (number, wording id) → the tree ids that have it
    versions: dict[tuple[str, int], set[int]] = field(default_factory=dict)

    def drop(self, keep: set[str]) -> None:
        """Forget the trees not in ``keep``, and the versions and wordings only they had."""
        gone = {i for key, i in self.trees.items() if key not in keep}
        if not gone:
            return
        self.trees = {key: i for key, i in self.trees.items() if i not in gone}
        for version, trees in list(self.versions.items()):
            trees -= gone
            if not trees:
                del self.versions[version]
        used = {wording for _number, wording in self.versions}
        self.wordings = {w: i for w, i in self.wordings.items() if i in used}
        self.keys = {i: k for i, k in self.keys.items() if i in used}

    def add(self, key: str, snapshot: Snapshot) -> None:
        """Every rule of one tree (a document's, or a composed edition's)."""
        tree = self.trees.setdefault(key, max(self.trees.values(), default=0) + 1)
        wordings = self.wordings
        fresh = max(wordings.values(), default=0) + 1
        for node in snapshot.rules:
            pair = (node.title, node.text)
            wording = wordings.get(pair)
            if wording is None:
                wording = wordings[pair] = fresh
                self.keys[fresh] = (keys(pair), bool(node.title) and not node.text)
                fresh += 1
            self.versions.setdefault((node.key, wording), set()).add(tree)


def _read(path: Path, parser: str) -> Versions | None:
    """The index a previous generation wrote, if it is of this format and parser."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            meta = dict(db.execute("SELECT name, value FROM meta"))
            if meta.get("format") != str(TEXTS_FORMAT) or meta.get("parser") != parser:
                return None
            out = Versions()
            out.trees = dict(db.execute("SELECT key, id FROM trees"))
            for i, title, text, layout, words, length, heading in db.execute(
                "SELECT * FROM wordings"
            ):
                out.wordings[(title, text)] = i
                out.keys[i] = ((layout, words, length), bool(heading))
            for _place, number, wording, trees in db.execute("SELECT * FROM versions"):
                out.versions[(number, wording)] = set(_tree_ids(trees).tolist())
            return out
        finally:
            db.close()
    except (sqlite3.Error, ValueError):
        return None


def _tree_blob(trees: set[int]) -> bytes:
    """Tree ids as little-endian 32-bit integers: read back by numpy in one call."""
    return np.array(sorted(trees), dtype="<u4").tobytes()


def _tree_ids(blob: bytes) -> np.ndarray:
    if len(blob) % 4:
        raise ValueError("a list of tree ids of a length not a multiple of 4")
    return np.frombuffer(blob, dtype="<u4")


def _fill(db: sqlite3.Connection, versions: Versions) -> None:
    """The tables of ``versions`` into a new database."""
    db.executescript(_SCHEMA)
    db.executemany("INSERT INTO trees VALUES (?, ?)", [(i, k) for k, i in versions.trees.items()])
    db.executemany(
        "INSERT INTO wordings VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (i, t, x, *versions.keys[i][0], int(versions.keys[i][1]))
            for (t, x), i in versions.wordings.items()
        ],
    )
    rows = [
        (place, number, wording, _tree_blob(trees))
        for (number, wording), trees in versions.versions.items()
        if (place := place_of(number)) is not None
    ]
    rows.sort()
    db.executemany("INSERT INTO versions VALUES (?, ?, ?, ?)", rows)


def _write(path: Path, versions: Versions, parser: str) -> None:
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    try:
        # a file of the scratch directory: a failed build leaves it behind whole, unread
        db.execute("PRAGMA journal_mode=OFF")
        _fill(db, versions)
        db.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [("format", str(TEXTS_FORMAT)), ("parser", parser)],
        )
        db.commit()
    except sqlite3.Error as exc:
        raise LibraryError(f"{path}: the text index cannot be written ({exc})") from None
    finally:
        db.close()


def update_versions(
    versions: Versions,
    chain: Sequence[EditionRecord],
    snapshot: Callable[[str], Snapshot],
) -> list[str]:
    """Bring ``versions`` to the trees of ``chain``; the keys it had to read anew."""
    versions.drop({r.key for r in chain})
    todo = [r.key for r in chain if r.key not in versions.trees]
    for key in todo:
        versions.add(key, snapshot(key))
    return todo


def write_text_index(
    path: Path,
    chain: Sequence[EditionRecord],
    snapshot: Callable[[str], Snapshot],
    *,
    parser: str,
    previous: Path | None = None,
) -> list[str]:
    """Write the index of ``chain``'s trees at ``path``; the keys it read anew.

    ``previous`` is the last generation's index: what it holds of trees still
    in the chain is kept, and only the other trees' snapshots are read.
    """
    versions = (_read(previous, parser) if previous is not None else None) or Versions()
    todo = update_versions(versions, chain, snapshot)
    _write(path, versions, parser)
    return todo


class TextIndex:
    """The versions of a library, read by place (a generation's file, or in memory).

    One connection shared by the threads of a server, queries taking turns
    behind a lock (as the rule table's).
    """

    def __init__(self, db: sqlite3.Connection, where: str) -> None:
        self._db = db
        self._where = where
        self._lock = threading.Lock()
        try:
            self.trees: dict[str, int] = dict(self._query("SELECT key, id FROM trees"))
        except sqlite3.Error as exc:
            raise self._damaged(exc) from None

    @classmethod
    def open(cls, path: Path) -> TextIndex:
        from crdex.index.library.tables import read_only

        try:
            return cls(read_only(path), str(path))
        except sqlite3.Error as exc:
            raise LibraryError(
                f"{path}: the text index cannot be read ({exc}); run 'crdex verify --repair'"
            ) from None

    @classmethod
    def in_memory(
        cls, chain: Sequence[EditionRecord], snapshot: Callable[[str], Snapshot]
    ) -> TextIndex:
        """The index of a library kept in memory (the bundled samples, ``crdex.load``)."""
        versions = Versions()
        update_versions(versions, chain, snapshot)
        db = sqlite3.connect(":memory:", check_same_thread=False)
        _fill(db, versions)
        return cls(db, "the library in memory")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _damaged(self, exc: Exception) -> LibraryError:
        return LibraryError(
            f"{self._where}: the text index cannot be read ({exc}); run 'crdex verify --repair'"
        )

    def _query(self, sql: str, args: Iterable[object] = ()) -> list[tuple]:
        with self._lock:
            return self._db.execute(sql, tuple(args)).fetchall()

    def versions(self, ranges: Iterable[tuple[int, int]]) -> Found:
        """Every version whose place is in one of ``ranges``, with its keys and trees."""
        rows: list[tuple] = []
        try:
            for low, high in ranges:
                rows += self._query(
                    "SELECT v.number, v.wording, w.layout, w.words, w.length, w.heading, "
                    "v.trees FROM versions v JOIN wordings w ON w.id = v.wording "
                    "WHERE v.place BETWEEN ? AND ? ORDER BY v.place",
                    (low, high),
                )
            columns = list(zip(*rows, strict=True)) if rows else [()] * 7
            blobs = columns[6]
            sizes = np.fromiter((len(b) // 4 for b in blobs), dtype=np.int64, count=len(blobs))
            trees = _tree_ids(b"".join(blobs))
        except (sqlite3.Error, ValueError) as exc:
            raise self._damaged(exc) from None
        starts = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum(sizes, out=starts[1:])
        return Found(
            list(columns[0]),
            np.array(columns[1], dtype=np.int64),
            np.array(columns[2], dtype=np.int64),
            np.array(columns[3], dtype=np.int64),
            np.array(columns[4], dtype=np.int64),
            np.array(columns[5], dtype=bool),
            trees,
            starts,
        )

    def wordings(self, ids: Iterable[int]) -> dict[int, tuple[str, str]]:
        """Title and text of each wording id."""
        wanted = sorted(set(ids))
        out: dict[int, tuple[str, str]] = {}
        try:
            for at in range(0, len(wanted), 500):
                part = wanted[at : at + 500]
                marks = ",".join("?" * len(part))
                rows = self._query(
                    f"SELECT id, title, text FROM wordings WHERE id IN ({marks})", part
                )
                out.update((i, (t, x)) for i, t, x in rows)
        except sqlite3.Error as exc:
            raise self._damaged(exc) from None
        return out
