"""What an export holds, as plain records: one shape for JSON, JSON Lines and SQLite.

An export is a choice of editions from a library plus the identity graph:

- ``chain``: every edition of the library's chain (one per effective date),
  so that the editions named by identities and changes can be looked up even
  when only some editions are exported in full;
- ``editions``: each chosen edition as ``crdex parse --json`` prints it
  (:func:`crdex.parser.serialize.edition_to_dict`), every rule and glossary
  entry given a stable id (:mod:`.ids`) and the id of its identity;
- ``identities``: every rule and glossary entry followed across editions,
  with the numbers and wordings it held (``versions``);
- ``links``: splits and merges between identities;
- ``changes``: per edition, what happened to each identity since the
  previous edition of the chain (added, split, moved, edited, removed, merged).

Nothing in an export depends on where the documents lay on the machine that
built the library: a document is named by its file name and its sha256, so
the same documents give the same bytes from any folder. References to an
edition end in ``edition_id``, to an identity in ``identity_id``; a rule's
number is ``number`` and a glossary entry's term ``term``, never a "key".
An edit is classed by :data:`~crdex.index.lineage.classify.EDIT_CLASSES`:
a version whose examples alone changed is ``examples``, never ``meaning``.

Editions are read one at a time, so that the whole corpus never sits in
memory at once. What this reads of the library is narrow on purpose:
:meth:`Library.edition_dict` (or :meth:`Library.edition` for an old cache)
by sha256, ``Library.documents`` (ids, dates and sha256 of the copies
outside the chain), and the identity graph with its chain of editions.

A rulings summary (a document in a numbering of its own, which witnesses no
CR edition) is not exported: it is neither an edition nor part of the graph,
and naming it is an error that says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

from crdex._version import __version__
from crdex.index.library import Library
from crdex.index.lineage.editions import find_edition
from crdex.index.lineage.graph import Graph
from crdex.parser.serialize import SCHEMA_VERSION as TREE_VERSION
from crdex.parser.serialize import edition_to_dict

from .errors import ExportError, ExportReadError
from .graph_records import GraphRecords
from .ids import IdentityIndex, node_ids

__all__ = [
    "EXPORT_FORMAT",
    "HEADER_KEYS",
    "SCHEMA_VERSION",
    "Chosen",
    "ExportPlan",
    "check_header",
    "file_name",
    "plan_export",
]

EXPORT_FORMAT = "crdex-export"
# bump when a field changes meaning or goes away (adding fields does not);
# 2: names made consistent, file names instead of paths, the examples edit class
SCHEMA_VERSION = 2

Progress = Callable[[str, int, int], None]

# the header's fields, in order (the SQLite export keeps them in `meta`)
HEADER_KEYS = (
    "format",
    "schema_version",
    "crdex_version",
    "graph_key",
    "complete",
    "exported_edition_ids",
)


def check_header(path: Path, header: dict[str, Any]) -> None:
    """A header this version can read, or :class:`ExportReadError` saying why not."""
    if header.get("format") != EXPORT_FORMAT:
        raise ExportReadError(f"{path}: not a crdex export (no format {EXPORT_FORMAT!r})")
    version = header.get("schema_version")
    if version != SCHEMA_VERSION:
        raise ExportReadError(
            f"{path}: schema version {version!r}; this crdex reads version {SCHEMA_VERSION} "
            "(export again, or see 'Export schema 2' in the README for the renamed fields)"
        )


@dataclass(frozen=True, slots=True)
class Chosen:
    """An edition chosen for export; ``index`` is its place in the chain (None off the chain)."""

    id: str
    sha256: str
    index: int | None


def file_name(path: str) -> str:
    """A document's name without the folders it lay in (a book: its folder's name)."""
    return PurePath(path).name or path


@dataclass(slots=True)
class ExportPlan:
    """The editions to export and the graph they belong to; records are made on demand."""

    library: Library
    graph: Graph
    editions: list[Chosen]
    complete: bool = False
    _index: IdentityIndex | None = field(default=None, repr=False)
    _records: GraphRecords | None = field(default=None, repr=False)

    @property
    def index(self) -> IdentityIndex:
        if self._index is None:
            self._index = IdentityIndex(self.graph)
        return self._index

    # -- header and chain --------------------------------------------------------

    def header(self) -> dict[str, Any]:
        return {
            "format": EXPORT_FORMAT,
            "schema_version": SCHEMA_VERSION,
            "crdex_version": __version__,
            "graph_key": self.graph.key,
            "complete": self.complete,
            "exported_edition_ids": [c.id for c in self.editions],
        }

    def chain(self) -> list[dict[str, Any]]:
        return [
            {
                "chain_index": i,
                "id": e.id,
                "effective_date": e.date,
                **self._document_of(e.id, e.sha256, e.path),
                "title": e.title,
                "rules_count": e.rules,
                "glossary_count": e.glossary,
            }
            for i, e in enumerate(self.graph.editions)
        ]

    def _document_of(self, edition_id: str, sha256: str, path: str) -> dict[str, str]:
        """The sha256 and file name of the document an edition is read from: for an edition
        composed of witnesses (partial ones, or a second copy speaking before a damaged
        primary), the witness that speaks first."""
        if path:
            return {"sha256": sha256, "file_name": file_name(path)}
        record = self.library.record(edition_id)
        if record is None or not record.witnesses:
            return {"sha256": sha256, "file_name": file_name(path)}
        first = record.witnesses[0]
        return {"sha256": first.sha256, "file_name": file_name(first.name)}

    # -- editions ----------------------------------------------------------------

    def load(self, chosen: Chosen) -> dict[str, Any]:
        """One parsed edition as plain data (:func:`~crdex.parser.serialize.edition_to_dict`).

        Read as the library stores it (:meth:`Library.edition_dict`), of the
        current tree version, or rebuilt from the tree otherwise. Nothing is
        kept in memory between editions.
        """
        data = self.library.edition_dict(chosen.sha256)
        if data.get("schema_version") == TREE_VERSION:
            return data
        return edition_to_dict(self.library.edition(chosen.sha256))

    def edition_records(self, progress: Progress | None = None) -> Iterator[dict[str, Any]]:
        total = len(self.editions)
        for done, chosen in enumerate(self.editions):
            if progress:
                progress("editions", done, total)
            yield self.edition_record(self.load(chosen), chosen)
        if progress:
            progress("editions", total, total)

    def edition_record(self, data: dict[str, Any], chosen: Chosen) -> dict[str, Any]:
        """The edition's data with ids: each node's own, its parent's and its identity's.

        The document's path becomes its file name (see the module docstring).
        """
        data["edition"] = {
            ("file_name" if k == "path" else k): (file_name(v) if k == "path" else v)
            for k, v in data["edition"].items()
        } | {"chain_index": chosen.index}
        edition_id = data["edition"]["id"]
        rule_ids = node_ids(edition_id, [r["number"] for r in data["rules"]])
        gloss_ids = node_ids(edition_id, [g["term"] for g in data["glossary"]], glossary=True)
        if chosen.index is not None:
            rule_idents = self.index.assign(
                chosen.index,
                [(r["number"], r["title"] or "") for r in data["rules"]],
                glossary=False,
            )
            gloss_idents = self.index.assign(
                chosen.index, [(g["term"], g["term"]) for g in data["glossary"]], glossary=True
            )
        else:
            rule_idents = [None] * len(data["rules"])
            gloss_idents = [None] * len(data["glossary"])
        latest: dict[str, str] = {}
        rules = []
        for rid, ident, rule in zip(rule_ids, rule_idents, data["rules"], strict=True):
            parent = rule["parent"]
            rules.append(
                {
                    "id": rid,
                    **rule,
                    "parent_id": latest.get(parent) if parent is not None else None,
                    "identity_id": ident,
                }
            )
            latest[rule["number"]] = rid
        data["rules"] = rules
        data["glossary"] = [
            {"id": gid, **entry, "identity_id": ident}
            for gid, ident, entry in zip(gloss_ids, gloss_idents, data["glossary"], strict=True)
        ]
        return data

    # -- the identity graph --------------------------------------------------------

    def _graph_records(self) -> GraphRecords:
        if self._records is None:
            chosen = None if self.complete else {c.index for c in self.editions}
            self._records = GraphRecords(self.graph, self.index, chosen)
        return self._records

    def identities(self) -> Iterator[dict[str, Any]]:
        return self._graph_records().identities()

    def links(self) -> list[dict[str, Any]]:
        return self._graph_records().links()

    def changes(self) -> Iterator[dict[str, Any]]:
        return self._graph_records().changes()


def plan_export(
    library: Library,
    graph: Graph,
    editions: Sequence[str] = (),
    *,
    all_editions: bool = False,
) -> ExportPlan:
    """The editions named (by id, date or ``latest``; default the latest), or the whole chain."""
    if all_editions and editions:
        raise ExportError("name editions with --edition, or export them all, not both")
    if all_editions:
        chosen = [Chosen(e.id, e.sha256, i) for i, e in enumerate(graph.editions)]
        return ExportPlan(library, graph, chosen, complete=True)
    others = {d.id: (d.date, d.sha256) for d in library.documents.values() if d.names_an_edition}
    summaries = {d.id for d in library.documents.values() if d.kind == "rulings-summary"}
    picked: list[Chosen] = []
    for name in editions or ("latest",):
        if name in summaries:
            # exports hold the CR editions and their graph; a summary is not one of them
            raise ExportError(
                f"{name} is a rulings summary in a numbering of its own, not a CR edition: "
                "exports hold CR editions only (its topics are named with the rules they "
                "link to by crdex show and history; search it with crdex search --source summary)"
            )
        ref = find_edition(name, graph, others)
        chosen_id = ref.id if ref.index is None else graph.editions[ref.index].id
        item = Chosen(chosen_id, ref.sha256, ref.index)
        if item not in picked:
            picked.append(item)
    picked.sort(key=lambda c: (c.index is None, c.index or 0, c.id))
    indices = {c.index for c in picked if c.index is not None}
    return ExportPlan(library, graph, picked, complete=indices == set(range(len(graph.editions))))
