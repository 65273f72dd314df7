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

Editions are read one at a time, so that the whole corpus never sits in
memory at once.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from crdex.index.library import Library
from crdex.index.lineage.editions import find_edition
from crdex.index.lineage.graph import Graph, Identity, Link
from crdex.parser.serialize import SCHEMA_VERSION as TREE_VERSION
from crdex.parser.serialize import edition_to_dict

from .errors import ExportError
from .ids import node_ids

__all__ = [
    "EXPORT_FORMAT",
    "SCHEMA_VERSION",
    "Chosen",
    "ExportPlan",
    "plan_export",
]

EXPORT_FORMAT = "crdex-export"
# bump when a field changes meaning or goes away (adding fields does not)
SCHEMA_VERSION = 1

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True, slots=True)
class Chosen:
    """An edition chosen for export; ``index`` is its place in the chain (None off the chain)."""

    id: str
    sha256: str
    index: int | None


def _version() -> str:
    try:
        return metadata.version("crdex")
    except metadata.PackageNotFoundError:  # pragma: no cover - a bare checkout
        return "0"


def _tidy(text: str) -> str:
    """Spacing as the identity graph stores titles (see index.snapshot)."""
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


class IdentityIndex:
    """Which identity each rule and glossary entry of a chain edition belongs to."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._at: dict[int, dict[tuple[bool, str], list[Identity]]] = defaultdict(dict)
        for ident in graph.identities:
            for run in ident.runs:
                key = (ident.glossary, run.key.casefold() if ident.glossary else run.key)
                for e in range(run.start, run.end + 1):
                    self._at[e].setdefault(key, []).append(ident)
        # ids are unique in the graph except when one edition prints a number twice
        # and both copies are new there; the n-th such identity gets "#n", as its rule does
        self.ids: dict[int, str] = {}
        seen: Counter[str] = Counter()
        for ident in graph.identities:
            seen[ident.id] += 1
            n = seen[ident.id]
            self.ids[id(ident)] = ident.id if n == 1 else f"{ident.id}#{n}"

    def export_id(self, ident: Identity) -> str:
        return self.ids[id(ident)]

    def assign(
        self, index: int, keys: Sequence[tuple[str, str]], *, glossary: bool
    ) -> list[str | None]:
        """Identity ids for an edition's nodes, given as (key, title) in document order.

        A number printed twice is matched to its holders by title, then in order.
        """
        table = self._at.get(index, {})
        used: set[int] = set()
        out: list[str | None] = []
        for key, title in keys:
            holders = table.get((glossary, key.casefold() if glossary else key), [])
            free = [h for h in holders if id(h) not in used]
            if not free:
                out.append(None)
                continue
            pick = free[0]
            if len(free) > 1:
                for h in free:
                    run = h.run_at(index)
                    if run is not None and self.graph.texts[run.title] == _tidy(title):
                        pick = h
                        break
            used.add(id(pick))
            out.append(self.export_id(pick))
        return out


def _relation(ident: Identity, i: int, split_in: bool) -> str:
    run = ident.runs[i]
    if i == 0:
        return "split" if split_in else ("first" if run.start == 0 else "added")
    prev = ident.runs[i - 1]
    if prev.key != run.key:
        return "moved"
    return "unchanged" if run.change in ("", "none") else "edited"


@dataclass(slots=True)
class ExportPlan:
    """The editions to export and the graph they belong to; records are made on demand."""

    library: Library
    graph: Graph
    editions: list[Chosen]
    complete: bool = False
    _index: IdentityIndex | None = field(default=None, repr=False)
    _chosen: set[int] | None = field(default=None, repr=False)
    _links_from: dict[str, list[Link]] = field(default_factory=dict, repr=False)
    _links_to: dict[str, list[Link]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for link in self.graph.links:
            self._links_from.setdefault(link.source, []).append(link)
            self._links_to.setdefault(link.target, []).append(link)

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
            "crdex_version": _version(),
            "graph_key": self.graph.key,
            "complete": self.complete,
            "exported": [c.id for c in self.editions],
        }

    def chain(self) -> list[dict[str, Any]]:
        return [
            {
                "index": i,
                "id": e.id,
                "date": e.date,
                "sha256": e.sha256,
                "title": e.title,
                "path": e.path,
                "rules": e.rules,
                "glossary": e.glossary,
            }
            for i, e in enumerate(self.graph.editions)
        ]

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
        """The edition's data with ids: each node's own, its parent's and its identity's."""
        data["edition"]["chain_index"] = chosen.index
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
                    "identity": ident,
                }
            )
            latest[rule["number"]] = rid
        data["rules"] = rules
        data["glossary"] = [
            {"id": gid, **entry, "identity": ident}
            for gid, ident, entry in zip(gloss_ids, gloss_idents, data["glossary"], strict=True)
        ]
        return data

    # -- the identity graph --------------------------------------------------------

    def _wanted(self, ident: Identity) -> bool:
        """Whole exports hold every identity; others those present in (or gone at) an edition."""
        if self.complete:
            return True
        if self._chosen is None:
            self._chosen = {c.index for c in self.editions if c.index is not None}
        return any(ident.first <= c <= ident.last + 1 for c in self._chosen)

    def identities(self) -> Iterator[dict[str, Any]]:
        eds = self.graph.editions
        last = len(eds) - 1
        for ident in self.graph.identities:
            if not self._wanted(ident):
                continue
            split_in = [ln for ln in self._links_to.get(ident.id, []) if ln.kind == "split"]
            merges = [ln for ln in self._links_from.get(ident.id, []) if ln.kind == "merge"]
            status = "current" if ident.last == last else ("merged" if merges else "removed")
            versions = []
            for i, run in enumerate(ident.runs):
                prev = ident.runs[i - 1] if i else None
                versions.append(
                    {
                        "first_edition": eds[run.start].id,
                        "last_edition": eds[run.end].id,
                        "key": run.key,
                        "kind": run.kind,
                        "title": self.graph.texts[run.title],
                        "text": self.graph.texts[run.text],
                        "relation": _relation(ident, i, bool(split_in)),
                        "change": run.change or None,
                        "previous_key": prev.key
                        if prev is not None and prev.key != run.key
                        else None,
                    }
                )
            yield {
                "id": self.index.export_id(ident),
                "kind": "glossary" if ident.glossary else "rule",
                "first_edition": eds[ident.first].id,
                "last_edition": eds[ident.last].id,
                "status": status,
                "key": ident.runs[-1].key,
                "split_from": [ln.source for ln in split_in],
                "merged_into": merges[0].target if merges else None,
                "versions": versions,
            }

    def links(self) -> list[dict[str, Any]]:
        eds = self.graph.editions
        wanted = {i.id for i in self.graph.identities if self._wanted(i)}
        return [
            {
                "kind": ln.kind,
                "edition": eds[ln.edition].id,
                "source": ln.source,
                "target": ln.target,
            }
            for ln in self.graph.links
            if ln.source in wanted and ln.target in wanted
        ]

    def changes(self) -> Iterator[dict[str, Any]]:
        """What happened to each identity at each edition, edition by edition."""
        eds = self.graph.editions
        chosen = None if self.complete else {c.index for c in self.editions if c.index is not None}
        by_edition: dict[int, list[dict[str, Any]]] = defaultdict(list)

        def add(index: int, ident: Identity, relation: str, **rest: Any) -> None:
            if chosen is not None and index not in chosen:
                return
            by_edition[index].append(
                {
                    "edition": eds[index].id,
                    "previous_edition": eds[index - 1].id,
                    "identity": self.index.export_id(ident),
                    "kind": "glossary" if ident.glossary else "rule",
                    "relation": relation,
                    "from_key": None,
                    "to_key": None,
                    "change": None,
                    "other": None,
                }
                | rest
            )

        for ident in self.graph.identities:
            first = ident.runs[0]
            if first.start > 0:
                split = [ln for ln in self._links_to.get(ident.id, []) if ln.kind == "split"]
                if split:
                    add(first.start, ident, "split", to_key=first.key, other=split[0].source)
                else:
                    add(first.start, ident, "added", to_key=first.key)
            for prev, run in zip(ident.runs, ident.runs[1:], strict=False):
                if prev.key != run.key:
                    relation = "moved"
                elif run.change not in ("", "none"):
                    relation = "edited"
                else:
                    continue
                add(
                    run.start,
                    ident,
                    relation,
                    from_key=prev.key,
                    to_key=run.key,
                    change=run.change or None,
                )
            if ident.last < len(eds) - 1:
                merge = [ln for ln in self._links_from.get(ident.id, []) if ln.kind == "merge"]
                key = ident.runs[-1].key
                if merge:
                    add(ident.last + 1, ident, "merged", from_key=key, other=merge[0].target)
                else:
                    add(ident.last + 1, ident, "removed", from_key=key)
        for index in sorted(by_edition):
            yield from by_edition[index]


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
    others = {d.id: (d.date, d.sha256) for d in library.documents.values()}
    picked: list[Chosen] = []
    for name in editions or ("latest",):
        ref = find_edition(name, graph, others)
        chosen_id = ref.id if ref.index is None else graph.editions[ref.index].id
        item = Chosen(chosen_id, ref.sha256, ref.index)
        if item not in picked:
            picked.append(item)
    picked.sort(key=lambda c: (c.index is None, c.index or 0, c.id))
    indices = {c.index for c in picked if c.index is not None}
    return ExportPlan(library, graph, picked, complete=indices == set(range(len(graph.editions))))
