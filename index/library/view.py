"""A library's state as everything downstream reads it: documents, chain, trees, graph, rulings.

The same view serves a published generation (what readers open), a
generation being built (what the search indexer and the tables read before
it is published) and an in-memory library (the bundled sample documents).
Downstream code (search, exports, the citation checker, the web
application) reads only this.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .held import HeldTrees
from .rulerows import EditionRules, MemoryRules
from .ruletable import RuleTable

if TYPE_CHECKING:
    from crdex.index.lineage.graph import Graph
    from crdex.index.lineage.snapshot import Snapshot
    from crdex.index.placement import TextIndex
    from crdex.parser.tree import Edition

    from .documents import DocumentInfo
    from .editions import EditionRecord

__all__ = ["LibraryView"]

# editions whose rows are kept (about 1 MB each for today's size; a server asked about
# every edition of the corpus held 64 of them)
_ROWS_HELD = 32

TreeLoader = Callable[[str], "Edition"]
DictLoader = Callable[[str], dict[str, Any]]
SnapshotLoader = Callable[[str], "Snapshot"]


class LibraryView:
    """Read-only access to one state of a library.

    Trees are named by key: a document's sha256, or a composed edition's
    key (:class:`~.editions.EditionRecord.key`).
    """

    def __init__(
        self,
        *,
        home: Path | None,
        documents: dict[str, DocumentInfo] | Callable[[], dict[str, DocumentInfo]],
        chain: list[EditionRecord] | Callable[[], list[EditionRecord]],
        graph: Callable[[], Graph],
        tree: TreeLoader,
        tree_dict: DictLoader | None = None,
        snapshot: SnapshotLoader | None = None,
        rulings: Callable[[], dict[str, list[dict[str, Any]]]] | None = None,
        topics: Callable[[], dict[str, list[dict[str, Any]]]] | None = None,
        graph_key: str = "",
        rules: Callable[[], RuleTable | None] | None = None,
        empty: bool | None = None,
        texts: Callable[[], TextIndex | None] | None = None,
    ) -> None:
        """``documents`` and ``chain`` may be given as functions that read them (when first
        asked for); ``empty``, when known without reading them, says whether there are none."""
        self.home = home
        self._documents_held = documents
        self._chain_held = chain
        self._empty = empty
        self._graph_loader = graph
        self._graph: Graph | None = None
        self._tree = tree
        self._tree_dict = tree_dict
        self._snapshot = snapshot
        self._rulings_loader = rulings
        self._rulings: dict[str, list[dict[str, Any]]] | None = None
        self._topics_loader = topics
        self._topics: dict[str, list[dict[str, Any]]] | None = None
        self._trees = HeldTrees(tree)
        self._rules_loader = rules
        # insertion order: the first is the one read longest ago
        self._rules: dict[str, EditionRules] = {}
        self.key = graph_key
        self._texts_loader = texts
        self._texts: TextIndex | None = None

    @property
    def trees(self) -> HeldTrees:
        """The parsed trees this view keeps in memory (their budget can be changed)."""
        return self._trees

    # -- documents and editions ----------------------------------------------------

    @property
    def documents(self) -> dict[str, DocumentInfo]:
        return dict(self._documents)

    @property
    def empty(self) -> bool:
        return self._empty if self._empty is not None else not self._documents

    @property
    def _documents(self) -> dict[str, DocumentInfo]:
        if callable(self._documents_held):
            self._documents_held = self._documents_held()
        return self._documents_held

    @property
    def _chain(self) -> list[EditionRecord]:
        if callable(self._chain_held):
            self._chain_held = self._chain_held()
        return self._chain_held

    def chain(self) -> list[EditionRecord]:
        """The editions, oldest first."""
        return list(self._chain)

    def record(self, edition_id: str) -> EditionRecord | None:
        return next((e for e in self._chain if e.id == edition_id), None)

    def graph_key(self) -> str:
        return self.key or (self.graph().key if self._chain else "")

    # -- trees ------------------------------------------------------------------------

    def edition(self, key: str) -> Edition:
        """The tree of a document (by sha256) or of an edition (by its key).

        The trees most recently read are kept, within a budget (:mod:`.held`).
        """
        return self._trees.get(key)

    def edition_dict(self, key: str) -> dict[str, Any]:
        """A tree as plain data (``edition_to_dict``), straight from storage when it can be."""
        if key in self._trees or self._tree_dict is None:
            from crdex.parser.serialize import edition_to_dict

            return edition_to_dict(self.edition(key))
        return self._tree_dict(key)

    def rules(self, key: str) -> EditionRules:
        """A tree's rules and glossary as ``show`` reads them: from the stored rows if the
        generation has them for this tree, else made from the tree (and kept)."""
        held = self._rules.get(key)
        if held is None:
            table = self._rules_loader() if self._rules_loader else None
            held = table.edition(key) if table is not None else None
            if held is None:
                held = MemoryRules.of(self.edition_dict(key))
            self._rules[key] = held
            while len(self._rules) > _ROWS_HELD:
                self._rules.pop(next(iter(self._rules)))
        return held

    def snapshot(self, key: str) -> Snapshot:
        if self._snapshot is not None:
            return self._snapshot(key)
        from crdex.index.lineage.snapshot import snapshot_of

        return snapshot_of(self.edition(key))

    def texts(self) -> TextIndex:
        """The editions' rule wordings by place, for placing a document by its text: the
        generation's index, or one made in memory from the chain's snapshots (a generation
        written before it had one)."""
        if self._texts is None:
            self._texts = self._texts_loader() if self._texts_loader else None
            if self._texts is None:
                from crdex.index.placement import TextIndex

                chain = {r.key: r for r in self._chain}
                self._texts = TextIndex.in_memory(list(chain.values()), self.snapshot)
        return self._texts

    # -- what lineage learned -----------------------------------------------------------

    def graph(self, **_ignored: Any) -> Graph:
        """The identity graph of the chain (``progress`` and the like are accepted and unused)."""
        if self._graph is None:
            self._graph = self._graph_loader()
        return self._graph

    def has_graph(self) -> bool:
        return bool(self._chain)

    def rulings(self, identity: str) -> list[dict[str, Any]]:
        """The rulings attached to a rule identity, oldest page first."""
        if self._rulings is None:
            self._rulings = self._rulings_loader() if self._rulings_loader else {}
        return list(self._rulings.get(identity, ()))

    def topics(self, identity: str) -> list[dict[str, Any]]:
        """The topics of rulings summaries linked to a rule identity (see :mod:`.summaries`)."""
        if self._topics is None:
            self._topics = self._topics_loader() if self._topics_loader else {}
        return list(self._topics.get(identity, ()))
