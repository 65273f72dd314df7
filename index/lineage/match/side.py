"""One edition's node list with the keys matching compares, computed on first use.

The newer edition of one pair is the older of the next, so the last few
sides are kept (:func:`side_of`): each edition's keys are computed once for
both of its pairs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..content import fold, masked_key, typography_key
from ..snapshot import Node

__all__ = ["SIM_CHARS", "Side", "clear_sides", "side_of"]

# similarity looks at this much of a node (a heading: with its children's wordings)
SIM_CHARS = 1200


class Side:
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

    def family(self, i: int) -> list[int]:
        """Node ``i``'s parent and the parent's children (``i`` itself among them)."""
        p = self.parent[i]
        return [] if p is None else [p, *self.children(p)]

    def folded(self, i: int) -> tuple[str, str]:
        pair = self._folded.get(i)
        if pair is None:
            n = self.nodes[i]
            pair = self._folded[i] = (typography_key(n.title), fold(n.text))
        return pair

    def typo(self, i: int) -> str:
        """Title and wording with typography, case and spelling folded."""
        return self._key(self._typo, typography_key, i)

    def masked(self, i: int) -> str:
        """The typography key with cross-reference numbers masked too."""
        return self._key(self._masked, masked_key, i)

    def _key(self, cache: dict[int, str], key_of: Callable[..., str], i: int) -> str:
        key = cache.get(i)
        if key is None:
            title, text = self.folded(i)
            key = cache[i] = f"{title}\x1f{key_of(text, folded=True)}"
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
            text = self._sim[i] = self.masked(i).replace("\x1f", " ").strip()[:SIM_CHARS]
        if text is None:
            parts = [self.masked(i).replace("\x1f", " ")]
            size = len(parts[0])
            for c in self.children(i):
                if size > SIM_CHARS:
                    break
                piece = self.masked(c).replace("\x1f", " ")
                parts.append(piece)
                size += len(piece)
            text = self._sim[i] = " ".join(parts).strip()[:SIM_CHARS]
        return text


_RECENT: list[Side] = []
_RECENT_SIZE = 4


def side_of(nodes: list[Node]) -> Side:
    """The side of ``nodes``, reused when the same list was matched recently."""
    for side in _RECENT:
        if side.nodes is nodes:
            return side
    side = Side(nodes)
    _RECENT.append(side)
    del _RECENT[:-_RECENT_SIZE]
    return side


def clear_sides() -> None:
    """Forget the recent sides (a benchmark times matching from scratch)."""
    _RECENT.clear()
