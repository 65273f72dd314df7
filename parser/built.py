"""The rules of a document as they are built: in document order and by number.

Every format's builder (the official text, markdown, HTML, PDF text, the
rulings pages) adds its rules through :meth:`BuiltBody.attach`, so that
nesting, children and repeated numbers are handled one way everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .blocks import Line
from .ledger import Ledger
from .numbers import RuleNumber
from .tree import Rule, Span

__all__ = ["BuiltBody"]


@dataclass
class BuiltBody:
    """The rules of a document in document order, indexed by number as they are added.

    Every format's builder adds rules through :meth:`attach`, so nesting,
    children and repeated numbers are handled one way everywhere.
    """

    rules: list[Rule] = field(default_factory=list)
    by_number: dict[str, Rule] = field(default_factory=dict)
    # the latest node with each number: a repeated heading keeps its own subrules
    latest: dict[str, Rule] = field(default_factory=dict)

    def attach(
        self,
        number: RuleNumber,
        text: str,
        title: str | None,
        span: Span,
        ledger: Ledger,
        line: Line,
    ) -> Rule:
        """Add a rule under its nearest present ancestor; a repeated number is a repair."""
        canonical = number.canonical
        by_number = self.by_number
        if canonical in by_number:
            ledger.repair(
                line,
                "duplicate-number",
                f"rule {canonical} appears twice; this second one is kept in document order "
                "but lookups by number find the first",
            )
        latest = self.latest
        parent = number.parent
        while parent is not None and parent.canonical not in latest:
            parent = parent.parent
        if parent is None:
            rule = Rule(canonical, number.kind, text, title, None, [], (), [], [], (), span)
        else:
            key = parent.canonical
            rule = Rule(canonical, number.kind, text, title, key, [], (), [], [], (), span)
            latest[key].children.append(canonical)
        self.rules.append(rule)
        if canonical not in by_number:
            by_number[canonical] = rule
        latest[canonical] = rule
        return rule
