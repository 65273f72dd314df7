"""Stable ids for everything an export contains.

Ids are built from the documents alone, never from counters of one run, so
the same rule gets the same id in every export of the same corpus:

- an edition: its id (``2026-08-07``; tagged copies ``2013-02-01.truncated``);
- a rule in an edition: ``<edition>/<number>`` (``2026-08-07/701.22``);
- a glossary entry: ``<edition>/glossary:<term>`` (``2026-08-07/glossary:Scry``);
- an identity (a rule followed across editions): the id the identity graph
  gives it, which is the id of its first version (``2005-02-01/502.36``).

A document that prints one number twice (2024-09-20 has two 702.175) gets
``#2`` on the second: ``2024-09-20/702.175#2``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

__all__ = ["GLOSSARY_PREFIX", "glossary_id", "node_ids", "rule_id"]

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
