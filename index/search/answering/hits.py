"""What a search shows of the versions it found: hits, groups, plain snippets, edition names.

A version is shown from the fields its index document stores (identity,
kind, title, heading, text, examples, rulings, and where it is in force:
``spans``). The engine builds hits from the documents Whoosh finds; a rule
number looked up in one edition is answered from the identity graph's
tables instead (:mod:`.lookup`), with the same fields and the same code
here, so both answer alike. Nothing here imports Whoosh.
"""

from __future__ import annotations

import bisect
import datetime as _dt
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from crdex.parser.numbers import RuleNumber, ancestry

from ..errors import SearchError
from ..results import Group, Hit, SearchResult, Snippet
from ..versions import date_int

if TYPE_CHECKING:
    from crdex.index.library import Library
    from crdex.index.lineage.editions import EditionRef
    from crdex.index.lineage.graph import EditionInfo, Graph

__all__ = [
    "SNIPPET_CHARS",
    "EditionNames",
    "fill_lookup",
    "find_indexed",
    "group_hits",
    "in_force",
    "make_hit",
    "number_at",
    "order",
    "outside_chain",
    "plain_snippet",
    "scope_of",
]

SNIPPET_CHARS = 240


def plain_snippet(fields: dict[str, Any]) -> Snippet:
    """The start of a rule's text (or its title), for lookups."""
    text = " ".join((fields.get("text") or fields.get("title") or "").split())
    if len(text) > SNIPPET_CHARS:
        text = text[: SNIPPET_CHARS - 1].rsplit(" ", 1)[0] + " …"
    return Snippet(text)


def in_force(ranges: list[list[int]] | None, date: int) -> bool:
    """Whether a version with these (start, until) date ranges is in force on ``date``."""
    return bool(ranges) and any(s <= date < u for s, u in ranges)


def number_at(spans: dict[str, Any], date: int) -> str:
    """The number a version had on ``date`` (its last number if after all of them)."""
    number = ""
    for start, value in spans["numbers"]:
        if start <= date:
            number = value
    return number or spans["numbers"][0][1]


def order(number: str) -> tuple[Any, ...]:
    try:
        return (0, RuleNumber.parse(number).sort_key())
    except ValueError:
        return (1, number.casefold())


class EditionNames:
    """The ids of the editions an index was built from, by the dates it stores."""

    def __init__(self, editions: Sequence[EditionInfo]) -> None:
        self.dates = [date_int(e.date) for e in editions]
        self.ids = [e.id for e in editions]
        self.ids_by_date = dict(zip(self.dates, self.ids, strict=True))

    def edition_ids(self, ranges: list[list[int]]) -> list[str]:
        """The ids of the editions whose dates fall in the (start, until) ranges."""
        out: list[str] = []
        for start, until in ranges:
            lo = bisect.bisect_left(self.dates, start)
            hi = bisect.bisect_left(self.dates, until)
            out.extend(self.ids[lo:hi])
        return out


def make_hit(
    fields: dict[str, Any],
    number: str,
    score: float,
    snippet: Snippet,
    names: EditionNames,
    glossary: dict[str, Any] | None = None,
) -> Hit:
    """A version as a hit; ``glossary``: the fields of a glossary entry standing for it."""
    spans = fields["spans"]
    heading = (fields.get("heading") or "").split("\n", 1)[0]
    return Hit(
        number=number if fields["kind"] != "glossary" else "",
        kind=fields["kind"],
        # a subrule is titled by its heading: 702.19b is about Trample
        title=fields.get("title") or (heading if fields["kind"] != "glossary" else ""),
        heading=heading,
        text=fields.get("text", ""),
        examples=[e for e in (fields.get("examples") or "").split("\n") if e],
        rulings=[r for r in (fields.get("rulings") or "").split("\n") if r],
        snippet=snippet,
        score=score,
        identity=fields["identity"],
        editions=names.edition_ids(spans["ranges"]),
        numbers=[(names.ids_by_date.get(d, str(d)), n) for d, n in spans["numbers"]],
        term=glossary.get("title", "") if glossary else "",
        definition=glossary.get("text", "") if glossary else "",
    )


def group_hits(hits: list[Hit]) -> list[Group]:
    """Hits of one rule (identity) as one group of versions."""
    by_identity: dict[str, list[Hit]] = defaultdict(list)
    for hit in hits:
        by_identity[hit.identity].append(hit)
    groups = []
    for identity, versions in by_identity.items():
        versions.sort(key=lambda v: (v.editions[:1], v.number))
        last = max(versions, key=lambda v: v.editions[-1:])
        groups.append(
            Group(
                identity=identity,
                number=last.numbers[-1][1] if last.numbers else last.number,
                title=last.title or last.heading,
                kind=last.kind,
                score=max(v.score for v in versions),
                versions=versions,
                last=last.editions[-1] if last.editions else "",
            )
        )
    return groups


def fill_lookup(
    result: SearchResult,
    found: Iterable[dict[str, Any]],
    number: str,
    date: int | None,
    limit: int,
    names: EditionNames,
) -> None:
    """Fill ``result`` with the versions ``found`` under rule ``number`` (a lookup).

    ``found`` are the stored fields of the versions in force on ``date``
    (None: in any edition) that ever held a number under ``number``.
    """
    hits: list[Hit] = []
    for fields in found:
        spans = fields["spans"]
        if date is not None:
            held = number_at(spans, date)
            if number not in ancestry(held):
                continue
            hits.append(make_hit(fields, held, 0.0, plain_snippet(fields), names))
        else:
            numbers = [n for _d, n in spans["numbers"] if number in ancestry(n)]
            if numbers:
                hits.append(make_hit(fields, numbers[-1], 0.0, plain_snippet(fields), names))
    if date is not None:
        hits.sort(key=lambda h: order(h.number))
        result.total = len(hits)
        result.hits = hits[:limit]
        return
    groups = group_hits(hits)
    groups.sort(key=lambda g: (order(g.number), g.versions[0].editions[:1]))
    result.total = len(groups)
    result.groups = groups[:limit]


def outside_chain(library: Library) -> dict[str, tuple[str | None, str]]:
    """The library's documents outside the chain (copies, rulings pages), by id: (date, sha256)."""
    chain = {d.sha256 for d in library.chain()}
    return {d.id: (d.date, d.sha256) for d in library.documents.values() if d.sha256 not in chain}


def find_indexed(
    name: str, graph: Graph, others: Mapping[str, tuple[str | None, str]]
) -> EditionRef:
    """An edition of the chain that is indexed, by id, date (the one in force) or ``latest``.

    ``others`` are the library's documents outside the chain, by id.
    """
    from crdex.index.lineage.editions import find_edition

    ref = find_edition(name, graph, others)
    if ref.index is None:
        chain = next((e.id for e in graph.editions if e.date == ref.date), None)
        hint = f"; search {chain} instead" if chain else ""
        raise SearchError(
            f"{ref.id} is a second copy of an edition, outside the chain of editions "
            f"that is indexed{hint}"
        )
    return ref


def scope_of(
    find: Callable[[str], EditionRef], edition: str | None, as_of: str | None, all_editions: bool
) -> tuple[EditionRef | None, str | None]:
    """The edition a search is about (None: all of them) and how it was asked for."""
    chosen = [name for name, v in (("--edition", edition), ("--as-of", as_of)) if v]
    if all_editions:
        chosen.append("--all-editions")
    if len(chosen) > 1:
        raise SearchError(f"choose one of {', '.join(chosen)}")
    if all_editions:
        return None, None
    if as_of is not None:
        try:
            _dt.date.fromisoformat(as_of.strip())
        except ValueError:
            raise SearchError(f"--as-of takes a date such as 2012-03-01, not {as_of!r}") from None
        return find(as_of), as_of
    return find(edition or "latest"), edition or "latest"
