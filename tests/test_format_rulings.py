"""Rulings pages: seed 002, section 501 of the 2007–2008 rules with their rulings.

Expected values come from reading the seed: each heading of the left column
("501.2 - Attach") stands on the line of the rule before it; the page is
"based on the March 17, 2008 release of the Rulings".
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from conftest import run_crdex
from crdex.corpus import bundled_documents
from crdex.parser import ParseError, parse_path, parse_text
from crdex.parser.rulings import split_citations

SEED = next(p for p in bundled_documents() if p.name == "rulings-501-keyword-actions.txt")


@pytest.fixture(scope="module")
def seed():
    return parse_path(SEED)


def test_seed_is_a_rulings_page_dated_by_its_release(seed) -> None:
    assert seed.source.format == "rulings"
    assert seed.effective_date == dt.date(2008, 3, 17)
    assert seed.id == "2008-03-17"
    assert seed.accounting.complete
    assert seed.accounting.lines_total == 104


def test_seed_headings_are_paired_with_their_own_rules(seed) -> None:
    headings = {r.number: r.title for r in seed.rules if r.title}
    assert headings == {
        "501": "Keyword Actions",
        "501.2": "Attach",
        "501.3": "Counter",
        "501.4": "Destroy",
        "501.5": "Regenerate",
        "501.6": "Sacrifice",
        "501.7": "Tap",
        "501.8": "Scry",
        "501.9": "Fateseal",
        "501.10": "Clash",
    }
    numbers = [r.number for r in seed.rules]
    assert numbers == [
        "501",
        "501.1",
        "501.2", "501.2a", "501.2b", "501.2c", "501.2d",
        "501.3", "501.3a",
        "501.4", "501.4a",
        "501.5", "501.5a", "501.5b",
        "501.6", "501.6a",
        "501.7", "501.7a", "501.7b",
        "501.8", "501.8a",
        "501.9", "501.9a",
        "501.10", "501.10a", "501.10b", "501.10c",
    ]  # fmt: skip
    assert seed.rule("501.2").children == ["501.2a", "501.2b", "501.2c", "501.2d"]
    assert seed.rule("501.10c").parent == "501.10"


def test_seed_rule_texts_are_rejoined_and_cited(seed) -> None:
    rule = seed.rule("501.1")
    assert rule.text == (
        "Most actions described in a card's rules text use the standard English definitions "
        "of the verbs within, but some specialized verbs are used whose meanings may not be "
        'clear.  These "keywords" are game terms; sometimes reminder text summarizes their '
        "meanings."
    )
    assert rule.citations == (("CompRules", "2007-05-01"),)
    assert seed.rule("501.8a").text.startswith('To "scry N" means to look at the top N cards')
    assert seed.rule("501.10a").citations == (("CompRules", "2007-10-01"),)
    assert not any(r.text.endswith("]") or "[CompRules" in r.text for r in seed.rules)
    assert all(r.citations for r in seed.rules if r.text)


def test_seed_rulings_attach_to_their_rule(seed) -> None:
    rulings = seed.rule("501.10").rulings
    assert [r.number for r in rulings] == ["501.10.Ruling.1", "501.10.Ruling.2", "501.10.Ruling.3"]
    assert [r.date for r in rulings] == ["2007-09-25", "2007-09-25", "2008-02-10"]
    assert [r.source for r in rulings] == ["Lorwyn FAQ", "Lorwyn FAQ", "D'Angelo"]
    assert [r.flagged for r in rulings] == [False, False, False]
    assert rulings[0].text == (
        "There are no ties or losses in a clash.  You either win or you don't.  For example, "
        "if more than one player has the same mana cost revealed, then you don't win."
    )
    assert rulings[2].span.line == 98


def test_seed_ruling_filed_elsewhere_is_kept_and_flagged(seed) -> None:
    (ruling,) = seed.rule("501.5").rulings
    assert ruling.number == "505.5.Ruling.1"
    assert ruling.filed_under == "505.5" and ruling.flagged
    assert (ruling.source, ruling.date) == ("D'Angelo", "2007-11-09")
    assert ruling.text.startswith('An effect which says something "can\'t be regenerated"')
    assert sum(len(r.rulings) for r in seed.rules) == 4


def test_split_citations() -> None:
    assert split_citations("It resolves. [CompRules 2007/05/01]") == (
        "It resolves.",
        [("CompRules", "2007-05-01")],
    )
    assert split_citations("No citation.") == ("No citation.", [])


def _cut(lines: int) -> str:
    return "".join(SEED.read_text(encoding="ascii").splitlines(keepends=True)[:lines])


def test_page_cut_mid_ruling_is_a_recorded_repair() -> None:
    edition = parse_text(_cut(99), "cut.txt")
    assert edition.source.format == "rulings"
    assert edition.accounting.complete
    last = edition.rule("501.10").rulings[-1]
    assert last.number == "501.10.Ruling.3"
    assert (last.source, last.date) == (None, None)
    assert last.text.endswith("Since no card was revealed, the converted mana")
    (truncated,) = [r for r in edition.repairs if r.kind == "truncated"]
    assert truncated.line == 99
    assert "the page ends inside ruling 501.10.Ruling.3, before its citation" in truncated.reason


def test_page_cut_before_its_rules_is_an_error_with_position() -> None:
    with pytest.raises(ParseError) as caught:
        parse_text(_cut(5), "cut.txt", format="rulings")
    message = str(caught.value)
    assert message.startswith("cut.txt:5:")
    assert "the document ends too early; expected " in message
    assert "a rule heading such as '501 - Keyword Actions'" in message


def test_stray_line_in_the_rules_is_an_error_with_position(tmp_path: Path) -> None:
    path = tmp_path / "page.txt"
    path.write_text(_cut(12) + "garbage line here\n", encoding="ascii")
    result = run_crdex("parse", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"Error: {path}:13:1: unexpected a line of text; expected ")
    assert "read as 'rulings' because" in result.stderr
    assert "\n    garbage line here\n    ^" in result.stderr
