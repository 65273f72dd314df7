"""Naming an edition: by id, by date (the edition in force that day), or ``latest``.

``2026-08-07`` is an edition id and a date at once; a date that is no
edition's id names the edition in force on it (the last one effective on or
before it). Tagged copies (``2026-08-07.upload-20260808``) are named by id
only; they are outside the chain, so they have no chain index.
"""

from __future__ import annotations

import bisect
import datetime as _dt
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from crdex.errors import shown
from crdex.parser.numbers import RuleNumber, ancestry

from ..errors import DateBeforeFirstEdition, LibraryError, UnknownEdition

if TYPE_CHECKING:
    from .graph import Graph

__all__ = [
    "Deferred",
    "EditionRef",
    "find_edition",
    "near_numbers",
    "near_terms",
    "suggest",
    "suggestion",
]

LATEST = "latest"


@dataclass(frozen=True, slots=True)
class EditionRef:
    """An edition named by the user: ``index`` is its chain position (None off the chain)."""

    id: str
    date: str | None
    sha256: str
    index: int | None
    asked: str

    @property
    def by_date(self) -> bool:
        """The name was a date that is not this edition's id."""
        return self.asked not in (self.id, LATEST)


def _order(choice: str) -> tuple[int, tuple[float, float, float] | str]:
    try:
        return (0, RuleNumber.parse(choice).sort_key())
    except ValueError:
        return (1, choice.casefold())


def _close(name: str, choices: Iterable[str], n: int, cutoff: float, fold: bool) -> list[str]:
    """The ``n`` choices most like ``name`` (difflib's ratio, ``fold``: in any case)."""
    import difflib  # a name not found: the near ones are worth the import

    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(name.casefold() if fold else name)
    scored = []
    for choice in dict.fromkeys(choices):
        matcher.set_seq1(choice.casefold() if fold else choice)
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
            score = matcher.ratio()
            if score >= cutoff:
                scored.append((-score, _order(choice), choice))
    return [choice for *_key, choice in sorted(scored)[:n]]


def suggestion(near: list[str]) -> str:
    """The text "; did you mean X or Y?" for ``near``, or "" when there is none."""
    if not near:
        return ""
    if len(near) == 1:
        return f"; did you mean {near[0]}?"
    return f"; did you mean {', '.join(near[:-1])} or {near[-1]}?"


def suggest(name: str, choices: list[str], n: int = 3, cutoff: float = 0.6) -> str:
    """The text "; did you mean X or Y?" for the near matches of ``name``, or "".

    Closest first; equally close ones in rule-number (or alphabetical) order.
    """
    return suggestion(_close(name, choices, n, cutoff, fold=False))


def near_numbers(asked: str, numbers: Iterable[str], n: int = 3) -> list[str]:
    """Rule numbers near ``asked``: alike in spelling ("70l.18": 701.18), else beside it.

    A well-formed number that no rule has (701.99) is told the rules it
    would sit between and the nearest one above it that exists (701), so an
    unknown number always gets an answer when there are rules at all.
    """
    numbers = list(dict.fromkeys(numbers))
    try:
        value = RuleNumber.parse(asked.strip())
    except ValueError:
        return _close(asked, numbers, n, 0.75, fold=True) or _close(asked, numbers, n, 0.5, True)
    # a rule for a rule, a subrule for a subrule: 701.99 is nearer 701.9 than 701.9a
    alike = [
        m
        for m in numbers
        if m.count(".") == asked.count(".") and m[-1:].isalpha() == asked.strip()[-1:].isalpha()
    ]
    close = _close(asked, alike or numbers, n, 0.75, fold=True)
    if close or not numbers:
        return close
    key = value.sort_key()
    have = set(numbers)
    above = [a for a in ancestry(asked.strip())[1:] if a in have][:1]
    ordered = sorted(numbers, key=lambda number: _order(number))
    keys = [_order(number) for number in ordered]
    i = bisect.bisect_left(keys, (0, key))
    beside = ordered[max(0, i - 1) : i + 1]
    return list(dict.fromkeys([*above, *beside]))[:n]


def near_terms(asked: str, terms: Iterable[str], n: int = 3) -> list[str]:
    """Glossary terms near ``asked``, in any case: alike in spelling, else those it begins."""
    terms = list(dict.fromkeys(terms))
    close = _close(asked, terms, n, 0.6, fold=True)
    if close:
        return close
    start = asked.strip().casefold()[:4]
    return [t for t in terms if start and t.casefold().startswith(start)][:n]


class Deferred(Mapping[str, tuple[str | None, str]]):
    """Names of documents outside the chain, read from the library only when looked up.

    Most editions are named ``latest`` or by a chain id, which need no list
    of the library's other documents.
    """

    def __init__(self, load: Callable[[], Mapping[str, tuple[str | None, str]]]) -> None:
        self._load = load
        self._held: Mapping[str, tuple[str | None, str]] | None = None

    def _names(self) -> Mapping[str, tuple[str | None, str]]:
        if self._held is None:
            self._held = self._load()
        return self._held

    def __getitem__(self, name: str) -> tuple[str | None, str]:
        return self._names()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())


def find_edition(
    name: str, graph: Graph, others: Mapping[str, tuple[str | None, str]] | None = None
) -> EditionRef:
    """The edition ``name`` refers to.

    ``others`` maps the ids of documents outside the chain (tagged copies) to
    their (date, sha256).
    """
    editions = graph.editions
    if not editions:
        raise LibraryError("the library holds no editions")
    name = name.strip()
    if name.casefold() == LATEST:
        last = editions[-1]
        return EditionRef(last.id, last.date, last.sha256, len(editions) - 1, LATEST)
    for i, ed in enumerate(editions):
        if ed.id == name:
            return EditionRef(ed.id, ed.date, ed.sha256, i, name)
    others = others if others is not None else {}
    if name in others:
        date, sha = others[name]
        for i, ed in enumerate(editions):
            if ed.sha256 == sha:
                return EditionRef(ed.id, ed.date, sha, i, name)
        return EditionRef(name, date, sha, None, name)
    try:
        day = _dt.date.fromisoformat(name)
    except ValueError:
        ids = list(dict.fromkeys([LATEST, *(e.id for e in editions), *sorted(others)]))
        near = _close(name, ids, 3, 0.8, fold=True) or [LATEST, editions[-1].id]
        raise UnknownEdition(
            f"no edition {shown(name)} in the library: name an edition by its id "
            f"(such as {editions[-1].id}), by a date (YYYY-MM-DD), or 'latest'"
            f"{suggestion(near)}"
        ) from None
    first = editions[0]
    if day.isoformat() < first.date:
        effective = "" if first.id == first.date else f" (effective {first.date})"
        raise DateBeforeFirstEdition(
            f"no edition was in force on {day.isoformat()}: the first edition in the library "
            f"is {first.id}{effective}"
        )
    index = max(i for i, ed in enumerate(editions) if ed.date <= day.isoformat())
    ed = editions[index]
    return EditionRef(ed.id, ed.date, ed.sha256, index, name)
