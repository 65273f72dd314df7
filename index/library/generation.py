"""One generation of a library: everything a build learned, published whole, never changed.

A generation directory holds::

    manifest.json     format, what is inside, and the sha256 of every file below
                      and of every parse cache file it relies on
    documents.json    the documents (crdex.index.library.documents)
    editions.json     the chain: each edition with its witnesses and disagreements
    graph.json        the identity graph (crdex.index.lineage.graph)
    rulings.json      rulings by rule identity, and the ones that could not be placed
    summaries.json    rulings summaries' topics linked to rule identities, and the unmatched
    trees/            the trees of composed editions (made of several witnesses)
    tables.sqlite     lookup tables for fast answers (crdex.index.library.tables)
    rules.sqlite      each edition's rules as rows (crdex.index.library.ruletable)
    texts.sqlite      each edition's rule wordings by place (crdex.index.placement.texts)

Readers open the generation ``CURRENT`` names and read only it: whatever a
build does meanwhile, and however it ends, they see one complete state.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crdex.index.errors import CacheDamaged, LibraryError
from crdex.index.storage.generations import write_atomic
from crdex.index.storage.packed import SUFFIX, UNREADABLE, dumps, loads, pack, packed_file, unpack

from .ruletable import RULES, RuleTable
from .tables import TABLES, TableGraph, write_tables

if TYPE_CHECKING:
    from crdex.index.lineage.graph import Graph
    from crdex.index.lineage.snapshot import Snapshot
    from crdex.index.placement.texts import TextIndex
    from crdex.parser.tree import Edition

    from .documents import DocumentInfo
    from .editions import EditionRecord

# A reader asking about one rule opens a generation for its lookup tables and
# rows: what reads or writes whole trees, snapshots and the graph's JSON (the
# parser's tree, the parse caches) is imported by the methods that do.

__all__ = ["GENERATION_FORMAT", "Generation", "GenerationWriter"]

# bump when what a generation holds changes shape
GENERATION_FORMAT = 1
MANIFEST = "manifest.json"
TREES = "trees"


class Generation:
    """A published generation, opened for reading."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.manifest: dict[str, Any] = loads((path / MANIFEST).read_bytes())
        except (OSError, ValueError) as exc:
            raise LibraryError(
                f"{path / MANIFEST}: cannot be read ({exc}); run 'crdex verify --repair'"
            ) from None
        if self.manifest.get("format") != GENERATION_FORMAT:
            raise LibraryError(
                f"{path} was written by another crdex version; run 'crdex build' to bring "
                "the library up to date"
            )

    def _json(self, name: str) -> Any:
        try:
            return loads((self.path / name).read_bytes())
        except (OSError, ValueError) as exc:
            raise LibraryError(
                f"{self.path / name}: cannot be read ({exc}); run 'crdex verify --repair'"
            ) from None

    @functools.cached_property
    def documents(self) -> dict[str, DocumentInfo]:
        from .documents import REGISTRY_FORMAT, registry_from_dict

        data = self._json("documents.json")
        if data.get("format") != REGISTRY_FORMAT:
            raise LibraryError(f"{self.path / 'documents.json'}: of another format")
        return registry_from_dict(data)

    @property
    def empty(self) -> bool | None:
        """Whether it holds no documents, as its manifest says (None: it does not say)."""
        count = self.manifest.get("documents")
        return count == 0 if isinstance(count, int) else None

    @functools.cached_property
    def chain(self) -> list[EditionRecord]:
        from .editions import EditionRecord

        return [EditionRecord.from_dict(e) for e in self._json("editions.json")["editions"]]

    @functools.cached_property
    def graph(self) -> Graph | TableGraph:
        """The identity graph: from the lookup tables (read as needed) when they are there."""
        if (self.path / TABLES).is_file():
            return TableGraph(self.path / TABLES)
        return self.full_graph

    @functools.cached_property
    def full_graph(self) -> Graph:
        from crdex.index.lineage.graph import Graph

        path = self.path / "graph.json"
        try:
            return Graph.load(path)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise LibraryError(
                f"{path}: the identity graph cannot be read ({exc}); run 'crdex verify --repair'"
            ) from None

    @functools.cached_property
    def rules(self) -> RuleTable | None:
        """Each edition's rules as rows; None for a generation written before they were."""
        if not (self.path / RULES).is_file():
            return None
        return RuleTable(self.path / RULES)

    @functools.cached_property
    def texts(self) -> TextIndex | None:
        """The editions' rule wordings by place; None for a generation written before them."""
        from crdex.index.placement.texts import TEXTS, TextIndex

        if not (self.path / TEXTS).is_file():
            return None
        return TextIndex.open(self.path / TEXTS)

    @functools.cached_property
    def rulings(self) -> dict[str, list[dict[str, Any]]]:
        return dict(self._json("rulings.json")["attached"])

    @functools.cached_property
    def summaries(self) -> dict[str, Any]:
        """Rulings summaries' topics linked to identities (empty for a generation without)."""
        if not (self.path / "summaries.json").is_file():
            return {}
        return dict(self._json("summaries.json"))

    @property
    def unplaced_rulings(self) -> list[dict[str, Any]]:
        return list(self._json("rulings.json")["unplaced"])

    @property
    def graph_key(self) -> str:
        return str(self.manifest.get("graph_key", ""))

    @property
    def search(self) -> str | None:
        """The name of the search index generation built with this one."""
        return self.manifest.get("search")

    def has_tree(self, key: str) -> bool:
        return packed_file(self.path / TREES / f"{key}.tree").is_file()

    def _load(self, path: Path) -> Any:
        try:
            return unpack(path.read_bytes())
        except UNREADABLE as exc:
            raise CacheDamaged(
                f"{path}: cannot be read ({exc}); run 'crdex verify --repair'"
            ) from None

    def tree_dict(self, key: str) -> dict[str, Any]:
        return self._load(packed_file(self.path / TREES / f"{key}.tree"))

    def tree(self, key: str) -> Edition:
        from crdex.parser.serialize import edition_from_dict

        return edition_from_dict(self.tree_dict(key))

    def snapshot(self, key: str) -> Snapshot:
        from crdex.index.lineage.snapshot import Snapshot

        return Snapshot.from_dict(self._load(packed_file(self.path / TREES / f"{key}.snap")))

    def intact(self, name: str) -> bool:
        """Whether one of the generation's files is there with the bytes it was written with."""
        from .caches import file_digest

        digest = self.manifest.get("files", {}).get(name)
        path = self.path / name
        return digest is not None and path.is_file() and file_digest(path) == digest

    def check(self) -> list[str]:
        """Problems with this generation's own files (and its parse caches), for verify."""
        from .caches import file_digest

        problems = []
        files: dict[str, str] = self.manifest.get("files", {})
        for name, digest in sorted(files.items()):
            path = self.path / name
            if not path.is_file():
                problems.append(f"{path}: missing")
            elif file_digest(path) != digest:
                problems.append(f"{path}: damaged (its checksum does not match)")
        return problems


class GenerationWriter:
    """Writes the files of a generation into its scratch directory."""

    def __init__(self, scratch: Path) -> None:
        self.path = scratch
        (scratch / TREES).mkdir(parents=True, exist_ok=True)

    def json(self, name: str, data: Any) -> None:
        write_atomic(self.path / name, dumps(data))

    def documents(self, documents: dict[str, DocumentInfo]) -> None:
        from .documents import registry_to_dict

        self.json("documents.json", registry_to_dict(documents))

    def chain(self, chain: list[EditionRecord]) -> None:
        self.json("editions.json", {"editions": [e.to_dict() for e in chain]})

    def graph(self, graph: Graph) -> None:
        graph.save(self.path / "graph.json")
        write_tables(graph, self.path / TABLES)

    def rulings(
        self, attached: dict[str, list[dict[str, Any]]], unplaced: list[dict[str, Any]]
    ) -> None:
        self.json("rulings.json", {"attached": attached, "unplaced": unplaced})

    def tree(self, key: str, edition: Edition, snapshot: Snapshot) -> None:
        from crdex.parser.serialize import edition_to_dict

        write_atomic(self.path / TREES / f"{key}.tree{SUFFIX}", pack(edition_to_dict(edition)))
        write_atomic(self.path / TREES / f"{key}.snap{SUFFIX}", pack(snapshot.to_dict()))

    def manifest(self, **fields: Any) -> None:
        from crdex.index.lineage.graph import GRAPH_FORMAT

        from .caches import file_digest

        files = {
            str(p.relative_to(self.path)): file_digest(p)
            for p in sorted(self.path.rglob("*"))
            if p.is_file() and p.name != MANIFEST
        }
        data = {"format": GENERATION_FORMAT, "graph_format": GRAPH_FORMAT, **fields, "files": files}
        self.json(MANIFEST, data)
