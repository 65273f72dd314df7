"""Cross-references: the ways the rules cite each other, and numbers that are not citations."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crdex.parser import references
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


# The two patterns as first written, plainly: the faster forms in the module must
# find exactly what these find (the keyword's list read lazily up to its end; a
# bare number found from its first digit rather than from its dot).
_PLAIN_KEYWORD = re.compile(
    rf"\b(?P<kw>[Rr]ules?|[Ss]ections?)\s+(?P<list>(?:{references._NUM}|\d)"
    r"(?:(?!\b(?:[Rr]ules?|[Ss]ections?)\b)(?:[^.;:()\n]|\.(?=\d)))*?)"
    r"(?=\.(?!\d)|[;:()\n]|\b(?:[Rr]ules?|[Ss]ections?)\b|$)"
)
_PLAIN_BARE = re.compile(
    rf"(?P<start>(?<![\w.$])[0-9]\d{{2}}\.[1-9]\d{{0,2}}[a-z]{{0,2}}){references._TAIL}(?!\d)"
)
_PIECES = st.sampled_from(
    [
        "rule",
        "Rules",
        "rules",
        "section",
        "Sections",
        "subrule",
        "701",
        "701.22",
        "1.2",
        "601.2a",
        "702.16e",
        "h",
        "8",
        "–",
        "-",
        " through ",
        " to ",
        ".",
        ";",
        ":",
        "(",
        ")",
        ",",
        " and ",
        "\n",
        " ",
        "$",
        "x",
        "999.999",
        "0.5",
        "100.1b",
        "\u0662",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_the_fast_patterns_find_what_the_plain_ones_do(text: str) -> None:
    keywords = [(m.span(), m.group("kw", "list")) for m in references._KEYWORD.finditer(text)]
    assert keywords == [(m.span(), m.group("kw", "list")) for m in _PLAIN_KEYWORD.finditer(text)]
    assert [m.span() for m in references._keywords(text)] == [s for s, _ in keywords]
    bare = [
        (m.start() - references._BARE_BACK, m.end(), f"{m['section']}.{m['sub']}", m["end"])
        for m in references._BARE.finditer(text)
    ]
    assert bare == [(m.start(), m.end(), m["start"], m["end"]) for m in _PLAIN_BARE.finditer(text)]
