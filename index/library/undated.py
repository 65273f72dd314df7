"""Documents that state no date, placed among the editions by their text.

A build plans the chain from the dated documents first, writes the text
index of its editions (:mod:`crdex.index.placement.texts`), then places
every document that states no effective date
(:func:`crdex.index.placement.place`). One whose text matches a run of
editions becomes a partial witness of each of them, covering the rules it
holds whole (a rule it has cut short is left out), with its date source
recorded as ``matched-by-text``; in every edition such a witness speaks
after every dated one (:func:`~.documents.witness_rank`), so it can only
add rules no dated witness covers, never displace one. One that matches
nothing stays undated, and keeps what its placement found (nearest
editions, or that it lies between two) for ``crdex documents``.

A document is placed against the dated editions only, and anew at every
build: an edition added later may match it, or match it better.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from crdex.index.library.coverage import Coverage, WitnessSlice, coverage_held

from .documents import MATCHED_BY_TEXT, DocumentInfo
from .editions import EditionRecord, plan_chain

if TYPE_CHECKING:
    from crdex.index.lineage.snapshot import Snapshot
    from crdex.index.placement import Placement, TextIndex
    from crdex.parser.tree import Edition

__all__ = ["place_undated", "placed_chain", "placed_coverage", "text_index", "unplace"]

Notice = Callable[[str], None]


def unplace(registry: dict[str, DocumentInfo]) -> None:
    """Documents placed by an earlier build are undated again, to be placed anew."""
    for sha, doc in list(registry.items()):
        if doc.date_source == MATCHED_BY_TEXT or doc.placed is not None:
            registry[sha] = dataclasses.replace(doc, witnesses=(), date_source="none", placed=None)


def place_undated(
    registry: dict[str, DocumentInfo],
    chain: list[EditionRecord],
    index: TextIndex,
    tree: Callable[[str], Edition],
) -> list[EditionRecord]:
    """Place the undated documents of ``registry`` among ``chain``'s editions (in place);
    the chain again, with the matched ones among its witnesses."""
    from crdex.index.placement import place

    undated = [d for d in registry.values() if d.undated and d.kind != "rulings-summary"]
    if not undated:
        return chain
    for doc in undated:
        edition = tree(doc.sha256)
        placement = place(edition, index, chain)
        summary = placement.summary()
        if placement.matched:
            dates = {r.id: r.date for r in chain}
            coverage = placed_coverage(edition, placement)
            registry[doc.sha256] = dataclasses.replace(
                doc,
                witnesses=tuple(WitnessSlice(dates[e], coverage) for e in placement.editions),
                date_source=MATCHED_BY_TEXT,
                placed=summary,
            )
        else:
            registry[doc.sha256] = dataclasses.replace(doc, placed=summary)
    return plan_chain(registry.values(), tree)


def placed_coverage(edition: Edition, placement: Placement) -> Coverage:
    """What a matched document witnesses: what it holds, less the rules it has cut short."""
    cut = {d.number for d in placement.differences if d.status == "cut-short"}
    if not cut:
        return coverage_held(edition)
    spans: list[tuple[str, str]] = []
    run: list[str] = []
    for rule in edition.rules:
        if rule.number in cut:
            if run:
                spans.append((run[0], run[-1]))
            run = []
        else:
            run.append(rule.number)
    if run:
        spans.append((run[0], run[-1]))
    return Coverage(spans=tuple(spans))


def placed_chain(
    registry: dict[str, DocumentInfo],
    tree: Callable[[str], Edition],
    snapshot: Callable[[str], Snapshot],
    *,
    path: Path | None,
    parser: str,
    previous: Path | None,
) -> list[EditionRecord]:
    """The chain of ``registry``'s dated documents with its undated ones placed among its
    editions by their text (``registry`` updated in place), and its text index: written at
    ``path`` (from ``previous``'s), or kept in memory (``path`` None: nothing to keep)."""
    from crdex.index.lineage.snapshot import snapshot_of

    from .editions import compose

    unplace(registry)
    chain = plan_chain(registry.values(), tree)

    def of_record(record: EditionRecord) -> Snapshot:
        return snapshot_of(compose(record, tree)) if record.composed else snapshot(record.key)

    index = text_index(path, chain, of_record, parser=parser, previous=previous)
    try:
        placed = place_undated(registry, chain, index, tree)
    finally:
        index.close()
    if path is not None and [r.key for r in placed] != [r.key for r in chain]:
        # an edition composed anew (a matched document covers what its dated ones do not)
        text_index(path, placed, of_record, parser=parser, previous=path).close()
    return placed


def text_index(
    path: Path | None,
    chain: list[EditionRecord],
    snapshot: Callable[[EditionRecord], Snapshot],
    *,
    parser: str,
    previous: Path | None,
) -> TextIndex:
    """The text index of ``chain``: written at ``path`` (from ``previous``'s), or in memory."""
    from crdex.index.placement import TextIndex, write_text_index

    records = {r.key: r for r in chain}

    def of_key(key: str) -> Snapshot:
        return snapshot(records[key])

    if path is None:
        return TextIndex.in_memory(chain, of_key)
    write_text_index(path, chain, of_key, parser=parser, previous=previous)
    return TextIndex.open(path)
