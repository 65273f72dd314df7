"""Ordering text-search candidates the way a rules reader wants them.

Whoosh scores each candidate with BM25F over the weighted fields. That
score alone favours long rules that repeat one query word; people ask
about several things at once and expect the rule that covers them all,
under the keyword heading they named, with the definition first. The
final score multiplies the BM25F score (relative to the best candidate) by:

- **coverage**: the share of the things asked about (words or phrases,
  any of their alternative forms) the rule matches;
- **heading**: the share matched in the rule's own title, the headings
  above it or the glossary terms naming it ("trample damage" belongs under
  702.19 Trample);
- **kind**: a keyword's defining subrule ("702.85a Cascade is a triggered
  ability …") before the rest; a bare heading or a glossary entry after
  the rule that says the same thing in full.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..schema import analyzer

__all__ = ["Candidate", "boost", "rerank", "stems"]

_ANALYZER = analyzer()
COVERAGE_FLOOR = 0.3
HEADING_WEIGHT = 0.35
PRIORS = {"definition": 1.15, "heading": 0.8, "glossary": 0.75}


@dataclass(slots=True)
class Candidate:
    docnum: int
    score: float
    fields: dict[str, Any]
    number: str = ""
    # the fields of a glossary entry standing for this rule (see :mod:`.glossary_hits`)
    glossary: dict[str, Any] | None = None


@lru_cache(maxsize=65536)
def stems(text: str) -> frozenset[str]:
    """The indexed (stemmed) terms of ``text``, remembered: a rule's headings here, the words a
    snippet marks in :mod:`.snippets`."""
    return frozenset(t.text for t in _ANALYZER(text))


@lru_cache(maxsize=4096)
def _terms(stems: str) -> frozenset[str]:
    # a rule's stems, remembered: each question weighs some 300 candidates. The stems are
    # shared (interned) across rules: 4,096 rules' sets hold 6 MB, not 10
    return frozenset(map(sys.intern, stems.split()))


def _named(cand: Candidate) -> frozenset[str]:
    """Stems of what names the rule: its title, the headings above it, glossary terms."""
    out: frozenset[str] = frozenset()
    for name in ("title", "heading", "glossary"):
        value = cand.fields.get(name)
        if value:
            out |= stems(value)
    return out


def _prior(cand: Candidate) -> float:
    kind = cand.fields.get("kind", "")
    if kind == "glossary":
        return PRIORS["glossary"]
    if not cand.fields.get("text") and not cand.fields.get("examples"):
        return PRIORS["heading"]
    if cand.fields.get("lead"):
        return PRIORS["definition"]
    return 1.0


def boost(cand: Candidate, stems: list[list[frozenset[str]]]) -> float:
    """The factor coverage, heading and kind give a candidate (see the module docstring)."""
    factor = _prior(cand)
    if stems:
        named = _named(cand)
        anywhere = _terms(cand.fields.get("stems", ""))
        covered = sum(1 for forms in stems if any(f and f <= anywhere for f in forms))
        headed = sum(1 for forms in stems if any(f and f <= named for f in forms))
        factor *= COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * covered / len(stems)
        factor *= 1 + HEADING_WEIGHT * headed / len(stems)
    return factor


def rerank(
    candidates: list[Candidate], stems: list[list[frozenset[str]]]
) -> list[tuple[float, Candidate]]:
    """Candidates with their final scores, best first.

    ``stems`` holds, per thing asked about, the stemmed terms of each of its
    forms (see :meth:`.query.TextQuery.stems`); empty for advanced queries,
    which are ordered by BM25F and kind alone.
    """
    if not candidates:
        return []
    top = max(c.score for c in candidates) or 1.0
    scored = [(cand.score / top * boost(cand, stems), cand) for cand in candidates]
    scored.sort(key=lambda sc: (-sc[0], sc[1].docnum))
    return scored
