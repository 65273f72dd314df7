"""Writing an export as one JSON document or as JSON Lines, streamed edition by edition.

The JSON document is an object: the header fields, then ``chain``,
``editions``, ``identities``, ``links`` and ``changes``. JSON Lines is one
record per line, each with a ``type``: a ``header`` (with the chain), then
for each edition an ``edition`` line followed by its ``rule`` and
``glossary_entry`` lines, then ``identity``, ``link`` and ``change`` lines.
Both are described by ``schema/crdex-export.schema.json``. Keys keep a fixed
order and nothing depends on the clock, so exporting the same library twice
gives the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from .records import ExportPlan, Progress

__all__ = ["EDITION_PARTS", "dumps", "write_json", "write_jsonl"]

# the parts of an edition record that JSON Lines writes as lines of their own
EDITION_PARTS = ("rules", "glossary")


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _array(out: TextIO, items: Iterable[Any]) -> None:
    out.write("[")
    first = True
    for item in items:
        if not first:
            out.write(",\n")
        out.write(dumps(item))
        first = False
    out.write("]")


def write_json(plan: ExportPlan, out: TextIO, progress: Progress | None = None) -> None:
    """The export as one JSON object (one edition or record per line, for diffing)."""
    out.write("{")
    for key, value in plan.header().items():
        out.write(f"{dumps(key)}:{dumps(value)},\n")
    out.write('"chain":')
    _array(out, plan.chain())
    out.write(',\n"editions":')
    _array(out, plan.edition_records(progress))
    out.write(',\n"identities":')
    _array(out, plan.identities())
    out.write(',\n"links":')
    _array(out, plan.links())
    out.write(',\n"changes":')
    _array(out, plan.changes())
    out.write("}\n")


def write_jsonl(plan: ExportPlan, out: TextIO, progress: Progress | None = None) -> None:
    """The export as JSON Lines: one self-describing record per line."""

    def line(kind: str, record: dict[str, Any]) -> None:
        out.write(dumps({"type": kind, **record}))
        out.write("\n")

    line("header", {**plan.header(), "chain": plan.chain()})
    for data in plan.edition_records(progress):
        edition_id = data["edition"]["id"]
        line("edition", {k: v for k, v in data.items() if k not in EDITION_PARTS})
        for rule in data["rules"]:
            line("rule", {"edition_id": edition_id, **rule})
        for entry in data["glossary"]:
            line("glossary_entry", {"edition_id": edition_id, **entry})
    for record in plan.identities():
        line("identity", record)
    for record in plan.links():
        line("link", record)
    for record in plan.changes():
        line("change", record)
