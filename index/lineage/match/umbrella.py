"""A rule folded under a new umbrella rule continues as the subrule that holds its text.

When several rules are gathered under one new rule ("210.1 Each card
features text printed below the text box that has no effect on game
play", over 210.1a–c, the former illustration-credit, legal-text and
collector-number rules of 2007-09-07), the umbrella's new sentence is
made of the words the gathered rules share, so it can read as much like
each of them as the subrule each one became. The umbrella is recognised by
its subrules: one of them continues an old rule of the same kind that was
not under the rule paired with it (a peer gathered in). Then the rule
continues as the umbrella's unmatched subrule that opens as it does.
"""

from __future__ import annotations

from rapidfuzz import fuzz

from .anywhere import LEAD_CHARS
from .pieces import SWAP_MARGIN
from .side import Side
from .state import OLD, State

__all__ = ["UMBRELLA_LEAD", "umbrellas"]

# how alike the openings of the old rule and the subrule must be
UMBRELLA_LEAD = 70.0


def umbrellas(st: State) -> int:
    found = 0
    for i, j in list(st.result.pairs.items()):
        old, new = st.a.nodes[i], st.b.nodes[j]
        if old.is_heading or new.is_heading or old.key == new.key:
            continue
        kids = st.b.children(j)
        if not any(_gathered_peer(st, i, st.b2a.get(c)) for c in kids):
            continue
        opening = st.a.body(i)[:LEAD_CHARS]
        free = [c for c in kids if not st.taken_b(c)]
        if not free:
            continue
        best = max(free, key=lambda c: _lead(opening, st.b, c))
        score = _lead(opening, st.b, best)
        if score >= UMBRELLA_LEAD and score >= _lead(opening, st.b, j) + SWAP_MARGIN:
            st.repair(OLD, i, best)
            found += 1
    return found


def _lead(opening: str, side: Side, x: int) -> float:
    return fuzz.ratio(opening, side.body(x)[:LEAD_CHARS])


def _gathered_peer(st: State, i: int, k: int | None) -> bool:
    """Old node ``k`` is a rule of ``i``'s kind from outside ``i``'s subtree."""
    if k is None or k == i or st.a.nodes[k].kind != st.a.nodes[i].kind:
        return False
    p = st.a.parent[k]
    while p is not None:
        if p == i:
            return False
        p = st.a.parent[p]
    return True
