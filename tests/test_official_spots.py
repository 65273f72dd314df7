"""Facts read from the documents, asserted on the parsed trees.

Each expectation was read from the file named in the test (grep -n shows
the line); the parser was not consulted to write them.
"""

from __future__ import annotations

import datetime as dt

import pytest

from conftest import parsed

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize(
    ("name", "number"),
    [
        ("cr-2005-02-01.txt", "502.36"),  # "502.36. Scry"
        ("cr-2008-05-01.txt", "501.8"),  # "501.8. Scry"
        ("cr-2009-07-11.txt", "701.16"),  # "701.16. Scry"
        ("cr-2026-08-07.txt", "701.22"),  # "701.22. Scry"
    ],
)
def test_scry_numbers(name: str, number: str) -> None:
    rule = parsed(name).rule(number)
    assert rule is not None and rule.title == "Scry" and rule.kind == "rule"


def test_502_36_is_shroud_in_2008() -> None:
    assert parsed("cr-2008-05-01.txt").rule("502.36").title == "Shroud"


def test_scry_subrules_2026() -> None:
    edition = parsed("cr-2026-08-07.txt")
    assert edition.rule("701.22").children == ["701.22a", "701.22b", "701.22c", "701.22d"]
    assert edition.rule("701.22b").text.startswith(
        "If a player is instructed to scry 0, no scry event occurs."
    )
    assert edition.rule("701.22").parent == "701"
    assert edition.rule("701").parent == "7"


def test_704_5aa_exists_only_where_it_exists() -> None:
    # grep -c '^704\.5aa ' finds it in the 2026-08-07 edition only
    assert (
        parsed("cr-2026-08-07.txt")
        .rule("704.5aa")
        .text.startswith("If a player controls a permanent with start your engines!")
    )
    assert parsed("cr-2025-11-14.txt").rule("704.5aa") is None


def test_subrules_past_k_are_all_kept() -> None:
    # 704.5 in 2026-08-07: a–k, m, n, p–z, aa (no l, no o): 25 subrules
    rule = parsed("cr-2026-08-07.txt").rule("704.5")
    expected = [f"704.5{c}" for c in "abcdefghijkmnpqrstuvwxyz"] + ["704.5aa"]
    assert rule.children == expected


def test_rule_106_10_is_not_a_child_of_106_1() -> None:
    edition = parsed("cr-2026-08-07.txt")
    assert edition.rule("106.10").parent == "106"
    assert "106.10" not in edition.rule("106.1").children
    assert edition.rule("106.1").children == ["106.1a", "106.1b"]


def test_613_6_keeps_all_four_examples() -> None:
    # lines 3006-3009 of cr-2026-08-07.txt are four "Example:" lines under 613.6
    examples = parsed("cr-2026-08-07.txt").rule("613.6").examples
    assert len(examples) == 4
    assert examples[0].text.startswith("Example: An effect that reads “This creature gets +1/+1")
    assert examples[3].text.startswith(
        "Example: Svogthos, the Restless Tomb, is on the battlefield."
    )


def test_indented_paragraph_stays_with_its_rule() -> None:
    # 205.4c is followed by a line indented with five spaces (line 1459)
    text = parsed("cr-2026-08-07.txt").rule("205.4c").text
    assert text.startswith("Any land with the supertype “basic” is a basic land.")
    assert "\nCards printed in sets prior to the Eighth Edition core set" in text


def test_hard_wrapped_rule_is_rejoined() -> None:
    # cr-2001-07-23.txt lines 125-127: 100.1 wrapped over three lines
    assert parsed("cr-2001-07-23.txt").rule("100.1").text == (
        "These Magic rules assume a game between two players. Optional rules allow for more "
        "players but aren't discussed here. These rules can be found at the Wizards of the Coast "
        "website at www.wizards.com/magic/MTG_Rules.asp."
    )


def test_wrapped_reference_is_not_a_rule() -> None:
    # cr-2003-10-01.txt line 321 begins '419.8 "Sources of Damage."' inside a 2xx rule
    edition = parsed("cr-2003-10-01.txt")
    repair = next(r for r in edition.repairs if r.line == 321)
    assert repair.kind == "wrapped-number"
    assert edition.rule("419.8") is not None and edition.rule("419.8").span.line != 321


def test_1999_lost_rule_numbers_are_repaired() -> None:
    # cr-1999-11-01.txt line 691 reads "408.f Card text that isn't an ability", after 408.2e
    edition = parsed("cr-1999-11-01.txt")
    assert edition.rule("408.2f").text.startswith("Card text that isn't an ability")
    assert any(r.line == 691 and r.kind == "lost-number" for r in edition.repairs)


@pytest.mark.parametrize(
    ("name", "word"),
    [
        ("cr-2006-07-15.txt", "Dandân"),  # byte 0x83 (cp437) in the Creature Type entry
        ("cr-2006-10-01.txt", "El-Hajjâj"),  # byte 0x89 (Mac Roman) in the Creature Type entry
        ("cr-2007-05-01.txt", "El-Hajjâj"),  # byte 0x83 (cp437), the only high byte in the file
    ],
)
def test_accented_names_decode(name: str, word: str) -> None:
    entry = parsed(name).glossary_entry("Creature Type")
    assert entry is not None and word in entry.definition


def test_accented_names_in_rules_2019() -> None:
    # cr-2019-01-25.txt line 2736, 700.8a lists Arabian Nights names in cp437
    assert "Dandân" in parsed("cr-2019-01-25.txt").rule("700.8a").text


@pytest.mark.parametrize(
    ("name", "date"),
    [
        ("cr-2024-07-30.txt", dt.date(2024, 7, 30)),  # downloaded as 20240802
        ("cr-2024-09-20.txt", dt.date(2024, 9, 20)),  # downloaded as 20240917
        ("cr-2017-09-29.txt", dt.date(2017, 9, 29)),  # downloaded as 20170925
        ("cr-1999-04-23.txt", dt.date(1999, 4, 23)),  # banner "04/23/99"
    ],
)
def test_effective_dates(name: str, date: dt.date) -> None:
    edition = parsed(name)
    assert edition.effective_date == date
    assert edition.id == date.isoformat()


def test_glossary_term_with_a_comma_is_one_term() -> None:
    edition = parsed("cr-2026-08-07.txt")
    entry = edition.glossary_entry("Active Player, Nonactive Player Order")
    assert entry is not None and entry.aliases == []
    assert entry.definition.startswith(
        "A system that determines the order by which players make choices"
    )
    control = edition.glossary_entry("Control")
    assert control is not None and control.aliases == ["Controller"]


def test_glossary_numbered_senses_stay_together() -> None:
    ability = parsed("cr-2026-08-07.txt").glossary_entry("Ability")
    assert ability.definition.splitlines() == [
        "1. Text on an object that explains what that object does or can do.",
        "2. An activated or triggered ability on the stack. This kind of ability is an object.",
        "See rule 113, “Abilities,” and section 6, “Spells, Abilities, and Effects.”",
    ]
    targets = {(r.kind, r.target) for r in ability.references}
    assert targets == {("rule", "113"), ("section", "6")}


def test_truncated_copy_is_flagged() -> None:
    # the copy stops at line 4609, "Attack Multiple Players": a glossary term whose
    # definition was cut off, so a lone line that is no entry (absorbed, and said so)
    edition = parsed("cr-2013-02-01.truncated.txt")
    assert [(r.line, r.kind) for r in edition.repairs] == [
        (4609, "joined-line"),
        (4609, "truncated"),
    ]
    assert edition.repairs[0].original.strip() == "Attack Multiple Players"
    assert len(edition.glossary) < len(parsed("cr-2013-02-01.txt").glossary)


def test_copies_of_one_edition_agree() -> None:
    """The second upload of 2026-08-07 differs only in whitespace: same rules, same texts."""
    a, b = parsed("cr-2026-08-07.txt"), parsed("cr-2026-08-07.upload-20260808.txt")
    assert b.id == "2026-08-07.upload-20260808"
    assert [(r.number, r.text) for r in a.rules] == [(r.number, r.text) for r in b.rules]
