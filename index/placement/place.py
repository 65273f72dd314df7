"""Placing a document among a library's editions by its text.

The document's rules are compared, number by number, with every
edition's wording of the same numbers (:mod:`.texts` reads them all in a
few range queries), and each edition's rules that stand within the
document's stretch but that it lacks are counted against that edition
(rule headings apart: an excerpt may leave them out). An edition is a
**match** when it speaks for at least one of the document's rules and
every rule both hold is consistent (:mod:`.compare`: identical, typography
aside, or cut short by the document's own damage). Matches come as runs of
consecutive editions.

When nothing matches, and some editions fit every rule but those worded
as no edition has them (a garbled rule), the **nearest** are those of them
whose wordings of the others are the fewest edits away (a garbled rule is
nearest to the wording it was garbled from). Otherwise the document lies
**between** two consecutive editions when each of its rules has the
wording of one of them (or of none: an edition the library lacks may have
had its own), some only the older one's and some only the newer one's:
its text is newer than the first and older than the second. Failing that,
the nearest editions are those with the fewest rules that differ, then
the smallest distance between their wordings and the document's.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from crdex.index.library.coverage import Coverage, coverage_held, document_kind, section_of
from crdex.index.lineage.snapshot import snapshot_of

from .compare import CUT, MISSING, SAME, TYPOGRAPHY
from .errors import NotPlaceable
from .explain import difference
from .grid import UNKNOWN, Grid, judge
from .result import Difference, DocumentRepair, Placement, runs_of
from .texts import TextIndex, place_of

if TYPE_CHECKING:
    from crdex.index.library.editions import EditionRecord
    from crdex.parser.tree import Edition

__all__ = ["place"]

Wording = tuple[str, str]
# the editions named on each side of a match, with how many rules differ there
_NEIGHBOURS = 1
# a section's places: from its heading to just before the next section's
_SECTION = 2 * 10_000_000


@dataclass(slots=True)
class _Document:
    """The document as placing reads it: its rules' wordings, its stretches, its repairs."""

    rules: dict[str, Wording]
    ranges: list[tuple[int, int]]
    repairs: list[DocumentRepair]
    described: dict[str, object]


def place(edition: Edition, index: TextIndex, chain: Sequence[EditionRecord]) -> Placement:
    """Where ``edition`` (a parsed document) sits among ``chain``'s editions, by its text."""
    doc = _read_document(edition)
    grid = judge(doc.rules, doc.ranges, index, chain)
    candidates = [i for i, n in enumerate(grid.support) if n > 0]
    if not candidates:
        why = (
            "no edition of the library holds any of its rules"
            if chain
            else "the library holds no edition to match it against"
        )
        return Placement(
            doc.described, "unplaced", [], [], [], {}, [], [], doc.repairs, len(chain), why
        )
    matched = [i for i in candidates if grid.cost(i)[0] == 0]
    between: list[tuple[int, int]] = []
    if matched:
        verdict, placed = "matched", matched
    else:
        # every rule but those worded as no edition has them fits some editions: the
        # nearest of those (damage, most likely); else the editions it lies between
        close = grid.fitting_but_novel(candidates)
        between = [] if close else grid.between(candidates)
        grid.measure(candidates)
        pool = close or candidates
        best = min(grid.cost(i) for i in pool)
        verdict = "between" if between else "nearest"
        placed = (
            sorted({i for pair in between for i in pair})
            if between
            else [i for i in pool if grid.cost(i) == best]
        )
    grid.measure(placed)
    return Placement(
        document=doc.described,
        verdict=verdict,
        editions=[grid.ids[i] for i in placed],
        runs=runs_of(placed, grid.ids),
        between=[(grid.ids[a], grid.ids[b]) for a, b in between],
        counts=_counts(grid, placed),
        differences=_differences(grid, placed),
        neighbours=_neighbours(grid, matched, candidates),
        repairs=doc.repairs,
        library=len(chain),
    )


# -- reading the document ---------------------------------------------------------------


def _read_document(edition: Edition) -> _Document:
    kind = document_kind(edition)
    if kind == "rulings-summary":
        raise NotPlaceable(
            f"{edition.source.path}: a rulings summary in a numbering of its own, not the "
            "Comprehensive Rules: it has no rules to compare with the editions'"
        )
    rules = {n.key: (n.title, n.text) for n in snapshot_of(edition).rules}
    # a rulings page quotes rules here and there: only those; other documents hold a stretch
    ranges = (
        _coverage_ranges(coverage_held(edition)) if kind == "rulings" else _stretches(list(rules))
    )
    return _Document(rules, ranges, _repairs(edition), _describe(edition, list(rules)))


def _stretches(numbers: list[str]) -> list[tuple[int, int]]:
    """Places from the document's first rule to its last, split where it skips a whole rule."""
    placed = sorted((p, n) for n in numbers if (p := place_of(n)) is not None)
    out: list[tuple[int, int]] = []
    previous: str | None = None
    for place_, number in placed:
        if out and previous is not None and not _skips(previous, number):
            out[-1] = (out[-1][0], place_)
        else:
            out.append((place_, place_))
        previous = number
    return out


def _skips(before: str, after: str) -> bool:
    """Whether a whole three-digit rule lies between two numbers (702.5a → 704.1)."""
    try:
        return int(section_of(after) or after) - int(section_of(before) or before) >= 2
    except ValueError:
        return False


def _coverage_ranges(coverage: Coverage) -> list[tuple[int, int]]:
    out = []
    for section in coverage.sections:
        low = place_of(section)
        if low is not None:
            out.append((low, low + _SECTION - 1))
    for first, last in coverage.spans:
        low, high = place_of(first), place_of(last)
        if low is not None and high is not None:
            out.append((low, high))
    return out


def _repairs(edition: Edition) -> list[DocumentRepair]:
    """The parse's repairs, each with the rule whose lines it was in (in its file, for a book)."""
    by_file: dict[str, list[tuple[int, str]]] = {}
    for rule in edition.rules:
        if rule.span is not None:
            by_file.setdefault(rule.span.path.replace("\\", "/"), []).append(
                (rule.span.line, rule.number)
            )
    for starts in by_file.values():
        starts.sort()
    out = []
    for repair in edition.repairs:
        starts = _file_rules(by_file, repair.path)
        at = bisect.bisect_right(starts, (repair.line, "\uffff")) - 1
        rule = starts[at][1] if at >= 0 else None
        out.append(DocumentRepair(repair.line, repair.kind, repair.reason, rule, repair.path))
    return out


def _file_rules(
    by_file: dict[str, list[tuple[int, str]]], path: str | None
) -> list[tuple[int, str]]:
    """The rules of the file a repair names (a book's file by its path in the book)."""
    if path is None:
        return next(iter(by_file.values())) if len(by_file) == 1 else []
    return next((v for k, v in by_file.items() if k == path or k.endswith("/" + path)), [])


def _describe(edition: Edition, numbers: list[str]) -> dict[str, object]:
    return {
        "name": edition.source.path.replace("\\", "/").rsplit("/", 1)[-1],
        "sha256": edition.source.sha256,
        "format": edition.source.format,
        "title": edition.title,
        "date": edition.effective_date.isoformat() if edition.effective_date else None,
        "rules": len(numbers),
        "first": numbers[0] if numbers else None,
        "last": numbers[-1] if numbers else None,
    }


# -- what the grid adds up to ------------------------------------------------------------


def _counts(grid: Grid, placed: list[int]) -> dict[str, int]:
    """The document's rules by how they stand in the placed editions; the rules it lacks."""
    counts = {SAME: 0, TYPOGRAPHY: 0, CUT: 0, "differ": 0, MISSING: 0}
    for row in range(grid.rules):
        statuses = {grid.status_of(row, i) for i in placed} - {UNKNOWN}
        if not statuses <= {SAME, TYPOGRAPHY, CUT}:
            counts["differ"] += 1
        elif CUT in statuses:
            counts[CUT] += 1
        elif TYPOGRAPHY in statuses:
            counts[TYPOGRAPHY] += 1
        else:
            counts[SAME] += 1
    counts[MISSING] = sum(
        1
        for row in range(grid.rules, len(grid.items))
        if any(grid.status_of(row, i) == MISSING for i in placed)
    )
    return counts


def _differences(grid: Grid, placed: list[int]) -> list[Difference]:
    """Every item not identical in some placed edition: one per status and wording."""
    groups: dict[tuple[int, str, int | None], list[int]] = {}
    for row in range(len(grid.items)):
        for i in placed:
            status = grid.status_of(row, i)
            if status not in (SAME, UNKNOWN):
                groups.setdefault((row, status, grid.wording_at(row, i)), []).append(i)
    texts = grid.index.wordings(w for _r, _s, w in groups if w is not None)
    return [
        difference(
            grid.items[row],
            status,
            [grid.ids[i] for i in editions],
            grid.document.get(grid.items[row]),
            texts.get(wording) if wording is not None else None,
            runs_of(grid.fitting(row), grid.ids),
        )
        for (row, status, wording), editions in groups.items()
    ]


def _neighbours(grid: Grid, matched: list[int], candidates: list[int]) -> list[dict[str, object]]:
    """The editions next to each matched run, with the rules that differ there."""
    out: list[dict[str, object]] = []
    speaking = set(candidates)
    for run in runs_of(matched, grid.ids):
        first, last = grid.ids.index(run.first), grid.ids.index(run.last)
        side = [i for i in range(first - 1, -1, -1) if i in speaking][:_NEIGHBOURS]
        side += [i for i in range(last + 1, len(grid.ids)) if i in speaking][:_NEIGHBOURS]
        for i in side:
            rules = grid.inconsistent(i)
            out.append({"edition": grid.ids[i], "differ": len(rules), "rules": rules[:12]})
    return out
