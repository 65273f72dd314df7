"""Similarity near where a rule stood: between the new places of its neighbours.

A rule reworded while it moved a little (a subrule promoted to a rule, a
rule moved under a neighbouring heading, a heading folded into another)
has no matched parent to look under, or its parent's new home is not its
own. Its neighbours in document order usually did match: the new nodes
between the new places of the nearest matched neighbours before and after
a run of unmatched old nodes are its candidates, the way a line diff
aligns the changed block between two unchanged ones. A few neighbours on
each side widen the window, since a rule that moved past its sibling sits
just outside the narrowest one.
"""

from __future__ import annotations

from .similarity import assign
from .state import State, repeated

__all__ = ["ANCHORS", "MAX_WINDOW", "NEARBY_CUTOFF", "REACH", "nearby"]

# between the sibling (60) and the global (80) cut-offs: the block is local, not a family
NEARBY_CUTOFF = 70.0
# matched neighbours looked at on each side of a run of unmatched old nodes
ANCHORS = 3
# a window wider than this (new nodes) would span neighbours that went apart
MAX_WINDOW = 40
# when the nearest neighbours went apart: this many new nodes on each side of each
REACH = 8


def nearby(st: State) -> int:
    """Windows between matched neighbours, again while they find something."""
    return repeated(st, _windows)


def _windows(st: State) -> int:
    pairs = st.result.pairs
    n = len(st.a.nodes)
    found = 0
    i = 0
    while i < n:
        if i in pairs or i in st.blocked_a:
            i += 1
            continue
        start = i
        while i < n and i not in pairs and i not in st.blocked_a:
            i += 1
        before = _anchors(pairs, range(start - 1, -1, -1))
        after = _anchors(pairs, range(i, n))
        window = [j for j in _window(before, after, len(st.b.nodes)) if not st.taken_b(j)]
        if window:
            found += assign(
                st, list(range(start, i)), window, NEARBY_CUTOFF, words=True, pieces=True
            )
    return found


def _anchors(pairs: dict[int, int], order: range) -> list[int]:
    """The new places of the first :data:`ANCHORS` matched old nodes met in ``order``."""
    out: list[int] = []
    for k in order:
        j = pairs.get(k)
        if j is not None:
            out.append(j)
            if len(out) == ANCHORS:
                break
    return out


def _window(before: list[int], after: list[int], size: int) -> range | list[int]:
    """New positions between the new places of the neighbours (nearest first).

    The nearest neighbour on each side spans the window, widened by farther
    ones while it stays under :data:`MAX_WINDOW`; when the nearest two went
    apart, the window is :data:`REACH` nodes around each of them.
    """
    nearest = before[:1] + after[:1]
    if not nearest:
        return []
    lo, hi = min(nearest), max(nearest)
    if hi - lo > MAX_WINDOW:
        out: list[int] = []
        for j in nearest:
            out.extend(
                x for x in range(max(0, j - REACH), min(size, j + REACH + 1)) if x not in out
            )
        return sorted(out)
    for j in [x for pair in zip(before[1:], after[1:], strict=False) for x in pair]:
        if max(hi, j) - min(lo, j) <= MAX_WINDOW:
            lo, hi = min(lo, j), max(hi, j)
    return range(lo, hi + 1)
