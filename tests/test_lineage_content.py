"""Edit classes and word diffs, on wordings copied from the documents."""

from __future__ import annotations

import pytest

from crdex.index.lineage.classify import MEANING, NONE, REFERENCES, TYPOGRAPHY, classify
from crdex.index.lineage.content import (
    lossy_copy,
    marks_alike,
    mask_references,
    masked_key,
    typography_key,
)
from crdex.index.lineage.snapshot import _tidy
from crdex.index.lineage.worddiff import render, word_diff

# 501.8a as printed in cr-2008-05-01.txt (every non-ASCII character lost as "?")
# and in cr-2009-05-01.txt
SCRY_2008 = (
    "To ?scry N? means to look at the top N cards of your library, put any number of them on "
    "the bottom of your library in any order, and put the rest on top of your library in any order."
)
SCRY_2009 = (
    'To "scry N" means to look at the top N cards of your library, put any number of them on '
    "the bottom of your library in any order, and put the rest on top of your library in any order."
)
# 103.1 in cr-2009-05-01.txt, 101.1 in cr-2009-07-11.txt
GOLDEN_2009_05 = (
    "Whenever a card's text directly contradicts these rules, the card takes precedence. The card "
    "overrides only the rule that applies to that specific situation. The only exception is that a "
    "player can concede the game at any time (see rule 102.3a)."
)
GOLDEN_2009_07 = GOLDEN_2009_05.replace("102.3a", "104.3a")
# 502.36a in cr-2005-08-01.txt and cr-2005-10-01.txt (cp1252 curly quotes, X became N)
SCRY_2005_08 = (
    'Scry is a static ability that functions while a spell or ability is resolving. "Scry X" '
    'means "Look at the top X cards of your library.'
)
SCRY_2005_10 = (
    "Scry is a static ability that functions while a spell or ability is resolving. \u201cScry N\u201d "
    "means \u201cLook at the top N cards of your library."
)


def test_lossy_question_marks_are_typography() -> None:
    assert classify("", SCRY_2008, "", SCRY_2009) == TYPOGRAPHY


# 205.3c's example in cr-2008-02-01.txt, cr-2008-07-15.txt, and both copies of 2008-05-01
# (where the dash was lost to "?", its spaces kept)
LAND_2008_02 = (
    'Example: "Basic Land - Mountain" means the card is a land with the Mountain subtype.'
)
LAND_2008_07 = LAND_2008_02.replace(" - ", " -- ")
LAND_2008_05 = LAND_2008_02.replace(" - ", " ? ")


def test_a_copy_that_lost_quotes_and_dashes_to_question_marks_is_a_lossy_copy() -> None:
    assert lossy_copy(SCRY_2009, SCRY_2008)
    assert lossy_copy(LAND_2008_02, LAND_2008_05)
    assert lossy_copy(LAND_2008_07, LAND_2008_05)
    assert not lossy_copy(LAND_2008_05, LAND_2008_02)  # the clean one is not the copy
    assert not lossy_copy("Is it a land", "Is it a land?")  # a question mark of its own
    assert not lossy_copy(LAND_2008_02, LAND_2008_05.replace("Mountain", "Forest"))


def test_curly_quotes_dashes_marks_and_italics_are_typography() -> None:
    old = 'Most _Magic_ tournaments -- see the DCI(R) Floor Rules -- have "special" rules.'
    new = "Most Magic tournaments\u2014see the DCI\u00ae Floor Rules\u2014have \u201cspecial\u201d rules."
    assert typography_key(old) == typography_key(new)
    assert classify("", old, "", new) == TYPOGRAPHY


# 502.17a in cr-2008-02-01.txt, the clean copy of 2008-05-01
# (cr-2008-05-01.alt-vensersjournal.txt) and cr-2008-07-15.txt
HORSEMANSHIP_2008_02 = (
    "Horsemanship is an evasion ability that appeared in the Portal Three Kingdoms(tm) set."
)
HORSEMANSHIP_2008_05 = HORSEMANSHIP_2008_02.replace("(tm)", "(TM)")
HORSEMANSHIP_2008_07 = HORSEMANSHIP_2008_05.replace(
    "Portal Three Kingdoms", "_Portal Three Kingdoms_"
)
# 100.5 in cr-2008-02-01.txt ("DCI(r)") and the clean copy of 2008-05-01 ("DCI(R)")
FLOOR_RULES_2008_02 = (
    "See the most current Magic: The Gathering DCI(r) Floor Rules for more information."
)


def test_a_trademark_sign_typed_otherwise_is_no_edit() -> None:
    assert marks_alike(HORSEMANSHIP_2008_02, HORSEMANSHIP_2008_05)
    assert classify("", HORSEMANSHIP_2008_02, "", HORSEMANSHIP_2008_05) == NONE
    assert marks_alike(FLOOR_RULES_2008_02, FLOOR_RULES_2008_02.replace("(r)", "\u00ae"))
    assert marks_alike(HORSEMANSHIP_2008_05, HORSEMANSHIP_2008_05.replace("(TM)", "\u2122"))
    # the italics of 2008-07-15 are typing of their own
    assert not marks_alike(HORSEMANSHIP_2008_05, HORSEMANSHIP_2008_07)
    assert classify("", HORSEMANSHIP_2008_05, "", HORSEMANSHIP_2008_07) == TYPOGRAPHY


def test_a_trademark_sign_added_swapped_or_taken_away_is_still_typography() -> None:
    bare = HORSEMANSHIP_2008_02.replace("(tm)", "")
    assert not marks_alike(bare, HORSEMANSHIP_2008_02)
    assert classify("", bare, "", HORSEMANSHIP_2008_02) == TYPOGRAPHY
    registered = HORSEMANSHIP_2008_02.replace("(tm)", "(R)")
    assert not marks_alike(HORSEMANSHIP_2008_02, registered)
    assert not marks_alike(HORSEMANSHIP_2008_02, HORSEMANSHIP_2008_02)  # no difference at all


def test_reference_numbers_only() -> None:
    assert classify("", GOLDEN_2009_05, "", GOLDEN_2009_07) == REFERENCES
    assert masked_key(GOLDEN_2009_05) == masked_key(GOLDEN_2009_07)
    assert typography_key(GOLDEN_2009_05) != typography_key(GOLDEN_2009_07)


def test_a_changed_word_is_meaning() -> None:
    assert classify("", SCRY_2005_08, "", SCRY_2005_10) == MEANING


def test_a_changed_title_is_meaning() -> None:
    assert classify("Tap", "", "Tap and Untap", "") == MEANING


def test_unchanged_and_respaced_is_none() -> None:
    assert classify("Scry", SCRY_2009, "Scry", SCRY_2009.replace(" means", "  means")) == NONE


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("See rule 502.36, \u201cScry.\u201d", "See rule #, \u201cScry.\u201d"),
        ("as described in rules 601.2a\u2013h", "as described in rules #"),
        (
            "See rule 702, \u201cKeyword Abilities.\u201d",
            "See rule #, \u201cKeyword Abilities.\u201d",
        ),
        (
            "See section 5, \u201cTurn Structure.\u201d",
            "See section #, \u201cTurn Structure.\u201d",
        ),
        ("starting life total of 20", "starting life total of 20"),
    ],
)
def test_mask_references(text: str, masked: str) -> None:
    assert mask_references(text) == masked


def test_word_diff_renders_removed_then_added() -> None:
    changes = word_diff(GOLDEN_2009_05, GOLDEN_2009_07)
    assert [c.op for c in changes] == ["=", "-", "+"]
    assert render(changes, context=3) == "… time (see rule [-102.3a).-] {+104.3a).+}"


def test_word_diff_of_equal_texts_is_one_kept_stretch() -> None:
    assert [c.to_dict() for c in word_diff("a b c", "a b c")] == [{"op": "=", "text": "a b c"}]


def test_contractions_are_spelling() -> None:
    # 701.16c in cr-2011-09-30.txt and cr-2012-02-01.txt
    old = "If an effect would cause a player to shuffle ..., that library is not shuffled."
    new = "If an effect would cause a player to shuffle ..., that library isn't shuffled."
    assert classify("", old, "", new) == TYPOGRAPHY


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        ("Scry  1.", "Scry 1."),
        ("  ", ""),
        ("a\n\n  b  c\n", "a\nb c"),
        # every line boundary str.splitlines knows stays a line break, one line or many:
        # a form feed (PDF-extracted text has them), a line or paragraph separator
        ("page\x0cbreak", "page\nbreak"),
        ("one\u2028two", "one\ntwo"),
        ("x\r\ny", "x\ny"),
    ],
)
def test_wordings_keep_their_line_breaks(text: str, tidied: str) -> None:
    assert _tidy(text) == tidied
