"""The identity graph as export records: identities with their versions, links, changes.

Names follow the export's rules (see :mod:`.records`): a rule's number is
``number`` and a glossary entry's term ``term``; an edition is referred to by
``…edition_id``, an identity by ``…identity_id``; an edit is classed by
:data:`~crdex.index.lineage.classify.EDIT_CLASSES`, so that a version whose
examples alone changed says ``examples``, not ``meaning``; a version's text is
the rule's own, its examples a list beside it.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from crdex.index.lineage.classify import MEANING, NONE, refine, split_examples
from crdex.index.lineage.graph import Graph, Identity, Link

from .ids import IdentityIndex

__all__ = ["GraphRecords"]


def _relation(ident: Identity, i: int, split_in: bool) -> str:
    run = ident.runs[i]
    if i == 0:
        return "split" if split_in else ("first" if run.start == 0 else "added")
    prev = ident.runs[i - 1]
    if prev.key != run.key:
        return "moved"
    return "unchanged" if run.change in ("", NONE) else "edited"


def _named(ident: Identity, key: str | None) -> tuple[str | None, str | None]:
    """(number, term): a key is a rule's number or a glossary entry's term."""
    return (None, key) if ident.glossary else (key, None)


class GraphRecords:
    """The records of a graph's identities, links and changes for a choice of editions.

    ``chosen`` holds the chain indices of the exported editions; None means
    the whole chain, and every identity and change.
    """

    def __init__(self, graph: Graph, index: IdentityIndex, chosen: set[int | None] | None) -> None:
        self.graph = graph
        self.index = index
        self.chosen = None if chosen is None else {c for c in chosen if c is not None}
        self._refined: dict[tuple[int, int, int, int], str] = {}
        self._links_from: dict[str, list[Link]] = {}
        self._links_to: dict[str, list[Link]] = {}
        for link in graph.links:
            self._links_from.setdefault(link.source, []).append(link)
            self._links_to.setdefault(link.target, []).append(link)

    def _wanted(self, ident: Identity) -> bool:
        """Whole exports hold every identity; others those present in (or gone at) an edition."""
        if self.chosen is None:
            return True
        return any(ident.first <= c <= ident.last + 1 for c in self.chosen)

    def _edit_class(self, ident: Identity, i: int) -> str | None:
        """The class of the edit into run ``i`` (None for the first), examples told apart."""
        if i == 0:
            return None
        prev, run = ident.runs[i - 1], ident.runs[i]
        if run.change != MEANING:  # only a change of meaning may be one of examples alone
            return run.change or NONE
        key = (prev.title, prev.text, run.title, run.text)
        if key not in self._refined:  # asked again by changes() after identities()
            texts = self.graph.texts
            self._refined[key] = refine(
                run.change, texts[prev.title], texts[prev.text], texts[run.title], texts[run.text]
            )
        return self._refined[key]

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
                number, term = _named(ident, run.key)
                before = prev.key if prev is not None and prev.key != run.key else None
                previous_number, previous_term = _named(ident, before)
                text, examples = self._wording(ident, run.text)
                versions.append(
                    {
                        "first_edition_id": eds[run.start].id,
                        "last_edition_id": eds[run.end].id,
                        "first_chain_index": run.start,
                        "last_chain_index": run.end,
                        "number": number,
                        "term": term,
                        "kind": run.kind,
                        "title": self.graph.texts[run.title],
                        "text": text,
                        "examples": examples,
                        "relation": _relation(ident, i, bool(split_in)),
                        "edit_class": self._edit_class(ident, i),
                        "previous_number": previous_number,
                        "previous_term": previous_term,
                    }
                )
            last_number, last_term = _named(ident, ident.runs[-1].key)
            yield {
                "id": self.index.export_id(ident),
                "kind": "glossary" if ident.glossary else "rule",
                "first_edition_id": eds[ident.first].id,
                "last_edition_id": eds[ident.last].id,
                "status": status,
                "last_number": last_number,
                "last_term": last_term,
                "split_from_identity_ids": [ln.source for ln in split_in],
                "merged_into_identity_id": merges[0].target if merges else None,
                "versions": versions,
            }

    def _wording(self, ident: Identity, text: int) -> tuple[str, list[str]]:
        """A version's own text and its examples (a glossary definition has none)."""
        wording = self.graph.texts[text]
        if ident.glossary:
            return wording, []
        if "\n" not in wording and wording[:7].lower() != "example":
            return wording, []  # most wordings: one line of the rule's own, no example
        return split_examples(wording)

    def links(self) -> list[dict[str, Any]]:
        eds = self.graph.editions
        wanted = {i.id for i in self.graph.identities if self._wanted(i)}
        return [
            {
                "kind": ln.kind,
                "edition_id": eds[ln.edition].id,
                "source_identity_id": ln.source,
                "target_identity_id": ln.target,
            }
            for ln in self.graph.links
            if ln.source in wanted and ln.target in wanted
        ]

    def changes(self) -> Iterator[dict[str, Any]]:
        """What happened to each identity at each edition, edition by edition."""
        eds = self.graph.editions
        chosen = self.chosen
        by_edition: dict[int, list[dict[str, Any]]] = defaultdict(list)

        def add(
            index: int,
            ident: Identity,
            relation: str,
            old: str | None,
            new: str | None,
            **rest: Any,
        ) -> None:
            if chosen is not None and index not in chosen:
                return
            old_number, old_term = _named(ident, old)
            new_number, new_term = _named(ident, new)
            by_edition[index].append(
                {
                    "edition_id": eds[index].id,
                    "previous_edition_id": eds[index - 1].id,
                    "identity_id": self.index.export_id(ident),
                    "kind": "glossary" if ident.glossary else "rule",
                    "relation": relation,
                    "old_number": old_number,
                    "new_number": new_number,
                    "old_term": old_term,
                    "new_term": new_term,
                    "edit_class": None,
                    "split_from_identity_id": None,
                    "merged_into_identity_id": None,
                }
                | rest
            )

        for ident in self.graph.identities:
            first = ident.runs[0]
            if first.start > 0:
                split = [ln for ln in self._links_to.get(ident.id, []) if ln.kind == "split"]
                if split:
                    add(
                        first.start,
                        ident,
                        "split",
                        None,
                        first.key,
                        split_from_identity_id=split[0].source,
                    )
                else:
                    add(first.start, ident, "added", None, first.key)
            for i, (prev, run) in enumerate(itertools.pairwise(ident.runs), 1):
                if prev.key != run.key:
                    relation = "moved"
                elif run.change not in ("", NONE):
                    relation = "edited"
                else:
                    continue
                edit = self._edit_class(ident, i)
                add(run.start, ident, relation, prev.key, run.key, edit_class=edit)
            if ident.last < len(eds) - 1:
                merge = [ln for ln in self._links_from.get(ident.id, []) if ln.kind == "merge"]
                key = ident.runs[-1].key
                if merge:
                    add(
                        ident.last + 1,
                        ident,
                        "merged",
                        key,
                        None,
                        merged_into_identity_id=merge[0].target,
                    )
                else:
                    add(ident.last + 1, ident, "removed", key, None)
        for index in sorted(by_edition):
            yield from by_edition[index]
