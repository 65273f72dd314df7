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

from crdex.index.lineage.classify import EXAMPLES, MEANING
from crdex.index.lineage.graph import EditionInfo, Graph, Identity, Link, Run
from crdex.parser.serialize import edition_from_dict
from crdex.parser.tree import Edition

from .errors import ExportReadError
from .jsonio import EDITION_PARTS
from .records import HEADER_KEYS, check_header
from .sqlite_load import load_sqlite

__all__ = ["ExportData", "detect_format", "graph_of", "load_export", "tree_dict"]

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
        """The exported editions as rule trees (a document's path is its file name)."""
        return [edition_from_dict(tree_dict(r)) for r in self.records]

    def graph(self) -> Graph:
        return graph_of(self.header.get("graph_key", ""), self.chain, self.identities, self.links)


def tree_dict(record: dict[str, Any]) -> dict[str, Any]:
    """An exported edition back in the parser's shape (``edition_to_dict``): ids and the chain
    index dropped, the file name standing for the path."""
    out = json.loads(json.dumps(record))
    out["edition"] = {
        ("path" if k == "file_name" else k): v
        for k, v in out["edition"].items()
        if k != "chain_index"
    }
    for rule in out["rules"]:
        for key in ("id", "parent_id", "identity_id"):
            rule.pop(key)
    for entry in out["glossary"]:
        entry.pop("id")
        entry.pop("identity_id")
    return out


def graph_of(
    key: str,
    chain: list[dict[str, Any]],
    identities: list[dict[str, Any]],
    links: list[dict[str, Any]],
) -> Graph:
    """An identity graph rebuilt from export records (wordings joined back with their examples,
    edit classes back to the graph's own: an edit of examples alone is one of meaning there)."""
    texts: list[str] = []
    seen: dict[str, int] = {}

    def text(value: str) -> int:
        if value not in seen:
            seen[value] = len(texts)
            texts.append(value)
        return seen[value]

    def run(v: dict[str, Any]) -> Run:
        wording = "\n".join([v["text"], *v["examples"]] if v["text"] else v["examples"])
        change = v["edit_class"] or ""
        return Run(
            v["first_chain_index"],
            v["last_chain_index"],
            v["number"] if v["number"] is not None else v["term"],
            v["kind"],
            text(v["title"]),
            text(wording),
            MEANING if change == EXAMPLES else change,
        )

    index = {c["id"]: c["chain_index"] for c in chain}
    return Graph(
        key=key,
        editions=[
            EditionInfo(
                c["id"],
                c["effective_date"],
                c["sha256"],
                c["title"],
                c["file_name"],
                c["rules_count"],
                c["glossary_count"],
            )
            for c in chain
        ],
        identities=[
            Identity(i["id"], i["kind"] == "glossary", [run(v) for v in i["versions"]])
            for i in identities
        ],
        links=[
            Link(
                ln["kind"],
                index[ln["edition_id"]],
                ln["source_identity_id"],
                ln["target_identity_id"],
            )
            for ln in links
        ],
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


def load_export(
    path: str | os.PathLike[str], editions: Collection[str] | None = None
) -> ExportData:
    """Read any crdex export; ``editions`` (ids) keeps only those editions' records."""
    p = Path(path)
    try:
        fmt = detect_format(p)
        if fmt == "sqlite":
            data = ExportData(*load_sqlite(p, editions))
        elif fmt == "jsonl":
            data = _load_jsonl(p)
        else:
            data = _load_json(p)
    except (OSError, ValueError, KeyError, TypeError, StopIteration, sqlite3.Error) as exc:
        raise ExportReadError(f"{p}: cannot be read as a crdex export ({exc!r})") from None
    if editions is not None:
        data.records = [r for r in data.records if r["edition"]["id"] in editions]
    return data


def _load_json(path: Path) -> ExportData:
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    if not isinstance(doc, dict):
        raise ExportReadError(f"{path}: not a crdex export (not a JSON object)")
    header = {k: doc.get(k) for k in HEADER_KEYS}
    check_header(path, header)
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
    check_header(path, first)
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
