"""A node most of whose matched children now sit under one free new node."""

from __future__ import annotations

from collections import Counter

from rapidfuzz import fuzz

from .state import State

__all__ = ["CHILDREN_WORDING_CUTOFF", "children"]

# a worded rule matched by its children must read at least this much like the new one
CHILDREN_WORDING_CUTOFF = 60.0


def children(st: State) -> int:
    """Children vote for their parent's new home.

    Children are strong evidence for a heading (its title may change); a
    worded rule must also read somewhat like the new one, because
    subrules are sometimes moved under another rule whose own wording
    continues a different old rule.
    """
    found = 0
    for i in st.free_a():
        kids = st.a.children(i)
        if not kids:
            continue
        images = [st.result.pairs[c] for c in kids if c in st.result.pairs]
        if not images:
            continue
        votes = Counter(st.b.parent[j] for j in images if st.b.parent[j] is not None)
        if not votes:
            continue
        (j, count), *_ = votes.most_common(1)
        old, new = st.a.nodes[i], st.b.nodes[j]
        if (
            count * 2 > len(images)
            and not st.taken_b(j)
            and old.kind == new.kind
            and old.is_heading == new.is_heading
            and (
                old.is_heading or fuzz.ratio(st.a.body(i), st.b.body(j)) >= CHILDREN_WORDING_CUTOFF
            )
        ):
            st.link(i, j, "children")
            found += 1
    return found
