"""Splits and merges: one question asked in two directions.

A **split** is a new node whose wording came out of an old node that
continues elsewhere; a **merge** is an old node whose wording went into a
new node that continues another old one. Both are the same search with the
sides swapped: a free node of one side (the *piece*) is looked for inside a
matched node of the other side (the *whole*), near where the piece sits, and
must not be explained by the whole's own match (the *kept* part) alone.
:func:`pieces` is written once and called with the side of the whole:
``OLD`` finds splits, ``NEW`` finds merges.
"""

from __future__ import annotations

from collections import defaultdict

from rapidfuzz import fuzz

from .anywhere import LEAD_CHARS
from .side import Side
from .state import OLD, State

__all__ = [
    "PIECE_CUTOFF",
    "PIECE_MIN_CHARS",
    "PIECE_WORDS_CUTOFF",
    "SAME_NUMBER_CUTOFF",
    "SWAP_MARGIN",
    "is_piece",
    "merges",
    "pieces",
    "splits",
]

# how much of the piece must be found in the whole
PIECE_CUTOFF = 85.0
PIECE_MIN_CHARS = 25
# ... or, reworded on the way, how much of its words (token-set similarity)
PIECE_WORDS_CUTOFF = 90.0
# a piece that keeps the whole's number in the same place needs less of it found
SAME_NUMBER_CUTOFF = 75.0
# a piece that reads this much more like the whole becomes the continuation
SWAP_MARGIN = 10.0


def splits(st: State) -> int:
    found = pieces(st, OLD)
    st.result.splits.extend(found)
    return len(found)


def merges(st: State) -> int:
    found = pieces(st, 1 - OLD)
    st.result.merges.extend(found)
    return len(found)


def pieces(st: State, whole_side: int) -> list[tuple[int, int]]:
    """(old, new) pairs of pieces and the wholes they came out of (or went into).

    Once all the pieces of one whole are known, the one that keeps the
    whole's number in the same place becomes the continuation; where none
    does, the one that reads most like it, by its opening first and then as
    a whole. The node it was matched with becomes a piece too, if it reads
    as one, or is left unmatched.
    """
    piece_side = 1 - whole_side
    wholes, parts = st.side(whole_side), st.side(piece_side)
    found_in: dict[int, list[int]] = defaultdict(list)
    for p in st.free(piece_side):
        piece = parts.body(p)
        if len(piece) < PIECE_MIN_CHARS:
            continue
        for w in _near(st, piece_side, p):
            kept = st.mate(whole_side, w)
            assert kept is not None
            cutoff = PIECE_CUTOFF
            if wholes.nodes[w].key == parts.nodes[p].key and _same_place(st, whole_side, w, p):
                cutoff = SAME_NUMBER_CUTOFF
            if is_piece(piece, wholes.body(w), parts.body(kept), cutoff):
                found_in[w].append(p)
                break
    out: list[tuple[int, int]] = []
    for w, found in found_in.items():
        kept = st.mate(whole_side, w)
        assert kept is not None
        best = _successor(st, whole_side, w, [kept, *found])
        if best is None:
            best = closest(wholes.body(w), [kept, *found], parts)
        if best != kept:
            st.repair(whole_side, w, best)
            found = [p for p in found if p != best]
            if is_piece(parts.body(kept), wholes.body(w), parts.body(best)):
                found.append(kept)
        out.extend((w, p) if whole_side == OLD else (p, w) for p in found)
    return out


def _near(st: State, s: int, x: int) -> list[int]:
    """Matched nodes of the other side that node ``x`` of side ``s`` may be a piece of.

    First the node that holds ``x``'s number on the other side (a rule
    split in place: one part keeps the number, another moved), then the
    mates of ``x``'s parent, siblings and children.
    """
    side, other = st.side(s), st.side(1 - s)
    near: list[int] = []
    same = other.index.get(side.nodes[x].key)
    if same is not None and st.mate(1 - s, same) is not None:
        near.append(same)
    for k in (*side.family(x), *side.children(x)):
        m = st.mate(s, k)
        if m is not None and m not in near:
            near.append(m)
    return near


def _successor(st: State, whole_side: int, w: int, candidates: list[int]) -> int | None:
    """The candidate that keeps the whole's number in the same place, if one does.

    When a rule is split (or rules merged), the part that keeps the number
    (under the same parent) is the rule that continues, whatever the
    wording says: it keeps the rule's place, its subrules and the
    citations of it.
    """
    wholes, parts = st.side(whole_side), st.side(1 - whole_side)
    key = wholes.nodes[w].key
    keeping = [c for c in candidates if parts.nodes[c].key == key]
    if len(keeping) != 1:
        return None
    c = keeping[0]
    return c if _same_place(st, whole_side, w, c) else None


def _same_place(st: State, s: int, x: int, y: int) -> bool:
    """Node ``x`` of side ``s`` and node ``y`` of the other side sit under the same parent."""
    old, new = (x, y) if s == OLD else (y, x)
    return st.image_of_parent(old) == st.b.parent[new]


def closest(whole: str, candidates: list[int], side: Side) -> int:
    """The candidate that reads most like ``whole``: the opening counts double.

    The current match (first candidate) keeps its place unless another
    is clearly closer (by :data:`SWAP_MARGIN`).
    """

    def score(c: int) -> float:
        body = side.body(c)
        return 2 * fuzz.ratio(whole[:LEAD_CHARS], body[:LEAD_CHARS]) + fuzz.ratio(whole, body)

    current = score(candidates[0])
    best, best_score = candidates[0], current + SWAP_MARGIN
    for c in candidates[1:]:
        sc = score(c)
        if sc > best_score:
            best, best_score = c, sc
    return best


def is_piece(piece: str, whole: str, kept: str, cutoff: float = PIECE_CUTOFF) -> bool:
    """``piece`` came out of (or went into) ``whole``, and ``kept`` alone does not explain it.

    The piece is found in the whole as it reads (partial ratio at least
    ``cutoff``) or reworded (token-set similarity at least
    :data:`PIECE_WORDS_CUTOFF`).
    """
    if len(whole) < len(kept) + len(piece) // 2:
        return False
    if (
        fuzz.partial_ratio(piece, whole, score_cutoff=cutoff) < cutoff
        and fuzz.token_set_ratio(piece, whole, score_cutoff=PIECE_WORDS_CUTOFF) < PIECE_WORDS_CUTOFF
    ):
        return False
    joined = max(fuzz.ratio(whole, f"{kept} {piece}"), fuzz.ratio(whole, f"{piece} {kept}"))
    return joined > fuzz.ratio(whole, kept) + 3
