"""Where every line of a document went, and whether it was understood.

Each line gets a kind: the construct it was read as (``rule``, ``example``,
``glossary``, ``blank``, ``contents`` …), or :data:`ABSORBED` when nothing
the grammar names fits it and it was joined to a neighbour (or kept only in
the repairs). An absorbed line always has a repair saying where it went and
why. The ledger's :class:`~crdex.parser.tree.Accounting` then tells the
lines *accounted for* (every line, or the parse is wrong) from the lines
*understood*.
"""

from __future__ import annotations

from collections import Counter

from .blocks import Line
from .tree import ABSORBED, Accounting, Repair

__all__ = ["ABSORBED", "ABSORBED_INTO_RULE", "ABSORBING_REPAIRS", "Ledger", "mark_gap"]

#: The repair of a line absorbed into a rule in an edition whose rules are one line
#: each: there, nothing but an example or an indented paragraph may stand under a
#: rule line, so such a line is an anomaly.
ABSORBED_INTO_RULE = "absorbed-into-rule"

#: The kinds of repair that record an absorbed line, and only those: a line joined
#: to the rule above it (:data:`ABSORBED_INTO_RULE`, or, where a rule may run over
#: several lines, ``unnumbered-paragraph``), to a glossary definition
#: (``joined-line``), or kept only in the repairs (``orphan-text``).
ABSORBING_REPAIRS = frozenset(
    {ABSORBED_INTO_RULE, "unnumbered-paragraph", "joined-line", "orphan-text"}
)


class Ledger:
    """A kind per line (1-based), and the repairs."""

    __slots__ = ("kinds", "path", "repairs", "total")

    def __init__(self, path: str, total: int) -> None:
        self.path = path
        self.total = total
        self.kinds: list[str | None] = [None] * (total + 1)
        self.repairs: list[Repair] = []

    def mark(self, line: Line | int, kind: str) -> None:
        number = line if isinstance(line, int) else line.number
        if 0 < number <= self.total:
            self.kinds[number] = kind

    def repair(self, line: Line, kind: str, reason: str, replacement: str | None = None) -> None:
        self.repairs.append(Repair(line.number, kind, reason, line.text, replacement))

    def absorb(self, line: Line, kind: str, reason: str) -> None:
        """A line nothing else fitted, joined to a neighbour: marked, and repaired with why."""
        assert kind in ABSORBING_REPAIRS, kind
        self.mark(line, ABSORBED)
        self.repair(line, kind, reason)

    def accounting(self) -> Accounting:
        counts = Counter(self.kinds)
        counts.pop(None, None)  # unaccounted lines, and the unused slot 0
        return Accounting(self.total, sum(counts.values()), dict(sorted(counts.items())))


def mark_gap(line: Line, ledger: Ledger) -> None:
    """A separator: a row of dashes, or a run of blank lines (one token, ``line.count`` lines)."""
    if line.kind == "DECOR":
        ledger.mark(line, "decoration")
        return
    first, count = line.number, line.count
    if count == 1:  # most gaps: one blank line, marked without a loop (once per paragraph)
        if first <= ledger.total:
            ledger.kinds[first] = "blank"
    else:
        end = min(first + count, ledger.total + 1)
        if end > first:
            ledger.kinds[first:end] = ["blank"] * (end - first)
    if "\u00a0" in line.text:
        for offset, text in enumerate(line.text.split("\n")):
            if "\u00a0" in text:
                ledger.repairs.append(
                    Repair(
                        first + offset,
                        "nbsp-blank",
                        "blank line made of non-breaking spaces read as blank",
                        text,
                    )
                )
