"""What every front end says beside an answer that needs saying (the CLI on standard error, MCP above its text)."""

from __future__ import annotations

__all__ = ["BUNDLED_NOTE"]

BUNDLED_NOTE = (
    "the library is empty, so this answer comes from the bundled sample documents; "
    "add documents with 'crdex build PATH...'"
)
