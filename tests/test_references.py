"""Cross-references: the ways the rules cite each other, and numbers that are not citations."""

from __future__ import annotations

import pytest

from crdex.parser.references import extract_references


def targets(text: str) -> list[tuple[str, str]]:
    return [(r.kind, r.target) for r in extract_references(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See rule 701.3, “Attach.”", [("rule", "701.3")]),
        ("See rules 119.7–8.", [("rule", "119.7"), ("rule", "119.8")]),
        ("as described in 608.2b", [("rule", "608.2b")]),
        ("601.2a–h", [("rule", f"601.2{c}") for c in "abcdefgh"]),
        ("601.2a-c", [("rule", "601.2a"), ("rule", "601.2b"), ("rule", "601.2c")]),
        ("See section 8, “Multiplayer Rules.”", [("section", "8")]),
        ("See rule 601, “Casting Spells”", [("rule", "601")]),
        (
            "See rule 113, “Abilities,” and section 6, “Spells, Abilities, and Effects.”",
            [("rule", "113"), ("section", "6")],
        ),
        (
            "rules 702.16e–f and 701.3.",
            [("rule", "702.16e"), ("rule", "702.16f"), ("rule", "701.3")],
        ),
        ("subrules 704.5j–n", [("rule", f"704.5{c}") for c in "jkmn"]),
    ],
)
def test_citation_styles(text: str, expected: list[tuple[str, str]]) -> None:
    assert targets(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "each deck has a minimum deck size of 60 cards",
        "100 cards",
        "a life total of 999,999",
        "a float such as 200.0",
        "version 1.2.3",
    ],
)
def test_plain_numbers_are_not_references(text: str) -> None:
    assert targets(text) == []


def test_ranges_are_capped() -> None:
    assert len(extract_references("rules 100.1–999")) <= 2
