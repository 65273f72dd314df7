"""What the judge says of a citation: each number's verdict, and the citation's judgement.

Statuses, worst first: ``bad-date`` (the pin is no date, or before every
edition), ``missing`` (no such rule), ``removed``, ``moved`` (renumbered,
or merged into another rule), ``changed`` (its own text changed in meaning
since the pinned date), ``example-changed`` (only its examples did: not a
finding), ``ok``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .finder import Citation

__all__ = ["LABELS", "PROBLEMS", "STATUSES", "Judgement", "Verdict"]

# worst first: a citation with several members takes the worst of their statuses
STATUSES = ("bad-date", "missing", "removed", "moved", "changed", "example-changed", "ok")
# the statuses that are findings (exit status 1); the others are fine
PROBLEMS = STATUSES[:5]
LABELS = {
    "ok": "ok",
    "missing": "does not exist",
    "moved": "moved",
    "changed": "text changed",
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

    @property
    def ok(self) -> bool:
        """Not a finding: the citation is right (an edited example does not make it wrong)."""
        return self.status not in PROBLEMS

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
        }
