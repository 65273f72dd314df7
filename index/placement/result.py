"""What placing a document among the editions found: plain data, as ``--json`` and the API give it.

A :class:`Placement` says which editions the document's text is (its
``verdict``: ``matched``, ``between`` two editions, only ``nearest`` to
some, or ``unplaced`` when no edition of the library holds any of its
rules), how many of its rules are identical to theirs, and every rule
that is not, with why (:class:`Difference`); the repairs its own parse
made (a word broken across lines, a page footer) are listed with the rule
they were in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["VERDICTS", "Difference", "DocumentRepair", "Placement", "Run", "runs_of"]

#: every value :attr:`Placement.verdict` takes
VERDICTS = ("matched", "between", "nearest", "unplaced")


@dataclass(frozen=True, slots=True)
class Run:
    """Consecutive editions of the chain: ``first`` … ``last``, ``count`` of them."""

    first: str
    last: str
    count: int

    def __str__(self) -> str:
        return self.first if self.count == 1 else f"{self.first} … {self.last}"

    def to_dict(self) -> dict[str, Any]:
        return {"first": self.first, "last": self.last, "editions": self.count}


def runs_of(indices: Sequence[int], ids: Sequence[str]) -> list[Run]:
    """Chain indices (in order) as runs of consecutive editions, named by ``ids``."""
    out: list[Run] = []
    start = prev = None
    for i in sorted(indices):
        if prev is not None and i == prev + 1:
            prev = i
            continue
        if start is not None and prev is not None:
            out.append(Run(ids[start], ids[prev], prev - start + 1))
        start = prev = i
    if start is not None and prev is not None:
        out.append(Run(ids[start], ids[prev], prev - start + 1))
    return out


@dataclass(slots=True)
class Difference:
    """One rule that is not identical in some of the editions the document was placed at.

    ``status`` is one of :mod:`.compare`'s; ``editions`` are the placed
    editions where it stands so (with ``edition_text``, their wording, None
    when they have no such rule); ``why`` says it in words, ``changes``
    pieces of it: (document's, edition's) typing for typography, the
    words kept, removed (-, the edition's) and added (+, the document's)
    otherwise. ``found_in``: the editions whose wording the document's is.
    """

    number: str
    status: str
    editions: list[str]
    why: str
    document_text: str | None
    edition_text: str | None
    changes: list[Any] = field(default_factory=list)
    found_in: list[Run] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "status": self.status,
            "editions": self.editions,
            "why": self.why,
            "document_text": self.document_text,
            "edition_text": self.edition_text,
            "changes": [list(c) if isinstance(c, tuple) else c for c in self.changes],
            "found_in": [r.to_dict() for r in self.found_in],
        }


@dataclass(frozen=True, slots=True)
class DocumentRepair:
    """A repair the document's own parse made, and the rule it was in (None: none);
    ``path``: the file of a book (a folder of markdown files) it was made in."""

    line: int
    kind: str
    reason: str
    rule: str | None
    path: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "kind": self.kind,
            "reason": self.reason,
            "rule": self.rule,
            "path": self.path,
        }


@dataclass(slots=True)
class Placement:
    """Where a document's text sits among the editions of a library (see the module docstring)."""

    document: dict[str, Any]
    verdict: str
    editions: list[str]
    runs: list[Run]
    between: list[tuple[str, str]]
    counts: dict[str, int]
    differences: list[Difference]
    neighbours: list[dict[str, Any]]
    repairs: list[DocumentRepair]
    library: int
    note: str = ""

    @property
    def matched(self) -> bool:
        return self.verdict == "matched"

    def to_dict(self) -> dict[str, Any]:
        return {
            "document": self.document,
            "verdict": self.verdict,
            "editions": self.editions,
            "runs": [r.to_dict() for r in self.runs],
            "between": [{"after": a, "before": b} for a, b in self.between],
            "counts": self.counts,
            "differences": [d.to_dict() for d in self.differences],
            "neighbours": self.neighbours,
            "repairs": [r.to_dict() for r in self.repairs],
            "library_editions": self.library,
            "note": self.note,
        }

    def summary(self) -> dict[str, Any]:
        """What a library keeps of it for ``crdex documents``: the verdict and the counts."""
        return {
            "verdict": self.verdict,
            "editions": [r.to_dict() for r in self.runs],
            "between": [{"after": a, "before": b} for a, b in self.between],
            "counts": self.counts,
            "differ": [d.number for d in self.differences if d.status not in _TYPING][:12],
            "note": self.note,
        }


_TYPING = ("identical", "typography")
