"""Example-only edits, pinned lists and bad dates, on three small invented editions.

tests/data/check/edits/ holds three editions written for these tests:

- 2012-01-01: 100.2 (with the example "a deck of sixty cards"), 701.2 Attach,
  701.3 Scry, 701.4 Fateseal, 701.5 Shuffle;
- 2012-04-01: the example of 100.2 says "forty cards" (the rule's own text is
  untouched); a new 701.2 Activate pushes Attach to 701.3, Scry to 701.4
  (its quotes made curly, and an example added), Fateseal to 701.5 and
  Shuffle to 701.6;
- 2012-07-01: Fateseal is gone; Shuffle is 701.5 again and gains a sentence
  ("A player may not look at the cards while shuffling.").

Every expectation below follows from reading those three files.
"""

from __future__ import annotations

import pytest

from conftest import REPO, invented_library
from crdex.citations import Judge, apply_fixes, check_text, find_in_line
from crdex.index.lineage.classify import (
    EXAMPLES,
    MEANING,
    NONE,
    TYPOGRAPHY,
    classify,
    refine,
    split_examples,
)
from crdex.index.lineage.graph import Graph

EDITS = REPO / "tests" / "data" / "check" / "edits"


def graph() -> Graph:
    return invented_library(EDITS).graph()


def judged(text: str) -> list[tuple[str, str | None, str | None]]:
    return [
        (j.status, j.replacement, j.pin_replacement)
        for j in Judge(graph()).judge_all(find_in_line(text))
    ]


def test_an_edited_example_is_not_a_changed_rule() -> None:
    # 100.2's own text is the same in all three; its example changed in 2012-04-01
    (j,) = Judge(graph()).judge_all(find_in_line("20120101 - 100.2"))
    assert (j.status, j.ok, j.replacement) == ("example-changed", True, None)
    assert j.message == (
        "an example of 100.2 changed in 2012-04-01; its own text did not "
        "(To play, each player needs their own deck of traditional Ma…)"
    )


def test_a_moved_rule_whose_example_changed_is_fixed() -> None:
    # Scry: 701.3a → 701.4a, curly quotes and a new example: the same rule
    (j,) = Judge(graph()).judge_all(find_in_line("20120101 - 701.3a"))
    assert (j.status, j.replacement, j.pin_replacement) == ("moved", "701.4a", "20120701")
    assert j.message.endswith("; an example changed in 2012-04-01")


def test_typography_alone_is_no_change() -> None:
    # from 2012-04-01 on, 701.4a is Scry with curly quotes; its wording is the same since
    assert judged("20120401 - 701.4a") == [("ok", None, None)]


def test_a_changed_rule_is_still_changed() -> None:
    # Shuffle gained a sentence in 2012-07-01 (and went back from 701.6 to 701.5)
    assert judged("20120401 - 701.6a") == [("moved", None, None)]
    assert judged("20120101 - 701.5a") == [("changed", None, None)]


def test_a_pinned_list_is_fixed_whole() -> None:
    # Attach 701.2a → 701.3a, Scry 701.3a → 701.4a: both follow, the date moves once
    assert judged("// 20120101 - 701.2a, 701.3a") == [
        ("moved", "701.3a", "20120701"),
        ("moved", "701.4a", "20120701"),
    ]
    text = "// 20120101 - 701.2a, 701.3a\n"
    new, count = apply_fixes(text, check_text(text, "a.txt", Judge(graph())))
    assert (new, count) == ("// 20120701 - 701.3a, 701.4a\n", 2)


@pytest.mark.parametrize(
    ("text", "statuses"),
    [
        # Fateseal (701.4a on 2012-01-01) was removed in 2012-07-01
        ("// 20120101 - 701.3a, 701.4a", ["moved", "removed"]),
        # Shuffle (701.5a on 2012-01-01) changed in 2012-07-01
        ("// 20120101 - 701.2a, 701.5a", ["moved", "changed"]),
        # "800.4a/800.4d" style, with a number that never existed
        ("// 20120101 - 701.2a/701.9a", ["moved", "missing"]),
    ],
)
def test_a_pinned_list_with_a_number_that_cannot_follow_is_not_fixed(
    text: str, statuses: list[str]
) -> None:
    judgements = Judge(graph()).judge_all(find_in_line(text))
    assert [j.status for j in judgements] == statuses
    assert [(j.replacement, j.pin_replacement) for j in judgements] == [(None, None)] * 2
    assert "in the same pinned citation cannot follow the date" in judgements[0].message
    assert apply_fixes(text, judgements) == (text, 0)


@pytest.mark.parametrize(
    ("text", "message", "current"),
    [
        # one "0" typed twice: 2012-01-01, when 701.2a was Attach (701.3a now)
        (
            "201201001 - 701.2a",
            "201201001 is not a date; read as 2012-01-01, 701.2a (To attach an Aura, "
            "Equipment, or Fortification to an object…) is 701.3a in 2012-07-01",
            "701.3a",
        ),
        # month and day swapped: 2012-01-13, in force 2012-01-01
        (
            "2012-13-01: CR 701.2a",
            "2012-13-01 is not a date; read as 2012-01-13, 701.2a (To attach an Aura, "
            "Equipment, or Fortification to an object…) is 701.3a in 2012-07-01",
            "701.3a",
        ),
        # no 13th month: some day of 2012; 701.2a was Attach, then Activate
        (
            "20121313 - 701.2a",
            "20121313 is not a date (read as 2012, 701.2a held more than one rule)",
            None,
        ),
        # 100.1 was the same rule all through 2012
        (
            "20121313 - 100.1",
            "20121313 is not a date; read as 2012, 100.1 (These Magic rules apply to any "
            "Magic game with two or more…) is 100.1 in 2012-07-01",
            "100.1",
        ),
    ],
)
def test_a_bad_date_is_a_finding_that_says_what_was_meant(
    text: str, message: str, current: str | None
) -> None:
    (j,) = Judge(graph()).judge_all(find_in_line(text))
    assert (j.status, j.message, j.verdicts[0].current) == ("bad-date", message, current)
    assert (j.ok, j.replacement, j.pin_replacement) == (False, None, None)


# -- the edit classes themselves ----------------------------------------------------


def test_split_examples() -> None:
    wording = "Rule text.\nSecond paragraph.\nExample: One.\ncontinued.\nExample: Two."
    assert split_examples(wording) == (
        "Rule text.\nSecond paragraph.",
        ["Example: One.\ncontinued.", "Example: Two."],
    )
    assert split_examples("No examples.") == ("No examples.", [])


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("Text.\nExample: sixty.", "Text.\nExample: forty.", EXAMPLES),
        ('Say "x".', "Say \u201cx\u201d.\nExample: a new one.", EXAMPLES),
        ("Text.\nExample: sixty.", "Other text.\nExample: sixty.", MEANING),
        ("Text.\nExample: sixty.", "Other text.\nExample: forty.", MEANING),
        ("Text.\nExample: sixty.", "Text.\nExample: sixty.", NONE),
        ("Text.\nExample: \u201csixty\u201d.", 'Text.\nExample: "sixty".', TYPOGRAPHY),
    ],
)
def test_refine(old: str, new: str, expected: str) -> None:
    assert refine(classify("", old, "", new), "", old, "", new) == expected
