"""Exports for other tools: JSON, JSON Lines and SQLite, with stable ids and a JSON Schema.

    plan = plan_export(library, graph, ["latest"])     # or all_editions=True
    export(plan, "sqlite", "crdex.db")
    data = load_export("crdex.db")                      # back to rule trees and a graph

See :mod:`.records` for what an export holds (and :mod:`.graph_records` for
the identity graph's part), :mod:`.ids` for the id scheme, :mod:`.enums` for
every enumerated value and its meaning, ``schema/`` for the JSON Schema and
the SQLite tables, :mod:`.sqlite_tables` for how each table's rows are made
of the records and read back.
"""

from __future__ import annotations

import os
import sys

from crdex.index.storage.outputs import STDOUT, open_output

from .enums import ENUMERATIONS
from .errors import ExportError, ExportReadError, UnknownExportFormat
from .ids import glossary_id, rule_id
from .jsonio import write_json, write_jsonl
from .load import ExportData, detect_format, graph_of, load_export, tree_dict
from .records import EXPORT_FORMAT, SCHEMA_VERSION, Chosen, ExportPlan, Progress, plan_export
from .schemas import SCHEMA_FILE, record_schema, schema, schema_text
from .sqlite import sql_schema, write_sqlite

__all__ = [
    "ENUMERATIONS",
    "EXPORT_FORMAT",
    "FORMATS",
    "SCHEMA_FILE",
    "SCHEMA_VERSION",
    "Chosen",
    "ExportData",
    "ExportError",
    "ExportPlan",
    "ExportReadError",
    "detect_format",
    "export",
    "glossary_id",
    "graph_of",
    "load_export",
    "plan_export",
    "record_schema",
    "rule_id",
    "schema",
    "schema_text",
    "sql_schema",
    "tree_dict",
    "write_json",
    "write_jsonl",
    "write_sqlite",
]

FORMATS = ("json", "jsonl", "sqlite")


def export(
    plan: ExportPlan,
    fmt: str,
    output: str | os.PathLike[str],
    progress: Progress | None = None,
) -> None:
    """Write ``plan`` as ``fmt`` to ``output``: a file, ``-`` (standard output), a pipe or a device.

    A file is written beside its target and renamed into place when
    complete; links are followed (see :mod:`crdex.index.storage.outputs`).
    """
    if fmt not in FORMATS:
        raise UnknownExportFormat(
            f"unknown export format {fmt!r}: choose one of {', '.join(FORMATS)}"
        )
    if fmt == "sqlite":
        if str(output) == STDOUT and sys.stdout.isatty():
            raise ExportError(
                "a SQLite export is binary: give -o PATH, or send standard output to a pipe or file"
            )
        write_sqlite(plan, output, progress)
        return
    writer = write_json if fmt == "json" else write_jsonl
    with open_output(output, text=True) as out:
        writer(plan, out, progress)
