"""A rule number as a person asks for it: "701.22", "rule 702.19b", "CR 7", "§ 100.1.".

``crdex show`` reads its argument so, and a search takes a query that is a
rule number for a lookup of that rule rather than for words; both ask here,
a module small enough for either to import before it knows which it has.
"""

from __future__ import annotations

import re

from crdex.parser.numbers import NUMBER_RE, RuleNumber

__all__ = ["lookup_number"]

_LOOKUP = re.compile(rf"(?:(?:rule|cr|§)\s*)?(?P<n>{NUMBER_RE.pattern})\.?", re.IGNORECASE)


def lookup_number(raw: str) -> str | None:
    """The canonical rule number if the query is one ("701.22", "rule 702.19b"), else None."""
    m = _LOOKUP.fullmatch(raw.strip())
    if m is None:
        return None
    try:
        number = RuleNumber.parse(m.group("n").lower())
    except ValueError:
        return None
    if number.rule is None and 10 <= number.section < 100:
        return None  # "21" is a count, not a rule
    return str(number)
