"""The matching phases, declared as data: an ordered list of rules, run by one driver.

Each rule is a function of the shared :class:`~.state.State` that returns
how many pairs (or pieces) it found. :data:`ROUND` is repeated while it
finds something, because each match gives the next round a parent to look
under; :data:`PLAN` is the whole run, in which ``rounds`` stands for
:data:`ROUND` and a rule marked ``again`` is followed by more rounds when it
finds something. A rule can be limited to rule trees (``structural=True``)
or to glossaries (``structural=False``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .anywhere import anywhere
from .children import children
from .keys import exact, references, same, same_term, typography
from .nearby import nearby
from .number import same_place
from .pieces import merges, splits
from .siblings import siblings
from .state import State, repeated
from .titles import titles
from .umbrella import umbrellas

__all__ = ["PLAN", "ROUND", "Rule", "run_plan"]


@dataclass(frozen=True, slots=True)
class Rule:
    name: str
    run: Callable[[State], int]
    structural: bool | None = None
    again: bool = False

    def applies(self, structural: bool) -> bool:
        return self.structural is None or self.structural == structural


def _round(st: State) -> int:
    return sum(rule.run(st) for rule in ROUND if rule.applies(st.structural))


def _rounds(st: State) -> int:
    return repeated(st, _round)


ROUND: tuple[Rule, ...] = (
    Rule("exact", exact),
    Rule("typography", typography),
    Rule("references", references),
    Rule("title", titles, structural=True),
    Rule("children", children, structural=True),
    Rule("siblings", siblings),
)

PLAN: tuple[Rule, ...] = (
    Rule("same", same),
    Rule("term", same_term, structural=False),
    Rule("rounds", _rounds),
    Rule("anywhere", anywhere, again=True),
    Rule("nearby", nearby, structural=True, again=True),
    Rule("number", same_place, again=True),
    Rule("umbrellas", umbrellas, structural=True),
    Rule("splits", splits),
    Rule("merges", merges),
)


def run_plan(st: State) -> None:
    for rule in PLAN:
        if rule.applies(st.structural) and rule.run(st) and rule.again:
            _rounds(st)
