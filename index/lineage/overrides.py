"""Matches that need a human decision, kept in a committed file with a reason each.

Automatic matching gets almost every rule right; a few cases are decided by
reading the documents: a rule rewritten beyond recognition that is still the
same rule, two rules that look alike but are not the same, or two rules
merged into one. Those live in :mod:`.overrides_list` (plain Python, so that
it ships inside the package) as entries of five kinds::

    {"link": ("2020-01-24/613.1a", "2020-04-17/613.1a"), "reason": "..."}
    {"merge": ("2015-03-27/701.16d", "2015-07-17/701.16c"), "reason": "..."}
    {"split": ("2015-03-27/702.1", "2015-07-17/702.1b"), "reason": "..."}
    {"removed": "2015-03-27/711.1b", "reason": "..."}   # continues nowhere
    {"added": "2015-07-17/711.1a", "reason": "..."}     # continues nothing

``link`` makes the new node continue the old one; ``merge`` says the old
node (which continues nowhere) went into the new one, ``split`` that the
new node (which continues nothing) came out of the old one. Each side names
an edition by its effective date and a node by its rule number, or
``glossary:Term``. An entry applies when its two editions are consecutive
in the chain being built (otherwise it is unused, and reported so). A TOML
file with ``[[link]]``, ``[[merge]]``, ``[[split]]`` tables (``old``,
``new``, ``reason``) and ``[[removed]]`` / ``[[added]]`` tables can be
loaded instead. Every entry must have a reason.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import OverridesError
from .overrides_list import ENTRIES

__all__ = [
    "GLOSSARY_PREFIX",
    "Overrides",
    "PairOverrides",
    "load_overrides",
]

GLOSSARY_PREFIX = "glossary:"
_PAIRED = ("link", "merge", "split")
_SINGLE = {"removed": "old", "added": "new"}


@dataclass(slots=True)
class PairOverrides:
    """Overrides for one pair of consecutive editions, for one kind of node."""

    links: dict[str, str] = field(default_factory=dict)
    merges: list[tuple[str, str]] = field(default_factory=list)
    splits: list[tuple[str, str]] = field(default_factory=list)
    removed: set[str] = field(default_factory=set)
    added: set[str] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.links or self.merges or self.splits or self.removed or self.added)


@dataclass(frozen=True, slots=True)
class Entry:
    kind: str
    old_date: str | None
    old: str | None
    new_date: str | None
    new: str | None
    reason: str


@dataclass(slots=True)
class Overrides:
    entries: list[Entry] = field(default_factory=list)
    digest: str = ""

    def for_pair(self, old_date: str, new_date: str) -> tuple[PairOverrides, PairOverrides]:
        """(rules, glossary) overrides between two consecutive editions."""
        rules, glossary = PairOverrides(), PairOverrides()
        for e in self.entries:
            if e.kind in _PAIRED and (e.old_date, e.new_date) == (old_date, new_date):
                assert e.old is not None and e.new is not None
                target = glossary if e.old.startswith(GLOSSARY_PREFIX) else rules
                old, new = _strip(e.old), _strip(e.new)
                if e.kind == "link":
                    target.links[old] = new
                elif e.kind == "merge":
                    target.merges.append((old, new))
                    target.removed.add(old)
                else:
                    target.splits.append((old, new))
                    target.added.add(new)
            elif e.kind == "removed" and e.old_date == old_date and e.old:
                (glossary if e.old.startswith(GLOSSARY_PREFIX) else rules).removed.add(
                    _strip(e.old)
                )
            elif e.kind == "added" and e.new_date == new_date and e.new:
                (glossary if e.new.startswith(GLOSSARY_PREFIX) else rules).added.add(_strip(e.new))
        return rules, glossary

    def unused(self, pairs: set[tuple[str, str]]) -> list[Entry]:
        """Entries that no pair of consecutive editions in ``pairs`` uses."""
        olds = {a for a, _ in pairs}
        news = {b for _, b in pairs}
        out = []
        for e in self.entries:
            if e.kind in _PAIRED:
                used = (e.old_date, e.new_date) in pairs
            elif e.kind == "removed":
                used = e.old_date in olds
            else:
                used = e.new_date in news
            if not used:
                out.append(e)
        return out


def _strip(key: str) -> str:
    return key[len(GLOSSARY_PREFIX) :] if key.startswith(GLOSSARY_PREFIX) else key


def _split_name(value: object, where: str) -> tuple[str, str]:
    if not isinstance(value, str) or "/" not in value:
        raise OverridesError(f"{where}: expected 'YYYY-MM-DD/NUMBER', got {value!r}")
    date, key = value.split("/", 1)
    return date, key


def load_overrides(path: str | Path | None = None) -> Overrides:
    """The committed overrides, or those of a TOML file."""
    if path is None:
        doc: dict[str, list[dict[str, Any]]] = {}
        for entry in ENTRIES:
            kinds = [k for k in (*_PAIRED, *_SINGLE) if k in entry]
            if len(kinds) != 1:
                raise OverridesError(
                    f"overrides_list: entry needs one of link/merge/split/removed/added: {entry!r}"
                )
            kind = kinds[0]
            if kind in _PAIRED:
                old, new = entry[kind]  # type: ignore[misc]
                item = {"old": old, "new": new, "reason": entry.get("reason")}
            else:
                item = {_SINGLE[kind]: entry[kind], "reason": entry.get("reason")}
            doc.setdefault(kind, []).append(item)
        return _build(doc, "overrides_list", repr(ENTRIES).encode())
    data = Path(path).read_bytes()
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise OverridesError(f"{path}: {exc}") from None
    return _build(parsed, str(path), data)


def _build(doc: dict[str, Any], where: str, data: bytes) -> Overrides:
    ov = Overrides(digest=hashlib.sha256(data).hexdigest())
    for kind in _PAIRED:
        for n, entry in enumerate(doc.get(kind, []), 1):
            reason = _reason(entry, f"{where}: {kind} #{n}")
            old_date, old = _split_name(entry.get("old"), f"{where}: {kind} #{n} old")
            new_date, new = _split_name(entry.get("new"), f"{where}: {kind} #{n} new")
            if old.startswith(GLOSSARY_PREFIX) != new.startswith(GLOSSARY_PREFIX):
                raise OverridesError(f"{where}: {kind} #{n} joins a rule and a glossary entry")
            ov.entries.append(Entry(kind, old_date, old, new_date, new, reason))
    for kind, side in _SINGLE.items():
        for n, entry in enumerate(doc.get(kind, []), 1):
            reason = _reason(entry, f"{where}: {kind} #{n}")
            date, key = _split_name(entry.get(side), f"{where}: {kind} #{n} {side}")
            if side == "old":
                ov.entries.append(Entry(kind, date, key, None, None, reason))
            else:
                ov.entries.append(Entry(kind, None, None, date, key, reason))
    return ov


def _reason(entry: dict[str, Any], where: str) -> str:
    reason = entry.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise OverridesError(f"{where}: every override needs a reason")
    return reason
