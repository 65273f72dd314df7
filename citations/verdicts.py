"""What the judge says of a citation: each number's verdict, and the citation's judgement.

Statuses, worst first: ``bad-date`` (the pin is no date, or before every
edition), ``missing`` (no such rule), ``removed``, ``moved`` (renumbered,
or merged into another rule), ``ambiguous`` (the number has stood for
several rules and nothing settles which one is meant), ``changed`` (its
own text changed in meaning since the citation's date), ``mismatch`` (the
number is fine, but its words fit another rule much better: a warning),
``example-changed`` (only its examples changed: not a finding), ``ok``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .context import Context
from .finder import Citation
from .meaning import Reading
from .mismatch import Mismatch

__all__ = ["LABELS", "PROBLEMS", "STATUSES", "WARNINGS", "Judgement", "Verdict"]

# worst first: a citation with several members takes the worst of their statuses
STATUSES = (
    "bad-date",
    "missing",
    "removed",
    "moved",
    "ambiguous",
    "changed",
    "mismatch",
    "example-changed",
    "ok",
)
# the statuses that are findings (exit status 1) …
PROBLEMS = STATUSES[:6]
# … the warnings (exit status 1 only with --strict); the others are fine
WARNINGS = ("mismatch",)
LABELS = {
    "ok": "ok",
    "missing": "does not exist",
    "moved": "moved",
    "ambiguous": "ambiguous",
    "changed": "text changed",
    "mismatch": "mismatch",
    "example-changed": "example changed",
    "removed": "removed",
    "bad-date": "bad date",
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """What became of one number of a citation.

    ``current`` is its number in the edition checked against; ``fixable``
    says that rewriting the number to ``current`` (and a pinned date to that
    edition's date) keeps the citation's meaning.
    """

    number: str
    status: str
    detail: str
    current: str | None = None
    fixable: bool = False
    short: str = ""
    reading: Reading | None = None

    @property
    def brief(self) -> str:
        """A few words, for one member of a range."""
        return self.short or self.detail


@dataclass(frozen=True, slots=True)
class Judgement:
    """A citation's verdict: its status, a message, and the rewrite that fixes it, if any."""

    citation: Citation
    status: str
    message: str
    edition: str
    verdicts: tuple[Verdict, ...]
    replacement: str | None = None
    pin_replacement: str | None = None
    mismatch: Mismatch | None = None
    context: Context | None = None

    @property
    def ok(self) -> bool:
        """Not a finding: the citation is right (an edited example does not make it wrong).

        A mismatch is a warning, not a finding: see :attr:`warned`.
        """
        return self.status not in PROBLEMS

    @property
    def warned(self) -> bool:
        """Its words fit another rule much better than the one it cites."""
        return self.mismatch is not None

    @property
    def label(self) -> str:
        return LABELS[self.status]

    def to_dict(self) -> dict[str, Any]:
        c = self.citation
        return {
            "line": c.line,
            "column": c.column,
            "text": c.text,
            "style": c.style,
            "numbers": list(c.numbers),
            "pinned": c.pinned,
            "pin": c.pin_text or None,
            "edition": self.edition,
            "status": self.status,
            "message": self.message,
            "current": [v.current for v in self.verdicts],
            "replacement": self.replacement,
            "pin_replacement": self.pin_replacement,
            "meaning": [_meaning(v) for v in self.verdicts],
            "mismatch": self.mismatch.to_dict() if self.mismatch is not None else None,
            "words": self.context.text if self.context is not None else None,
        }


def _meaning(v: Verdict) -> dict[str, Any] | None:
    """How one number was read: settled how, in which edition, as which rule."""
    r = v.reading
    if r is None:
        return None
    return {
        "number": v.number,
        "how": r.how,
        "date": r.date,
        "edition": r.edition_id,
        "identity": r.identity.id if r.identity is not None else None,
        "note": r.note or None,
        "meanings": [m.to_dict() for m in r.meanings],
    }
