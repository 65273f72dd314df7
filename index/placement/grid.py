"""Every rule of a document against every edition: a grid of verdicts, and what it adds up to.

Rows are *items*: the document's rules, then the rules the editions have
within the document's stretch that it lacks (rule headings apart). Columns
are the editions of the chain. A cell holds a status of :mod:`.compare`
(or ``unknown``: the edition's witnesses do not speak for that number)
and a distance. An excerpt of a few hundred rules against 126 editions is
tens of thousands of cells, so the grid is a pair of numpy arrays, and each
distinct wording of a number is compared with the document's once, its
verdict written into the columns of every edition that has it.

Comparing is done in two steps. Whether a wording *fits* the document's
(identical, typography, cut short) is cheap and decides matches; how far
a wording that does not fit lies (cited numbers, a few characters, other
words, and the distance) costs more, and is measured only when it is
needed: for the editions a reader is shown, or to rank the nearest
editions when none matches.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .compare import (
    ABSENT,
    CUT,
    MISSING,
    REFERENCES,
    SAME,
    TYPOGRAPHY,
    WORDING,
    differ,
    fit,
    keys,
)
from .compare import CHARACTERS as _CHARACTERS
from .texts import Found, TextIndex

if TYPE_CHECKING:
    from crdex.index.library.editions import EditionRecord

__all__ = ["STATUSES", "UNKNOWN", "Grid", "judge"]

Wording = tuple[str, str]
UNKNOWN = "unknown"
# a wording that does not fit, not measured yet
_UNMEASURED = "unmeasured"
#: a cell's status by its code; codes up to that of ``cut-short`` are consistent
STATUSES = (
    UNKNOWN,
    SAME,
    TYPOGRAPHY,
    CUT,
    _UNMEASURED,
    REFERENCES,
    _CHARACTERS,
    WORDING,
    ABSENT,
    MISSING,
)
_CODE = {s: i for i, s in enumerate(STATUSES)}
_LAST_FIT = _CODE[CUT]


@dataclass
class Grid:
    """Items × editions: status codes and distances (see the module docstring)."""

    ids: list[str]
    items: list[str]
    rules: int
    status: np.ndarray
    distance: np.ndarray
    found: Found
    # row → the indices in ``found.versions`` of its number's versions
    rows: dict[int, list[int]]
    # versions' chain columns: ``columns[found.starts[v]:found.starts[v + 1]]`` (-1: none)
    columns: np.ndarray
    document: Mapping[str, Wording]
    index: TextIndex
    _measured: set[int] = field(default_factory=set)

    @functools.cached_property
    def fits(self) -> np.ndarray:
        """Whether each cell is consistent (or unknown)."""
        return self.status <= _LAST_FIT

    @functools.cached_property
    def support(self) -> np.ndarray:
        """How many of the document's rules each edition has (whatever their wording)."""
        cells = self.status[: self.rules]
        return ((cells != 0) & (cells != _CODE[ABSENT])).sum(axis=0)

    def where(self, version: int) -> np.ndarray:
        """The chain columns of the editions that have version ``version``."""
        cols = self.columns[self.found.starts[version] : self.found.starts[version + 1]]
        return cols[cols >= 0]

    def measure(self, editions: Iterable[int]) -> None:
        """Measure the wordings that do not fit in these editions' columns."""
        columns = sorted(set(editions))
        unmeasured = _CODE[_UNMEASURED]
        rows = np.flatnonzero((self.status[: self.rules, columns] == unmeasured).any(axis=1))
        todo: list[tuple[int, int, np.ndarray]] = []
        for row in rows.tolist():
            for v in self.rows.get(row, ()):
                if v in self._measured:
                    continue
                where = self.where(v)
                cells = where[self.status[row, where] == unmeasured]
                if cells.size:
                    self._measured.add(v)
                    todo.append((row, v, cells))
        texts = self.index.wordings(int(self.found.wordings[v]) for _r, v, _c in todo)
        for row, v, cells in todo:
            verdict = differ(self.document[self.items[row]], texts[int(self.found.wordings[v])])
            self.status[row, cells] = _CODE[verdict.status]
            self.distance[row, cells] = verdict.distance
        self.__dict__.pop("_costs", None)

    @functools.cached_property
    def _costs(self) -> list[tuple[int, float]]:
        bad = ~self.fits
        counts = bad.sum(axis=0)
        distances = np.where(bad, self.distance, 0.0).sum(axis=0)
        return [(int(c), round(float(d), 9)) for c, d in zip(counts, distances, strict=True)]

    def cost(self, edition: int) -> tuple[int, float]:
        """Items that differ in the edition, and the sum of their distances (once measured)."""
        return self._costs[edition]

    def inconsistent(self, edition: int) -> list[str]:
        return [self.items[r] for r in np.flatnonzero(~self.fits[:, edition])]

    def status_of(self, row: int, edition: int) -> str:
        return STATUSES[self.status[row, edition]]

    def wording_at(self, row: int, edition: int) -> int | None:
        """The id of the wording the edition has for the item (None: it has none)."""
        for v in self.rows.get(row, ()):
            if edition in self.where(v):
                return int(self.found.wordings[v])
        return None

    def fitting(self, row: int) -> list[int]:
        """The editions whose wording the item's is (those that speak for it, consistent)."""
        cells = self.status[row]
        return [int(i) for i in np.flatnonzero((cells != 0) & (cells <= _LAST_FIT))]

    @functools.cached_property
    def novel(self) -> np.ndarray:
        """The items worded as no edition has them (the document's own damage, or the
        wording of an edition the library lacks)."""
        speaks = self.status[: self.rules] != 0
        out = np.zeros(len(self.items), dtype=bool)
        out[: self.rules] = ~(speaks & self.fits[: self.rules]).any(axis=1)
        return out

    def fitting_but_novel(self, candidates: Sequence[int]) -> list[int]:
        """The editions every item fits but those worded as no edition has them."""
        whole = (self.fits | self.novel[:, None]).all(axis=0)
        return [i for i in candidates if whole[i]]

    def between(self, candidates: Sequence[int]) -> list[tuple[int, int]]:
        """Consecutive editions each item fits one of, some only the older, some only the newer.

        An item of the document that fits no edition at all (a wording of an
        edition the library lacks) does not count against a pair.
        """
        if len(self.ids) < 2:
            return []
        fits = self.fits
        older, newer = fits[:, :-1], fits[:, 1:]
        whole = (older | newer | self.novel[:, None]).all(axis=0)
        only_older = (older & ~newer).any(axis=0)
        only_newer = (newer & ~older).any(axis=0)
        pairs = np.flatnonzero(whole & only_older & only_newer)
        speaking = set(candidates)
        return [(int(a), int(a) + 1) for a in pairs if a in speaking and a + 1 in speaking]


def judge(
    rules: Mapping[str, Wording],
    ranges: Sequence[tuple[int, int]],
    index: TextIndex,
    chain: Sequence[EditionRecord],
) -> Grid:
    """The grid of the document's ``rules`` (number → wording) within ``ranges``."""
    found = index.versions(ranges)
    columns = _columns(index, chain)[found.trees]
    by_number: dict[str, list[int]] = {}
    for v, number in enumerate(found.numbers):
        by_number.setdefault(number, []).append(v)
    extra = [
        n for n in by_number if n not in rules and not _heading_only(n, by_number[n], found.heading)
    ]
    items = [*rules, *extra]
    rows = {row: by_number[n] for row, n in enumerate(items) if n in by_number}
    row_of = np.full(len(found), -1, dtype=np.int64)
    for row, vs in rows.items():
        row_of[vs] = row
    codes = _codes([rules[n] for n in items[: len(rules)]], row_of, found, index)
    status, distance = _scatter(items, len(rules), row_of, codes, found, columns, chain)
    return Grid(
        [r.id for r in chain],
        items,
        len(rules),
        status,
        distance,
        found,
        rows,
        columns,
        rules,
        index,
    )


def _codes(
    wordings: list[Wording], row_of: np.ndarray, found: Found, index: TextIndex
) -> np.ndarray:
    """Each version's status code: how it fits the document's rule of its number (the
    versions of numbers the document lacks: ``missing``)."""
    count = len(wordings)
    ours = np.array([keys(w) for w in wordings], dtype=np.int64).reshape(count, 3)
    mine = (row_of >= 0) & (row_of < count)
    rule = np.where(mine, row_of, 0)
    same = mine & (found.layout == ours[rule, 0])
    typography = mine & ~same & (found.words == ours[rule, 1])
    whole = np.zeros(count, dtype=bool)
    whole[row_of[same | typography]] = True
    codes = np.full(len(found), _CODE[MISSING], dtype=np.int8)
    codes[mine] = _CODE[_UNMEASURED]
    codes[same] = _CODE[SAME]
    codes[typography] = _CODE[TYPOGRAPHY]
    # cut short is the document's damage only if no edition has its wording whole; only
    # the texts can tell it, and only where the edition's words are the longer
    maybe = mine & ~whole[rule] & (ours[rule, 2] > 0) & (ours[rule, 2] < found.length)
    todo = np.flatnonzero(maybe)
    if todo.size:
        texts = index.wordings(int(found.wordings[v]) for v in todo)
        for v in todo.tolist():
            if fit(wordings[row_of[v]], texts[int(found.wordings[v])]) == CUT:
                codes[v] = _CODE[CUT]
    return codes


def _scatter(
    items: list[str],
    count: int,
    row_of: np.ndarray,
    codes: np.ndarray,
    found: Found,
    columns: np.ndarray,
    chain: Sequence[EditionRecord],
) -> tuple[np.ndarray, np.ndarray]:
    """The cells: each version's code written into the columns of the editions that have it."""
    shape = (len(items), len(chain))
    status = np.zeros(shape, dtype=np.int8)
    distance = np.zeros(shape, dtype=np.float64)
    covers = _coverage(items, chain)
    # the document's rules: absent from every edition that speaks for their number, at first
    status[:count][covers[:count]] = _CODE[ABSENT]
    distance[:count][covers[:count]] = 1.0
    each = np.repeat(np.arange(len(found)), np.diff(found.starts))
    r, c = row_of[each], columns
    keep = (r >= 0) & (c >= 0)
    r, c, each = r[keep], c[keep], each[keep]
    keep = covers[r, c]
    r, c, each = r[keep], c[keep], each[keep]
    status[r, c] = codes[each]
    distance[r, c] = np.where(codes[each] == _CODE[MISSING], 1.0, 0.0)
    return status, distance


def _columns(index: TextIndex, chain: Sequence[EditionRecord]) -> np.ndarray:
    """Tree id → chain index (-1: a tree not in the chain)."""
    size = max(index.trees.values(), default=0) + 1
    columns = np.full(size, -1, dtype=np.int64)
    for i, record in enumerate(chain):
        tree = index.trees.get(record.key)
        if tree is not None:
            columns[tree] = i
    return columns


def _coverage(items: list[str], chain: Sequence[EditionRecord]) -> np.ndarray:
    """Items × editions: whether the edition's witnesses speak for the number."""
    covers = np.ones((len(items), len(chain)), dtype=bool)
    for i, record in enumerate(chain):
        if not record.coverage.complete:
            covers[:, i] = [record.coverage.covers(n) for n in items]
    return covers


def _heading_only(number: str, versions: list[int], heading: np.ndarray) -> bool:
    """A section ("7"), or a rule heading ("502.36. Scry") in every edition: an excerpt may
    leave those out."""
    return len(number) == 1 or all(heading[v] for v in versions)
