"""A generation's description (``meta.json``), and whether this crdex can read it.

It says what the generation was built from (the identity graph's key, the
editions and the other documents of the library), by which crdex, with
which index format, schema and vector model. An index this crdex cannot
read is rebuilt, with a message saying why (see :mod:`.building.indexer`).
"""

from __future__ import annotations

import time
from typing import Any

from crdex._version import __version__
from crdex.index.library import Library
from crdex.index.lineage.graph import Graph

from .answering.hits import outside_chain
from .documents import IndexDoc
from .models.embedding import model_id
from .models.sentences import sentence_model_id
from .models.token_states import FORMAT as TOKENS_FORMAT
from .schema import SEARCH_FORMAT, schema_fingerprint

__all__ = ["PARTS", "describe", "incompatibility", "part_of", "sentences_changed"]

PARTS = ("latest", "earlier")


def part_of(doc: IndexDoc) -> str:
    """The part of the index a version goes to: ``latest`` if in force in the last edition."""
    return PARTS[0] if doc.current else PARTS[1]


def incompatibility(meta: dict[str, Any] | None) -> str | None:
    """Why an index with this meta cannot be read by this crdex, or None if it can."""
    if meta is None:
        return "its description (meta.json) is missing or unreadable"
    if meta.get("format") != SEARCH_FORMAT:
        return (
            f"it was written by crdex {meta.get('crdex', 'of an unknown version')} "
            f"(index format {meta.get('format', '?')}); this is crdex {__version__} "
            f"(index format {SEARCH_FORMAT})"
        )
    if meta.get("schema") != schema_fingerprint():
        return (
            f"it was written by crdex {meta.get('crdex', 'of an unknown version')} "
            "with other fields or analyzers than this crdex uses"
        )
    if meta.get("vectors") != model_id():
        return (
            f"its word vectors come from {meta.get('vectors') or 'no model'}; "
            f"this crdex uses {model_id()}"
        )
    return None


def sentences_changed(meta: dict[str, Any] | None) -> str | None:
    """Why a readable index's sentence vectors are not this crdex's (None: they are).

    Such an index is still searched (with the static vectors where it has no
    sentence vectors of the model in use); a build writes it anew.
    """
    had, has = (meta or {}).get("sentences"), sentence_model_id()
    if had != has:
        return (
            f"its sentence vectors come from {had or 'no sentence model'}; "
            f"this crdex uses {has or 'no sentence model'}"
        )
    if has is not None and (meta or {}).get("tokens") != TOKENS_FORMAT:
        return "its sentence vectors come without the tokens questions are matched against"
    return None


def describe(
    library: Library, graph: Graph, docs: list[IndexDoc], seconds: float
) -> dict[str, Any]:
    """The description of a generation built from ``docs`` of ``library``'s ``graph``."""
    return {
        "format": SEARCH_FORMAT,
        "schema": schema_fingerprint(),
        "crdex": __version__,
        "graph_key": graph.key,
        "editions": [[e.id, e.date, e.sha256, e.title] for e in graph.editions],
        "others": {name: list(where) for name, where in outside_chain(library).items()},
        "documents": {p: sum(1 for d in docs if part_of(d) == p) for p in PARTS},
        "vectors": model_id(),
        "sentences": sentence_model_id(),
        # the latest part's tokens kept beside its sentence vectors (see models.token_states)
        "tokens": TOKENS_FORMAT if sentence_model_id() is not None else None,
        "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "seconds": round(seconds, 3),
    }
