"""Last resort: the same number under the same parent, still reading alike."""

from __future__ import annotations

from rapidfuzz import fuzz

from .state import State

__all__ = ["SAME_PLACE_CUTOFF", "same_place"]

# the same number in the same place: token-set similarity needed
SAME_PLACE_CUTOFF = 75.0


def same_place(st: State) -> int:
    """A rule reworded beyond the earlier phases usually keeps its number and place.

    Token-set similarity (word choice, not order) must still agree, so
    that a number given to a different rule is not taken for it.
    """
    found = 0
    for i in st.free_a():
        j = st.b.index.get(st.a.nodes[i].key)
        if j is None or st.taken_b(j):
            continue
        if st.image_of_parent(i) != st.b.parent[j]:
            continue
        if st.a.nodes[i].is_heading != st.b.nodes[j].is_heading:
            continue
        if fuzz.token_set_ratio(st.a.sim(i), st.b.sim(j)) >= SAME_PLACE_CUTOFF:
            st.link(i, j, "number")
            found += 1
    return found
