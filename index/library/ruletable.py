"""Each edition's rules stored as rows, so that one rule is read without loading its edition's tree.

Reading a parsed edition (the whole tree, a gzip JSON file of megabytes)
costs more than everything else ``crdex show`` does to print one rule. A
build therefore writes the rows of every edition of the chain
(:mod:`.rulerows`) into ``rules.sqlite`` in its generation
(:func:`write_rule_table`), and :class:`RuleTable` reads them edition by
edition. An edition is one row of ``trees``: its rules in document order as
(number, parent, body, citers) and its glossary entries as (term, body,
names), where a body or a list of citers is a blob, stored once however
many rules and editions share it (most rules recur unchanged edition after
edition). The trees stay the one source of truth: the rows are derived from
them and written with every generation; an edition whose tree is unchanged
since the last generation (the same document read by the same parser, and
the same format of rows) keeps the rows it had. A generation without rows
(built before they existed) is read from its trees, in memory
(:class:`~.rulerows.MemoryRules`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crdex.index.errors import LibraryError
from crdex.index.storage.packed import dumps, loads

from .rulerows import GlossaryRow, RuleRow, body_key, canonical, citing, glossary_key
from .tables import read_only

if TYPE_CHECKING:
    from crdex.parser.tree import Edition

    from .caches import ParseCache
    from .editions import EditionRecord
    from .generation import Generation

__all__ = ["RULES", "RuleTable", "TableRules", "write_rule_table"]

RULES = "rules.sqlite"
# bump when the rows are made differently (see .rulerows) or the tables change shape
RULES_FORMAT = 2

_SCHEMA = """
CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE trees(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, kept INTEGER NOT NULL,
    rules TEXT NOT NULL, glossary TEXT NOT NULL);
CREATE TABLE blobs(id INTEGER PRIMARY KEY, data TEXT NOT NULL);
"""
# ids asked for in one query (SQLite's oldest limit on parameters is 999)
_CHUNK = 500


def _text(value: Any) -> str:
    return dumps(value).decode("utf-8")


# -- writing -------------------------------------------------------------------------------

# editions a worker makes the rows of at once; fewer to do are made in the building process
_PER_WORKER = 8


class _Blobs:
    """Blobs numbered as they are first met, each distinct one once, found by content."""

    def __init__(self, known: dict[str, int] | None = None) -> None:
        self.ids: dict[str, int] = dict(known or {})
        self._by_key: dict[tuple[Any, ...], int] = {}
        self._next = max(self.ids.values(), default=0) + 1
        self.new: list[tuple[int, str]] = []

    def data(self, data: str) -> int:
        found = self.ids.get(data)
        if found is None:
            found = self.ids[data] = self._next
            self._next += 1
            self.new.append((found, data))
        return found

    def blob(self, key: tuple[Any, ...], value: Callable[[], Any]) -> int:
        """The id of the blob ``value()`` (written as JSON) is, found by ``key``."""
        found = self._by_key.get(key)
        if found is None:
            found = self._by_key[key] = self.data(_text(value()))
        return found

    def rows(self, tree: dict[str, Any]) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """A tree's rules (number, parent, body, citers) and glossary (term, body, names)."""
        cited = citing(tree)
        rules = []
        for rule in tree["rules"]:
            citers = cited.get(rule["number"], ())
            rules.append(
                (
                    rule["number"],
                    rule["parent"],
                    self.blob(body_key(rule), lambda r=rule: RuleRow.of(r, cited).body()),
                    self.blob(("cited", *citers), lambda c=citers: list(c)),
                )
            )
        glossary = []
        for entry in tree["glossary"]:
            row = GlossaryRow.of(entry)
            glossary.append((row.term, self.blob(glossary_key(entry), row.body), row.names()))
        return rules, glossary


def _made_apart(
    cache: ParseCache, keys: list[str]
) -> tuple[list[tuple[str, list[tuple[Any, ...]], list[tuple[Any, ...]]]], list[str]]:
    """In a worker: the rows of the editions ``keys`` (trees read from ``cache``), with
    blob ids of its own, and those blobs (id ``n`` is the ``n``-th)."""
    from crdex.index.storage.workers import tick

    blobs = _Blobs()
    out = []
    for key in keys:
        out.append((key, *blobs.rows(cache.tree_dict(key))))
        tick()
    return out, [data for _id, data in blobs.new]


class _Writer:
    """Editions' rows into an open table file."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.blobs = _Blobs({data: i for i, data in db.execute("SELECT id, data FROM blobs")})

    def insert(
        self, key: str, kept: bool, rules: list[tuple[Any, ...]], glossary: list[tuple[Any, ...]]
    ) -> None:
        self.db.execute(
            "INSERT INTO trees(key, kept, rules, glossary) VALUES (?, ?, ?, ?)",
            (key, int(kept), _text(rules), _text(glossary)),
        )
        self.db.executemany("INSERT INTO blobs VALUES (?, ?)", self.blobs.new)
        self.blobs.new.clear()

    def tree(self, key: str, kept: bool, tree: dict[str, Any]) -> None:
        self.insert(key, kept, *self.blobs.rows(tree))

    def made_apart(
        self,
        made: list[tuple[str, list[tuple[Any, ...]], list[tuple[Any, ...]]]],
        datas: list[str],
    ) -> None:
        """Editions a worker made, its blob ids made this table's."""
        ids = [0, *(self.blobs.data(data) for data in datas)]
        for key, rules, glossary in made:
            self.insert(
                key,
                True,
                [(n, parent, ids[body], ids[cited]) for n, parent, body, cited in rules],
                [(term, ids[body], names) for term, body, names in glossary],
            )


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
    """Remove the editions not in ``keep`` (and composed ones); the keys of those that stay."""
    stale = [
        (tree_id,)
        for tree_id, key, kept in db.execute("SELECT id, key, kept FROM trees")
        if key not in keep or not kept
    ]
    if stale:
        db.executemany("DELETE FROM trees WHERE id = ?", stale)
        used: set[int] = set()
        for rules, glossary in db.execute("SELECT rules, glossary FROM trees"):
            used.update(i for row in loads(rules) for i in row[2:])
            used.update(row[1] for row in loads(glossary))
        unused = [(i,) for (i,) in db.execute("SELECT id FROM blobs") if i not in used]
        db.executemany("DELETE FROM blobs WHERE id = ?", unused)
    return {key for (key,) in db.execute("SELECT key FROM trees")}


def write_rule_table(
    path: Path,
    chain: Sequence[EditionRecord],
    tree: Callable[[str], Edition],
    cache: ParseCache,
    *,
    parser: str,
    previous: Generation | None = None,
    progress: Callable[[str, int, int], None] | None = None,
    workers: int | None = None,
) -> None:
    """Write the rows of every edition of ``chain`` into a new table file at ``path``.

    A document's tree is read as plain data from the parse ``cache`` (by
    ``workers`` processes side by side when there are many: a first build);
    a composed edition's tree, made by this build, is taken whole
    (``tree``). The editions of ``previous`` made of the same document by
    the same ``parser`` are copied from its table instead.
    """
    from crdex.index.storage.workers import WorkerPool, default_workers
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
        composed = [r.key for r in chain if r.composed]
        todo = [r.key for r in chain if r.key not in have and not r.composed]
        total = len(todo) + len(composed)
        writer = _Writer(db)
        for n, key in enumerate(composed, 1):
            writer.tree(key, False, edition_to_dict(tree(key)))
            if progress:
                progress("tables", n, total)
        count = max(1, min(workers or default_workers(), len(todo) // _PER_WORKER))
        if count == 1:
            for n, key in enumerate(todo, len(composed) + 1):
                writer.tree(key, True, cache.tree_dict(key))
                if progress:
                    progress("tables", n, total)
        else:
            with WorkerPool(count, "writing the rule table") as pool:
                jobs = {pool.submit(_made_apart, cache, todo[i::count]) for i in range(count)}

                def step() -> None:
                    if progress:
                        progress("tables", len(composed) + pool.ticks(), total)

                for made, datas in pool.as_done(jobs, poll=step):
                    writer.made_apart(made, datas)
            step()
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
            self._db = read_only(path)
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

    def blobs(self, ids: Iterable[int]) -> dict[int, Any]:
        """The blobs with these ids, decoded."""
        wanted = sorted(set(ids))
        out: dict[int, Any] = {}
        try:
            for at in range(0, len(wanted), _CHUNK):
                part = wanted[at : at + _CHUNK]
                marks = ",".join("?" * len(part))
                rows = self.query(f"SELECT id, data FROM blobs WHERE id IN ({marks})", part)
                out.update((i, loads(data)) for i, data in rows)
        except ValueError as exc:
            raise self.damaged(exc) from None
        return out

    def edition(self, key: str) -> TableRules | None:
        """The rows of the tree ``key`` (a document's sha256 or a composed edition's key)."""
        tree = self._trees.get(key) if self.current else None
        return TableRules(self, tree) if tree is not None else None


class TableRules:
    """One edition's rows: its lists read once, the rules' bodies as they are asked for."""

    def __init__(self, table: RuleTable, tree: int) -> None:
        self._table = table
        self._tree = tree
        self._rules: list[list[Any]] | None = None
        self._glossary: list[list[Any]] = []
        self._by_number: dict[str, int] = {}

    def _lists(self) -> list[list[Any]]:
        if self._rules is None:
            found = self._table.query(
                "SELECT rules, glossary FROM trees WHERE id = ?", (self._tree,)
            )
            try:
                rules, self._glossary = (loads(text) for text in found[0])
            except (IndexError, ValueError) as exc:
                raise self._table.damaged(exc) from None
            # of a number a document repeats, the last, as the tree looks it up
            self._by_number = {row[0]: n for n, row in enumerate(rules)}
            self._rules = rules
        return self._rules

    def _made(self, rows: list[list[Any]]) -> list[RuleRow]:
        blobs = self._table.blobs(i for row in rows for i in row[2:])
        try:
            return [
                RuleRow(number, parent, *blobs[body], blobs[cited])
                for number, parent, body, cited in rows
            ]
        except (KeyError, TypeError, ValueError) as exc:
            raise self._table.damaged(exc) from None

    def _numbered(self, numbers: Iterable[str]) -> list[RuleRow]:
        rules = self._lists()
        at = (self._by_number.get(canonical(n)) for n in numbers)
        return self._made([rules[n] for n in at if n is not None])

    def rule(self, number: str) -> RuleRow | None:
        found = self._numbered([number])
        return found[0] if found else None

    def children(self, row: RuleRow) -> list[RuleRow]:
        return self._numbered(row.children)

    def under(self, number: str) -> list[RuleRow]:
        return self._made([row for row in self._lists() if row[1] == number])

    def numbers(self) -> list[str]:
        return [row[0] for row in self._lists()]

    def glossary_entry(self, name: str) -> GlossaryRow | None:
        self._lists()
        key = name.casefold()
        for _term, body, names in self._glossary:
            if key in names:
                try:
                    return GlossaryRow(*self._table.blobs([body])[body])
                except (KeyError, TypeError) as exc:
                    raise self._table.damaged(exc) from None
        return None

    def terms(self) -> list[str]:
        self._lists()
        return [term for term, _body, _names in self._glossary]
