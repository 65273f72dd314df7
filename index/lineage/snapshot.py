"""The slice of an edition that lineage reads, small enough to cache and reload fast.

A parsed :class:`~crdex.parser.Edition` carries spans, repairs, references
and contents; matching rules across editions needs only each node's key
(rule number or glossary term), kind, title, wording and place in the tree.
A snapshot is that slice, as a few flat lists, so that a graph rebuild over
the whole corpus reloads ~125 snapshots in a second instead of re-reading
the full parse cache.

Rule wording is the rule text followed by its examples, one per line, each
prefixed "Example: " as the documents print them: an edited example is an
edited rule. Spacing is tidied once here (runs of spaces collapsed, line
breaks kept), so that wordings compare as plain strings everywhere after.
"""

from __future__ import annotations

import datetime as _dt
import functools
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from crdex.parser.tree import Edition

__all__ = ["GLOSSARY", "SNAPSHOT_FORMAT", "Node", "Shared", "Snapshot", "snapshot_of"]

GLOSSARY = "glossary"
# bump when snapshot_of reduces an edition differently
SNAPSHOT_FORMAT = 1


class Node(NamedTuple):
    """One rule or glossary entry as lineage sees it.

    ``key`` is the rule number, or the glossary term; ``parent`` and
    ``children`` are rule numbers (glossary entries have neither). A named
    tuple: a graph rebuild makes some 300,000 of them from the snapshots,
    and a tuple is made in a tenth of the time of a frozen dataclass.
    """

    key: str
    kind: str
    title: str
    text: str
    parent: str | None = None
    children: tuple[str, ...] = ()

    @property
    def is_heading(self) -> bool:
        """A titled node without wording of its own ("701.22. Scry")."""
        return bool(self.title) and not self.text

    @property
    def label(self) -> str:
        """How a person cites it: "701.22 Scry", "glossary: Scry"."""
        if self.kind == GLOSSARY:
            return f"glossary: {self.key}"
        head = self.title or self.text
        first = head.split("\n", 1)[0]
        return f"{self.key} {first}".strip()


# tuple.__new__ skips the named tuple's own __new__ (its keyword handling)
_new = tuple.__new__


class Shared:
    """One copy of each string and node met in the snapshots read with it.

    Consecutive editions say mostly the same thing: the ~126 snapshots a
    whole-corpus build reads for its graph hold 330,000 nodes but 25,000
    distinct ones, and 166 MB of strings of which 9 MB are distinct. Read
    with one ``Shared``, they take 17 MB instead of 228 MB (and read a
    fifth faster); nodes are tuples, equal whichever copy is kept.
    """

    __slots__ = ("_nodes", "_strings")

    def __init__(self) -> None:
        self._strings: dict[str, str] = {}
        self._nodes: dict[Node, Node] = {}

    def rule(
        self, key: str, kind: str, title: str, text: str, parent: str | None, children: list[str]
    ) -> Node:
        s = self._strings.setdefault
        node = _new(
            Node,
            (
                s(key, key),
                s(kind, kind),
                s(title, title),
                s(text, text),
                parent if parent is None else s(parent, parent),
                tuple(map(s, children, children)),
            ),
        )
        return self._nodes.setdefault(node, node)

    def term(self, term: str, text: str) -> Node:
        s = self._strings.setdefault
        term = s(term, term)
        node = _new(Node, (term, GLOSSARY, term, s(text, text), None, ()))
        return self._nodes.setdefault(node, node)


@dataclass(slots=True)
class Snapshot:
    """An edition reduced to its nodes: rules in document order, then the glossary."""

    id: str
    date: _dt.date | None
    sha256: str
    title: str
    path: str
    rules: list[Node] = field(default_factory=list)
    glossary: list[Node] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SNAPSHOT_FORMAT,
            "id": self.id,
            "date": self.date.isoformat() if self.date else None,
            "sha256": self.sha256,
            "title": self.title,
            "path": self.path,
            "rules": [
                [n.key, n.kind, n.title, n.text, n.parent, list(n.children)] for n in self.rules
            ],
            "glossary": [[n.key, n.text] for n in self.glossary],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], shared: Shared | None = None) -> Snapshot:
        """The snapshot ``data`` holds; ``shared``: reuse the copies read before with it."""
        shared = shared if shared is not None else Shared()
        return cls(
            id=data["id"],
            date=_dt.date.fromisoformat(data["date"]) if data["date"] else None,
            sha256=data["sha256"],
            title=data["title"],
            path=data["path"],
            rules=[shared.rule(*row) for row in data["rules"]],
            glossary=[shared.term(*row) for row in data["glossary"]],
        )


@functools.lru_cache(maxsize=1 << 14)  # as fold_typography: consecutive editions share texts
def _tidy(text: str) -> str:
    """Spaces collapsed within each line, blank lines dropped; line breaks kept."""
    lines = text.splitlines()
    if len(lines) == 1:  # most texts are one line
        return " ".join(lines[0].split())
    tidied = (" ".join(line.split()) for line in lines)
    return "\n".join(line for line in tidied if line)


def _wording(text: str, examples: list[str]) -> str:
    parts = [_tidy(text)] if text.strip() else []
    for ex in examples:
        ex = _tidy(ex)
        parts.append(ex if ex.lower().startswith("example") else f"Example: {ex}")
    return "\n".join(parts)


def snapshot_of(edition: Edition) -> Snapshot:
    """Reduce a parsed edition to what lineage needs."""
    rules = [
        Node(
            r.number,
            r.kind,
            _tidy(r.title or ""),
            _wording(r.text, [e.text for e in r.examples]),
            r.parent,
            tuple(r.children),
        )
        for r in edition.rules
    ]
    seen: set[str] = set()
    glossary = []
    for g in edition.glossary:
        if g.term.casefold() in seen:
            continue
        seen.add(g.term.casefold())
        glossary.append(Node(g.term, GLOSSARY, g.term, _tidy(g.definition)))
    return Snapshot(
        id=edition.id,
        date=edition.effective_date,
        sha256=edition.source.sha256,
        title=edition.title,
        path=edition.source.path,
        rules=rules,
        glossary=glossary,
    )
