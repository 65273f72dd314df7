"""The committed overrides: matches decided by reading the documents (see :mod:`.overrides`).

Each entry names an edition by effective date and a node by rule number (or
``glossary:Term``), and says why automatic matching is not trusted there.
"""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: list[dict[str, object]] = []
