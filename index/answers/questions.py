"""Asking a library about rules across editions: the one object commands talk to.

:class:`Lineage` names editions, and answers history, resolve and diff from
the identity graph alone (loaded from its cache), reading a parsed edition
only for a tagged copy outside the chain. :func:`open_lineage` opens a home
directory, or the bundled sample documents when that library is empty.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crdex.errors import CrdexError
from crdex.parser.numbers import ancestry

from ..errors import LibraryError, UnknownRule
from ..library import Library
from ..lineage.editions import Deferred, EditionRef, find_edition

if TYPE_CHECKING:
    from ..lineage.diff import EditionDiff
    from ..lineage.graph import Graph
    from ..lineage.history import History
    from ..lineage.resolve import Resolution

__all__ = ["Lineage", "bundled_library", "open_lineage"]


class Lineage:
    """Questions about rules across the editions of one library."""

    def __init__(self, library: Library, *, bundled: bool = False) -> None:
        self.library = library
        self.bundled = bundled
        self._graph: Graph | None = None

    @property
    def graph(self) -> Graph:
        if self._graph is None:
            self._graph = self.library.graph()
        return self._graph

    def _others(self) -> Mapping[str, tuple[str | None, str]]:
        """Dated copies of an edition, by their own id (rulings pages and undated documents are not editions).

        Read only if an edition is named by something other than ``latest`` or a chain id.
        """
        return Deferred(
            lambda: {
                d.id: (d.date, d.sha256)
                for d in self.library.documents.values()
                if d.names_an_edition
            }
        )

    def edition(self, name: str) -> EditionRef:
        """An edition by id, by date (the one in force), or ``latest``."""
        return find_edition(name, self.graph, self._others())

    def _chain_edition(self, name: str, what: str) -> EditionRef:
        ref = self.edition(name)
        if ref.index is None:
            raise LibraryError(
                f"{ref.id} is a second copy of an edition, outside the chain of editions; "
                f"{what} follows the chain: use {ref.id.split('.', 1)[0]}"
            )
        return ref

    def history(
        self, number: str, edition: str | None = None, *, typography: bool = False
    ) -> History:
        """Every edition of the rule ``number`` names (in ``edition``, default its latest).

        With the rulings summaries' topics on that rule, as ``show`` gives them.
        Typography-only edits are folded into the versions around them unless
        ``typography`` (see :mod:`crdex.index.lineage.history`).
        """
        # each question imports the code answering it: one rule shown loads no diff
        from ..lineage.history import canonical, find_holder, history, is_rule_number

        graph = self.graph
        if edition is not None:
            ref = self._chain_edition(edition, "history")
        else:
            spans = graph.holders(canonical(number), glossary=not is_rule_number(number))
            if not spans:
                find_holder(graph, number, len(graph.editions) - 1)  # raises with suggestions
                raise UnknownRule(f"no edition has {number}")  # pragma: no cover
            last = max(end for _start, end, _ident in spans)
            ref = self._chain_edition(graph.editions[last].id, "history")
        found = history(graph, number, ref, typography=typography)
        if found.glossary:
            found.topics = [
                self.dated({**t, "on": found.asked}, ref)
                for t in self.library.topics(found.identity)
            ]
        else:
            found.topics = self.topics(ref, found.asked)
        found.matched = self.matched_by_text(found)
        return found

    def matched_by_text(self, found: History) -> list[dict[str, Any]]:
        """The documents with no date of their own that witness a version of ``found``.

        Each is placed by its text among the editions it matches (see
        :mod:`crdex.index.library.undated`); it is named under every version
        whose number it covers in one of those editions.
        """
        from ..library.documents import MATCHED_BY_TEXT

        placed = [d for d in self.library.documents.values() if d.date_source == MATCHED_BY_TEXT]
        out = []
        for doc in placed:
            dates = {w.date: w.coverage for w in doc.witnesses}
            for entry in found.entries:
                held = [
                    e
                    for e in entry.editions
                    if e in dates and (found.glossary or dates[e].covers(entry.number))
                ]
                if held:
                    out.append(
                        {
                            "document": doc.name,
                            "sha256": doc.sha256,
                            "version": entry.first,
                            "number": entry.number,
                            "first_edition": held[0],
                            "last_edition": held[-1],
                            "editions": held,
                        }
                    )
        return out

    def topics(self, ref: EditionRef, number: str) -> list[dict[str, Any]]:
        """Rulings summaries' topics on rule ``number`` of ``ref`` or on a heading above it.

        Nearest first; each says which number (``on``) its topic is linked to.
        A copy outside the chain has no place in the graph, and no topics.
        """
        if ref.index is None:
            return []
        out = []
        for held in ancestry(number):
            holder = self.graph.holder(held, ref.index)
            if holder is not None:
                out.extend(
                    self.dated({**t, "on": held}, ref) for t in self.library.topics(holder.id)
                )
        return out

    def dated(self, ruling: dict[str, Any], ref: EditionRef) -> dict[str, Any]:
        """A ruling (or a summary's topic) with the edition it was written against, read in ``ref``.

        ``written_against`` is the edition its document quotes (``edition``),
        else the edition in force on its date; ``historical`` is true when
        the edition read is a later one: the ruling answered the rules as
        they were then, and pages and commands show it apart, under that
        edition's name.
        """
        against = ruling.get("edition") or None
        if against is None and ruling.get("date"):
            try:
                against = self.edition(ruling["date"]).id
            except CrdexError:  # dated before the first edition the library holds
                against = None
        chain = {ed.id: i for i, ed in enumerate(self.graph.editions)}
        here = chain.get(ref.id, ref.index)
        then = chain.get(against) if against else None
        historical = then is not None and here is not None and here > then
        return {**ruling, "written_against": against, "historical": historical}

    def resolve(self, number: str, at: str, to: str | None = None) -> Resolution:
        """What the rule cited as ``number`` on ``at`` is called on ``to`` (default latest)."""
        from ..lineage.resolve import resolve

        at_ref = self._chain_edition(at, "resolve")
        to_ref = self._chain_edition(to or "latest", "resolve")
        return resolve(self.graph, number, at_ref, to_ref)

    def diff(self, old: str, new: str) -> EditionDiff:
        """Everything that changed from edition ``old`` to edition ``new``."""
        from ..lineage.diff import diff_chain, diff_snapshots

        a, b = self.edition(old), self.edition(new)
        if a.index is not None and b.index is not None:
            return diff_chain(self.graph, a.index, b.index)
        # an edition outside the chain (a tagged copy) is matched here; the matcher is
        # loaded only then, so the questions answered from the graph never load it
        from ..lineage.build import match_pair

        sa, sb = self.library.snapshot(a.sha256), self.library.snapshot(b.sha256)
        rules, glossary = match_pair(sa, sb, self.library.overrides)
        result = diff_snapshots(sa, sb, rules, glossary)
        result.old, result.new = a.id, b.id
        return result


def open_lineage(home: str | os.PathLike[str] | None, *, must_exist: bool = False) -> Lineage:
    """The lineage of the library at ``home``, or of the bundled documents if it is empty.

    ``must_exist``: the home was named by the user, and a missing one is an
    error rather than an empty library.
    """
    library = Library(Path(home), must_exist=must_exist) if home is not None else Library(None)
    if library.empty:  # no documents, so no chain either
        return Lineage(bundled_library(), bundled=True)
    return Lineage(library)


def bundled_library() -> Library:
    """The bundled sample documents, in memory."""
    from crdex.corpus import bundled_documents

    sample = Library(None)
    sample.build(bundled_documents())
    if not sample.chain():
        raise LibraryError(
            "the library is empty and the bundled sample documents could not be read; "
            "add documents with 'crdex build PATH...'"
        )
    return sample
