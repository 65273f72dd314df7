"""Keyword headings: the same title ("Scry"), wherever the heading went."""

from __future__ import annotations

from collections import Counter, defaultdict

from .keys import disambiguate
from .state import State

__all__ = ["titles"]


def titles(st: State) -> int:
    """Pair headings by title; a title used by several headings needs its parent to agree."""
    a_count = Counter(n.title.casefold() for n in st.a.nodes if n.is_heading)
    b_count = Counter(n.title.casefold() for n in st.b.nodes if n.is_heading)
    groups_a: dict[str, list[int]] = defaultdict(list)
    for i in st.free_a():
        n = st.a.nodes[i]
        if n.is_heading:
            groups_a[n.title.casefold()].append(i)
    groups_b: dict[str, list[int]] = defaultdict(list)
    for j in st.free_b():
        n = st.b.nodes[j]
        if n.is_heading and n.title.casefold() in groups_a:
            groups_b[n.title.casefold()].append(j)
    found = 0
    for k, lb in groups_b.items():
        la = groups_a[k]
        if len(la) == 1 and len(lb) == 1 and a_count[k] == 1 and b_count[k] == 1:
            st.link(la[0], lb[0], "title")
            found += 1
        else:
            found += disambiguate(st, la, lb, "title")
    return found
