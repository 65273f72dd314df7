"""Stable ids for everything an export contains.

Ids are built from the documents alone, never from counters of one run, so
the same rule gets the same id in every export of the same corpus:

- an edition: its id (``2026-08-07``; tagged copies ``2013-02-01.truncated``);
- a rule in an edition: ``<edition>/<number>`` (``2026-08-07/701.22``);
- a glossary entry: ``<edition>/glossary:<term>`` (``2026-08-07/glossary:Scry``);
- an identity (a rule followed across editions): the id the identity graph
  gives it, which is the id of its first version (``2005-02-01/502.36``).

A document that prints one number twice (2024-09-20 has two 702.175) gets
``#2`` on the second: ``2024-09-20/702.175#2``. :class:`IdentityIndex` gives
each rule and glossary entry of a chain edition the id of its identity.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

from crdex.index.lineage.graph import Graph, Identity

__all__ = ["GLOSSARY_PREFIX", "IdentityIndex", "glossary_id", "node_ids", "rule_id"]

GLOSSARY_PREFIX = "glossary:"


def rule_id(edition: str, number: str, occurrence: int = 1) -> str:
    """``2026-08-07/701.22``; ``#n`` for the n-th copy of a number printed twice."""
    base = f"{edition}/{number}"
    return base if occurrence == 1 else f"{base}#{occurrence}"


def glossary_id(edition: str, term: str, occurrence: int = 1) -> str:
    return rule_id(edition, f"{GLOSSARY_PREFIX}{term}", occurrence)


def node_ids(edition: str, keys: Iterable[str], *, glossary: bool = False) -> list[str]:
    """The ids of an edition's rules (or glossary entries), in document order."""
    seen: Counter[str] = Counter()
    make = glossary_id if glossary else rule_id
    out = []
    for key in keys:
        seen[key] += 1
        out.append(make(edition, key, seen[key]))
    return out


def _tidy(text: str) -> str:
    """Spacing as the identity graph stores titles (see index.snapshot)."""
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


class IdentityIndex:
    """Which identity each rule and glossary entry of a chain edition belongs to."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._at: dict[int, dict[tuple[bool, str], list[Identity]]] = defaultdict(dict)
        for ident in graph.identities:
            for run in ident.runs:
                key = (ident.glossary, run.key.casefold() if ident.glossary else run.key)
                for e in range(run.start, run.end + 1):
                    self._at[e].setdefault(key, []).append(ident)
        # ids are unique in the graph except when one edition prints a number twice
        # and both copies are new there; the n-th such identity gets "#n", as its rule does
        self.ids: dict[int, str] = {}
        seen: Counter[str] = Counter()
        for ident in graph.identities:
            seen[ident.id] += 1
            n = seen[ident.id]
            self.ids[id(ident)] = ident.id if n == 1 else f"{ident.id}#{n}"

    def export_id(self, ident: Identity) -> str:
        return self.ids[id(ident)]

    def assign(
        self, index: int, keys: Sequence[tuple[str, str]], *, glossary: bool
    ) -> list[str | None]:
        """Identity ids for an edition's nodes, given as (key, title) in document order.

        A number printed twice is matched to its holders by title, then in order.
        """
        table = self._at.get(index, {})
        used: set[int] = set()
        out: list[str | None] = []
        for key, title in keys:
            holders = table.get((glossary, key.casefold() if glossary else key), [])
            free = [h for h in holders if id(h) not in used]
            if not free:
                out.append(None)
                continue
            pick = free[0]
            if len(free) > 1:
                for h in free:
                    run = h.run_at(index)
                    if run is not None and self.graph.texts[run.title] == _tidy(title):
                        pick = h
                        break
            used.add(id(pick))
            out.append(self.export_id(pick))
        return out
