"""PDF-extracted text: seed 001 (rules 502.26c–502.51a of a 2005–2006 edition).

Expected values come from reading the seed: one rule per line, a "<br />"
split over lines 51–52, "Bloodthirs" / "t X" broken over lines 96–97, and
the page footer on line 101.
"""

from __future__ import annotations

import re

import pytest

from crdex.corpus import bundled_documents
from crdex.parser import ParseError, parse_path, parse_text
from crdex.parser.pdf_text import join_broken, vocabulary

SEED = next(p for p in bundled_documents() if p.name == "keyword-abilities.pdf-extract.txt")


@pytest.fixture(scope="module")
def seed():
    return parse_path(SEED)


def test_seed_is_pdf_text_with_full_accounting(seed) -> None:
    assert seed.source.format == "pdf-text"
    assert seed.accounting.complete
    assert seed.accounting.lines_total == 101


def test_seed_rules_502_26c_to_502_51a(seed) -> None:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    written = [
        m.group(1)
        for line in lines
        if (m := re.match(r"^(?:br />\s*)?(\d{3}\.\d+[a-z]*)\.?\s", line))
    ]
    assert [r.number for r in seed.rules] == written
    assert written[0] == "502.26c" and written[-1] == "502.51a"
    assert seed.rule("502.36").title == "Scry"
    assert seed.rule("502.36a").text.startswith("Scry is a static ability")
    assert seed.rule("502.36").children == ["502.36a", "502.36b"]
    assert seed.rule("502.27").title == "Amplify"


def test_seed_broken_word_is_rejoined(seed) -> None:
    text = seed.rule("502.50b").text
    assert text.startswith("“Bloodthirst X” is a special form of bloodthirst.")
    assert "Bloodthirs\n" not in text and "Bloodthirs t" not in text
    (repair,) = [r for r in seed.repairs if r.kind == "broken-word"]
    assert repair.line == 97 and repair.original.startswith("t X”")


def test_seed_footer_is_not_rule_text(seed) -> None:
    text = seed.rule("502.51a").text
    assert text.endswith("remove it from the game haunting target creature.”")
    assert "Page 12" not in text and "Comprehensive Rules" not in text
    (repair,) = [r for r in seed.repairs if r.kind == "page-footer"]
    assert repair.line == 101
    assert seed.accounting.by_kind["footer"] == 1


def test_seed_br_debris_is_removed(seed) -> None:
    assert seed.rule("502.39a").text.endswith("to your hand.”")
    assert seed.rule("502.39b").text == (
        "If a permanent has multiple instances of soulshift, each triggers separately."
    )
    debris = [(r.line, r.kind) for r in seed.repairs if r.kind == "html-debris"]
    assert debris == [(51, "html-debris"), (52, "html-debris")]
    # every change is on record, nothing else was changed
    assert sorted(r.kind for r in seed.repairs) == [
        "broken-word",
        "html-debris",
        "html-debris",
        "page-footer",
    ]


def test_seed_examples(seed) -> None:
    found = {r.number: [e.text[:31] for e in r.examples] for r in seed.rules if r.examples}
    assert found == {
        "502.37c": ["Example: The ability “Modular-S"],
        "502.40a": ["Example: Since the card with sp"],
        "502.40c": ["Example: Glacial Ray is a red c"],
        "502.46a": ["Example: You play Guardian of V"],
    }


def test_footer_glued_to_a_rule_and_a_wrapped_line() -> None:
    text = (
        "502.36. Scry\n"
        "502.36a Scry is a static ability that functions while a spell or ability is\n"
        "resolving. Magic: The Gathering Comprehensive Rules Page 12\n"
        "502.36b If a spell has multiple instances of scry, each one works separately.\n"
    )
    edition = parse_text(text, "slice.txt")
    assert edition.source.format == "pdf-text"
    assert edition.rule("502.36a").text == (
        "Scry is a static ability that functions while a spell or ability is resolving."
    )
    kinds = sorted((r.line, r.kind) for r in edition.repairs)
    assert kinds == [(3, "page-footer"), (3, "rejoined-line")]
    assert edition.accounting.complete


def test_debris_glued_to_the_end_of_rule_lines() -> None:
    text = (
        "502.39. Soulshift\n"
        "502.39a Soulshift is a triggered ability.<\n"
        "br /> 502.39b If a permanent has multiple instances. "
        "Magic: The Gathering Comprehensive Rules Page 12\n"
    )
    edition = parse_text(text, "slice.txt")
    assert edition.source.format == "pdf-text"
    assert edition.rule("502.39a").text == "Soulshift is a triggered ability."
    assert edition.rule("502.39b").text == "If a permanent has multiple instances."
    assert sorted((r.line, r.kind) for r in edition.repairs) == [
        (2, "html-debris"),
        (3, "html-debris"),
        (3, "page-footer"),
    ]
    assert edition.accounting.complete


def test_running_header_among_the_rules_goes_the_title_stays() -> None:
    text = (
        "Magic: The Gathering Comprehensive Rules\n"
        "502.36. Scry\n"
        "502.36a Scry is a static ability.\n"
        "Magic: The Gathering Comprehensive Rules Page 12\n"
        "Magic: The Gathering Comprehensive Rules\n"
        "502.36b If a spell has multiple instances of scry, each one works separately.\n"
    )
    edition = parse_text(text, "pages.txt")
    assert edition.title == "Magic: The Gathering Comprehensive Rules"
    assert edition.rule("502.36a").text == "Scry is a static ability."
    assert [(r.line, r.kind) for r in edition.repairs] == [(4, "page-footer"), (5, "page-header")]
    assert edition.accounting.by_kind == {
        "footer": 1,
        "header": 1,
        "rule": 1,
        "subrule": 2,
        "title": 1,
    }


def test_join_broken_uses_the_documents_words() -> None:
    words = vocabulary(["Bloodthirst N", "Bloodthirst X", "the word", "the bloodthirs"])
    assert join_broken("“Bloodthirs", "t X”", vocabulary(["Bloodthirst", "Bloodthirs"])) == (
        "“Bloodthirst X”",
        True,
    )
    # both pieces are words used elsewhere: a line break between words
    assert join_broken("the", "word", words) == ("the word", False)
    assert join_broken("non-", "basic", words) == ("non-basic", False)


def test_text_before_any_rule_is_an_error() -> None:
    with pytest.raises(ParseError) as caught:
        parse_text(
            "Just a title\nMagic: The Gathering Comprehensive Rules Page 3\n", "x.txt", "pdf-text"
        )
    assert str(caught.value).startswith("x.txt:1:1: no numbered rules found")
