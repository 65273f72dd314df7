"""Similarity among everything still unmatched, with a stricter cut-off.

The 2009 renumbering moved whole sections, so some rules have no matched
parent to look under. Scores do not change between rounds, so this phase
runs once.
"""

from __future__ import annotations

from rapidfuzz import fuzz

from .similarity import assign, take_best
from .state import State

__all__ = ["GLOBAL_CUTOFF", "anywhere", "contained"]

GLOBAL_CUTOFF = 80.0
# one wording holding the other: word-overlap candidates, partial-ratio confirmation
CONTAINED_CUTOFF = 90.0
CONTAINED_MIN_WORDS = 10
# ... or the same opening (first LEAD_CHARS characters) and most of the words
LEAD_CHARS = 100
LEAD_CUTOFF = 95.0
LEAD_OVERLAP = 70.0


def anywhere(st: State) -> int:
    """Headings and worded rules apart, then wordings that hold one another."""
    found = 0
    la, lb = st.free_a(), st.free_b()
    for heading in (True, False):
        sub_a = [i for i in la if st.a.nodes[i].is_heading is heading]
        sub_b = [j for j in lb if st.b.nodes[j].is_heading is heading]
        if sub_a and sub_b:
            found += assign(st, sub_a, sub_b, GLOBAL_CUTOFF)
    return found + contained(st)


def contained(st: State) -> int:
    """Worded rules where one wording holds most of the other (text added or cut).

    Word-set overlap (relative to the shorter rule) finds the candidates
    cheaply; a partial ratio on those few confirms that the shorter one
    reads as a piece of the longer one, not just as a bag of the same
    words. A rule rewritten or split up after an unchanged opening
    sentence passes with less overlap.
    """
    la = [i for i in st.free_a() if not st.a.nodes[i].is_heading]
    lb = [j for j in st.free_b() if not st.b.nodes[j].is_heading]
    words_b = [(j, set(st.b.body(j).split())) for j in lb]
    words_b = [(j, w) for j, w in words_b if len(w) >= CONTAINED_MIN_WORDS]
    cands: list[tuple[float, int, int]] = []
    for i in la:
        query = st.a.body(i)
        wa = set(query.split())
        if len(wa) < CONTAINED_MIN_WORDS:
            continue
        for j, wb in words_b:
            small, large = (len(wa), len(wb)) if len(wa) <= len(wb) else (len(wb), len(wa))
            if small * 5 < large * 2:
                continue
            shared = len(wa & wb)
            if shared * 100 < small * LEAD_OVERLAP:
                continue
            choice = st.b.body(j)
            part = 0.0
            if shared * 100 >= small * CONTAINED_CUTOFF:
                short, long_ = sorted((query, choice), key=len)
                part = fuzz.partial_ratio(short, long_, score_cutoff=CONTAINED_CUTOFF)
            if not part:
                # a rule rewritten (or split up) after the same opening sentence
                part = fuzz.ratio(query[:LEAD_CHARS], choice[:LEAD_CHARS], score_cutoff=LEAD_CUTOFF)
            if part:
                cands.append((shared * 100 / small + part, i, j))
    return take_best(st, cands)
