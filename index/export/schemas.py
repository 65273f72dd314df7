"""The JSON Schema of the exports, kept in the repository as ``schema/crdex-export.schema.json``.

The file describes the JSON document at its top level and one JSON Lines
record under ``$defs/record``; :func:`record_schema` gives the latter as a
schema of its own, for validators that take one schema per document.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["SCHEMA_FILE", "record_schema", "schema", "schema_text"]

SCHEMA_FILE = "schema/crdex-export.schema.json"


def schema_text() -> str:
    return resources.files(__package__).joinpath(SCHEMA_FILE).read_text("utf-8")


def schema() -> dict[str, Any]:
    """The schema of a ``--format json`` export."""
    return json.loads(schema_text())


def record_schema() -> dict[str, Any]:
    """The schema of one line of a ``--format jsonl`` export."""
    doc = schema()
    return {
        "$schema": doc["$schema"],
        "$id": doc["$id"] + "/record",
        "$ref": "#/$defs/record",
        "$defs": doc["$defs"],
    }
