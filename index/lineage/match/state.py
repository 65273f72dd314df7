"""The bookkeeping every phase shares: the two sides, the pairs found so far, what is blocked.

Old nodes are ``i`` (side ``a``), new nodes ``j`` (side ``b``). Splits and
merges are the same question asked in the two directions, so the state
also speaks of a side by number (``OLD``, ``NEW``) with :meth:`State.mate`
and :meth:`State.free`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..overrides import PairOverrides
from ..snapshot import Node
from .result import Match
from .side import Side, side_of

__all__ = ["MAX_ROUNDS", "NEW", "OLD", "State", "repeated"]

OLD, NEW = 0, 1
# a phase that feeds itself (each match is a new anchor or parent) runs at most this often
MAX_ROUNDS = 6


class State:
    def __init__(
        self,
        old: list[Node],
        new: list[Node],
        overrides: PairOverrides | None,
        *,
        structural: bool = True,
    ) -> None:
        self.structural = structural
        self.a = side_of(old)
        self.b = side_of(new)
        self.result = Match()
        self.b2a: dict[int, int] = {}
        self.blocked_a: set[int] = set()
        self.blocked_b: set[int] = set()
        self.forced_merges: list[tuple[int, int]] = []
        self.forced_splits: list[tuple[int, int]] = []
        if overrides is not None:
            self._apply_overrides(overrides)

    # -- pairs -----------------------------------------------------------------

    def link(self, i: int, j: int, phase: str) -> None:
        self.result.pairs[i] = j
        self.result.phase[i] = phase
        self.b2a[j] = i

    def unlink(self, i: int) -> str:
        """Undo the pair of old node ``i``; returns the phase that had found it."""
        j = self.result.pairs.pop(i)
        del self.b2a[j]
        return self.result.phase.pop(i)

    def free_a(self) -> list[int]:
        pairs, blocked = self.result.pairs, self.blocked_a
        return [i for i in range(len(self.a.nodes)) if i not in pairs and i not in blocked]

    def free_b(self) -> list[int]:
        return [
            j for j in range(len(self.b.nodes)) if j not in self.b2a and j not in self.blocked_b
        ]

    def taken_b(self, j: int) -> bool:
        return j in self.b2a or j in self.blocked_b

    def image_of_parent(self, i: int) -> int | None:
        p = self.a.parent[i]
        return None if p is None else self.result.pairs.get(p)

    # -- a side by number (OLD / NEW) -------------------------------------------

    def side(self, s: int) -> Side:
        return self.a if s == OLD else self.b

    def mate(self, s: int, x: int) -> int | None:
        """The node paired with node ``x`` of side ``s``, on the other side."""
        return (self.result.pairs if s == OLD else self.b2a).get(x)

    def free(self, s: int) -> list[int]:
        return self.free_a() if s == OLD else self.free_b()

    def repair(self, s: int, x: int, y: int) -> None:
        """Pair node ``x`` of side ``s`` with ``y`` instead of its mate, keeping the phase."""
        old = x if s == OLD else self.b2a[x]
        phase = self.unlink(old)
        if s == OLD:
            self.link(x, y, phase)
        else:
            self.link(y, x, phase)

    # -- overrides ---------------------------------------------------------------

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
                self.blocked_a.add(i)  # a merged rule continues nowhere
        for old_key, new_key in ov.splits:
            i, j = self.a.index.get(old_key), self.b.index.get(new_key)
            if i is not None and j is not None:
                self.forced_splits.append((i, j))
                self.blocked_b.add(j)  # a piece split off continues nothing


def repeated(st: State, run: Callable[[State], int]) -> int:
    """Run ``run`` again while it finds something (at most :data:`MAX_ROUNDS` times)."""
    total = 0
    for _round in range(MAX_ROUNDS):
        found = run(st)
        total += found
        if not found:
            break
    return total
