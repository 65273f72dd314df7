"""Rulings summaries in their own numbering, tied to rule identities by topic.

A rulings summary (the 1999 Crystal Keep General Rulings Summary) is not a
CR edition: it numbers its own topics (``A.27 - Trample``) and witnesses no
CR rule. What ties it to the rules is its topics' names
(:mod:`crdex.index.rulings.topics`): each topic that names a rule of the
first editions in the library links to that rule's identity, so that a
rule shown in any edition can mention the rulings a summary gave on its
topic. The links are worked out with the graph at each build and stored in
the generation, with the topics that matched nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from crdex.index.lineage.graph import Graph
from crdex.index.rulings.topics import SUMMARY_NUMBERING, link_topics
from crdex.parser.tree import Edition

from .documents import DocumentInfo

__all__ = ["link_summaries"]

# the first editions a summary's topics are looked up in: those of its own year
_THROUGH = "{year}-12-31"


def _counts(page: Edition, topic: str) -> tuple[int, int]:
    """(rules, rulings) the page files under a topic."""
    rules = [i for i in page.items if i.parent == topic]
    return len(rules), sum(len(i.rulings) for i in [page.item(topic), *rules] if i is not None)


def link_summaries(
    documents: Iterable[DocumentInfo], graph: Graph, tree_of: Callable[[str], Edition]
) -> dict[str, Any]:
    """``{"by_identity": {identity: [topic…]}, "documents": {sha: {links, unmatched}}}``."""
    by_identity: dict[str, list[dict[str, Any]]] = {}
    per_document: dict[str, Any] = {}
    for doc in sorted(documents, key=lambda d: (d.date or "", d.sha256)):
        if doc.kind != "rulings-summary":
            continue
        page = tree_of(doc.sha256)
        if page.numbering != SUMMARY_NUMBERING or not graph.editions:
            continue
        year = (doc.date or graph.editions[0].date)[:4]
        through = max(_THROUGH.format(year=year), graph.editions[0].date)
        links = link_topics(page, graph, through=through)
        per_document[doc.sha256] = {
            "document": doc.id,
            "page": doc.name,
            "through": through,
            "links": [
                {"topic": ln.topic, "title": ln.title, "identity": ln.identity, "via": ln.via}
                for ln in links.links
            ],
            "unmatched": [{"topic": t, "title": title} for t, title in links.unmatched],
        }
        for ln in links.links:
            rules, rulings = _counts(page, ln.topic)
            by_identity.setdefault(ln.identity, []).append(
                {
                    "document": doc.id,
                    "page": doc.name,
                    "date": doc.date,
                    "topic": ln.topic,
                    "title": ln.title,
                    "rules": rules,
                    "rulings": rulings,
                }
            )
    return {"by_identity": by_identity, "documents": per_document}
