"""What pages of one edition need again and again: its glossary as phrases, its rule numbers,
each level's rules in order.

Read once per edition (the term index reads every rule, example and
definition, see :mod:`.terms`) and kept by :class:`~crdex.web.site.Site`
for the most recently read editions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from crdex.parser.numbers import RuleNumber
from crdex.parser.tree import Edition, Rule

from .terms import TermIndex

__all__ = ["COMMON_TERM_SHARE", "EditionFacts", "edition_facts"]

# a glossary term found in more than this share of an edition's rules is not linked
COMMON_TERM_SHARE = 0.03


@dataclass(slots=True)
class EditionFacts:
    """One edition's glossary phrases, rule numbers, and each level's rules in order."""

    id: str
    terms: TermIndex
    numbers: frozenset[str]
    # level (section, group, rule, subrule) → its numbers in document order, with labels
    levels: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    places: dict[str, tuple[str, int]] = field(default_factory=dict)
    # the titles of its headings (sections, groups, rules), for a rule page's crumbs: enough
    # that the edition's tree need not stay in memory for its rule pages
    titles: dict[str, str] = field(default_factory=dict)

    def has_rule(self, number: str) -> bool:
        if number in self.numbers:  # a parsed reference is written as the edition's numbers
            return True
        try:
            return str(RuleNumber.parse(number)) in self.numbers
        except ValueError:
            return False

    def beside(self, number: str) -> tuple[tuple[str, str] | None, tuple[str, str] | None]:
        """The rules before and after ``number`` at its level ((number, label) or None).

        In document order across the whole edition: the rule after 701.45 is
        702.1, the one before 702.1 is 701.45.
        """
        place = self.places.get(number)
        if place is None:
            return None, None
        level, i = self.places[number]
        rules = self.levels[level]
        return (rules[i - 1] if i > 0 else None), (rules[i + 1] if i + 1 < len(rules) else None)


def _level(rule: Rule) -> str:
    if rule.kind == "section" or rule.kind == "subrule":
        return rule.kind
    return "rule" if "." in rule.number else "group"


def _label(rule: Rule) -> str:
    if rule.title:
        return rule.title
    text = " ".join(rule.text.split())
    return text if len(text) <= 60 else text[:59].rstrip() + "…"


def edition_facts(edition: Edition) -> EditionFacts:
    """The facts of one parsed edition."""
    numbers = {r.number for r in edition.rules} | {r.parent for r in edition.rules if r.parent}
    terms = TermIndex(edition.glossary)
    examples = [e.text for r in edition.rules for e in r.examples]
    definitions = [g.definition for g in edition.glossary]
    terms.read([r.text for r in edition.rules], examples + definitions, COMMON_TERM_SHARE)
    titles = {r.number: r.title or "" for r in edition.rules if r.kind != "subrule"}
    facts = EditionFacts(edition.id, terms, frozenset(numbers), titles=titles)
    for rule in edition.rules:
        level = facts.levels.setdefault(_level(rule), [])
        facts.places.setdefault(rule.number, (_level(rule), len(level)))
        level.append((rule.number, _label(rule)))
    return facts
