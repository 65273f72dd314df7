"""Glossary entries that answer as the rule they point to.

A glossary entry found by a search ("Dies: To be put into a graveyard
from the battlefield. See rule 700.4.") is seldom what a reader wants to
cite: the rule it names is. So in the ranked list an entry that points to
a rule stands for that rule, shown with the entry's term and definition,
at the entry's place; the rule's own place further down is given up, and
an entry whose rule (or that rule's heading) is already higher up takes no
place at all: it only lends that hit its definition. An entry that only
sends the reader to another ("APNAP Order: See Active Player, Nonactive
Player Order.") stands for the rule that one points to, shown with its
definition. An entry that points nowhere ("Ability"'s first sense names
no rule) stays a glossary hit.

Measured on the development questions (``tests/data/search-dev.tsv``,
313): an entry took one of the first three places for 64 of them, and
with entries standing for their rules, top-1 / top-3 / MRR went from
58.8 / 77.0 / 0.691 to 60.1 / 78.0 / 0.700.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from typing import Any, Protocol

from crdex.parser.numbers import ancestry

from .rank import Candidate

__all__ = ["Pointed", "pointed_rule", "seen_term", "stand_for_rules"]

# the first rule number a definition names ("See rule 700.4", "See rule 104, “Ending
# the Game.”"); the parser's reference extractor would cost a word search 45 ms of imports
_RULE = re.compile(r"\b([1-9]\d{2}\.\d+[a-z]{0,2})\b|\brules? ([1-9]\d{2})\b(?!\.\d)")


# a definition that only sends the reader to another entry: "See Landwalk.", "See X."
_SEE = re.compile(r"See (?:also )?(.+?)\.?")
# entries sending the reader on, followed at most this far ("See X." / "See Y.")
_HOPS = 2


class Pointed(Protocol):
    """Where the things a glossary entry names are: see :class:`.referents.Referents`."""

    def rule(self, entry: Candidate, number: str) -> Candidate | None: ...

    def entry(self, entry: Candidate, term: str) -> dict[str, Any] | None: ...


def pointed_rule(definition: str) -> str | None:
    """The rule a glossary definition points to: the first rule number it names."""
    found = _RULE.search(definition)
    return (found.group(1) or found.group(2)) if found else None


def seen_term(definition: str) -> str | None:
    """The entry a definition only sends the reader to ("See Landwalk." → "Landwalk")."""
    found = _SEE.fullmatch(" ".join(definition.split()))
    return found.group(1).strip('“”"') if found else None


def stand_for_rules(
    ranked: list[tuple[float, Candidate]],
    pointed: Pointed,
    key: Callable[[Candidate], Hashable],
    headings: bool,
) -> list[tuple[float, Candidate]]:
    """``ranked`` with each glossary entry standing for the rule it points to.

    ``pointed`` finds the rules and entries an entry names where the entry
    is in force; ``key`` tells a candidate's rule (its number in one
    edition, its identity across editions); ``headings``: whether a rule's
    heading already shown holds its place (numbers are keys). The rule
    keeps the entry's score; its candidate carries, as ``glossary``, the
    fields of the entry whose definition names it.
    """
    pool = {key(c): c for _s, c in ranked if c.fields.get("kind") != "glossary"}
    out: list[tuple[float, Candidate]] = []
    shown: dict[Hashable, Candidate] = {}
    placed: set[int] = set()  # documents already given a place
    for score, cand in ranked:
        if cand.fields.get("kind") != "glossary":
            if cand.docnum not in placed:
                placed.add(cand.docnum)
                shown.setdefault(key(cand), cand)
                out.append((score, cand))
            continue
        entry, number = _naming(cand, pointed)
        rule = None if number is None else _rule(number, cand, pool, pointed, key)
        if rule is None or number is None:
            out.append((score, cand))
            continue
        holder = _holder(key(rule), number, shown, headings)
        if holder is not None:
            if holder.glossary is None:
                holder.glossary = entry
            continue
        rule.glossary = entry
        shown[key(rule)] = rule
        placed.add(rule.docnum)
        out.append((score, rule))
    return out


def _naming(found: Candidate, pointed: Pointed) -> tuple[dict[str, Any], str | None]:
    """The entry that names a rule for the entry ``found`` (itself, or one it sends to) and
    the rule's number (None: no entry on the way names one)."""
    fields = found.fields
    for _hop in range(_HOPS + 1):
        definition = fields.get("text") or ""
        number = pointed_rule(definition)
        if number is not None:
            return fields, number
        term = seen_term(definition)
        onward = None if term is None else pointed.entry(found, term)
        if onward is None:
            break
        fields = onward
    return found.fields, None


def _rule(
    number: str,
    entry: Candidate,
    pool: dict[Hashable, Candidate],
    pointed: Pointed,
    key: Callable[[Candidate], Hashable],
) -> Candidate | None:
    """The candidate of the rule ``number``: the pool's own when it holds it."""
    found = pool.get(number)
    if found is not None:
        return found
    rule = pointed.rule(entry, number)
    if rule is None:
        return None
    return pool.get(key(rule), rule)


def _holder(
    rule: Hashable, number: str, shown: dict[Hashable, Candidate], headings: bool
) -> Candidate | None:
    """The hit already shown that holds the rule's place: the rule itself or its heading."""
    if rule in shown:
        return shown[rule]
    if headings:
        for above in ancestry(number)[1:2]:  # its heading, not the section
            if above in shown:
                return shown[above]
    return None
