"""Similarity under the new home of a rule's parent."""

from __future__ import annotations

from collections import defaultdict

from .similarity import assign
from .state import State

__all__ = ["SIBLING_CUTOFF", "siblings"]

SIBLING_CUTOFF = 60.0


def siblings(st: State) -> int:
    """Rapidfuzz similarity under the new home of a rule's parent.

    Candidates are that node's children and grandchildren: a rule often
    becomes a subrule of a new sibling ("Second, ... go on the stack"
    became "508.2b Any abilities that triggered ...").
    """
    blocks_a: dict[int, list[int]] = defaultdict(list)
    for i in st.free_a():
        img = st.image_of_parent(i)
        if img is not None:
            blocks_a[img].append(i)
    if not blocks_a:
        return 0
    blocks_b: dict[int, list[int]] = defaultdict(list)
    parent_b = st.b.parent
    for j in st.free_b():
        p = parent_b[j]
        if p is None:
            continue
        if p in blocks_a:
            blocks_b[p].append(j)
        grand = parent_b[p]
        if grand is not None and grand in blocks_a:
            blocks_b[grand].append(j)
    found = 0
    for parent, la in blocks_a.items():
        lb = blocks_b.get(parent)
        if lb:
            found += assign(st, la, lb, SIBLING_CUTOFF, words=True)
    return found
