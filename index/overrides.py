"""Matches that need a human decision, kept in a committed file with a reason each.

Automatic matching gets almost every rule right; a few cases are decided by
reading the documents: a rule rewritten beyond recognition that is still the
same rule, or two rules that look alike but are not the same. Those live in
:mod:`.overrides_list` (plain Python, so that it ships inside the package)
as entries of three kinds::

    {"link": ("2009-05-01/502.36", "2009-07-11/702.18"), "reason": "..."}
    {"removed": "2020-06-01/702.138c", "reason": "..."}  # continues nowhere
    {"added": "2020-07-03/702.138c", "reason": "..."}    # continues nothing

A TOML file with ``[[link]] old/new/reason``, ``[[removed]] old/reason``
and ``[[added]] new/reason`` tables can be loaded instead.

Each side names an edition by its effective date and a node by its rule
number, or ``glossary:Term`` for a glossary entry. An entry applies when its
two editions are consecutive in the chain being built; a ``link`` with an
``old`` and ``new`` of non-consecutive editions is an error. Every entry
must have a reason.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crdex.corpus.errors import CrdexError

from .overrides_list import ENTRIES

__all__ = ["GLOSSARY_PREFIX", "Overrides", "OverridesError", "PairOverrides", "load_overrides"]

GLOSSARY_PREFIX = "glossary:"


class OverridesError(CrdexError):
    """The overrides file is malformed: an entry without a reason, or a bad node name."""


@dataclass(slots=True)
class PairOverrides:
    """Overrides for one pair of consecutive editions, for one kind of node."""

    links: dict[str, str] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)
    added: set[str] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.links or self.removed or self.added)


@dataclass(slots=True)
class Overrides:
    """All entries, indexed by (old date, new date) or by one date."""

    links: dict[tuple[str, str], list[tuple[str, str, str]]] = field(default_factory=dict)
    removed: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    added: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    digest: str = ""

    def for_pair(self, old_date: str, new_date: str) -> tuple[PairOverrides, PairOverrides]:
        """(rules, glossary) overrides between two consecutive editions."""
        rules, glossary = PairOverrides(), PairOverrides()
        for old, new, _reason in self.links.get((old_date, new_date), []):
            target = glossary if old.startswith(GLOSSARY_PREFIX) else rules
            target.links[_strip(old)] = _strip(new)
        for old, _reason in self.removed.get(old_date, []):
            (glossary if old.startswith(GLOSSARY_PREFIX) else rules).removed.add(_strip(old))
        for new, _reason in self.added.get(new_date, []):
            (glossary if new.startswith(GLOSSARY_PREFIX) else rules).added.add(_strip(new))
        return rules, glossary

    def entries(self) -> int:
        return (
            sum(map(len, self.links.values()))
            + sum(map(len, self.removed.values()))
            + sum(map(len, self.added.values()))
        )


def _strip(key: str) -> str:
    return key[len(GLOSSARY_PREFIX) :] if key.startswith(GLOSSARY_PREFIX) else key


def _split(value: object, where: str) -> tuple[str, str]:
    if not isinstance(value, str) or "/" not in value:
        raise OverridesError(f"{where}: expected 'YYYY-MM-DD/NUMBER', got {value!r}")
    date, key = value.split("/", 1)
    return date, key


def load_overrides(path: str | Path | None = None) -> Overrides:
    """The committed overrides, or those of a TOML file."""
    if path is None:
        return _build(_builtin(), "crdex.index.overrides_list", repr(ENTRIES).encode())
    data = Path(path).read_bytes()
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise OverridesError(f"{path}: {exc}") from None
    return _build(doc, str(path), data)


def _builtin() -> dict[str, list[dict[str, object]]]:
    doc: dict[str, list[dict[str, object]]] = {"link": [], "removed": [], "added": []}
    for entry in ENTRIES:
        if "link" in entry:
            old, new = entry["link"]  # type: ignore[misc]
            doc["link"].append({"old": old, "new": new, "reason": entry.get("reason")})
        elif "removed" in entry:
            doc["removed"].append({"old": entry["removed"], "reason": entry.get("reason")})
        elif "added" in entry:
            doc["added"].append({"new": entry["added"], "reason": entry.get("reason")})
        else:
            raise OverridesError(f"overrides_list: entry without link/removed/added: {entry!r}")
    return doc


def _build(doc: dict[str, Any], where: str, data: bytes) -> Overrides:
    ov = Overrides(digest=hashlib.sha256(data).hexdigest())
    for n, entry in enumerate(doc.get("link", []), 1):
        reason = _reason(entry, f"{where}: link #{n}")
        old_date, old = _split(entry.get("old"), f"{where}: link #{n} old")
        new_date, new = _split(entry.get("new"), f"{where}: link #{n} new")
        if old.startswith(GLOSSARY_PREFIX) != new.startswith(GLOSSARY_PREFIX):
            raise OverridesError(f"{where}: link #{n} joins a rule and a glossary entry")
        ov.links.setdefault((old_date, new_date), []).append((old, new, reason))
    for n, entry in enumerate(doc.get("removed", []), 1):
        reason = _reason(entry, f"{where}: removed #{n}")
        date, old = _split(entry.get("old"), f"{where}: removed #{n} old")
        ov.removed.setdefault(date, []).append((old, reason))
    for n, entry in enumerate(doc.get("added", []), 1):
        reason = _reason(entry, f"{where}: added #{n}")
        date, new = _split(entry.get("new"), f"{where}: added #{n} new")
        ov.added.setdefault(date, []).append((new, reason))
    return ov


def _reason(entry: dict[str, object], where: str) -> str:
    reason = entry.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise OverridesError(f"{where}: every override needs a reason")
    return reason
