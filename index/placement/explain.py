"""Saying why a document's rule differs from an edition's, in words a reader checks at a glance."""

from __future__ import annotations

from crdex.index.lineage.content import fold
from crdex.index.lineage.worddiff import render, word_diff

from .compare import (
    ABSENT,
    CHARACTERS,
    CUT,
    MISSING,
    REFERENCES,
    TYPOGRAPHY,
    cut_point,
    layout,
    typing_changes,
)
from .result import Difference, Run

__all__ = ["difference", "typing"]

Wording = tuple[str, str]
_SHOWN = 60


def difference(
    number: str,
    status: str,
    editions: list[str],
    doc: Wording | None,
    edition: Wording | None,
    found_in: list[Run],
) -> Difference:
    """One rule's difference from the wording ``editions`` share (see :mod:`.compare`)."""
    ours = layout(doc) if doc is not None else None
    theirs = layout(edition) if edition is not None else None
    changes: list[object] = []
    if status == MISSING:
        why = f"the document lacks it; the edition has: {_short(theirs or '')!r}"
    elif status == ABSENT or doc is None or edition is None:
        why = f"the edition has no rule {number}"
    elif status == TYPOGRAPHY:
        changes = sorted(typing_changes(doc, edition))
        why = f"typography only: {typing(changes)}"
    elif status == CUT:
        stop, rest = cut_point(doc, edition)
        changes = [stop, rest]
        why = f"cut short: the document stops at {stop!r}; the edition goes on {rest!r}…"
    else:
        # typography folded: the words that changed, not their quotes
        words = word_diff(fold(theirs or ""), fold(ours or ""))
        changes = [c.to_dict() for c in words if c.op != "="]
        kind = {
            REFERENCES: "cites other rule numbers",
            CHARACTERS: "a few characters differ",
        }.get(status, "other words")
        why = f"{kind}: {render(words, context=4)}"
    if status not in (TYPOGRAPHY, CUT, MISSING):
        why += "; " + _found(found_in)
    return Difference(number, status, editions, why, ours, theirs, changes, found_in)


def typing(changes: list[object]) -> str:
    """``'–' where the edition has '-'``, for each piece."""
    return ", ".join(f"{a!r} where the edition has {b!r}" for a, b in changes)  # type: ignore[misc]


def _found(runs: list[Run]) -> str:
    if not runs:
        return "no edition of the library has the document's wording"
    return "the document's wording is that of " + ", ".join(str(r) for r in runs)


def _short(text: str) -> str:
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"
