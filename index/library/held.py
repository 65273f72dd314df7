"""The parsed trees a reader keeps in memory: the most recently read, within a budget.

A server asked about every edition would otherwise hold every tree: 7.4 MB
for 2026-08-07, about 700 MB for the 126 editions of the corpus, per
worker. :class:`HeldTrees` keeps the trees most recently read until their
weight passes :data:`TREE_BUDGET`, then lets the oldest go (reading one
again takes about 0.15 s). A tree's weight is an estimate of the memory it
takes, measured on the corpus: about 6 bytes a character of its texts and
600 bytes a rule or glossary entry (2026-08-07: 7.8 MB estimated, 7.4 MB
measured; 2003-10-01: 2.3 MB against 2.0 MB).

Threads may ask at once (a server's lanes): a tree is read by one of
them while the others asking for it wait (a reader stopped half-way, by a
server giving its request up, leaves the others to read it themselves).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from crdex.parser.tree import Edition

__all__ = ["TREE_BUDGET", "HeldTrees", "tree_weight"]

#: the estimated bytes of trees a reader keeps (about 17 editions of today's size)
TREE_BUDGET = 128 << 20
# seconds a thread waits for another to read a tree before it reads the tree itself
_PATIENCE = 30.0


def tree_weight(tree: Edition) -> int:
    """The estimated memory of a parsed tree (see the module docstring)."""
    chars = sum(len(r.text) + sum(len(e.text) for e in r.examples) for r in tree.rules)
    chars += sum(len(g.definition) for g in tree.glossary)
    return 6 * chars + 600 * (len(tree.rules) + len(tree.glossary))


class HeldTrees:
    """Trees by key, read by ``load`` when missing, the oldest let go beyond ``budget``."""

    def __init__(self, load: Callable[[str], Edition], budget: int = TREE_BUDGET) -> None:
        self._load = load
        self.budget = budget
        self.weight = 0
        self._held: OrderedDict[str, tuple[Edition, int]] = OrderedDict()
        self._lock = threading.Lock()
        self._reading: dict[str, threading.Event] = {}

    def __contains__(self, key: str) -> bool:
        return key in self._held

    def get(self, key: str) -> Edition:
        while True:
            with self._lock:
                held = self._held.get(key)
                if held is not None:
                    self._held.move_to_end(key)
                    return held[0]
                reading = self._reading.get(key)
                if reading is None:
                    reading = self._reading[key] = threading.Event()
                    break
            # another thread reads it; then it is held (or that failed: try again)
            if not reading.wait(_PATIENCE):
                return self._read(key)
        try:
            return self._read(key)
        finally:
            with self._lock:
                self._reading.pop(key, None)
            reading.set()

    def _read(self, key: str) -> Edition:
        tree = self._load(key)
        self._keep(key, tree)
        return tree

    def _keep(self, key: str, tree: Edition) -> None:
        weight = tree_weight(tree)
        with self._lock:
            if key in self._held:
                return
            self._held[key] = (tree, weight)
            self.weight += weight
            while self.weight > self.budget and len(self._held) > 1:
                _key, (_tree, old) = self._held.popitem(last=False)
                self.weight -= old
