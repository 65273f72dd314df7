"""Reading a SQLite export back into the records the JSON shapes hold.

The inverse of :mod:`.sqlite`: rows become the same dicts, in the same key
order, as a JSON export of the same editions, so that :mod:`.load` gives one
:class:`~.load.ExportData` whatever the format.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection
from pathlib import Path
from typing import Any

from .records import HEADER_KEYS, check_header
from .sqlite import CHANGE_COLUMNS, IDENTITY_COLUMNS, LINK_COLUMNS, VERSION_COLUMNS

__all__ = ["load_sqlite"]

_CHAIN_KEYS = (
    "chain_index",
    "id",
    "effective_date",
    "sha256",
    "title",
    "file_name",
    "rules_count",
    "glossary_count",
)


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
        chain = [{k: e[k] for k in _CHAIN_KEYS} for e in eds if e["chain_index"] is not None]
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
            {k: i[k] for k in IDENTITY_COLUMNS[:7]}
            | {
                "split_from_identity_ids": [s[1] for s in splits.get(i["id"], [])],
                "merged_into_identity_id": i["merged_into_identity_id"],
                "versions": [
                    {k: json.loads(v[k]) if k == "examples" else v[k] for k in VERSION_COLUMNS}
                    for v in versions.get(i["id"], [])
                ],
            }
            for i in _rows(db, "SELECT * FROM identities ORDER BY rowid")
        ]
        links = [
            {k: r[k] for k in LINK_COLUMNS} for r in _rows(db, "SELECT * FROM links ORDER BY rowid")
        ]
        changes = [
            {k: r[k] for k in CHANGE_COLUMNS}
            for r in _rows(db, "SELECT * FROM changes ORDER BY rowid")
        ]
    finally:
        db.close()
    return header, chain, records, identities, links, changes


def _edition(db: sqlite3.Connection, e: sqlite3.Row) -> dict[str, Any]:
    eid = e["id"]
    lines = _grouped(
        db, "SELECT part, text FROM edition_lines WHERE edition_id = ? ORDER BY part, position", eid
    )
    rule_rows = _rows(db, "SELECT * FROM rules WHERE edition_id = ? ORDER BY position", eid)
    examples = _grouped(
        db,
        "SELECT x.rule_id, x.text, x.line FROM examples x JOIN rules r ON r.id = x.rule_id "
        "WHERE r.edition_id = ? ORDER BY x.rule_id, x.position",
        eid,
    )
    rulings = _grouped(
        db,
        "SELECT x.* FROM rulings x JOIN rules r ON r.id = x.rule_id "
        "WHERE r.edition_id = ? ORDER BY x.rule_id, x.position",
        eid,
    )
    cites = _grouped(
        db,
        "SELECT x.* FROM rule_citations x JOIN rules r ON r.id = x.rule_id "
        "WHERE r.edition_id = ? ORDER BY x.rule_id, x.position",
        eid,
    )
    refs = _grouped(
        db,
        "SELECT x.* FROM rule_references x JOIN rules r ON r.id = x.rule_id "
        "WHERE r.edition_id = ? ORDER BY x.rule_id, x.position",
        eid,
    )
    aliases = _grouped(
        db,
        "SELECT a.glossary_id, a.alias FROM glossary_aliases a JOIN glossary g ON g.id = a.glossary_id "
        "WHERE g.edition_id = ? ORDER BY a.glossary_id, a.position",
        eid,
    )
    grefs = _grouped(
        db,
        "SELECT x.* FROM glossary_references x JOIN glossary g ON g.id = x.glossary_id "
        "WHERE g.edition_id = ? ORDER BY x.glossary_id, x.position",
        eid,
    )

    def ref(x: sqlite3.Row) -> dict[str, Any]:
        return {"target": x["target"], "kind": x["kind"], "text": x["text"], "start": x["start"]}

    rules = []
    for r in rule_rows:
        rid = r["id"]
        rules.append(
            {
                "id": rid,
                "number": r["number"],
                "parent": r["parent"],
                "kind": r["kind"],
                "title": r["title"],
                "text": r["text"],
                "normalized": r["normalized"],
                "examples": [x["text"] for x in examples.get(rid, [])],
                "example_lines": [x["line"] for x in examples.get(rid, [])],
                "rulings": [
                    {
                        "text": x["text"],
                        "source": x["source"],
                        "date": x["date"],
                        "number": x["number"],
                        "filed_under": x["filed_under"],
                        "flagged": bool(x["flagged"]),
                        "line": x["line"],
                    }
                    for x in rulings.get(rid, [])
                ],
                "citations": [
                    {"source": x["source"], "date": x["date"]} for x in cites.get(rid, [])
                ],
                "references": [ref(x) for x in refs.get(rid, [])],
                "children": json.loads(r["children"]),
                "line": r["line"],
                "end_line": r["end_line"],
                "file": r["file"],
                "parent_id": r["parent_id"],
                "identity_id": r["identity_id"],
            }
        )
    glossary = [
        {
            "id": g["id"],
            "term": g["term"],
            "aliases": [a["alias"] for a in aliases.get(g["id"], [])],
            "definition": g["definition"],
            "obsolete": bool(g["obsolete"]),
            "references": [ref(x) for x in grefs.get(g["id"], [])],
            "line": g["line"],
            "identity_id": g["identity_id"],
        }
        for g in _rows(db, "SELECT * FROM glossary WHERE edition_id = ? ORDER BY position", eid)
    ]
    return {
        "schema_version": e["tree_schema_version"],
        "edition": {
            "id": eid,
            "effective_date": e["effective_date"],
            "title": e["title"],
            "format": e["format"],
            "encoding": e["encoding"],
            "line_endings": json.loads(e["line_endings"]),
            "file_name": e["file_name"],
            "sha256": e["sha256"],
            "bytes": e["bytes"],
            "chain_index": e["chain_index"],
        },
        "introduction": [x["text"] for x in lines.get("introduction", [])],
        "contents": [
            {"number": c["number"], "title": c["title"], "line": c["line"]}
            for c in _rows(db, "SELECT * FROM contents WHERE edition_id = ? ORDER BY position", eid)
        ],
        "rules": rules,
        "glossary": glossary,
        "book_index": [x["text"] for x in lines.get("book_index", [])],
        "credits": [x["text"] for x in lines.get("credits", [])],
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
                {
                    "line": x["line"],
                    "column": x["column"],
                    "kind": x["kind"],
                    "reason": x["reason"],
                    "original": x["original"],
                    "replacement": x["replacement"],
                    "path": x["path"],
                }
                for x in _rows(
                    db, "SELECT * FROM repairs WHERE edition_id = ? ORDER BY position", eid
                )
            ],
        },
    }
