"""Rule numbers are values: order, nesting and letters as the rules use them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crdex.parser.numbers import RuleNumber, letter_at, letter_index


def test_parse_and_print() -> None:
    assert str(RuleNumber.parse("701.22.")) == "701.22"
    assert str(RuleNumber.parse("704.5aa")) == "704.5aa"
    assert RuleNumber.parse("7").kind == "section"
    assert RuleNumber.parse("701").kind == "rule"
    assert RuleNumber.parse("701.22a").kind == "subrule"


def test_106_10_is_not_under_106_1() -> None:
    assert RuleNumber.parse("106.10").parent == RuleNumber.parse("106")
    assert RuleNumber.parse("106.1") < RuleNumber.parse("106.2") < RuleNumber.parse("106.10")


def test_letters_skip_l_and_o() -> None:
    # 704.5 in 2026-08-07 runs a … k, m, n, p … z, aa
    assert letter_at(11) == "k" and letter_at(12) == "m" and letter_at(14) == "p"
    assert letter_at(24) == "z" and letter_at(25) == "aa"
    assert RuleNumber.parse("704.5z") < RuleNumber.parse("704.5aa") < RuleNumber.parse("704.6")


def test_sections_sort_before_their_rules() -> None:
    assert (
        RuleNumber.parse("6")
        < RuleNumber.parse("600")
        < RuleNumber.parse("616.1")
        < RuleNumber.parse("7")
    )


@pytest.mark.parametrize("bad", ["", "abc", "1000.1", "701.22.3", "701.a"])
def test_not_a_number(bad: str) -> None:
    with pytest.raises(ValueError, match="not a rule number"):
        RuleNumber.parse(bad)


numbers = st.builds(
    RuleNumber,
    st.integers(100, 999),
    st.integers(1, 300),
    st.one_of(st.none(), st.integers(1, 48).map(letter_at)),
)


@pytest.mark.hypothesis
@given(numbers)
def test_round_trip(number: RuleNumber) -> None:
    assert RuleNumber.parse(str(number)) == number
    if number.letters:
        assert letter_at(int(letter_index(number.letters))) == number.letters


@pytest.mark.hypothesis
@given(numbers, numbers)
def test_order_is_total_and_matches_nesting(a: RuleNumber, b: RuleNumber) -> None:
    assert (a < b) + (b < a) + (a == b) == 1
    if a.parent is not None:
        assert a.parent < a
