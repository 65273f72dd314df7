"""Reading a SQLite export back into the records the JSON shapes hold.

The inverse of :mod:`.sqlite`, by the same table descriptions
(:mod:`.sqlite_tables`): rows become the same dicts, in the same key order,
as a JSON export of the same editions, so that :mod:`.load` gives one
:class:`~.load.ExportData` whatever the format.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection
from pathlib import Path
from typing import Any

from . import sqlite_tables as tables
from .records import HEADER_KEYS, check_header

__all__ = ["load_sqlite"]


def _rows(db: sqlite3.Connection, sql: str, *args: Any) -> list[sqlite3.Row]:
    return db.execute(sql, args).fetchall()


def _grouped(db: sqlite3.Connection, sql: str, *args: Any) -> dict[str, list[sqlite3.Row]]:
    out: dict[str, list[sqlite3.Row]] = {}
    for row in _rows(db, sql, *args):
        out.setdefault(row[0], []).append(row)
    return out


def load_sqlite(path: Path, wanted: Collection[str] | None) -> tuple[Any, ...]:
    """(header, chain, records, identities, links, changes) of a SQLite export."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    db.row_factory = sqlite3.Row
    try:
        meta = {r["key"]: r["value"] for r in _rows(db, "SELECT key, value FROM meta")}
        header = {
            k: (meta[k] if k in ("format", "crdex_version", "graph_key") else json.loads(meta[k]))
            for k in HEADER_KEYS
            if k in meta
        }
        check_header(path, header)
        eds = _rows(db, "SELECT * FROM editions ORDER BY chain_index IS NULL, chain_index, id")
        chain = [tables.CHAIN.record(e) for e in eds if e["chain_index"] is not None]
        order = {eid: i for i, eid in enumerate(header["exported_edition_ids"])}
        records = [
            _edition(db, e)
            for e in sorted(
                (e for e in eds if e["exported"] and (wanted is None or e["id"] in wanted)),
                key=lambda e: order.get(e["id"], len(order)),
            )
        ]
        versions = _grouped(db, "SELECT * FROM versions ORDER BY identity_id, position")
        splits = _grouped(
            db,
            "SELECT target_identity_id, source_identity_id FROM links WHERE kind = 'split' "
            "ORDER BY edition_id, source_identity_id",
        )
        identities = [
            tables.IDENTITIES.record(
                i,
                split_from_identity_ids=[s[1] for s in splits.get(i["id"], [])],
                versions=[tables.VERSIONS.record(v) for v in versions.get(i["id"], [])],
            )
            for i in _rows(db, "SELECT * FROM identities ORDER BY rowid")
        ]
        links = [tables.LINKS.record(r) for r in _rows(db, "SELECT * FROM links ORDER BY rowid")]
        changes = [
            tables.CHANGES.record(r) for r in _rows(db, "SELECT * FROM changes ORDER BY rowid")
        ]
    finally:
        db.close()
    return header, chain, records, identities, links, changes


def _owned(
    db: sqlite3.Connection, table: tables.Table, owner: tables.Table, eid: str
) -> dict[str, list]:
    """The rows of ``table`` that belong to the rules (or glossary entries) of one edition,
    in order, by owner."""
    by = table.given[0]
    return _grouped(
        db,
        f"SELECT x.* FROM {table.name} x JOIN {owner.name} o ON o.id = x.{by} "
        f"WHERE o.edition_id = ? ORDER BY x.{by}, x.position",
        eid,
    )


def _edition(db: sqlite3.Connection, e: sqlite3.Row) -> dict[str, Any]:
    eid = e["id"]
    lines = _grouped(
        db, "SELECT part, text FROM edition_lines WHERE edition_id = ? ORDER BY part, position", eid
    )
    return {
        "schema_version": e["tree_schema_version"],
        "edition": tables.EDITION.record(e),
        "introduction": tables.EDITION_LINES.values(lines.get("introduction", []), "text"),
        "contents": [
            tables.CONTENTS.record(c)
            for c in _rows(db, "SELECT * FROM contents WHERE edition_id = ? ORDER BY position", eid)
        ],
        "rules": _rules(db, eid),
        "glossary": _glossary(db, eid),
        "book_index": tables.EDITION_LINES.values(lines.get("book_index", []), "text"),
        "credits": tables.EDITION_LINES.values(lines.get("credits", []), "text"),
        "accounting": {
            "lines_total": e["lines_total"],
            "lines_accounted": e["lines_accounted"],
            "by_kind": {
                a["kind"]: a["lines"]
                for a in _rows(
                    db,
                    "SELECT kind, lines FROM accounting WHERE edition_id = ? ORDER BY rowid",
                    eid,
                )
            },
            "repairs": [
                tables.REPAIRS.record(x)
                for x in _rows(
                    db, "SELECT * FROM repairs WHERE edition_id = ? ORDER BY position", eid
                )
            ],
        },
    }


def _rules(db: sqlite3.Connection, eid: str) -> list[dict[str, Any]]:
    examples = _owned(db, tables.EXAMPLES, tables.RULES, eid)
    rulings = _owned(db, tables.RULINGS, tables.RULES, eid)
    cites = _owned(db, tables.RULE_CITATIONS, tables.RULES, eid)
    refs = _owned(db, tables.RULE_REFERENCES, tables.RULES, eid)
    rules = []
    for r in _rows(db, "SELECT * FROM rules WHERE edition_id = ? ORDER BY position", eid):
        rid = r["id"]
        own = examples.get(rid, [])
        rules.append(
            tables.RULES.record(
                r,
                examples=tables.EXAMPLES.values(own, "text"),
                example_lines=tables.EXAMPLES.values(own, "line"),
                rulings=[tables.RULINGS.record(x) for x in rulings.get(rid, [])],
                citations=[tables.RULE_CITATIONS.record(x) for x in cites.get(rid, [])],
                references=[tables.RULE_REFERENCES.record(x) for x in refs.get(rid, [])],
            )
        )
    return rules


def _glossary(db: sqlite3.Connection, eid: str) -> list[dict[str, Any]]:
    aliases = _owned(db, tables.GLOSSARY_ALIASES, tables.GLOSSARY, eid)
    refs = _owned(db, tables.GLOSSARY_REFERENCES, tables.GLOSSARY, eid)
    return [
        tables.GLOSSARY.record(
            g,
            aliases=tables.GLOSSARY_ALIASES.values(aliases.get(g["id"], []), "alias"),
            references=[tables.GLOSSARY_REFERENCES.record(x) for x in refs.get(g["id"], [])],
        )
        for g in _rows(db, "SELECT * FROM glossary WHERE edition_id = ? ORDER BY position", eid)
    ]
