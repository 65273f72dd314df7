"""The editions of a library and one edition's contents, as MCP's ``editions`` tool and resources say them.

``crdex editions`` and ``crdex documents`` print their own, longer lists
(witnesses, damage, disagreements); this is the short form: each edition
with its counts and documents, and an edition's sections with their rules.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

__all__ = ["contents_text", "editions_text"]


def _document(doc: dict[str, Any]) -> str:
    tag = f" {doc['tag']}" if doc["tag"] else ""
    second = "" if doc["in_chain"] else ", a second copy"
    return f"{doc['id']} ({doc['format']}{tag}, {PurePath(doc['path']).name}{second})"


def editions_text(data: dict[str, Any]) -> str:
    eds = data["editions"]
    lines = [f"{len(eds)} edition{'s' * (len(eds) != 1)}, oldest first:"]
    for e in eds:
        copies = f", {e['copies']} copies" if e["copies"] > 1 else ""
        line = f"  {e['id']}  {e['rules']} rules, {e['glossary']} glossary entries{copies}"
        if "documents" in e:
            line += ": " + "; ".join(_document(doc) for doc in e["documents"])
        lines.append(line)
    if "undated_documents" in data:
        names = sorted({PurePath(doc["path"]).name for doc in data["undated_documents"]})
        if names:
            lines.append(f"documents with no date of their own: {', '.join(names)}")
    elif data["undated"]:
        lines.append(
            f"and {data['undated']} documents with no date of their own (listed with documents)"
        )
    return "\n".join(lines)


def contents_text(data: dict[str, Any]) -> str:
    lines = [f"{data['edition']}: {data['title']}"]
    for section in data["sections"]:
        lines.append(f"{section['number']}. {section['title']}")
        lines.extend(f"  {r['number']}. {r['title']}" for r in section["rules"])
    lines.append(f"Glossary: {data['glossary']} entries")
    return "\n".join(lines)
