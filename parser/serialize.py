"""The tree as plain data (JSON-ready dicts) and back.

One shape for ``crdex parse --json``, the exports and the parse cache, so a
tool reading any of them reads the same thing. ``edition_from_dict`` inverts
``edition_to_dict`` exactly (spans included).
"""

from __future__ import annotations

import datetime as _dt
import os
from typing import Any

from .tree import (
    Accounting,
    ContentsEntry,
    Edition,
    Example,
    GlossaryEntry,
    Reference,
    Repair,
    Rule,
    Ruling,
    Source,
    Span,
)

__all__ = ["SCHEMA_VERSION", "edition_from_dict", "edition_to_dict", "rule_to_dict"]

SCHEMA_VERSION = 2  # 2: repairs carry the file of a multi-file book


def _span(span: Span | None) -> dict[str, Any] | None:
    if span is None:
        return None
    return {"path": span.path, "line": span.line, "column": span.column, "end_line": span.end_line}


def _ref(ref: Reference) -> dict[str, Any]:
    return {"target": ref.target, "kind": ref.kind, "text": ref.text, "start": ref.start}


def _file(span: Span | None, base: str | None) -> str | None:
    """The file of a span within a book (a directory), relative to it; None for one-file documents."""
    if span is None or base is None or span.path == base:
        return None
    return os.path.relpath(span.path, base)


def rule_to_dict(rule: Rule, base: str | None = None) -> dict[str, Any]:
    """A rule as plain data; ``base`` is the edition's source path, for rules of books."""
    return {
        "number": rule.number,
        "parent": rule.parent,
        "kind": rule.kind,
        "title": rule.title,
        "text": rule.text,
        "normalized": rule.normalized,
        "examples": [e.text for e in rule.examples],
        "example_lines": [e.span.line if e.span else None for e in rule.examples],
        "rulings": [
            {
                "text": r.text,
                "source": r.source,
                "date": r.date,
                "number": r.number,
                "filed_under": r.filed_under,
                "flagged": r.flagged,
                "line": r.span.line if r.span else None,
            }
            for r in rule.rulings
        ],
        "citations": [{"source": s, "date": d} for s, d in rule.citations],
        "references": [_ref(r) for r in rule.references],
        "children": list(rule.children),
        "line": rule.span.line if rule.span else None,
        "end_line": rule.span.end_line if rule.span else None,
        "file": _file(rule.span, base),
    }


def edition_to_dict(edition: Edition) -> dict[str, Any]:
    acc = edition.accounting
    src = edition.source
    return {
        "schema_version": SCHEMA_VERSION,
        "edition": {
            "id": edition.id,
            "effective_date": edition.effective_date.isoformat()
            if edition.effective_date
            else None,
            "title": edition.title,
            "format": src.format,
            "encoding": src.encoding,
            "line_endings": dict(src.line_endings),
            "path": src.path,
            "sha256": src.sha256,
            "bytes": src.bytes,
        },
        "introduction": list(edition.introduction),
        "contents": [
            {"number": c.number, "title": c.title, "line": c.span.line if c.span else None}
            for c in edition.contents
        ],
        "rules": [rule_to_dict(r, src.path) for r in edition.rules],
        "glossary": [
            {
                "term": g.term,
                "aliases": list(g.aliases),
                "definition": g.definition,
                "obsolete": g.obsolete,
                "references": [_ref(r) for r in g.references],
                "line": g.span.line if g.span else None,
            }
            for g in edition.glossary
        ],
        "book_index": list(edition.book_index),
        "credits": list(edition.credits),
        "accounting": {
            "lines_total": acc.lines_total if acc else None,
            "lines_accounted": acc.lines_accounted if acc else None,
            "by_kind": dict(acc.by_kind) if acc else {},
            "repairs": [
                {
                    "line": r.line,
                    "column": r.column,
                    "kind": r.kind,
                    "reason": r.reason,
                    "original": r.original,
                    "replacement": r.replacement,
                    "path": r.path,
                }
                for r in edition.repairs
            ],
        },
    }


def _span_back(path: str, line: int | None, end: int | None = None) -> Span | None:
    return None if line is None else Span(path, line, 1, end)


def edition_from_dict(data: dict[str, Any]) -> Edition:
    ed = data["edition"]
    path = ed["path"]
    rules = []
    for r in data["rules"]:
        rules.append(
            Rule(
                number=r["number"],
                kind=r["kind"],
                text=r["text"],
                title=r["title"],
                parent=r["parent"],
                examples=[
                    Example(t, _span_back(path, ln))
                    for t, ln in zip(
                        r["examples"],
                        r.get("example_lines") or [None] * len(r["examples"]),
                        strict=True,
                    )
                ],
                rulings=[
                    Ruling(
                        x["text"],
                        x["source"],
                        x["date"],
                        x["number"],
                        x["filed_under"],
                        _span_back(path, x["line"]),
                    )
                    for x in r["rulings"]
                ],
                references=[
                    Reference(x["target"], x["kind"], x["text"], x["start"])
                    for x in r["references"]
                ],
                children=list(r["children"]),
                citations=[(c["source"], c["date"]) for c in r.get("citations", [])],
                span=_span_back(
                    os.path.join(path, r["file"]) if r.get("file") else path,
                    r["line"],
                    r.get("end_line"),
                ),
            )
        )
    acc = data["accounting"]
    return Edition(
        id=ed["id"],
        effective_date=_dt.date.fromisoformat(ed["effective_date"])
        if ed["effective_date"]
        else None,
        title=ed["title"],
        source=Source(
            path, ed["sha256"], ed["format"], ed["encoding"], dict(ed["line_endings"]), ed["bytes"]
        ),
        rules=rules,
        glossary=[
            GlossaryEntry(
                g["term"],
                g["definition"],
                list(g["aliases"]),
                [Reference(x["target"], x["kind"], x["text"], x["start"]) for x in g["references"]],
                g["obsolete"],
                _span_back(path, g["line"]),
            )
            for g in data["glossary"]
        ],
        contents=[
            ContentsEntry(c["number"], c["title"], _span_back(path, c["line"]))
            for c in data["contents"]
        ],
        introduction=list(data["introduction"]),
        credits=list(data["credits"]),
        book_index=list(data.get("book_index", [])),
        repairs=[
            Repair(
                x["line"],
                x["kind"],
                x["reason"],
                x["original"],
                x["replacement"],
                x["column"],
                x.get("path"),
            )
            for x in acc["repairs"]
        ],
        accounting=Accounting(acc["lines_total"], acc["lines_accounted"], dict(acc["by_kind"]))
        if acc["lines_total"] is not None
        else None,
    )
