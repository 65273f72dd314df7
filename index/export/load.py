"""Reading an export back: JSON, JSON Lines or SQLite, into rule trees and an identity graph.

This is what lets the tests hold an export to "nothing lost": loading gives
the same :class:`~crdex.parser.tree.Edition` objects the library parsed, and
the same identities. Tools in Python can use it as a reader too.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crdex.index.lineage.graph import EditionInfo, Graph, Identity, Link, Run
from crdex.parser.serialize import edition_from_dict
from crdex.parser.tree import Edition

from .errors import ExportReadError
from .jsonio import EDITION_PARTS
from .records import EXPORT_FORMAT, SCHEMA_VERSION

__all__ = ["ExportData", "detect_format", "graph_of", "load_export"]

_SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass(slots=True)
class ExportData:
    """An export as read back: the header, the chain, edition records and graph records."""

    header: dict[str, Any]
    chain: list[dict[str, Any]]
    records: list[dict[str, Any]] = field(default_factory=list)
    identities: list[dict[str, Any]] = field(default_factory=list)
    links: list[dict[str, Any]] = field(default_factory=list)
    changes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def editions(self) -> list[Edition]:
        """The exported editions as rule trees."""
        return [edition_from_dict(r) for r in self.records]

    def graph(self) -> Graph:
        return graph_of(self.header.get("graph_key", ""), self.chain, self.identities, self.links)


def graph_of(
    key: str,
    chain: list[dict[str, Any]],
    identities: list[dict[str, Any]],
    links: list[dict[str, Any]],
) -> Graph:
    """An identity graph rebuilt from export records."""
    index = {c["id"]: c["index"] for c in chain}
    texts: list[str] = []
    seen: dict[str, int] = {}

    def text(value: str) -> int:
        if value not in seen:
            seen[value] = len(texts)
            texts.append(value)
        return seen[value]

    return Graph(
        key=key,
        editions=[
            EditionInfo(
                c["id"], c["date"], c["sha256"], c["title"], c["path"], c["rules"], c["glossary"]
            )
            for c in chain
        ],
        identities=[
            Identity(
                i["id"],
                i["kind"] == "glossary",
                [
                    Run(
                        index[v["first_edition"]],
                        index[v["last_edition"]],
                        v["key"],
                        v["kind"],
                        text(v["title"]),
                        text(v["text"]),
                        v["change"] or "",
                    )
                    for v in i["versions"]
                ],
            )
            for i in identities
        ],
        links=[Link(ln["kind"], index[ln["edition"]], ln["source"], ln["target"]) for ln in links],
        texts=texts,
    )


def detect_format(path: str | os.PathLike[str]) -> str:
    """``sqlite``, ``jsonl`` or ``json``, from the file's first bytes."""
    with open(path, "rb") as fh:
        head = fh.read(len(_SQLITE_MAGIC))
        if head == _SQLITE_MAGIC:
            return "sqlite"
        fh.seek(0)
        first = fh.readline()
    try:
        value = json.loads(first)
    except ValueError:
        return "json"
    return "jsonl" if isinstance(value, dict) and value.get("type") == "header" else "json"


def _check_header(path: Path, header: dict[str, Any]) -> None:
    if header.get("format") != EXPORT_FORMAT:
        raise ExportReadError(f"{path}: not a crdex export (no format {EXPORT_FORMAT!r})")
    version = header.get("schema_version")
    if not isinstance(version, int) or version > SCHEMA_VERSION:
        raise ExportReadError(
            f"{path}: schema version {version!r}; this crdex reads versions up to {SCHEMA_VERSION}"
        )


def load_export(
    path: str | os.PathLike[str], editions: Collection[str] | None = None
) -> ExportData:
    """Read any crdex export; ``editions`` (ids) keeps only those editions' records."""
    p = Path(path)
    try:
        fmt = detect_format(p)
        if fmt == "sqlite":
            data = _load_sqlite(p, editions)
        elif fmt == "jsonl":
            data = _load_jsonl(p)
        else:
            data = _load_json(p)
    except (OSError, ValueError, KeyError, TypeError, StopIteration, sqlite3.Error) as exc:
        raise ExportReadError(f"{p}: cannot be read as a crdex export ({exc!r})") from None
    if editions is not None:
        data.records = [r for r in data.records if r["edition"]["id"] in editions]
    return data


_HEADER_KEYS = ("format", "schema_version", "crdex_version", "graph_key", "complete", "exported")


def _load_json(path: Path) -> ExportData:
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    if not isinstance(doc, dict):
        raise ExportReadError(f"{path}: not a crdex export (not a JSON object)")
    header = {k: doc.get(k) for k in _HEADER_KEYS}
    _check_header(path, header)
    return ExportData(
        header, doc["chain"], doc["editions"], doc["identities"], doc["links"], doc["changes"]
    )


def _lines(path: Path) -> Iterator[dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def _load_jsonl(path: Path) -> ExportData:
    lines = _lines(path)
    first = next(lines)
    first.pop("type")
    chain = first.pop("chain")
    _check_header(path, first)
    data = ExportData(first, chain)
    current: dict[str, Any] | None = None
    buckets = {"identity": data.identities, "link": data.links, "change": data.changes}
    for record in lines:
        kind = record.pop("type")
        if kind == "edition":
            current = {**record, **{part: [] for part in EDITION_PARTS}}
            data.records.append(current)
        elif kind in ("rule", "glossary_entry"):
            if current is None or record.pop("edition_id") != current["edition"]["id"]:
                raise ExportReadError(f"{path}: a {kind} line outside its edition")
            current["rules" if kind == "rule" else "glossary"].append(record)
        elif kind in buckets:
            buckets[kind].append(record)
        else:
            raise ExportReadError(f"{path}: unknown record type {kind!r}")
    return data


def _rows(db: sqlite3.Connection, sql: str, *args: Any) -> list[sqlite3.Row]:
    return db.execute(sql, args).fetchall()


def _grouped(db: sqlite3.Connection, sql: str, *args: Any) -> dict[str, list[sqlite3.Row]]:
    out: dict[str, list[sqlite3.Row]] = {}
    for row in _rows(db, sql, *args):
        out.setdefault(row[0], []).append(row)
    return out


def _load_sqlite(path: Path, wanted: Collection[str] | None) -> ExportData:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    db.row_factory = sqlite3.Row
    try:
        meta = {r["key"]: r["value"] for r in _rows(db, "SELECT key, value FROM meta")}
        header = {
            k: (meta[k] if k in ("format", "crdex_version", "graph_key") else json.loads(meta[k]))
            for k in _HEADER_KEYS
        }
        _check_header(path, header)
        eds = _rows(db, "SELECT * FROM editions ORDER BY chain_index IS NULL, chain_index, id")
        chain = [
            {
                "index": e["chain_index"],
                "id": e["id"],
                "date": e["effective_date"],
                "sha256": e["sha256"],
                "title": e["title"],
                "path": e["path"],
                "rules": e["rules_count"],
                "glossary": e["glossary_count"],
            }
            for e in eds
            if e["chain_index"] is not None
        ]
        order = {eid: i for i, eid in enumerate(header["exported"])}
        records = [
            _edition(db, e)
            for e in sorted(
                (e for e in eds if e["exported"] and (wanted is None or e["id"] in wanted)),
                key=lambda e: order.get(e["id"], len(order)),
            )
        ]
        versions = _grouped(db, "SELECT * FROM versions ORDER BY identity_id, position")
        splits = _grouped(
            db, "SELECT target, source FROM links WHERE kind = 'split' ORDER BY edition, source"
        )
        identities = [
            {
                "id": i["id"],
                "kind": i["kind"],
                "first_edition": i["first_edition"],
                "last_edition": i["last_edition"],
                "status": i["status"],
                "key": i["key"],
                "split_from": [s["source"] for s in splits.get(i["id"], [])],
                "merged_into": i["merged_into"],
                "versions": [
                    {
                        k: v[k]
                        for k in (
                            "first_edition",
                            "last_edition",
                            "key",
                            "kind",
                            "title",
                            "text",
                            "relation",
                            "change",
                            "previous_key",
                        )
                    }
                    for v in versions.get(i["id"], [])
                ],
            }
            for i in _rows(db, "SELECT * FROM identities ORDER BY rowid")
        ]
        links = [
            dict(r)
            for r in _rows(db, "SELECT kind, edition, source, target FROM links ORDER BY rowid")
        ]
        changes = [
            {**dict(r), "identity": r["identity_id"]}
            for r in _rows(db, "SELECT * FROM changes ORDER BY rowid")
        ]
        for c in changes:
            del c["identity_id"]
    finally:
        db.close()
    return ExportData(header, chain, records, identities, links, changes)


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
                "identity": r["identity_id"],
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
            "identity": g["identity_id"],
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
            "path": e["path"],
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
