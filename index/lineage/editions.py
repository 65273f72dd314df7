"""Naming an edition: by id, by date (the edition in force that day), or ``latest``.

``2026-08-07`` is an edition id and a date at once; a date that is no
edition's id names the edition in force on it (the last one effective on or
before it). Tagged copies (``2026-08-07.upload-20260808``) are named by id
only; they are outside the chain, so they have no chain index.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from crdex.parser.numbers import RuleNumber

from ..errors import DateBeforeFirstEdition, LibraryError, UnknownEdition

if TYPE_CHECKING:
    from .graph import Graph

__all__ = ["Deferred", "EditionRef", "find_edition", "suggest"]

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


def suggest(name: str, choices: list[str], n: int = 3, cutoff: float = 0.6) -> str:
    """The text "; did you mean X or Y?" for the near matches of ``name``, or "".

    Closest first; equally close ones in rule-number (or alphabetical) order.
    """
    import difflib  # a name not found: the near ones are worth the import

    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(name)
    scored = []
    for choice in dict.fromkeys(choices):
        matcher.set_seq1(choice)
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
            score = matcher.ratio()
            if score >= cutoff:
                scored.append((-score, _order(choice), choice))
    near = [choice for *_key, choice in sorted(scored)[:n]]
    if not near:
        return ""
    if len(near) == 1:
        return f"; did you mean {near[0]}?"
    return f"; did you mean {', '.join(near[:-1])} or {near[-1]}?"


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
        raise UnknownEdition(
            f"no edition {name!r} in the library: name an edition by its id "
            f"(such as {editions[-1].id}), by a date (YYYY-MM-DD), or 'latest'"
            f"{suggest(name, ids, cutoff=0.8)}"
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
