"""A rule number looked up in one edition, answered from the library's tables, not the index.

``crdex search 701.22`` asks for rule 701.22 and everything under it as
the latest edition has them: nothing to rank, no words to match. The
identity graph's lookup tables (:class:`~crdex.index.library.tables.TableGraph`)
say which rules held a number under it in that edition, their versions
(:mod:`..versions`) are what the index's documents hold, and the answer is
made of them by the engine's own code (:mod:`.hits`): the same answer,
without opening the index (Whoosh, its vectors), which is most of the time
a search takes.

What this does not answer (a number looked up across all editions, the
rulings summaries, any words, a library without lookup tables or an empty
one) is left to the index: :func:`lookup` returns None.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from crdex.index.answers.asked import lookup_number
from crdex.index.errors import LibraryError, LineageError
from crdex.index.library.library import Library
from crdex.index.library.tables import TableGraph
from crdex.index.lineage.editions import Deferred

from ..errors import SearchError
from ..results import SearchResult
from ..versions import VersionContext, collect_rulings, date_int, spans_of, version_of
from .hits import EditionNames, fill_lookup, find_indexed, outside_chain, scope_of

__all__ = ["lookup"]

# the "until" of a version still in force: any date after the last edition
_STILL = 99_999_999


def lookup(
    home: str | os.PathLike[str],
    query: str,
    *,
    must_exist: bool = False,
    edition: str | None = None,
    as_of: str | None = None,
    all_editions: bool = False,
    limit: int = 10,
    source: str = "cr",
) -> SearchResult | None:
    """The rules under the rule number ``query`` in one edition, or None (ask the index).

    The arguments are :meth:`~.engine.SearchIndex.search`'s; ``must_exist``:
    the home was named by the user.
    """
    text = unicodedata.normalize("NFKC", query).strip()
    number = lookup_number(text) if text else None
    if number is None or all_editions or source != "cr" or limit < 1:
        return None
    library = Library(Path(home), must_exist=must_exist)
    if library.empty:
        return None
    try:
        graph = library.graph()
    except LibraryError:  # no dated documents, or the tables are damaged: the index says
        return None
    if not isinstance(graph, TableGraph) or library.generation is None:
        return None
    # rulings pages file every ruling they hold in the generation's rulings, placed or
    # not: with none filed there are none to collect (and the documents need not be read)
    gen = library.generation
    filed = bool(gen.rulings) or bool(gen.unplaced_rulings)
    rulings = collect_rulings(library, graph) if filed else {}
    others = Deferred(lambda: outside_chain(library))
    try:
        ref, asked = scope_of(
            lambda name: find_indexed(name, graph, others), edition, as_of, all_editions
        )
    except LineageError as exc:
        raise SearchError(str(exc)) from None
    assert ref is not None and ref.index is not None  # one edition of the chain
    result = SearchResult(query=query, mode="lookup", edition=ref.id, asked=asked)
    dates = [date_int(e.date) for e in graph.editions]
    context = VersionContext(graph, rulings, glossary=False)
    found = []
    for _key, ident in graph.held_at(number, ref.index):
        version = version_of(ident, ref.index, context, dates, _STILL)
        if version is not None:
            found.append({**version, "spans": spans_of(version["numbers"], version["ranges"])})
    date = date_int(ref.date) if ref.date else None
    fill_lookup(result, found, number, date, limit, EditionNames(graph.editions))
    return result
