"""The identity graph as lookup tables, so that one question reads only what it needs.

``crdex show``, ``history`` and ``resolve`` ask about one rule; loading the
whole graph (thousands of identities, tens of thousands of runs) for that
is most of their time. A build therefore also writes the graph into
``tables.sqlite`` in its generation: editions, the string table, each
identity with its runs, who held which number when, and the links.
:class:`TableGraph` answers the graph's questions from those tables,
loading identities one by one as they are asked for; anything that needs
the whole graph (a diff, an export) gets the whole graph, loaded from the
same tables. The tables are derived: the graph stays the one source of
truth, and they are rebuilt with it.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crdex.index.errors import LibraryError
from crdex.index.lineage.graph import EditionInfo, Graph, Identity, Link, Run, Version

if TYPE_CHECKING:
    from crdex.index.library.coverage import Coverage

__all__ = ["TABLES", "TableGraph", "read_only", "write_tables"]

TABLES = "tables.sqlite"
TABLES_FORMAT = 1

_SCHEMA = """
CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE editions(
    idx INTEGER PRIMARY KEY, id TEXT NOT NULL, date TEXT NOT NULL, sha256 TEXT NOT NULL,
    title TEXT NOT NULL, path TEXT NOT NULL, rules INTEGER NOT NULL, glossary INTEGER NOT NULL,
    coverage TEXT
);
CREATE TABLE texts(id INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE identities(id TEXT PRIMARY KEY, glossary INTEGER NOT NULL, runs TEXT NOT NULL);
CREATE TABLE holders(key TEXT NOT NULL, start INTEGER NOT NULL, stop INTEGER NOT NULL,
    identity TEXT NOT NULL);
CREATE INDEX holders_key ON holders(key);
CREATE TABLE links(kind TEXT NOT NULL, edition INTEGER NOT NULL, source TEXT NOT NULL,
    target TEXT NOT NULL, position INTEGER NOT NULL);
CREATE INDEX links_source ON links(source);
CREATE INDEX links_target ON links(target);
"""


def read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to a generation's SQLite file, for the threads of a server.

    The web application and the MCP server answer in worker threads: one
    connection serves them all, its queries taking turns behind a lock the
    caller holds. The file never changes (``immutable``): a generation is
    published whole.
    """
    return sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False)


def _holder_name(key: str, glossary: bool) -> str:
    return f"glossary:{key.casefold()}" if glossary else key


def write_tables(graph: Graph, path: Path) -> None:
    """Write ``graph`` as lookup tables into a new SQLite file at ``path``."""
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    try:
        db.executescript(_SCHEMA)
        db.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [
                ("format", str(TABLES_FORMAT)),
                ("key", graph.key),
                ("stats", json.dumps(graph.stats)),
            ],
        )
        db.executemany(
            "INSERT INTO editions VALUES (?,?,?,?,?,?,?,?,?)",
            [
                (
                    i,
                    e.id,
                    e.date,
                    e.sha256,
                    e.title,
                    e.path,
                    e.rules,
                    e.glossary,
                    json.dumps(e.coverage) if e.coverage is not None else None,
                )
                for i, e in enumerate(graph.editions)
            ],
        )
        db.executemany("INSERT INTO texts VALUES (?, ?)", list(enumerate(graph.texts)))
        db.executemany(
            "INSERT INTO identities VALUES (?, ?, ?)",
            [
                (
                    ident.id,
                    int(ident.glossary),
                    json.dumps(
                        [
                            [r.start, r.end, r.key, r.kind, r.title, r.text, r.change]
                            for r in ident.runs
                        ],
                        separators=(",", ":"),
                    ),
                )
                for ident in graph.identities
            ],
        )
        db.executemany(
            "INSERT INTO holders VALUES (?, ?, ?, ?)",
            [
                (_holder_name(r.key, ident.glossary), r.start, r.end, ident.id)
                for ident in graph.identities
                for r in ident.runs
            ],
        )
        db.executemany(
            "INSERT INTO links VALUES (?, ?, ?, ?, ?)",
            [(ln.kind, ln.edition, ln.source, ln.target, n) for n, ln in enumerate(graph.links)],
        )
        db.commit()
    finally:
        db.close()


class TableGraph:
    """The graph's questions answered from ``tables.sqlite``, identity by identity.

    It offers what :class:`~crdex.index.lineage.graph.Graph` offers; the
    attributes that need every identity (``identities``, ``links``,
    ``texts``, ``present``…) load the whole graph once, from the tables.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._db = read_only(path)
            meta = dict(self._db.execute("SELECT name, value FROM meta"))
            self.editions = [
                EditionInfo(i, d, s, t, p, r, g, json.loads(c) if c else None)
                for _x, i, d, s, t, p, r, g, c in self._db.execute(
                    "SELECT * FROM editions ORDER BY idx"
                )
            ]
        except sqlite3.Error as exc:
            raise LibraryError(
                f"{path}: the lookup tables cannot be read ({exc}); run 'crdex verify --repair'"
            ) from None
        if meta.get("format") != str(TABLES_FORMAT):
            raise LibraryError(f"{path}: lookup tables of another format; run 'crdex build'")
        self.key = meta.get("key", "")
        self._stats = meta.get("stats")
        self._by_id: dict[str, Identity | None] = {}
        # a question asks after the same numbers again (the headings above each rule)
        self._holders: dict[str, list[tuple[int, int, Identity]]] = {}
        self._texts: dict[int, str] = {}
        self._full: Graph | None = None
        self._coverage: dict[int, Coverage] = {}
        self._lock = threading.Lock()

    # -- one identity at a time ----------------------------------------------------

    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            with self._lock:
                return self._db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise LibraryError(
                f"{self.path}: cannot be read ({exc}); run 'crdex verify --repair'"
            ) from None

    def identity(self, identity_id: str) -> Identity | None:
        if self._full is not None:
            return self._full.identity(identity_id)
        if identity_id not in self._by_id:
            rows = self._query("SELECT glossary, runs FROM identities WHERE id = ?", (identity_id,))
            self._by_id[identity_id] = (
                Identity(identity_id, bool(rows[0][0]), [Run(*r) for r in json.loads(rows[0][1])])
                if rows
                else None
            )
        return self._by_id[identity_id]

    def text(self, index: int) -> str:
        text = self._texts.get(index)
        if text is None:
            rows = self._query("SELECT text FROM texts WHERE id = ?", (index,))
            text = self._texts[index] = rows[0][0] if rows else ""
        return text

    def holders(self, key: str, *, glossary: bool = False) -> list[tuple[int, int, Identity]]:
        if self._full is not None:
            return self._full.holders(key, glossary=glossary)
        name = _holder_name(key, glossary)
        held = self._holders.get(name)
        if held is None:
            rows = self._query(
                "SELECT start, stop, identity FROM holders WHERE key = ? "
                "ORDER BY start, stop, identity",
                (name,),
            )
            held = self._holders[name] = []
            for start, stop, ident_id in rows:
                ident = self.identity(ident_id)
                if ident is not None:
                    held.append((start, stop, ident))
        return list(held)

    def held_at(self, prefix: str, edition: int) -> list[tuple[str, Identity]]:
        """(number, identity) of the rules numbered ``prefix``… in the edition ``edition``.

        Every number beginning with ``prefix``, in number order (a lookup of
        a rule reads its subrules this way; the caller keeps those it wants).
        """
        rows = self._query(
            "SELECT key, identity FROM holders WHERE key >= ? AND key < ? AND start <= ? "
            "AND stop >= ? ORDER BY key, identity",
            (prefix, prefix + "\uffff", edition, edition),
        )
        out = []
        for key, ident_id in rows:
            ident = self.identity(ident_id)
            if ident is not None:
                out.append((key, ident))
        return out

    def holder(self, key: str, edition: int, *, glossary: bool = False) -> Identity | None:
        for start, stop, ident in self.holders(key, glossary=glossary):
            if start <= edition <= stop:
                return ident
        return None

    def version(self, ident: Identity, run: Run) -> Version:
        return Version(
            ident.id,
            run.start,
            run.end,
            run.key,
            run.kind,
            self.text(run.title),
            self.text(run.text),
            run.change,
        )

    def versions(self, ident: Identity) -> Iterator[Version]:
        for run in ident.runs:
            yield self.version(ident, run)

    def _links(self, column: str, identity_id: str) -> list[Link]:
        rows = self._query(
            f"SELECT kind, edition, source, target FROM links WHERE {column} = ? ORDER BY position",
            (identity_id,),
        )
        return [Link(*row) for row in rows]

    def links_from(self, identity_id: str) -> list[Link]:
        return self._links("source", identity_id)

    def links_to(self, identity_id: str) -> list[Link]:
        return self._links("target", identity_id)

    def known_keys(self, *, glossary: bool = False) -> list[str]:
        rows = self._query("SELECT DISTINCT key FROM holders")
        prefix = "glossary:"
        keys = [k for (k,) in rows]
        if glossary:
            return [k[len(prefix) :] for k in keys if k.startswith(prefix)]
        return [k for k in keys if not k.startswith(prefix)]

    def coverage(self, edition: int) -> Coverage:
        cov = self._coverage.get(edition)
        if cov is None:
            from crdex.index.library.coverage import Coverage

            cov = self._coverage[edition] = Coverage.from_dict(self.editions[edition].coverage)
        return cov

    def witnessed(self, edition: int, key: str, *, glossary: bool = False) -> bool:
        if self.editions[edition].complete:
            return True
        cov = self.coverage(edition)
        return cov.covers_term(key) if glossary else cov.covers(key)

    # -- the whole graph, for questions about every identity -----------------------------

    def full(self) -> Graph:
        if self._full is None:
            texts = [t for (t,) in self._query("SELECT text FROM texts ORDER BY id")]
            identities = [
                Identity(i, bool(g), [Run(*r) for r in json.loads(runs)])
                for i, g, runs in self._query(
                    "SELECT id, glossary, runs FROM identities ORDER BY rowid"
                )
            ]
            links = [
                Link(*row)
                for row in self._query(
                    "SELECT kind, edition, source, target FROM links ORDER BY position"
                )
            ]
            stats = json.loads(self._stats) if self._stats else {}
            self._full = Graph(self.key, list(self.editions), identities, links, texts, stats)
        return self._full

    def __getattr__(self, name: str) -> Any:
        # identities, links, texts, stats, present(), reindex() … need the whole graph
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.full(), name)
