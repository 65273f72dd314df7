"""Running the matching plan over two editions' node lists."""

from __future__ import annotations

from ..overrides import PairOverrides
from ..snapshot import Node
from .plan import run_plan
from .result import Match
from .state import State

__all__ = ["match_nodes"]


def match_nodes(
    old: list[Node],
    new: list[Node],
    overrides: PairOverrides | None = None,
    *,
    structural: bool = True,
) -> Match:
    """Match two editions' node lists (rules, or glossary entries with ``structural=False``).

    Glossary entries have no tree; an entry keeps its identity while its
    term does (``title`` phase), and is otherwise matched by its definition.
    """
    st = State(old, new, overrides, structural=structural)
    run_plan(st)
    result = st.result
    result.merges.extend(m for m in st.forced_merges if m not in result.merges)
    result.splits.extend(m for m in st.forced_splits if m not in result.splits)
    return result
