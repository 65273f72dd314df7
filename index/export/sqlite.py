"""Writing an export as a SQLite database: one table per kind of thing, keyed by stable ids.

The tables, keys and indexes are in ``schema/crdex-export.sql``; how each
row is made of the records, in :mod:`.sqlite_tables`. Lists keep
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

from . import sqlite_tables as tables
from .enums import ENUMERATIONS
from .errors import ExportError
from .records import ExportPlan, Progress

__all__ = ["INDEX_MARKER", "sql_schema", "write_sqlite"]

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
            creates, indexes = sql_schema().split(INDEX_MARKER, 1)
            db.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;")
            db.executescript(creates)
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
    exported = {c.id for c in plan.editions}
    db.executemany(
        tables.CHAIN.insert(), [tables.CHAIN.row(e, int(e["id"] in exported)) for e in plan.chain()]
    )
    for data in plan.edition_records(progress):
        _edition(db, data)
    idents = []
    versions = []
    for ident in plan.identities():
        idents.append(tables.IDENTITIES.row(ident))
        versions.extend(tables.VERSIONS.rows(ident["id"], ident["versions"]))
    db.executemany(tables.IDENTITIES.insert(), idents)
    db.executemany(tables.VERSIONS.insert(), versions)
    db.executemany(
        tables.LINKS.insert("INSERT OR IGNORE"), [tables.LINKS.row(ln) for ln in plan.links()]
    )
    db.executemany(tables.CHANGES.insert(), [tables.CHANGES.row(c) for c in plan.changes()])


def _edition(db: sqlite3.Connection, data: dict[str, Any]) -> None:
    """One exported edition: its row (the chain's, filled in; or a new one off the chain),
    its paragraphs, contents, repairs and accounting, its rules and its glossary."""
    ed, acc = data["edition"], data["accounting"]
    eid = ed["id"]
    fields = ed | {
        "rules_count": len(data["rules"]),
        "glossary_count": len(data["glossary"]),
        "lines_total": acc["lines_total"],
        "lines_accounted": acc["lines_accounted"],
        "tree_schema_version": data["schema_version"],
    }
    db.execute(tables.EDITIONS.upsert(kept=("id", "chain_index")), tables.EDITIONS.row(fields, 1))
    db.executemany(
        tables.EDITION_LINES.insert(),
        [
            tables.EDITION_LINES.row(text, eid, part, pos)
            for part in ("introduction", "credits", "book_index")
            for pos, text in enumerate(data[part])
        ],
    )
    db.executemany(tables.CONTENTS.insert(), tables.CONTENTS.rows(eid, data["contents"]))
    db.executemany(tables.REPAIRS.insert(), tables.REPAIRS.rows(eid, acc["repairs"]))
    db.executemany(
        tables.ACCOUNTING.insert(),
        [tables.ACCOUNTING.row(item, eid) for item in acc["by_kind"].items()],
    )
    first_id = _rules(db, eid, data["rules"])
    glossary = data["glossary"]
    db.executemany(
        tables.GLOSSARY.insert(),
        [tables.GLOSSARY.row(g, eid, pos) for pos, g in enumerate(glossary)],
    )
    _lists(db, tables.GLOSSARY_ALIASES, glossary, "aliases")
    _references(db, tables.GLOSSARY_REFERENCES, glossary, first_id)


def _rules(db: sqlite3.Connection, eid: str, rules: list[dict[str, Any]]) -> dict[str, str]:
    """The rules of an edition and their lists; returns each number's rule id (the first of a
    number printed twice), which cross-references name."""
    first_id: dict[str, str] = {}
    for r in rules:
        first_id.setdefault(r["number"], r["id"])
    db.executemany(
        tables.RULES.insert(), [tables.RULES.row(r, eid, pos) for pos, r in enumerate(rules)]
    )
    db.executemany(
        tables.EXAMPLES.insert(),
        [
            row
            for r in rules
            for row in tables.EXAMPLES.rows(
                r["id"], zip(r["examples"], r["example_lines"], strict=True)
            )
        ],
    )
    _lists(db, tables.RULINGS, rules, "rulings")
    _lists(db, tables.RULE_CITATIONS, rules, "citations")
    _references(db, tables.RULE_REFERENCES, rules, first_id)
    return first_id


def _lists(
    db: sqlite3.Connection, table: tables.Table, owners: list[dict[str, Any]], key: str
) -> None:
    """The list ``key`` of each owner, as rows of ``table`` in the owners' order."""
    db.executemany(table.insert(), [row for o in owners for row in table.rows(o["id"], o[key])])


def _references(
    db: sqlite3.Connection,
    table: tables.Table,
    owners: list[dict[str, Any]],
    first_id: dict[str, str],
) -> None:
    """Cross-references, each with the id of the rule it cites in the same edition, if any."""
    db.executemany(
        table.insert(),
        [
            table.row(x, o["id"], pos, first_id.get(x["target"]))
            for o in owners
            for pos, x in enumerate(o["references"])
        ],
    )
