"""Exports for other tools: JSON, JSON Lines and SQLite, with stable ids and a JSON Schema.

    plan = plan_export(library, graph, ["latest"])     # or all_editions=True
    export(plan, "sqlite", "crdex.db")
    data = load_export("crdex.db")                      # back to rule trees and a graph

See :mod:`.records` for what an export holds, :mod:`.ids` for the id scheme,
``schema/`` for the JSON Schema and the SQLite tables.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .errors import ExportError, ExportReadError
from .ids import glossary_id, rule_id
from .jsonio import write_json, write_jsonl
from .load import ExportData, detect_format, graph_of, load_export
from .records import EXPORT_FORMAT, SCHEMA_VERSION, Chosen, ExportPlan, Progress, plan_export
from .schemas import SCHEMA_FILE, record_schema, schema, schema_text
from .sqlite import sql_schema, write_sqlite

__all__ = [
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
    """Write ``plan`` as ``fmt`` to ``output`` (``-`` is standard output, JSON formats only).

    Files are written beside the target and moved into place when complete.
    """
    if fmt not in FORMATS:
        raise ExportError(f"unknown export format {fmt!r}: choose one of {', '.join(FORMATS)}")
    if str(output) != "-" and Path(output).is_dir():
        raise ExportError(f"{output}: is a directory; give the name of the file to write")
    if fmt == "sqlite":
        if str(output) == "-":
            raise ExportError("a SQLite export needs a file: give -o PATH")
        write_sqlite(plan, output, progress)
        return
    writer = write_json if fmt == "json" else write_jsonl
    if str(output) == "-":
        writer(plan, sys.stdout, progress)
        return
    target = Path(output)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as out:
            writer(plan, out, progress)
        tmp.replace(target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise ExportError(f"{target}: cannot be written ({exc.strerror or exc})") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
