"""Each edition's rules stored as rows, so that one rule is read without loading its edition's tree.

Reading a parsed edition (the whole tree, a gzip JSON file of megabytes)
costs more than everything else ``crdex show`` does to print one rule. A
build therefore writes the rows of every edition of the chain
(:mod:`.rulerows`) into ``rules.sqlite`` in its generation
(:func:`write_rule_table`), each distinct row stored once, and
:class:`RuleTable` reads them edition by edition. The trees stay the one
source of truth: the rows are derived from them and written with every
generation; an edition whose tree is unchanged since the last generation
(the same document read by the same parser, and the same format of rows)
keeps the rows it had. A generation without rows (built before they
existed) is read from its trees, in memory (:class:`~.rulerows.MemoryRules`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crdex.index.errors import LibraryError
from crdex.index.packed import dumps, loads

from .rulerows import GlossaryRow, RuleRow, canonical, rule_rows

if TYPE_CHECKING:
    from crdex.parser.tree import Edition

    from .editions import EditionRecord
    from .generation import Generation

__all__ = ["RULES", "RuleTable", "TableRules", "write_rule_table"]

RULES = "rules.sqlite"
# bump when rule_rows reduces a tree differently or the tables change shape
RULES_FORMAT = 1

_SCHEMA = """
CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE trees(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, kept INTEGER NOT NULL);
CREATE TABLE blobs(id INTEGER PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE rules(tree INTEGER NOT NULL, number TEXT NOT NULL, pos INTEGER NOT NULL,
    parent TEXT, body INTEGER NOT NULL, cited INTEGER NOT NULL,
    PRIMARY KEY (tree, number, pos)) WITHOUT ROWID;
CREATE TABLE glossary(tree INTEGER NOT NULL, pos INTEGER NOT NULL, term TEXT NOT NULL,
    body INTEGER NOT NULL, PRIMARY KEY (tree, pos)) WITHOUT ROWID;
CREATE TABLE glossary_keys(tree INTEGER NOT NULL, key TEXT NOT NULL, pos INTEGER NOT NULL,
    PRIMARY KEY (tree, key, pos)) WITHOUT ROWID;
"""


def _encode(value: Any) -> str:
    return dumps(value).decode("utf-8")


# -- writing -------------------------------------------------------------------------------


class _Writer:
    """Rows into an open table file, each distinct body and list of citers stored once."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.blobs = {data: i for i, data in db.execute("SELECT id, data FROM blobs")}
        self._by_key: dict[tuple[Any, ...], int] = {}
        self._next = max(self.blobs.values(), default=0) + 1
        self._new: list[tuple[int, str]] = []

    def blob(self, key: tuple[Any, ...], value: Callable[[], Any]) -> int:
        """The id of the blob ``value()`` (written as JSON) is, found by ``key``."""
        found = self._by_key.get(key)
        if found is None:
            data = _encode(value())
            found = self.blobs.get(data)
            if found is None:
                found = self.blobs[data] = self._next
                self._next += 1
                self._new.append((found, data))
            self._by_key[key] = found
        return found

    def tree(self, key: str, kept: bool, tree: dict[str, Any]) -> None:
        rules, glossary = rule_rows(tree)
        tree_id = self.db.execute(
            "INSERT INTO trees(key, kept) VALUES (?, ?)", (key, int(kept))
        ).lastrowid
        rows = [
            (
                tree_id,
                r.number,
                pos,
                r.parent,
                self.blob(r.key(), r.body),
                self.blob(("cited", *r.cited_by), lambda r=r: r.cited_by),
            )
            for pos, r in enumerate(rules)
        ]
        # in the order of the tables' keys: each row appended, none inserted between
        rows.sort(key=lambda row: (row[1], row[2]))
        self.db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?, ?)", rows)
        self.db.executemany(
            "INSERT INTO glossary VALUES (?, ?, ?, ?)",
            [(tree_id, pos, g.term, self.blob(g.key(), g.body)) for pos, g in enumerate(glossary)],
        )
        names = sorted((k, pos) for pos, g in enumerate(glossary) for k in g.names())
        self.db.executemany(
            "INSERT INTO glossary_keys VALUES (?, ?, ?)", [(tree_id, k, pos) for k, pos in names]
        )
        self.flush()

    def flush(self) -> None:
        self.db.executemany("INSERT INTO blobs VALUES (?, ?)", self._new)
        self._new.clear()


def _reusable(previous: Generation | None, parser: str) -> Path | None:
    """The last generation's rule table, if it is intact and of this format and parser."""
    if previous is None or not previous.intact(RULES):
        return None
    path = previous.path / RULES
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            meta = dict(db.execute("SELECT name, value FROM meta"))
        finally:
            db.close()
    except sqlite3.Error:
        return None
    same = meta.get("format") == str(RULES_FORMAT) and meta.get("parser") == parser
    return path if same else None


def _drop(db: sqlite3.Connection, keep: set[str]) -> set[str]:
    """Remove the trees not in ``keep`` (and composed ones); the keys of those that stay."""
    stale = [
        (tree_id,)
        for tree_id, key, kept in db.execute("SELECT id, key, kept FROM trees")
        if key not in keep or not kept
    ]
    if stale:
        for table in ("rules", "glossary", "glossary_keys"):
            db.executemany(f"DELETE FROM {table} WHERE tree = ?", stale)
        db.executemany("DELETE FROM trees WHERE id = ?", stale)
        db.execute(
            "DELETE FROM blobs WHERE id NOT IN (SELECT body FROM rules UNION "
            "SELECT cited FROM rules UNION SELECT body FROM glossary)"
        )
    return {key for (key,) in db.execute("SELECT key FROM trees")}


def write_rule_table(
    path: Path,
    chain: Sequence[EditionRecord],
    tree: Callable[[str], Edition],
    tree_dict: Callable[[str], dict[str, Any]],
    *,
    parser: str,
    previous: Generation | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> None:
    """Write the rows of every edition of ``chain`` into a new table file at ``path``.

    A document's tree is read as plain data (``tree_dict``); a composed
    edition's tree, made by this build, is taken whole (``tree``). The
    editions of ``previous`` made of the same document by the same
    ``parser`` are copied from its table instead.
    """
    from crdex.parser.serialize import edition_to_dict

    path.unlink(missing_ok=True)
    old = _reusable(previous, parser)
    if old is not None:
        import shutil

        shutil.copyfile(old, path)
    db = sqlite3.connect(path)
    try:
        # a file of the scratch directory: a failed build leaves it behind whole, unread
        db.execute("PRAGMA journal_mode=OFF")
        if old is None:
            db.executescript(_SCHEMA)
        db.executemany(
            "INSERT OR REPLACE INTO meta VALUES (?, ?)",
            [("format", str(RULES_FORMAT)), ("parser", parser)],
        )
        have = _drop(db, {r.key for r in chain if not r.composed})
        todo = [r for r in chain if r.key not in have]
        writer = _Writer(db)
        for n, record in enumerate(todo, 1):
            data = edition_to_dict(tree(record.key)) if record.composed else tree_dict(record.key)
            writer.tree(record.key, not record.composed, data)
            if progress:
                progress("tables", n, len(todo))
        db.commit()
    except sqlite3.Error as exc:
        raise LibraryError(f"{path}: the rule table cannot be written ({exc})") from None
    finally:
        db.close()


# -- reading -------------------------------------------------------------------------------


class RuleTable:
    """The rule table of a published generation, read edition by edition.

    One read-only connection shared by the threads of a server, queries
    taking turns behind a lock (as :class:`~.tables.TableGraph` does).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._db = sqlite3.connect(
                f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False
            )
            meta = dict(self._db.execute("SELECT name, value FROM meta"))
            self._trees = dict(self._db.execute("SELECT key, id FROM trees"))
        except sqlite3.Error as exc:
            raise LibraryError(
                f"{path}: the rule table cannot be read ({exc}); run 'crdex verify --repair'"
            ) from None
        self.current = meta.get("format") == str(RULES_FORMAT)
        self._lock = threading.Lock()

    def damaged(self, exc: Exception) -> LibraryError:
        return LibraryError(f"{self.path}: cannot be read ({exc}); run 'crdex verify --repair'")

    def query(self, sql: str, args: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            with self._lock:
                return self._db.execute(sql, tuple(args)).fetchall()
        except sqlite3.Error as exc:
            raise self.damaged(exc) from None

    def edition(self, key: str) -> TableRules | None:
        """The rows of the tree ``key`` (a document's sha256 or a composed edition's key)."""
        tree = self._trees.get(key) if self.current else None
        return TableRules(self, tree) if tree is not None else None


_RULE = (
    "SELECT r.number, r.parent, b.data, c.data FROM rules r "
    "JOIN blobs b ON b.id = r.body JOIN blobs c ON c.id = r.cited WHERE r.tree = ?"
)


def _rule(number: str, parent: str | None, body: str, cited: str) -> RuleRow:
    kind, title, text, examples, rulings, references, children = loads(body)
    return RuleRow(
        number,
        parent,
        kind,
        title,
        text,
        examples,
        rulings,
        references,
        children,
        loads(cited),
    )


class TableRules:
    """One edition's rows, read from the table as they are asked for."""

    def __init__(self, table: RuleTable, tree: int) -> None:
        self._table = table
        self._tree = tree

    def _rules(self, where: str, args: Iterable[Any]) -> list[RuleRow]:
        """The rules of this edition ``where`` says, in document order."""
        rows = self._table.query(f"{_RULE} AND {where} ORDER BY r.pos", (self._tree, *args))
        try:
            return [_rule(*row) for row in rows]
        except (ValueError, TypeError) as exc:
            raise self._table.damaged(exc) from None

    def rule(self, number: str) -> RuleRow | None:
        found = self._rules("r.number = ?", (canonical(number),))
        # of a number a document repeats, the last, as the tree looks it up
        return found[-1] if found else None

    def children(self, row: RuleRow) -> list[RuleRow]:
        if not row.children:
            return []
        wanted = [canonical(n) for n in row.children]
        asked = sorted(set(wanted))
        found = {
            r.number: r for r in self._rules(f"r.number IN ({','.join('?' * len(asked))})", asked)
        }
        return [found[n] for n in wanted if n in found]

    def under(self, number: str) -> list[RuleRow]:
        return self._rules("r.parent = ?", (number,))

    def numbers(self) -> list[str]:
        rows = self._table.query(
            "SELECT number FROM rules WHERE tree = ? ORDER BY pos", (self._tree,)
        )
        return [n for (n,) in rows]

    def glossary_entry(self, name: str) -> GlossaryRow | None:
        rows = self._table.query(
            "SELECT b.data FROM glossary_keys k JOIN glossary g ON g.tree = k.tree AND g.pos = k.pos "
            "JOIN blobs b ON b.id = g.body WHERE k.tree = ? AND k.key = ? ORDER BY k.pos LIMIT 1",
            (self._tree, name.casefold()),
        )
        try:
            return GlossaryRow(*loads(rows[0][0])) if rows else None
        except (ValueError, TypeError) as exc:
            raise self._table.damaged(exc) from None

    def terms(self) -> list[str]:
        rows = self._table.query(
            "SELECT term FROM glossary WHERE tree = ? ORDER BY pos", (self._tree,)
        )
        return [t for (t,) in rows]
