"""Rulings attached to rule identities, dated, wherever those rules are shown.

A rulings page files each ruling under a rule number as the rules read in
the CR edition the page quotes (``[CompRules 2007/05/01]``). The ruling
belongs to that rule's *identity*, so that it is shown with the rule in
every edition, whatever the rule is numbered there: the Scry rulings filed
under 501.8 in 2008 are Scry's rulings under 701.22 today.

The edition a ruling is read in: the one its rule's quote cites, else the
one a subrule of it cites, else the one in force on the page's date.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from crdex.index.lineage.graph import Graph
from crdex.parser.tree import Edition, Rule

from .documents import DocumentInfo

__all__ = ["attach_rulings"]


def _cited(rule: Rule, tree: Edition) -> str | None:
    for _source, date in rule.citations:
        if date:
            return date
    for child in rule.children:
        node = tree.rule(child)
        if node is not None:
            for _source, date in node.citations:
                if date:
                    return date
    return None


def _edition_index(graph: Graph, date: str | None) -> int | None:
    """The chain index of the edition in force on ``date``."""
    if date is None:
        return None
    best = None
    for i, edition in enumerate(graph.editions):
        if edition.date <= date:
            best = i
    return best


def attach_rulings(
    documents: Iterable[DocumentInfo], graph: Graph, tree_of: Callable[[str], Edition]
) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, Any]]]:
    """Identity id → its rulings, and the rulings that could not be placed (with why)."""
    attached: dict[str, list[dict[str, Any]]] = {}
    unplaced: list[dict[str, Any]] = []
    for doc in sorted(documents, key=lambda d: (d.date or "", d.sha256)):
        if doc.kind != "rulings":
            continue
        tree = tree_of(doc.sha256)
        for rule in tree.rules:
            if not rule.rulings:
                continue
            quoted = _cited(rule, tree)
            index = _edition_index(graph, quoted or doc.date)
            holder = graph.holder(rule.number, index) if index is not None else None
            for ruling in rule.rulings:
                entry = {
                    "text": ruling.text,
                    "source": ruling.source,
                    "date": ruling.date,
                    "number": ruling.number,
                    "filed_under": ruling.filed_under,
                    "rule": rule.number,
                    "edition": graph.editions[index].id if index is not None else None,
                    "document": doc.id,
                    "page": doc.name,
                }
                if holder is None:
                    why = (
                        f"no edition of the library is in force on {quoted or doc.date}"
                        if index is None
                        else f"{graph.editions[index].id} has no rule {rule.number}"
                    )
                    unplaced.append({**entry, "why": why})
                else:
                    attached.setdefault(holder.id, []).append(entry)
    return attached, unplaced
