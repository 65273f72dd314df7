"""Rule numbers as values: parsed once, compared and ordered as numbers.

A rule number is never handled as a string prefix: ``106.10`` is not a child
of ``106.1``, ``704.5aa`` sorts after ``704.5z``, and subrule letters skip
``l`` and ``o`` (they look like 1 and 0), which the ordering respects.
"""

from __future__ import annotations

import re
from functools import lru_cache

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


class RuleNumber:
    """``section`` is the leading number: 7 (a section), 701 (a rule heading).

    A value: compared, hashed and ordered by its parts, never changed after
    it is made. Every rule of every edition is parsed into one, several
    times over, so the canonical spelling and the sort key are worked out
    once, when it is made, and :meth:`parse` remembers the numbers it read.
    """

    __slots__ = ("_key", "_parent", "canonical", "kind", "letters", "rule", "section")

    section: int
    rule: int | None
    letters: str | None
    #: the number as the rules print it ("701.22a"), which ``str()`` gives too
    canonical: str
    #: "section" (7), "rule" (701, 701.22) or "subrule" (701.22a)
    kind: str

    def __init__(self, section: int, rule: int | None = None, letters: str | None = None) -> None:
        self.section = section
        self.rule = rule
        self.letters = letters
        self._parent: RuleNumber | bool | None = False  # worked out when first asked
        if rule is None:
            self.canonical = str(section)
            self.kind = "section" if section < 10 else "rule"
        else:
            self.canonical = f"{section}.{rule}{letters or ''}"
            self.kind = "subrule" if letters else "rule"
        # sections 1-9 sort before their 100-999 rules: 7 → 700, then 700 proper
        self._key = (
            section * 100 - 0.5 if section < 10 else section,
            -1 if rule is None else rule,
            0 if not letters else letter_index(letters),
        )

    @classmethod
    def parse(cls, text: str) -> RuleNumber:
        # most callers pass a bare number: the cache answers before anything is stripped
        number = _parse(text) or _parse(text.strip().rstrip("."))
        if number is None:
            raise ValueError(f"not a rule number: {text!r}")
        return number

    @property
    def parent(self) -> RuleNumber | None:
        """The number this one nests under: 701.22a → 701.22 → 701 → 7."""
        parent = self._parent
        if parent is False:
            if self.letters:
                parent = RuleNumber(self.section, self.rule)
            elif self.rule is not None:
                parent = RuleNumber(self.section)
            elif self.section >= 100:
                parent = RuleNumber(self.section // 100)
            else:
                parent = None
            self._parent = parent
        return parent  # type: ignore[return-value]

    def sort_key(self) -> tuple[float, float, float]:
        return self._key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self.canonical == other.canonical

    def __hash__(self) -> int:
        return hash(self.canonical)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self._key < other._key

    def __le__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self._key <= other._key

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self._key > other._key

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self._key >= other._key

    def __reduce__(self) -> tuple[type[RuleNumber], tuple[int, int | None, str | None]]:
        return (RuleNumber, (self.section, self.rule, self.letters))

    def __str__(self) -> str:
        return self.canonical

    def __repr__(self) -> str:
        return f"RuleNumber({self.canonical!r})"


@lru_cache(maxsize=1 << 16)
def _parse(text: str) -> RuleNumber | None:
    m = NUMBER_RE.fullmatch(text)
    if not m:
        return None
    b = m.group("b")
    return RuleNumber(int(m.group("a")), int(b) if b is not None else None, m.group("c"))


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
