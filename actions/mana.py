"""Mana costs and mana pools, just enough for the keyword actions.

Costs are written as the cards print them ("{2}{U}{U}", "{X}{R}", "{W/U}").
Mana value follows rule 202.3: generic symbols count their number, X counts 0,
every other symbol counts 1 (a "{2/W}" counts 2).
"""

from __future__ import annotations

import re
from collections import Counter

__all__ = ["COLORS", "MANA_TYPES", "colors_of", "mana_value", "parse_cost", "pay_cost"]

COLORS = ("W", "U", "B", "R", "G")
MANA_TYPES = (*COLORS, "C")
_SYMBOL = re.compile(r"\{([^}]+)\}")


def parse_cost(cost: str | None) -> list[str]:
    """The symbols of a mana cost, without braces; ``[]`` for no cost."""
    if not cost:
        return []
    symbols = _SYMBOL.findall(cost)
    if "".join("{" + s + "}" for s in symbols) != cost.replace(" ", ""):
        raise ValueError(f"not a mana cost: {cost!r}")
    return symbols


def mana_value(cost: str | None) -> int:
    """Rule 202.3: the total amount of mana in the cost, X counted as 0."""
    total = 0
    for symbol in parse_cost(cost):
        first = symbol.split("/")[0]
        if first.isdigit():
            total += int(first)
        elif symbol.upper() in ("X", "Y", "Z"):
            continue
        else:
            total += 1
    return total


def colors_of(cost: str | None) -> frozenset[str]:
    """Rule 202.2: an object's colors are the colors of the mana symbols in its cost."""
    found = set()
    for symbol in parse_cost(cost):
        found.update(part for part in symbol.split("/") if part in COLORS)
    return frozenset(found)


def pay_cost(pool: Counter[str], cost: str | None, *, generic_paid: int = 0) -> bool:
    """Pay ``cost`` from ``pool`` in place; returns False (pool untouched) if it can't.

    ``generic_paid`` is generic mana already paid some other way (e.g. by
    tapping creatures for a waterbend cost). Colored and colorless symbols are
    paid first, hybrid symbols with whichever half is available, generic last
    with whatever remains.
    """
    work = Counter(pool)
    generic = 0
    hybrids: list[list[str]] = []
    for symbol in parse_cost(cost):
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol.upper() in ("X", "Y", "Z"):
            continue
        elif "/" in symbol:
            hybrids.append(symbol.split("/"))
        elif symbol in MANA_TYPES:
            if work[symbol] <= 0:
                return False
            work[symbol] -= 1
        else:
            raise ValueError(f"unsupported mana symbol {{{symbol}}}")
    for halves in hybrids:
        color = next((h for h in halves if h in MANA_TYPES and work[h] > 0), None)
        if color is not None:
            work[color] -= 1
        elif halves[0].isdigit():
            generic += int(halves[0])
        else:
            return False
    generic = max(0, generic - generic_paid)
    if sum(work.values()) < generic:
        return False
    for kind in ("C", *COLORS):
        take = min(work[kind], generic)
        work[kind] -= take
        generic -= take
    pool.clear()
    pool.update({k: v for k, v in work.items() if v > 0})
    return True
