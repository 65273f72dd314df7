"""The markdown format: a chapter file (seed 000) and a whole mdBook source tree.

Expected values come from reading the files: seed 000 is section 701 of the
2022-10-07 edition as ancestral.vision's markdown, byte-identical to
cr-markdown/2022-10-07/additional-rules/keyword-actions.md.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import corpus_path, run_crdex
from crdex.corpus import bundled_documents
from crdex.parser import FormatError, ParseError, parse_path, parse_text

SEED = next(p for p in bundled_documents() if p.name == "2022-10-07.keyword-actions.txt")


@pytest.fixture(scope="module")
def seed():
    return parse_path(SEED)


def test_seed_is_detected_as_markdown_with_full_accounting(seed) -> None:
    assert seed.source.format == "markdown"
    assert seed.accounting.complete
    assert seed.accounting.lines_total == 269
    assert seed.repairs == []


def test_seed_has_701_2_to_701_49_with_their_subrules(seed) -> None:
    numbers = [r.number for r in seed.rules]
    # every numbered line of the file, read with a plain regex, in order
    lines = SEED.read_text(encoding="utf-8").splitlines()
    written = [
        m.group(1)
        for line in lines
        if (m := re.match(r"^(?:# |\+ )?\*\*(\d{3}(?:\.\d+[a-z]*)?)\.?\*\*", line))
    ]
    assert numbers == written
    assert numbers[0] == "701" and numbers[-1] == "701.49a"
    for n in range(2, 50):
        assert f"701.{n}" in seed
    assert len([r for r in seed.rules if r.kind == "rule"]) == 1 + 49
    assert len([r for r in seed.rules if r.kind == "subrule"]) == 151
    assert seed.rule("701.2").title == "Activate"
    assert seed.rule("701.18").title == "Scry"
    assert seed.rule("701.49").title == "Roll to Visit Your Attractions"
    assert seed.rule("701.18").children == ["701.18a", "701.18b", "701.18c"]
    assert seed.rule("701.18a").parent == "701.18"
    assert seed.rule("701.1").text.startswith("Most actions described in a card’s rules text")
    assert seed.rule("701.18a").text.startswith("To “scry N” means to look at the top N cards")


def test_seed_examples_stay_with_their_rules(seed) -> None:
    expected = {
        "701.10a": ["Example: If a spell attempts to exchange control of two target creatures"],
        "701.19b": ["Example: Splinter says “Exile target artifact."],
        "701.19c": ["Example: Lobotomy says “Target player reveals their hand"],
        "701.19f": ["Example: Aven Mindcensor says, in part,"],
        "701.20c": ["Example: Guile says, in part,", "Example: Black Sun’s Zenith says, in part,"],
        "701.20d": ["Example: Loaming Shaman says"],
        "701.20g": ["Example: Darksteel Colossus and Gravebane Zombie"],
        "701.37c": ["Example: A player owns and controls Midnight Scavengers"],
    }
    found = {r.number: [e.text for e in r.examples] for r in seed.rules if r.examples}
    assert set(found) == set(expected)
    for number, starts in expected.items():
        assert len(found[number]) == len(starts)
        for text, start in zip(found[number], starts, strict=True):
            assert text.startswith(start)
    # the examples' lines are counted as examples, the blank lines before them as blank
    assert seed.accounting.by_kind["example"] == 9


def test_seed_spans_point_into_the_file(seed) -> None:
    assert seed.rule("701.18").span.line == 94
    assert seed.rule("701.49a").span.line == 269
    assert seed.rule("701.10a").examples[0].span.line == 49


def test_malformed_rule_line_with_a_readable_number_is_repaired() -> None:
    text = "# **701.** Keyword Actions\n\n**701.1.** Most actions.\n\n**701.2 Activate\n+ **701.2a** To activate.\n"
    edition = parse_text(text, "broken.md", format="markdown")
    assert edition.rule("701.2").title == "Activate"
    assert edition.rule("701.2a").parent == "701.2"
    (repair,) = edition.repairs
    assert (repair.line, repair.kind) == (5, "malformed-markup")
    assert edition.accounting.complete


def test_malformed_rule_line_without_a_number_is_an_error_with_position() -> None:
    text = "# **701.** Keyword Actions\n\n**701.1.** Most actions.\n+ **70x.1a** Oops\n"
    with pytest.raises(ParseError) as caught:
        parse_text(text, "broken.md", format="markdown")
    message = str(caught.value)
    assert message.startswith("broken.md:4:5: malformed rule line; expected a rule number in bold")
    assert "\n    + **70x.1a** Oops\n        ^" in message


def test_markdown_without_rules_is_an_error() -> None:
    with pytest.raises(ParseError) as caught:
        parse_text("# Notes\n\nNothing here.\n", "notes.md", format="markdown")
    assert str(caught.value).startswith("notes.md:1:1: no numbered rules found")


def test_cli_reports_a_malformed_markdown_file(tmp_path: Path) -> None:
    path = tmp_path / "chapter.md"
    path.write_text(
        "# **701.** Keyword Actions\n\n**701.1.** Fine.\n**7x1.2.** Broken\n", encoding="utf-8"
    )
    result = run_crdex("parse", str(path))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(f"Error: {path}:4:3: malformed rule line")
    assert "read as 'markdown' because" in result.stderr


# ---- the whole book ------------------------------------------------------------------


@pytest.mark.corpus
def test_book_directory_in_summary_order() -> None:
    book = corpus_path("cr-markdown/2022-10-07")
    edition = parse_path(book)
    assert edition.id == "2022-10-07"
    assert edition.source.format == "markdown"
    assert edition.title == "Magic: The Gathering Comprehensive Rules"
    assert edition.accounting.complete
    # every line of README, SUMMARY and the chapter files, once
    files = [book / "README.md", book / "SUMMARY.md", *sorted(book.glob("*/*.md"))]
    assert edition.accounting.lines_total == sum(
        len(f.read_text(encoding="utf-8").splitlines()) for f in files
    )
    sections = [r for r in edition.rules if r.kind == "section"]
    assert [s.number for s in sections] == [str(n) for n in range(1, 10)]
    assert sections[0].title == "Game Concepts"
    assert edition.rule("100").parent == "1"
    assert edition.rule("701.22").title == "Fateseal"
    assert edition.rule("701.22").span.path.endswith("additional-rules/keyword-actions.md")
    # SUMMARY links to glossary.md and credits.md, which the tree does not have
    missing = [r for r in edition.repairs if r.kind == "missing-file"]
    assert [r.line for r in missing] == [151, 152]
    assert missing[0].reason.startswith("SUMMARY.md: links to glossary.md")


@pytest.mark.corpus
def test_book_chapter_matches_the_seed() -> None:
    edition = parse_path(corpus_path("cr-markdown/2022-10-07"))
    seed = parse_path(SEED)
    book_701 = [r for r in edition.subtree("701")]
    assert [r.number for r in book_701] == [r.number for r in seed.rules]
    assert all(
        a.text == b.text and [e.text for e in a.examples] == [e.text for e in b.examples]
        for a, b in zip(book_701, seed.rules, strict=True)
    )


def test_directory_without_summary_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "chapter.md").write_text("# **100.** General\n", encoding="utf-8")
    with pytest.raises(FormatError, match=r"has no SUMMARY\.md"):
        parse_path(tmp_path)


def _small_book(where: Path) -> None:
    where.mkdir(parents=True)
    (where / "README.md").write_text(
        "Magic: The Gathering Comprehensive Rules\nThese rules are effective as of May 5, 2023.\n",
        encoding="utf-8",
    )
    (where / "SUMMARY.md").write_text(
        "- [Introduction](README.md)\n- [**1.** Game Concepts]()\n"
        "\t- [**100.** General](one/general.md)\n",
        encoding="utf-8",
    )
    (where / "one").mkdir()
    (where / "one" / "general.md").write_text(
        "# **100.** General\n\n**100.1.** Play.\n", encoding="utf-8"
    )


def test_book_from_scratch_reads_summary_order(tmp_path: Path) -> None:
    book = tmp_path / "book"
    _small_book(book)
    summary = book / "SUMMARY.md"
    summary.write_text(
        summary.read_text("utf-8") + "\t- [**101.** Golden](one/golden.md)\n", "utf-8"
    )
    (book / "one" / "golden.md").write_text(
        "# **101.** Golden\n\n**101.1.** Cards win.\n", encoding="utf-8"
    )
    (book / "one" / "stray.md").write_text("# **102.** Stray\n", encoding="utf-8")
    edition = parse_path(book)
    assert edition.id == "2023-05-05"
    assert [r.number for r in edition.rules] == ["1", "100", "100.1", "101", "101.1"]
    assert edition.accounting.complete and edition.accounting.lines_total == 2 + 4 + 3 + 3
    (unlisted,) = [r for r in edition.repairs if r.kind == "unlisted-files"]
    assert "one/stray.md" in unlisted.reason and unlisted.line == 1


def test_a_book_made_of_links_to_another_tree_is_read_whole(tmp_path: Path) -> None:
    """Every file of the book a symbolic link (as ``cp -as`` or a package store makes)."""
    _small_book(tmp_path / "real")
    linked = tmp_path / "linked"
    for file in (tmp_path / "real").rglob("*"):
        target = linked / file.relative_to(tmp_path / "real")
        if file.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(file)
    edition = parse_path(linked)
    assert [r.number for r in edition.rules] == ["1", "100", "100.1"]
    assert not edition.repairs
    assert edition.accounting.complete and edition.accounting.lines_total == 2 + 3 + 3


def test_a_summary_link_out_of_the_book_is_not_read(tmp_path: Path) -> None:
    _small_book(tmp_path / "book")
    (tmp_path / "elsewhere.md").write_text("# **101.** Elsewhere\n", encoding="utf-8")
    summary = tmp_path / "book" / "SUMMARY.md"
    summary.write_text(
        summary.read_text("utf-8") + "\t- [**101.** Elsewhere](../elsewhere.md)\n", "utf-8"
    )
    edition = parse_path(tmp_path / "book")
    assert [r.number for r in edition.rules] == ["1", "100", "100.1"]
    (outside,) = [r for r in edition.repairs if r.kind == "outside-book"]
    # the reason is given with the file and line it is on, as every repair of a book is
    assert outside.reason == "SUMMARY.md: links outside the book (../elsewhere.md); not read"
    assert outside.line == 4
