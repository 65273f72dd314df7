"""Rule numbers as values: parsed once, compared and ordered as numbers.

A rule number is never handled as a string prefix: ``106.10`` is not a child
of ``106.1``, ``704.5aa`` sorts after ``704.5z``, and subrule letters skip
``l`` and ``o`` (they look like 1 and 0), which the ordering respects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import total_ordering

__all__ = ["NUMBER_RE", "RuleNumber", "letter_at", "letter_index"]

# section "7", rule "701", "701.22", subrule "701.22a" / "704.5aa"
NUMBER_RE = re.compile(r"(?P<a>\d{1,3})(?:\.(?P<b>\d{1,3})(?P<c>[a-z]{1,2})?)?")

# Subrule letters as the rules use them: a-z without l and o, then aa, ab, ...
_LETTERS = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in "lo"]


def letter_index(letters: str) -> int:
    """Position of a subrule letter sequence (a=1 ... z=24, aa=25 ...).

    Letters the rules skip (l, o) still get a position between their
    neighbours, so a document that does use them stays ordered.
    """
    if len(letters) == 1:
        return _single(letters)
    return 24 * _single(letters[0]) + _single(letters[1])


def _single(ch: str) -> int:
    if ch in _LETTERS:
        return _LETTERS.index(ch) + 1
    # l sits between k and m, o between n and p
    return _LETTERS.index(chr(ord(ch) - 1)) + 1.5  # type: ignore[return-value]


def letter_at(index: int) -> str:
    """Inverse of :func:`letter_index` for the letters the rules use."""
    if index <= 24:
        return _LETTERS[index - 1]
    first, second = divmod(index, 24)
    if second == 0:
        first, second = first - 1, 24
    return _LETTERS[first - 1] + _LETTERS[second - 1]


@total_ordering
@dataclass(frozen=True, slots=True)
class RuleNumber:
    """``section`` is the leading number: 7 (a section), 701 (a rule heading)."""

    section: int
    rule: int | None = None
    letters: str | None = None

    @classmethod
    def parse(cls, text: str) -> RuleNumber:
        m = NUMBER_RE.fullmatch(text.strip().rstrip("."))
        if not m:
            raise ValueError(f"not a rule number: {text!r}")
        b = m.group("b")
        return cls(int(m.group("a")), int(b) if b is not None else None, m.group("c"))

    @property
    def kind(self) -> str:
        if self.rule is None:
            return "section" if self.section < 10 else "rule"
        return "subrule" if self.letters else "rule"

    @property
    def parent(self) -> RuleNumber | None:
        """The number this one nests under: 701.22a → 701.22 → 701 → 7."""
        if self.letters:
            return RuleNumber(self.section, self.rule)
        if self.rule is not None:
            return RuleNumber(self.section)
        if self.section >= 100:
            return RuleNumber(self.section // 100)
        return None

    def sort_key(self) -> tuple[float, float, float]:
        # sections 1-9 sort before their 100-999 rules: 7 → 700, then 700 proper
        major = self.section * 100 - 0.5 if self.section < 10 else self.section
        return (
            major,
            -1 if self.rule is None else self.rule,
            0 if not self.letters else letter_index(self.letters),
        )

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __str__(self) -> str:
        if self.rule is None:
            return str(self.section)
        return f"{self.section}.{self.rule}{self.letters or ''}"

    def __repr__(self) -> str:
        return f"RuleNumber({str(self)!r})"


def ancestry(number: str) -> list[str]:
    """The number and every number it nests under: 701.22a, 701.22, 701, 7.

    A string that is not a rule number (a glossary term) is its own ancestry.
    """
    try:
        value: RuleNumber | None = RuleNumber.parse(number)
    except ValueError:
        return [number]
    out = []
    while value is not None:
        out.append(str(value))
        value = value.parent
    return out
