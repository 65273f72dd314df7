"""Glossary entries found by a search answer as the rules they point to (no index needed).

The definitions below are the 2026-08-07 glossary's own ("APNAP Order: See
Active Player, Nonactive Player Order."; "Active Player, Nonactive Player
Order: ... See rule 101.4."; "Forestwalk: See Landwalk."; "Landwalk: ... See
rule 702.14, “Landwalk.”").
"""

from __future__ import annotations

from typing import Any

from crdex.index.search.answering.glossary_hits import pointed_rule, seen_term, stand_for_rules
from crdex.index.search.answering.rank import Candidate

APNAP = "See Active Player, Nonactive Player Order."
ACTIVE = (
    "A system that determines the order by which players make choices if multiple players "
    "are instructed to make choices at the same time. See rule 101.4. This rule is modified "
    "for games using the shared team turns option; see rule 805.6."
)
LANDWALK = (
    "A generic term for a group of keyword abilities that restrict whether a creature may be "
    "blocked. See rule 702.14, “Landwalk.”"
)


def entry(docnum: int, term: str, definition: str) -> Candidate:
    return Candidate(docnum, 1.0, {"kind": "glossary", "title": term, "text": definition})


def rule(docnum: int, number: str) -> Candidate:
    return Candidate(docnum, 1.0, {"kind": "rule", "text": f"rule {number}"}, number)


class Glossary:
    """The rules and entries a definition may name, as a search's documents hold them."""

    def __init__(self, rules: list[Candidate], entries: list[Candidate]) -> None:
        self.rules = {r.number: r for r in rules}
        self.entries = {e.fields["title"]: e.fields for e in entries}
        self.asked: list[str] = []

    def rule(self, _entry: Candidate, number: str) -> Candidate | None:
        return self.rules.get(number)

    def entry(self, _entry: Candidate, term: str) -> dict[str, Any] | None:
        self.asked.append(term)
        return self.entries.get(term)


def shown(ranked: list[tuple[float, Candidate]]) -> list[tuple[str, str]]:
    return [
        (c.number or f"glossary: {c.fields['title']}", (c.glossary or {}).get("title", ""))
        for _s, c in ranked
    ]


def test_the_rule_and_the_entry_a_definition_names() -> None:
    assert pointed_rule(ACTIVE) == "101.4"
    assert pointed_rule(APNAP) is None
    assert seen_term(APNAP) == "Active Player, Nonactive Player Order"
    assert seen_term("See Intervening “If” Clause.") == "Intervening “If” Clause"
    assert seen_term(ACTIVE) is None


def test_an_entry_that_sends_the_reader_on_answers_as_the_rule_at_the_end() -> None:
    glossary = Glossary(
        [rule(10, "101.4")], [entry(2, "Active Player, Nonactive Player Order", ACTIVE)]
    )
    ranked = [(3.0, entry(1, "APNAP Order", APNAP)), (2.0, rule(5, "802.5"))]
    out = stand_for_rules(ranked, glossary, lambda c: c.number, headings=True)
    # shown with the definition that names the rule
    assert shown(out) == [("101.4", "Active Player, Nonactive Player Order"), ("802.5", "")]
    assert out[0][0] == 3.0


def test_a_walk_ability_answers_as_landwalk() -> None:
    glossary = Glossary([rule(10, "702.14")], [entry(2, "Landwalk", LANDWALK)])
    ranked = [(3.0, entry(1, "Forestwalk", "See Landwalk.")), (2.0, rule(11, "702.14a"))]
    out = stand_for_rules(ranked, glossary, lambda c: c.number, headings=True)
    assert shown(out) == [("702.14", "Landwalk"), ("702.14a", "")]


def test_an_entry_sent_to_that_is_not_there_stays_a_glossary_hit() -> None:
    glossary = Glossary([], [])
    ranked = [(3.0, entry(1, "Y", "See X."))]
    out = stand_for_rules(ranked, glossary, lambda c: c.number, headings=True)
    assert shown(out) == [("glossary: Y", "")]


def test_entries_sending_the_reader_round_in_a_circle_are_followed_a_bounded_way() -> None:
    glossary = Glossary([], [entry(2, "X", "See Y."), entry(3, "Y", "See X.")])
    ranked = [(3.0, entry(1, "Y", "See X."))]
    out = stand_for_rules(ranked, glossary, lambda c: c.number, headings=True)
    assert shown(out) == [("glossary: Y", "")]
    assert len(glossary.asked) <= 3


def test_an_entry_whose_rule_is_shown_already_lends_it_its_definition() -> None:
    glossary = Glossary(
        [rule(10, "101.4")], [entry(2, "Active Player, Nonactive Player Order", ACTIVE)]
    )
    ranked = [(3.0, rule(10, "101.4")), (2.0, entry(1, "APNAP Order", APNAP))]
    out = stand_for_rules(ranked, glossary, lambda c: c.number, headings=True)
    assert shown(out) == [("101.4", "Active Player, Nonactive Player Order")]
