"""Fuzzing the parsers: whatever the text, the answer is a tree with every line accounted
for, or a crdex error. Anything else (a traceback from deep inside) is a bug.

Documents are assembled from pieces of real rules text (headings, rules,
subrules, examples, glossary lines, markdown and rulings lines) shuffled,
duplicated, cut and mixed with noise, so the grammars' odd corners are hit.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CORPUS
from crdex.errors import CrdexError
from crdex.parser import parse_text

PIECES = [
    "Magic: The Gathering Comprehensive Rules",
    "These rules are effective as of August 7, 2026.",
    "Introduction",
    "Contents",
    "1. Game Concepts",
    "100. General",
    "701. Keyword Actions",
    "100.1. These Magic rules apply to any Magic game with two or more players.",
    "100.1a A two-player game is a game that begins with only two players.",
    "701.22. Scry",
    "701.22a To “scry N” means to look at the top N cards of your library.",
    "704.5aa If a player controls a permanent with start your engines!",
    "408.f Card text that isn't an ability",
    "606. 8b Players win and lose the game only as a team.",
    "901.4.All plane and phenomenon cards remain in the command zone.",
    "Example: An effect that reads “This creature gets +1/+1.”",
    "     A second paragraph, indented.",
    '419.8 "Sources of Damage."',
    "Glossary",
    "Active Player, Nonactive Player Order",
    "1. Text on an object that explains what that object does or can do.",
    "Credits",
    "Index",
    "------------------------------------------------------------",
    "# **701.** Keyword Actions",
    "**701.2.** Activate",
    "+ **701.2a** To activate an activated ability is to put it onto the stack.",
    "501.2 - Attach  501.1 - Most actions described in a card's rules text",
    "    [CompRules 2007/05/01]",
    "501.10.Ruling.1 - If you clash. [D'Angelo 2008/02/10]",
    "Table of Contents:",
    "A - Abilities",
    "A.27 - Trample:",
    "A.27.2 - When an attacking creature with Trample assigns damage. [Urza's Saga Rule Page]",
    "A.27.Ruling.6 - It deals all its damage (see Rule K.12.4). [D'Angelo 10/08/98]",
    "o A.27.3 - Trample is cumulative. See Rule A.1.2 through Rule A.1.9. [D'Angelo 13/45/98]",
    "K.14.Rulings.7 - Enchantments do not turn off. [behtmo 1994]",
    "Note - See Rule D.*.* and A.6.1. [DCI Letter, Jan 1997]",
    "Trample, A.27",
    "Deck, see Library",
    "Artifact,",
    "Acknowledgements and Disclaimers",
    "\"D'Angelo\" is Stephen D'Angelo, the Rules Summary network representative.",
    "<br />",
    "Magic: The Gathering Comprehensive Rules Page 12",
    "<html><body><main><h1>x</h1>",
    "",
    "\u00a0",
    "\t",
]

lines = st.one_of(
    st.sampled_from(PIECES),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40),
    st.sampled_from(PIECES).map(lambda s: s[: len(s) // 2]),
)


@pytest.mark.hypothesis
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, max_size=60), st.sampled_from(["\n", "\r\n", "\r"]))
def test_any_text_gives_a_tree_or_a_crdex_error(parts: list[str], newline: str) -> None:
    text = newline.join(parts)
    try:
        edition = parse_text(text, "fuzz.txt")
    except CrdexError as exc:
        assert str(exc)
        return
    acc = edition.accounting
    assert acc is not None and acc.lines_accounted == acc.lines_total


SUMMARY_1999 = CORPUS / "rulings-crystalkeep-general-1999-05-16.reflowed.txt"


@pytest.mark.corpus
@pytest.mark.hypothesis
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_1999_rulings_summary_cut_and_shuffled(data: st.DataObject) -> None:
    """Pieces of the real page, in any order and cut anywhere: a tree or a positioned error."""
    lines = SUMMARY_1999.read_text("ascii").split("\n")
    start = data.draw(st.integers(0, len(lines) - 1))
    piece = lines[start : start + data.draw(st.integers(1, 400))]
    picks = data.draw(st.lists(st.sampled_from(lines), max_size=8))
    where = data.draw(st.integers(0, len(piece)))
    text = "\n".join(lines[:19] + piece[:where] + picks + piece[where:])
    text = text[: data.draw(st.integers(0, len(text)))]
    try:
        edition = parse_text(text, "fuzz.txt")
    except CrdexError as exc:
        assert str(exc).startswith("fuzz.txt")
        return
    acc = edition.accounting
    assert acc is not None and acc.lines_accounted == acc.lines_total


@pytest.mark.hypothesis
@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=2000))
def test_any_bytes_give_a_tree_or_a_crdex_error(data: bytes) -> None:
    from crdex.parser import parse_bytes

    try:
        parse_bytes(data, "fuzz.bin")
    except CrdexError as exc:
        assert str(exc)
