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
    CR_NUMBERING,
    Accounting,
    Citation,
    ContentsEntry,
    Edition,
    Example,
    GlossaryEntry,
    IndexEntry,
    Note,
    Reference,
    Repair,
    Rule,
    Ruling,
    Source,
    Span,
)

__all__ = ["SCHEMA_VERSION", "edition_from_dict", "edition_to_dict", "rule_to_dict"]

# 2: repairs carry the file of a multi-file book; 3: a document in a numbering
# of its own (the 1999 rulings summary) carries "numbering", "items" and
# "index_entries", and its nodes "sources", "notes" and "changed" (keys that
# Comprehensive Rules documents, which never have them, leave out)
SCHEMA_VERSION = 3


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


def _citation(c: Citation) -> dict[str, Any]:
    return {
        "text": c.text,
        "name": c.name,
        "kind": c.kind,
        "date": c.date,
        "page": c.page,
        "issue": c.issue,
        "who": c.who,
        "start": c.start,
    }


def _citation_back(d: dict[str, Any]) -> Citation:
    return Citation(
        d["text"], d["name"], d["kind"], d["date"], d["page"], d["issue"], d["who"], d["start"]
    )


def _own(sources: list[Citation], changed: bool, **more: list[Any]) -> dict[str, Any]:
    """The keys only rulings summaries use, present only when there is something in them."""
    out: dict[str, Any] = {}
    if sources:
        out["sources"] = [_citation(c) for c in sources]
    for key, value in more.items():
        if value:
            out[key] = value
    if changed:
        out["changed"] = True
    return out


def _note(note: Note) -> dict[str, Any]:
    return {
        "text": note.text,
        "sources": [_citation(c) for c in note.sources],
        "references": [_ref(r) for r in note.references],
        "changed": note.changed,
        "line": note.span.line if note.span else None,
    }


def _note_back(d: dict[str, Any], path: str) -> Note:
    return Note(
        d["text"],
        [_citation_back(c) for c in d["sources"]],
        [_ref_back(r) for r in d["references"]],
        d["changed"],
        _span_back(path, d["line"]),
    )


def _ref_back(x: dict[str, Any]) -> Reference:
    return Reference(x["target"], x["kind"], x["text"], x["start"])


def rule_to_dict(rule: Rule, base: str | None = None) -> dict[str, Any]:
    """A rule as plain data; ``base`` is the edition's source path, for rules of books."""
    # a build writes some 300,000 of these: the lists most rules leave empty are not walked
    span, examples, rulings, refs = rule.span, rule.examples, rule.rulings, rule.references
    out = {
        "number": rule.number,
        "parent": rule.parent,
        "kind": rule.kind,
        "title": rule.title,
        "text": rule.text,
        "normalized": rule.normalized,
        "examples": [e.text for e in examples] if examples else [],
        "example_lines": [e.span.line if e.span else None for e in examples] if examples else [],
        "rulings": [
            {
                "text": r.text,
                "source": r.source,
                "date": r.date,
                "number": r.number,
                "filed_under": r.filed_under,
                "flagged": r.flagged,
                "line": r.span.line if r.span else None,
                **_own(r.sources, r.changed, references=[_ref(x) for x in r.references]),
            }
            for r in rulings
        ]
        if rulings
        else [],
        "citations": [{"source": s, "date": d} for s, d in rule.citations]
        if rule.citations
        else [],
        "references": [_ref(r) for r in refs] if refs else [],
        "children": list(rule.children),
        "line": span.line if span else None,
        "end_line": span.end_line if span else None,
        "file": _file(span, base),
    }
    if rule.sources or rule.notes or rule.changed:
        out.update(_own(rule.sources, rule.changed, notes=[_note(n) for n in rule.notes]))
    return out


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
        **_own_numbering(edition),
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


def _own_numbering(edition: Edition) -> dict[str, Any]:
    """A document in a numbering of its own: its nodes (never in "rules") and its index."""
    if edition.numbering == CR_NUMBERING:
        return {}
    path = edition.source.path
    return {
        "numbering": edition.numbering,
        "changes_since": edition.changes_since,
        "items": [rule_to_dict(r, path) for r in edition.items],
        "index_entries": [
            {
                "term": e.term,
                "targets": list(e.targets),
                "see": e.see,
                "line": e.span.line if e.span else None,
            }
            for e in edition.index_entries
        ],
    }


def _span_back(path: str, line: int | None, end: int | None = None) -> Span | None:
    return None if line is None else Span(path, line, 1, end)


def _rule_back(r: dict[str, Any], path: str) -> Rule:
    return Rule(
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
        rulings=tuple(
            Ruling(
                x["text"],
                x["source"],
                x["date"],
                x["number"],
                x["filed_under"],
                _span_back(path, x["line"]),
                [_citation_back(c) for c in x.get("sources", [])],
                [_ref_back(y) for y in x.get("references", [])],
                x.get("changed", False),
            )
            for x in r["rulings"]
        ),
        references=[_ref_back(x) for x in r["references"]],
        children=list(r["children"]),
        citations=tuple((c["source"], c["date"]) for c in r.get("citations", [])),
        span=_span_back(
            os.path.join(path, r["file"]) if r.get("file") else path,
            r["line"],
            r.get("end_line"),
        ),
        sources=tuple(_citation_back(c) for c in r.get("sources", [])),
        notes=tuple(_note_back(n, path) for n in r.get("notes", [])),
        changed=r.get("changed", False),
    )


def edition_from_dict(data: dict[str, Any]) -> Edition:
    ed = data["edition"]
    path = ed["path"]
    rules = [_rule_back(r, path) for r in data["rules"]]
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
        numbering=data.get("numbering", CR_NUMBERING),
        changes_since=data.get("changes_since"),
        items=[_rule_back(r, path) for r in data.get("items", [])],
        index_entries=[
            IndexEntry(e["term"], list(e["targets"]), e["see"], _span_back(path, e["line"]))
            for e in data.get("index_entries", [])
        ],
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
