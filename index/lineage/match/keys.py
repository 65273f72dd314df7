"""Matching by equal keys: the same number and wording, the same wording, folded, masked.

Keys are dictionary lookups, never pairwise comparisons. A key shared by
several rules of one edition ("General", a text printed twice) only
matches where the rules' numbers or (matched) parents agree.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from .state import State

__all__ = ["disambiguate", "exact", "references", "same", "same_term", "typography"]


def same(st: State) -> int:
    """Same number, same wording (most rules of most editions)."""
    b_index, b_exact = st.b.index, st.b.exact
    found = 0
    for i in st.free_a():
        j = b_index.get(st.a.nodes[i].key)
        if (
            j is not None
            and not st.taken_b(j)
            and st.a.exact[i] == b_exact[j]
            and _unambiguous_same(st, i, j)
        ):
            st.link(i, j, "same")
            found += 1
    return found


def _unambiguous_same(st: State, i: int, j: int) -> bool:
    # a repeated wording ("General") also needs the same parent number
    if st.a.exact_count[st.a.exact[i]] == 1 and st.b.exact_count[st.b.exact[j]] == 1:
        return True
    return st.a.nodes[i].parent == st.b.nodes[j].parent


def same_term(st: State) -> int:
    """Glossary entries: the same term (any case) is the same entry, whatever its definition."""
    b_terms = {n.key.casefold(): j for j, n in enumerate(st.b.nodes)}
    found = 0
    for i in st.free_a():
        j = b_terms.get(st.a.nodes[i].key.casefold())
        if j is not None and not st.taken_b(j):
            st.link(i, j, "title")
            found += 1
    return found


def exact(st: State) -> int:
    """The same wording under another number (renumbering)."""
    return by_key(st, "exact", st.a.exact.__getitem__, st.b.exact.__getitem__)


def typography(st: State) -> int:
    """The same words once typography, case and spelling are folded."""
    return by_key(st, "typography", st.a.typo, st.b.typo)


def references(st: State) -> int:
    """The same words once cross-reference numbers are masked too."""
    return by_key(st, "references", st.a.masked, st.b.masked)


def by_key(st: State, phase: str, key_a: Callable[[int], str], key_b: Callable[[int], str]) -> int:
    """Match nodes whose keys are equal and unique, or disambiguated by parent."""
    groups_a: dict[str, list[int]] = defaultdict(list)
    for i in st.free_a():
        k = key_a(i)
        if k.strip("\x1f"):
            groups_a[k].append(i)
    if not groups_a:
        return 0
    groups_b: dict[str, list[int]] = defaultdict(list)
    for j in st.free_b():
        k = key_b(j)
        if k in groups_a:
            groups_b[k].append(j)
    found = 0
    for k, lb in groups_b.items():
        la = groups_a[k]
        repeated = _repeated(st, la[0], lb[0])
        if len(la) == 1 and len(lb) == 1 and not repeated:
            st.link(la[0], lb[0], phase)
            found += 1
            continue
        found += disambiguate(st, la, lb, phase)
    return found


def _repeated(st: State, i: int, j: int) -> bool:
    return st.a.exact_count[st.a.exact[i]] > 1 or st.b.exact_count[st.b.exact[j]] > 1


def disambiguate(st: State, la: list[int], lb: list[int], phase: str) -> int:
    """Old nodes ``la`` and new nodes ``lb`` share a key: pair those the tree tells apart.

    First the same number (under agreeing parents); then, under one
    matched parent, the only old node with the key and the only new one.
    """
    found = 0
    free_b = set(lb)
    for i in la:
        j = st.b.index.get(st.a.nodes[i].key)
        if j in free_b and _parents_agree(st, i, j):
            st.link(i, j, phase)
            free_b.discard(j)
            found += 1
    by_parent: dict[int | None, list[int]] = defaultdict(list)
    for j in free_b:
        by_parent[st.b.parent[j]].append(j)
    for i in la:
        if i in st.result.pairs:
            continue
        img = st.image_of_parent(i)
        if img is None:
            continue
        cands = [j for j in by_parent.get(img, []) if j in free_b]
        if len(cands) == 1:
            siblings = [x for x in la if st.image_of_parent(x) == img and x not in st.result.pairs]
            if len(siblings) == 1:
                st.link(i, cands[0], phase)
                free_b.discard(cands[0])
                found += 1
    return found


def _parents_agree(st: State, i: int, j: int) -> bool:
    img = st.image_of_parent(i)
    return img is None or img == st.b.parent[j]
