"""Writing an export as a SQLite database: one table per kind of thing, keyed by stable ids.

The tables, keys and indexes are in ``schema/crdex-export.sql``. Lists keep
their order in a ``position`` column; the few values that are lists of
strings everywhere they are read (a rule's ``children``, an edition's line
endings) are JSON text. A full-text index over rule titles and text
(``rules_fts``, FTS5, when the sqlite3 library has it) makes the file
searchable in tools such as Datasette.

The database is written to a temporary file beside the target and moved into
place at the end (:func:`crdex.index.storage.outputs.output_path`), so a failed
export never leaves half a file behind.
"""

from __future__ import annotations

import json
import os
import sqlite3
from importlib import resources
from typing import Any

from crdex.index.storage.outputs import output_path

from .enums import ENUMERATIONS
from .errors import ExportError
from .records import ExportPlan, Progress

# the columns of the graph's tables, in their order, named as in the JSON records
IDENTITY_COLUMNS = (
    "id",
    "kind",
    "first_edition_id",
    "last_edition_id",
    "status",
    "last_number",
    "last_term",
    "merged_into_identity_id",
)
# after identity_id and position
VERSION_COLUMNS = (
    "first_edition_id",
    "last_edition_id",
    "first_chain_index",
    "last_chain_index",
    "number",
    "term",
    "kind",
    "title",
    "text",
    "examples",
    "relation",
    "edit_class",
    "previous_number",
    "previous_term",
)
LINK_COLUMNS = ("kind", "edition_id", "source_identity_id", "target_identity_id")
CHANGE_COLUMNS = (
    "edition_id",
    "previous_edition_id",
    "identity_id",
    "kind",
    "relation",
    "old_number",
    "new_number",
    "old_term",
    "new_term",
    "edit_class",
    "split_from_identity_id",
    "merged_into_identity_id",
)

__all__ = [
    "CHANGE_COLUMNS",
    "IDENTITY_COLUMNS",
    "INDEX_MARKER",
    "LINK_COLUMNS",
    "VERSION_COLUMNS",
    "sql_schema",
    "write_sqlite",
]

INDEX_MARKER = "-- indexes"


def sql_schema() -> str:
    """The DDL of the SQLite export (tables, view, then indexes)."""
    return resources.files(__package__).joinpath("schema/crdex-export.sql").read_text("utf-8")


def _fts(db: sqlite3.Connection) -> bool:
    try:
        db.execute(
            "CREATE VIRTUAL TABLE rules_fts USING fts5(title, text, content='rules', content_rowid='rowid')"
        )
    except sqlite3.OperationalError:  # pragma: no cover - sqlite built without FTS5
        return False
    db.execute("INSERT INTO rules_fts(rules_fts) VALUES ('rebuild')")
    return True


def write_sqlite(
    plan: ExportPlan, path: str | os.PathLike[str], progress: Progress | None = None
) -> None:
    """Write the export as a new SQLite database to ``path`` (a file, ``-``, a pipe or a device)."""
    with output_path(path) as tmp:
        try:
            db = sqlite3.connect(tmp)
        except sqlite3.Error as exc:  # pragma: no cover - the file was just created
            raise ExportError(f"{path}: cannot create the database ({exc})") from None
        try:
            tables, indexes = sql_schema().split(INDEX_MARKER, 1)
            db.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;")
            db.executescript(tables)
            with db:
                _write(db, plan, progress)
            db.executescript(indexes)
            with db:
                fts = _fts(db)
                db.execute(
                    "INSERT INTO meta VALUES ('full_text_search', ?)", ("rules_fts" if fts else "",)
                )
            db.execute("ANALYZE")
        except sqlite3.OperationalError as exc:  # a full disk, a file that cannot grow
            raise ExportError(f"{path}: cannot be written ({exc})") from None
        finally:
            db.close()


def _write(db: sqlite3.Connection, plan: ExportPlan, progress: Progress | None) -> None:
    for table, values in ENUMERATIONS.items():
        db.executemany(f"INSERT INTO {table} VALUES (?, ?)", values.items())
    header = plan.header()
    db.executemany(
        "INSERT INTO meta VALUES (?, ?)",
        [(k, v if isinstance(v, str) else json.dumps(v)) for k, v in header.items()],
    )
    chain = plan.chain()
    exported = {c.id for c in plan.editions}
    db.executemany(
        "INSERT INTO editions (id, chain_index, effective_date, title, sha256, file_name, "
        "rules_count, glossary_count, exported) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                e["id"],
                e["chain_index"],
                e["effective_date"],
                e["title"],
                e["sha256"],
                e["file_name"],
                e["rules_count"],
                e["glossary_count"],
                int(e["id"] in exported),
            )
            for e in chain
        ],
    )
    for data in plan.edition_records(progress):
        _edition(db, data)
    idents = []
    versions = []
    for ident in plan.identities():
        idents.append(tuple(ident[k] for k in IDENTITY_COLUMNS))
        versions.extend(
            (
                ident["id"],
                pos,
                *(json.dumps(v[k]) if k == "examples" else v[k] for k in VERSION_COLUMNS),
            )
            for pos, v in enumerate(ident["versions"])
        )
    db.executemany(_insert("identities", len(IDENTITY_COLUMNS)), idents)
    db.executemany(_insert("versions", len(VERSION_COLUMNS) + 2), versions)
    db.executemany(
        "INSERT OR IGNORE INTO links VALUES (?, ?, ?, ?)",
        [tuple(ln[k] for k in LINK_COLUMNS) for ln in plan.links()],
    )
    db.executemany(
        _insert("changes", len(CHANGE_COLUMNS)),
        [tuple(c[k] for k in CHANGE_COLUMNS) for c in plan.changes()],
    )


def _insert(table: str, width: int) -> str:
    return f"INSERT INTO {table} VALUES ({', '.join('?' * width)})"


def _edition(db: sqlite3.Connection, data: dict[str, Any]) -> None:
    ed = data["edition"]
    eid = ed["id"]
    acc = data["accounting"]
    row = (
        ed["effective_date"],
        ed["title"],
        ed["sha256"],
        ed["file_name"],
        len(data["rules"]),
        len(data["glossary"]),
        ed["format"],
        ed["encoding"],
        ed["bytes"],
        json.dumps(ed["line_endings"]),
        acc["lines_total"],
        acc["lines_accounted"],
        data["schema_version"],
    )
    cur = db.execute(
        "UPDATE editions SET effective_date=?, title=?, sha256=?, file_name=?, rules_count=?, "
        "glossary_count=?, format=?, encoding=?, bytes=?, line_endings=?, lines_total=?, "
        "lines_accounted=?, tree_schema_version=?, exported=1 WHERE id=?",
        (*row, eid),
    )
    if cur.rowcount == 0:
        db.execute(
            "INSERT INTO editions (effective_date, title, sha256, file_name, rules_count, "
            "glossary_count, format, encoding, bytes, line_endings, lines_total, "
            "lines_accounted, tree_schema_version, id, chain_index, exported) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 1)",
            (*row, eid),
        )
    db.executemany(
        "INSERT INTO edition_lines VALUES (?, ?, ?, ?)",
        [
            (eid, part, pos, text)
            for part in ("introduction", "credits", "book_index")
            for pos, text in enumerate(data[part])
        ],
    )
    db.executemany(
        "INSERT INTO contents VALUES (?, ?, ?, ?, ?)",
        [(eid, pos, c["number"], c["title"], c["line"]) for pos, c in enumerate(data["contents"])],
    )
    db.executemany(
        "INSERT INTO repairs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                eid,
                pos,
                r["line"],
                r["column"],
                r["kind"],
                r["reason"],
                r["original"],
                r["replacement"],
                r.get("path"),
            )
            for pos, r in enumerate(acc["repairs"])
        ],
    )
    db.executemany(
        "INSERT INTO accounting VALUES (?, ?, ?)",
        [(eid, kind, n) for kind, n in acc["by_kind"].items()],
    )
    rules, examples, rulings, cites, refs = [], [], [], [], []
    first_id = {}
    for r in data["rules"]:
        first_id.setdefault(r["number"], r["id"])
    for pos, r in enumerate(data["rules"]):
        rid = r["id"]
        rules.append(
            (
                rid,
                eid,
                pos,
                r["number"],
                r["kind"],
                r["title"],
                r["text"],
                r["normalized"],
                r["parent"],
                r["parent_id"],
                json.dumps(r["children"]),
                r["identity_id"],
                r["line"],
                r["end_line"],
                r.get("file"),
            )
        )
        examples.extend(
            (rid, i, text, line)
            for i, (text, line) in enumerate(zip(r["examples"], r["example_lines"], strict=True))
        )
        rulings.extend(
            (
                rid,
                i,
                x["text"],
                x["source"],
                x["date"],
                x["number"],
                x["filed_under"],
                int(x["flagged"]),
                x["line"],
            )
            for i, x in enumerate(r["rulings"])
        )
        cites.extend((rid, i, c["source"], c["date"]) for i, c in enumerate(r["citations"]))
        refs.extend(
            (rid, i, x["target"], first_id.get(x["target"]), x["kind"], x["text"], x["start"])
            for i, x in enumerate(r["references"])
        )
    db.executemany(f"INSERT INTO rules VALUES ({', '.join('?' * 15)})", rules)
    db.executemany("INSERT INTO examples VALUES (?, ?, ?, ?)", examples)
    db.executemany("INSERT INTO rulings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rulings)
    db.executemany("INSERT INTO rule_citations VALUES (?, ?, ?, ?)", cites)
    db.executemany("INSERT INTO rule_references VALUES (?, ?, ?, ?, ?, ?, ?)", refs)
    gloss, aliases, grefs = [], [], []
    for pos, g in enumerate(data["glossary"]):
        gid = g["id"]
        gloss.append(
            (
                gid,
                eid,
                pos,
                g["term"],
                g["definition"],
                int(g["obsolete"]),
                g["identity_id"],
                g["line"],
            )
        )
        aliases.extend((gid, i, a) for i, a in enumerate(g["aliases"]))
        grefs.extend(
            (gid, i, x["target"], first_id.get(x["target"]), x["kind"], x["text"], x["start"])
            for i, x in enumerate(g["references"])
        )
    db.executemany("INSERT INTO glossary VALUES (?, ?, ?, ?, ?, ?, ?, ?)", gloss)
    db.executemany("INSERT INTO glossary_aliases VALUES (?, ?, ?)", aliases)
    db.executemany("INSERT INTO glossary_references VALUES (?, ?, ?, ?, ?, ?, ?)", grefs)
