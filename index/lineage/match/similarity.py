"""Greedy best-first pairing by rapidfuzz similarity, within a block of candidates.

Shared by the phases that compare wordings (:mod:`.siblings`,
:mod:`.anywhere`): every old node of the block is scored against every new
one with ``process.extract`` (C++, cut off early), and pairs are taken
best first. Nothing here compares all the nodes of two editions.
"""

from __future__ import annotations

from rapidfuzz import fuzz, process

from .state import State

__all__ = ["WORDS_MIN", "WORDS_PENALTY", "assign"]

# sibling similarity may also count words regardless of order, at a penalty
WORDS_PENALTY = 10.0
WORDS_MIN = 8


def assign(
    st: State,
    la: list[int],
    lb: list[int],
    cutoff: float,
    *,
    words: bool = False,
    pieces: bool = False,
) -> int:
    """Greedy best-first matching of ``la`` to ``lb`` by similarity above ``cutoff``.

    With ``words``, a rewording that keeps the words but not their order
    also counts: token-set similarity less :data:`WORDS_PENALTY`, for
    rules of at least :data:`WORDS_MIN` words (a short rule's words are
    a subset of too many others). With ``pieces`` as well, the shorter
    wording must also read as a piece of the longer one (partial ratio):
    the words of a short rule are found in too many long ones. The same
    parent (+3) and the same number (+2) break near ties.
    """
    la = [i for i in la if i not in st.result.pairs]
    lb = [j for j in lb if j not in st.b2a]
    if not la or not lb:
        return 0
    sa = [st.a.sim(i) for i in la]
    sb = [st.b.sim(j) for j in lb]
    long_b = {c: text for c, text in enumerate(sb) if text.count(" ") + 1 >= WORDS_MIN}
    cands: list[tuple[float, int, int]] = []
    for r, query in enumerate(sa):
        i = la[r]
        scores: dict[int, float] = {
            c: score
            for _choice, score, c in process.extract(
                query, sb, scorer=fuzz.ratio, score_cutoff=cutoff - 5, limit=None
            )
        }
        if words and long_b and query.count(" ") + 1 >= WORDS_MIN:
            for _choice, score, c in process.extract(
                query,
                long_b,
                scorer=fuzz.token_set_ratio,
                score_cutoff=cutoff - 5 + WORDS_PENALTY,
                limit=None,
            ):
                if pieces:
                    short, long_ = sorted((query, sb[c]), key=len)
                    score = min(score, fuzz.partial_ratio(short, long_) + WORDS_PENALTY)
                scores[c] = max(scores.get(c, 0.0), score - WORDS_PENALTY)
        for c, score in scores.items():
            j = lb[c]
            if st.a.nodes[i].is_heading != st.b.nodes[j].is_heading:
                continue
            if st.image_of_parent(i) == st.b.parent[j]:
                score += 3
            if st.a.nodes[i].key == st.b.nodes[j].key:
                score += 2
            if score >= cutoff:
                cands.append((score, i, j))
    return take_best(st, cands)


def take_best(st: State, cands: list[tuple[float, int, int]]) -> int:
    """Link (score, old, new) candidates best first, each node once, as ``similar``."""
    cands.sort(key=lambda t: (-t[0], t[1], t[2]))
    found = 0
    for _score, i, j in cands:
        if i in st.result.pairs or j in st.b2a:
            continue
        st.link(i, j, "similar")
        found += 1
    return found
