"""Which rule of one edition is which rule of the next: matching in phases.

Rule numbers are not identities, so two consecutive editions are matched by
content, strongest evidence first; each phase only sees what the earlier
ones left unmatched:

1. ``same``: same number, same wording (most rules of most editions).
2. ``exact``: same wording under another number (renumbering).
3. ``typography``: same words once typography, case and spelling are folded.
4. ``references``: same words once cross-reference numbers are masked too.
5. ``title``: the same keyword heading ("Scry"), wherever it went.
6. ``children``: a heading whose children mostly went under one new heading.
7. ``similar``: rapidfuzz similarity (of a heading together with its
   children, of a worded rule by its wording), first under the new home
   of the rule's parent (siblings and their subrules), then, with a
   stricter cut-off, among everything still unmatched (the 2009
   renumbering moved whole sections).
8. ``number``: last, the same number under the same (matched) parent, if
   the words still mostly agree (a rule reworded in place).

Phases 2–7 repeat while they find something, because each match gives the
next round a parent to look under. A key shared by several rules of one
edition ("General", a text printed twice) only matches when the rules' parents
agree. Then splits (a new rule whose wording came out of an old one that
still continues) and merges (an old rule whose wording went into a new one
that continues another) are looked for near each unmatched rule.

The overrides file (:mod:`.overrides`) can force or forbid a match before
any phase runs. Nothing here compares all pairs: keys are dictionary
lookups, and similarity runs ``rapidfuzz.process.extract`` within small blocks.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from .content import fold, masked_key, typography_key
from .overrides import PairOverrides
from .snapshot import Node

__all__ = ["PHASES", "Match", "match_nodes"]

PHASES = (
    "same",
    "exact",
    "typography",
    "references",
    "title",
    "children",
    "similar",
    "number",
    "override",
)

# a worded rule matched by its children must read at least this much like the new one
CHILDREN_WORDING_CUTOFF = 60.0
# similarity cut-offs (rapidfuzz ratio, 0-100)
SIBLING_CUTOFF = 60.0
GLOBAL_CUTOFF = 80.0
# sibling similarity may also count words regardless of order, at a penalty
WORDS_PENALTY = 10.0
WORDS_MIN = 8
# one wording holding the other: word-overlap candidates, partial-ratio confirmation
CONTAINED_CUTOFF = 90.0
CONTAINED_MIN_WORDS = 10
# ... or the same opening (first LEAD_CHARS characters) and most of the words
LEAD_CHARS = 100
LEAD_CUTOFF = 95.0
LEAD_OVERLAP = 70.0
# the same number in the same place: token-set similarity needed
SAME_PLACE_CUTOFF = 75.0
# splits and merges: how much of the piece must be found in the other rule
PIECE_CUTOFF = 85.0
PIECE_MIN_CHARS = 25
# a piece that reads this much more like the whole becomes the continuation
SWAP_MARGIN = 10.0
_SIM_CHARS = 1200


@dataclass(slots=True)
class Match:
    """The result of matching one edition's nodes (old) to the next's (new).

    Indices are positions in the two node lists. ``pairs`` is one-to-one;
    ``phase`` says which phase found each pair; ``splits`` lists (old, new)
    where the new node is a piece split off an old node that continues
    elsewhere, ``merges`` (old, new) where the old node's wording went into a
    new node that continues another.
    """

    pairs: dict[int, int] = field(default_factory=dict)
    phase: dict[int, str] = field(default_factory=dict)
    splits: list[tuple[int, int]] = field(default_factory=list)
    merges: list[tuple[int, int]] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        return Counter(self.phase.values())


class _Side:
    """One edition's node list with lazily computed keys."""

    def __init__(self, nodes: list[Node]) -> None:
        self.nodes = nodes
        self.index = {n.key: i for i, n in enumerate(nodes)}
        self.exact = [f"{n.title}\x1f{n.text}" for n in nodes]
        self._folded: dict[int, tuple[str, str]] = {}
        self._typo: dict[int, str] = {}
        self._masked: dict[int, str] = {}
        self._sim: dict[int, str] = {}
        self.parent = [self.index.get(n.parent) if n.parent else None for n in nodes]
        self._children: dict[int, list[int]] = {}
        self.exact_count = Counter(self.exact)

    def children(self, i: int) -> list[int]:
        kids = self._children.get(i)
        if kids is None:
            index = self.index
            kids = self._children[i] = [index[c] for c in self.nodes[i].children if c in index]
        return kids

    def folded(self, i: int) -> tuple[str, str]:
        pair = self._folded.get(i)
        if pair is None:
            n = self.nodes[i]
            pair = self._folded[i] = (typography_key(n.title), fold(n.text))
        return pair

    def typo(self, i: int) -> str:
        key = self._typo.get(i)
        if key is None:
            title, text = self.folded(i)
            key = self._typo[i] = f"{title}\x1f{typography_key(text, folded=True)}"
        return key

    def masked(self, i: int) -> str:
        key = self._masked.get(i)
        if key is None:
            title, text = self.folded(i)
            key = self._masked[i] = f"{title}\x1f{masked_key(text, folded=True)}"
        return key

    def body(self, i: int) -> str:
        """Masked words of the node alone (no title), for split/merge pieces."""
        return self.masked(i).split("\x1f", 1)[1]

    def sim(self, i: int) -> str:
        """The string similarity is scored on.

        A heading has no wording of its own, so it is its title together with
        its children's wordings; a worded rule is its own wording alone (long
        lists in its subrules would otherwise outweigh it, and a rule that
        just gained or lost subrules would look like another rule).
        """
        text = self._sim.get(i)
        if text is None and not self.nodes[i].is_heading:
            text = self._sim[i] = self.masked(i).replace("\x1f", " ").strip()[:_SIM_CHARS]
        if text is None:
            parts = [self.masked(i).replace("\x1f", " ")]
            size = len(parts[0])
            for c in self.children(i):
                if size > _SIM_CHARS:
                    break
                piece = self.masked(c).replace("\x1f", " ")
                parts.append(piece)
                size += len(piece)
            text = self._sim[i] = " ".join(parts).strip()[:_SIM_CHARS]
        return text


# The newer edition of one pair is the older of the next: keep the last few
# sides (with their computed keys) instead of building them twice.
_RECENT: list[_Side] = []
_RECENT_SIZE = 4


def _side(nodes: list[Node]) -> _Side:
    for side in _RECENT:
        if side.nodes is nodes:
            return side
    side = _Side(nodes)
    _RECENT.append(side)
    del _RECENT[:-_RECENT_SIZE]
    return side


class _Matcher:
    def __init__(self, old: list[Node], new: list[Node], overrides: PairOverrides | None) -> None:
        self.a = _side(old)
        self.b = _side(new)
        self.result = Match()
        self.b2a: dict[int, int] = {}
        self.blocked_a: set[int] = set()
        self.blocked_b: set[int] = set()
        self.forced_merges: list[tuple[int, int]] = []
        self.forced_splits: list[tuple[int, int]] = []
        if overrides is not None:
            self._apply_overrides(overrides)

    # -- bookkeeping -------------------------------------------------------

    def link(self, i: int, j: int, phase: str) -> None:
        self.result.pairs[i] = j
        self.result.phase[i] = phase
        self.b2a[j] = i

    def free_a(self) -> list[int]:
        pairs, blocked = self.result.pairs, self.blocked_a
        return [i for i in range(len(self.a.nodes)) if i not in pairs and i not in blocked]

    def free_b(self) -> list[int]:
        return [
            j for j in range(len(self.b.nodes)) if j not in self.b2a and j not in self.blocked_b
        ]

    def image_of_parent(self, i: int) -> int | None:
        p = self.a.parent[i]
        return None if p is None else self.result.pairs.get(p)

    def _apply_overrides(self, ov: PairOverrides) -> None:
        for old_key, new_key in ov.links.items():
            i, j = self.a.index.get(old_key), self.b.index.get(new_key)
            if i is not None and j is not None:
                self.link(i, j, "override")
        self.blocked_a.update(self.a.index[k] for k in ov.removed if k in self.a.index)
        self.blocked_b.update(self.b.index[k] for k in ov.added if k in self.b.index)
        for old_key, new_key in ov.merges:
            i, j = self.a.index.get(old_key), self.b.index.get(new_key)
            if i is not None and j is not None:
                self.forced_merges.append((i, j))
        for old_key, new_key in ov.splits:
            i, j = self.a.index.get(old_key), self.b.index.get(new_key)
            if i is not None and j is not None:
                self.forced_splits.append((i, j))

    # -- phases ------------------------------------------------------------

    def same(self) -> None:
        """Same number, same wording."""
        b_index, b_exact = self.b.index, self.b.exact
        for i in self.free_a():
            j = b_index.get(self.a.nodes[i].key)
            if (
                j is not None
                and j not in self.b2a
                and j not in self.blocked_b
                and self.a.exact[i] == b_exact[j]
                and self._unambiguous_same(i, j)
            ):
                self.link(i, j, "same")

    def _unambiguous_same(self, i: int, j: int) -> bool:
        # a repeated wording ("General") also needs the same parent number
        if self.a.exact_count[self.a.exact[i]] == 1 and self.b.exact_count[self.b.exact[j]] == 1:
            return True
        return self.a.nodes[i].parent == self.b.nodes[j].parent

    def by_key(self, phase: str, key_a: Callable[[int], str], key_b: Callable[[int], str]) -> int:
        """Match nodes whose keys are equal and unique, or disambiguated by parent."""
        groups_a: dict[str, list[int]] = defaultdict(list)
        for i in self.free_a():
            k = key_a(i)
            if k.strip("\x1f"):
                groups_a[k].append(i)
        if not groups_a:
            return 0
        groups_b: dict[str, list[int]] = defaultdict(list)
        for j in self.free_b():
            k = key_b(j)
            if k in groups_a:
                groups_b[k].append(j)
        found = 0
        for k, lb in groups_b.items():
            la = groups_a[k]
            repeated = self._repeated(la[0], lb[0])
            if len(la) == 1 and len(lb) == 1 and not repeated:
                self.link(la[0], lb[0], phase)
                found += 1
                continue
            found += self._disambiguate(la, lb, phase)
        return found

    def _repeated(self, i: int, j: int) -> bool:
        return self.a.exact_count[self.a.exact[i]] > 1 or self.b.exact_count[self.b.exact[j]] > 1

    def _disambiguate(self, la: list[int], lb: list[int], phase: str) -> int:
        found = 0
        free_b = set(lb)
        # the same number
        for i in la:
            j = self.b.index.get(self.a.nodes[i].key)
            if j in free_b and self._parents_agree(i, j, strict=False):
                self.link(i, j, phase)
                free_b.discard(j)
                found += 1
        # the same (matched) parent
        by_parent: dict[int | None, list[int]] = defaultdict(list)
        for j in free_b:
            by_parent[self.b.parent[j]].append(j)
        for i in la:
            if i in self.result.pairs:
                continue
            img = self.image_of_parent(i)
            if img is None:
                continue
            cands = [j for j in by_parent.get(img, []) if j in free_b]
            if len(cands) == 1:
                siblings = [
                    x for x in la if self.image_of_parent(x) == img and x not in self.result.pairs
                ]
                if len(siblings) == 1:
                    self.link(i, cands[0], phase)
                    free_b.discard(cands[0])
                    found += 1
        return found

    def _parents_agree(self, i: int, j: int, strict: bool) -> bool:
        img = self.image_of_parent(i)
        if img is not None:
            return img == self.b.parent[j]
        return not strict

    def titles(self) -> int:
        """Keyword headings: the same title, wherever the heading went."""
        a_count = Counter(n.title.casefold() for n in self.a.nodes if n.is_heading)
        b_count = Counter(n.title.casefold() for n in self.b.nodes if n.is_heading)

        def key_a(i: int) -> str:
            n = self.a.nodes[i]
            return n.title.casefold() if n.is_heading else ""

        def key_b(j: int) -> str:
            n = self.b.nodes[j]
            return n.title.casefold() if n.is_heading else ""

        groups_a: dict[str, list[int]] = defaultdict(list)
        for i in self.free_a():
            k = key_a(i)
            if k:
                groups_a[k].append(i)
        groups_b: dict[str, list[int]] = defaultdict(list)
        for j in self.free_b():
            k = key_b(j)
            if k in groups_a:
                groups_b[k].append(j)
        found = 0
        for k, lb in groups_b.items():
            la = groups_a[k]
            if len(la) == 1 and len(lb) == 1 and a_count[k] == 1 and b_count[k] == 1:
                self.link(la[0], lb[0], "title")
                found += 1
            else:
                found += self._disambiguate(la, lb, "title")
        return found

    def children_vote(self) -> int:
        """A node most of whose matched children now sit under one free new node.

        Children are strong evidence for a heading (its title may change); a
        worded rule must also read somewhat like the new one, because
        subrules are sometimes moved under another rule whose own wording
        continues a different old rule.
        """
        found = 0
        for i in self.free_a():
            kids = self.a.children(i)
            if not kids:
                continue
            images = [self.result.pairs[c] for c in kids if c in self.result.pairs]
            if not images:
                continue
            votes = Counter(self.b.parent[j] for j in images if self.b.parent[j] is not None)
            if not votes:
                continue
            (j, count), *_ = votes.most_common(1)
            if (
                count * 2 > len(images)
                and j not in self.b2a
                and j not in self.blocked_b
                and self.a.nodes[i].kind == self.b.nodes[j].kind
                and self.a.nodes[i].is_heading == self.b.nodes[j].is_heading
                and (
                    self.a.nodes[i].is_heading
                    or fuzz.ratio(self.a.body(i), self.b.body(j)) >= CHILDREN_WORDING_CUTOFF
                )
            ):
                self.link(i, j, "children")
                found += 1
        return found

    def similar_siblings(self) -> int:
        """Rapidfuzz similarity under the new home of a rule's parent.

        Candidates are that node's children and grandchildren: a rule often
        becomes a subrule of a new sibling ("Second, ... go on the stack"
        became "508.2b Any abilities that triggered ...").
        """
        found = 0
        blocks_a: dict[int, list[int]] = defaultdict(list)
        for i in self.free_a():
            img = self.image_of_parent(i)
            if img is not None:
                blocks_a[img].append(i)
        if blocks_a:
            blocks_b: dict[int, list[int]] = defaultdict(list)
            parent_b = self.b.parent
            for j in self.free_b():
                p = parent_b[j]
                if p is None:
                    continue
                if p in blocks_a:
                    blocks_b[p].append(j)
                grand = parent_b[p]
                if grand is not None and grand in blocks_a:
                    blocks_b[grand].append(j)
            for parent, la in blocks_a.items():
                lb = blocks_b.get(parent)
                if lb:
                    found += self._assign(la, lb, SIBLING_CUTOFF, words=True)
        return found

    def similar_anywhere(self) -> int:
        """Rapidfuzz similarity among everything left, headings and worded rules apart.

        Scores do not change between rounds, so this runs once.
        """
        found = 0
        la, lb = self.free_a(), self.free_b()
        for heading in (True, False):
            sub_a = [i for i in la if self.a.nodes[i].is_heading is heading]
            sub_b = [j for j in lb if self.b.nodes[j].is_heading is heading]
            if sub_a and sub_b:
                found += self._assign(sub_a, sub_b, GLOBAL_CUTOFF)
        return found + self._contained()

    def _contained(self) -> int:
        """Worded rules where one wording holds most of the other (text added or cut).

        Word-set overlap (relative to the shorter rule) finds the candidates
        cheaply; a partial ratio on those few confirms that the shorter one
        reads as a piece of the longer one, not just as a bag of the same
        words. A rule rewritten or split up after an unchanged opening
        sentence passes with less overlap.
        """
        la = [i for i in self.free_a() if not self.a.nodes[i].is_heading]
        lb = [j for j in self.free_b() if not self.b.nodes[j].is_heading]
        words_b = [(j, set(self.b.body(j).split())) for j in lb]
        words_b = [(j, w) for j, w in words_b if len(w) >= CONTAINED_MIN_WORDS]
        cands: list[tuple[float, int, int]] = []
        for i in la:
            query = self.a.body(i)
            wa = set(query.split())
            if len(wa) < CONTAINED_MIN_WORDS:
                continue
            for j, wb in words_b:
                small, large = (len(wa), len(wb)) if len(wa) <= len(wb) else (len(wb), len(wa))
                if small * 5 < large * 2:
                    continue
                shared = len(wa & wb)
                if shared * 100 < small * LEAD_OVERLAP:
                    continue
                choice = self.b.body(j)
                part = 0.0
                if shared * 100 >= small * CONTAINED_CUTOFF:
                    short, long_ = sorted((query, choice), key=len)
                    part = fuzz.partial_ratio(short, long_, score_cutoff=CONTAINED_CUTOFF)
                if not part:
                    # a rule rewritten (or split up) after the same opening sentence
                    part = fuzz.ratio(
                        query[:LEAD_CHARS], choice[:LEAD_CHARS], score_cutoff=LEAD_CUTOFF
                    )
                if part:
                    cands.append((shared * 100 / small + part, i, j))
        cands.sort(key=lambda t: (-t[0], t[1], t[2]))
        found = 0
        for _score, i, j in cands:
            if i in self.result.pairs or j in self.b2a:
                continue
            self.link(i, j, "similar")
            found += 1
        return found

    def _assign(self, la: list[int], lb: list[int], cutoff: float, *, words: bool = False) -> int:
        """Greedy best-first matching of ``la`` to ``lb`` by similarity above ``cutoff``.

        With ``words``, a rewording that keeps the words but not their order
        also counts: token-set similarity less :data:`WORDS_PENALTY`, for
        rules of at least :data:`WORDS_MIN` words (a short rule's words are
        a subset of too many others).
        """
        la = [i for i in la if i not in self.result.pairs]
        lb = [j for j in lb if j not in self.b2a]
        if not la or not lb:
            return 0
        sa = [self.a.sim(i) for i in la]
        sb = [self.b.sim(j) for j in lb]
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
                    scores[c] = max(scores.get(c, 0.0), score - WORDS_PENALTY)
            for c, score in scores.items():
                j = lb[c]
                if self.a.nodes[i].is_heading != self.b.nodes[j].is_heading:
                    continue
                if self.image_of_parent(i) == self.b.parent[j]:
                    score += 3
                if self.a.nodes[i].key == self.b.nodes[j].key:
                    score += 2
                if score >= cutoff:
                    cands.append((score, i, j))
        cands.sort(key=lambda t: (-t[0], t[1], t[2]))
        found = 0
        for _score, i, j in cands:
            if i in self.result.pairs or j in self.b2a:
                continue
            self.link(i, j, "similar")
            found += 1
        return found

    def same_place(self) -> int:
        """Last resort: the same number under the same parent, still reading alike.

        A rule reworded beyond the earlier phases usually keeps its number
        and place; token-set similarity (word choice, not order) must still
        agree, so that a number given to a different rule is not taken for it.
        """
        found = 0
        for i in self.free_a():
            j = self.b.index.get(self.a.nodes[i].key)
            if j is None or j in self.b2a or j in self.blocked_b:
                continue
            if self.image_of_parent(i) != self.b.parent[j]:
                continue
            if self.a.nodes[i].is_heading != self.b.nodes[j].is_heading:
                continue
            score = fuzz.token_set_ratio(self.a.sim(i), self.b.sim(j))
            if score >= SAME_PLACE_CUTOFF:
                self.link(i, j, "number")
                found += 1
        return found

    # -- splits and merges ---------------------------------------------------

    def pieces(self) -> None:
        """Splits and merges, looked for near each unmatched node.

        Once all the pieces of one old (new) node are known, the one that
        reads most like it, by its opening first and then as a whole,
        becomes the continuation; the node it was matched with becomes a
        piece too, if it reads as one, or is left unmatched.
        """
        pairs, b2a = self.result.pairs, self.b2a
        split_pieces: dict[int, list[int]] = defaultdict(list)
        for j in self.free_b():
            piece = self.b.body(j)
            if len(piece) < PIECE_MIN_CHARS:
                continue
            for i in self._near_a(j):
                if self._is_piece(piece, self.a.body(i), self.b.body(pairs[i])):
                    split_pieces[i].append(j)
                    break
        for i, found in split_pieces.items():
            k = pairs[i]
            best = self._closest(self.a.body(i), [k, *found], self.b)
            if best != k:
                del b2a[k]
                self.link(i, best, self.result.phase[i])
                found = [j for j in found if j != best]
                if self._is_piece(self.b.body(k), self.a.body(i), self.b.body(best)):
                    found.append(k)
            self.result.splits.extend((i, j) for j in found)
        merge_pieces: dict[int, list[int]] = defaultdict(list)
        for i in self.free_a():
            piece = self.a.body(i)
            if len(piece) < PIECE_MIN_CHARS:
                continue
            for j in self._near_b(i):
                if self._is_piece(piece, self.b.body(j), self.a.body(b2a[j])):
                    merge_pieces[j].append(i)
                    break
        for j, found in merge_pieces.items():
            k = b2a[j]
            best = self._closest(self.b.body(j), [k, *found], self.a)
            if best != k:
                phase = self.result.phase.pop(k)
                del pairs[k]
                self.link(best, j, phase)
                found = [i for i in found if i != best]
                if self._is_piece(self.a.body(k), self.b.body(j), self.a.body(best)):
                    found.append(k)
            self.result.merges.extend((i, j) for i in found)

    @staticmethod
    def _closest(whole: str, candidates: list[int], side: _Side) -> int:
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

    @staticmethod
    def _is_piece(piece: str, whole: str, kept: str) -> bool:
        """``piece`` came out of (or went into) ``whole``, and ``kept`` alone does not explain it."""
        if len(whole) < len(kept) + len(piece) // 2:
            return False
        if fuzz.partial_ratio(piece, whole, score_cutoff=PIECE_CUTOFF) < PIECE_CUTOFF:
            return False
        joined = max(fuzz.ratio(whole, f"{kept} {piece}"), fuzz.ratio(whole, f"{piece} {kept}"))
        return joined > fuzz.ratio(whole, kept) + 3

    def _near_a(self, j: int) -> list[int]:
        """Matched old nodes whose new versions sit next to new node ``j``."""
        near = []
        p = self.b.parent[j]
        family = ([p] if p is not None else []) + (self.b.children(p) if p is not None else [])
        for k in family:
            i = self.b2a.get(k)
            if i is not None:
                near.append(i)
        return near

    def _near_b(self, i: int) -> list[int]:
        """Matched new nodes whose old versions sit next to old node ``i``."""
        near = []
        p = self.a.parent[i]
        family = ([p] if p is not None else []) + (self.a.children(p) if p is not None else [])
        for k in family:
            j = self.result.pairs.get(k)
            if j is not None:
                near.append(j)
        return near

    # -- driver ------------------------------------------------------------

    def rounds(self, structural: bool) -> None:
        """Keys, titles, children and sibling similarity, while they find something."""
        for _round in range(6):
            found = self.by_key("exact", lambda i: self.a.exact[i], lambda j: self.b.exact[j])
            found += self.by_key("typography", self.a.typo, self.b.typo)
            found += self.by_key("references", self.a.masked, self.b.masked)
            if structural:
                found += self.titles()
                found += self.children_vote()
            found += self.similar_siblings()
            if not found:
                break

    def same_term(self) -> None:
        """Glossary entries: the same term (any case) is the same entry, whatever its definition."""
        b_terms = {n.key.casefold(): j for j, n in enumerate(self.b.nodes)}
        for i in self.free_a():
            j = b_terms.get(self.a.nodes[i].key.casefold())
            if j is not None and j not in self.b2a and j not in self.blocked_b:
                self.link(i, j, "title")

    def run(self, *, structural: bool = True) -> Match:
        self.same()
        if not structural:
            self.same_term()
        self.rounds(structural)
        if self.similar_anywhere():
            self.rounds(structural)
        if self.same_place():
            self.rounds(structural)
        self.pieces()
        self.result.merges.extend(m for m in self.forced_merges if m not in self.result.merges)
        self.result.splits.extend(m for m in self.forced_splits if m not in self.result.splits)
        return self.result


def match_nodes(
    old: list[Node],
    new: list[Node],
    overrides: PairOverrides | None = None,
    *,
    structural: bool = True,
) -> Match:
    """Match two editions' node lists (rules, or glossary entries with ``structural=False``).

    Glossary entries have no tree; an entry keeps its identity while its
    term does (``title`` phase), and is otherwise matched by its definition.
    """
    return _Matcher(old, new, overrides).run(structural=structural)
