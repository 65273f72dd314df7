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

__all__ = ["PIECE_CUTOFF", "PIECE_MIN_CHARS", "SWAP_MARGIN", "merges", "pieces", "splits"]

# how much of the piece must be found in the whole
PIECE_CUTOFF = 85.0
PIECE_MIN_CHARS = 25
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

    Once all the pieces of one whole are known, the one that reads most
    like it, by its opening first and then as a whole, becomes the
    continuation; the node it was matched with becomes a piece too, if it
    reads as one, or is left unmatched.
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
            if is_piece(piece, wholes.body(w), parts.body(kept)):
                found_in[w].append(p)
                break
    out: list[tuple[int, int]] = []
    for w, found in found_in.items():
        kept = st.mate(whole_side, w)
        assert kept is not None
        best = closest(wholes.body(w), [kept, *found], parts)
        if best != kept:
            st.repair(whole_side, w, best)
            found = [p for p in found if p != best]
            if is_piece(parts.body(kept), wholes.body(w), parts.body(best)):
                found.append(kept)
        out.extend((w, p) if whole_side == OLD else (p, w) for p in found)
    return out


def _near(st: State, s: int, x: int) -> list[int]:
    """Matched nodes of the other side whose mates sit next to node ``x`` of side ``s``."""
    near = []
    for k in st.side(s).family(x):
        m = st.mate(s, k)
        if m is not None:
            near.append(m)
    return near


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


def is_piece(piece: str, whole: str, kept: str) -> bool:
    """``piece`` came out of (or went into) ``whole``, and ``kept`` alone does not explain it."""
    if len(whole) < len(kept) + len(piece) // 2:
        return False
    if fuzz.partial_ratio(piece, whole, score_cutoff=PIECE_CUTOFF) < PIECE_CUTOFF:
        return False
    joined = max(fuzz.ratio(whole, f"{kept} {piece}"), fuzz.ratio(whole, f"{piece} {kept}"))
    return joined > fuzz.ratio(whole, kept) + 3
