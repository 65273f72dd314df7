"""Format detection: ``crdex parse PATH`` picks the format, ``--format`` overrides it.

A wrong guess (or a wrong ``--format``) is an error that names the format
tried and why it was chosen.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import corpus_path, run_crdex
from crdex.corpus import bundled_documents
from crdex.parser import ParseError, detect_format, format_names, parse_text


def test_every_format_is_known_to_the_cli() -> None:
    assert set(format_names()) == {
        "official",
        "markdown",
        "mdbook-html",
        "pdf-text",
        "excerpt",
        "rulings",
        "rulings-1999",
        "docx",
        "pdf",
        "rtf",
    }
    result = run_crdex("parse", "--help")
    assert "mdbook-html" in result.stdout and "rulings" in result.stdout


@pytest.mark.parametrize(
    ("sample", "name"),
    [
        ("2022-10-07.keyword-actions.txt", "markdown"),
        ("keyword-abilities.pdf-extract.txt", "pdf-text"),
        ("rulings-501-keyword-actions.txt", "rulings"),
    ],
)
def test_seeds_are_detected(sample: str, name: str) -> None:
    path = next(p for p in bundled_documents() if p.name == sample)
    text = path.read_text(encoding="utf-8")
    fmt, reason = detect_format(text, str(path))
    assert fmt.name == name and reason
    result = run_crdex("parse", str(path), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["edition"]["format"] == name
    assert data["accounting"]["lines_total"] == data["accounting"]["lines_accounted"]


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("cr-2022-10-07.txt", "official"),
        ("cr-2022-10-07.mdbook.html", "mdbook-html"),
        ("cr-markdown/2022-10-07", "markdown"),
        ("cr-2014-05-01.docx", "docx"),
        ("cr-2002-10-07.pdf", "pdf"),
        ("cr-2003-06-01.rtf", "rtf"),
        ("rulings-crystalkeep-general-1999-05-16.reflowed.txt", "rulings-1999"),
    ],
)
def test_corpus_documents_are_detected(name: str, fmt: str) -> None:
    result = run_crdex("parse", str(corpus_path(name)))
    assert result.returncode == 0, result.stderr
    assert f"  format       {fmt}," in result.stdout
    assert "(100.0%)" in result.stdout


def test_format_overrides_detection() -> None:
    """One rule per line, no footer: official text unless told it was extracted from a PDF."""
    text = (
        "1. Game\n\n502.36. Scry\n"
        "502.36a Scry is a static ability that functions while a spell is\n"
        "resolving.\n"
    )
    assert parse_text(text, "slice.txt").source.format == "official"
    edition = parse_text(text, "slice.txt", format="pdf-text")
    assert edition.source.format == "pdf-text"
    assert edition.rule("502.36a").text.endswith("while a spell is resolving.")
    assert [r.kind for r in edition.repairs] == ["rejoined-line"]


def test_an_excerpt_is_read_from_its_first_rule() -> None:
    """Rules cut from the official text: no title, no date, no section heading before them."""
    text = (
        "502.36. Scry\n"
        "502.36a Scry is a static ability that functions while a spell is\n"
        "resolving.\n"
        "502.36b If a spell or ability has multiple instances of scry, each one works "
        "separately.\n"
    )
    fmt, reason = detect_format(text, "pasted.txt")
    assert (fmt.name, reason) == (
        "excerpt",
        "its first rule (line 1) comes before any section heading or title",
    )
    edition = parse_text(text, "pasted.txt")
    assert [r.number for r in edition.rules] == ["502.36", "502.36a", "502.36b"]
    assert edition.rule("502.36a").text.endswith("while a spell is resolving.")
    assert edition.effective_date is None
    # a section heading before the first rule: a whole document, the official text's
    assert detect_format("1. Game\n\n" + text, "slice.txt")[0].name == "official"


def test_wrong_format_names_the_format_tried() -> None:
    path = next(p for p in bundled_documents() if p.name == "2022-10-07.keyword-actions.txt")
    result = run_crdex("parse", str(path), "--format", "rulings")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"Error: {path}:49:1: unexpected a wrapped line; expected ")
    assert "(read as 'rulings', as asked)" in result.stderr


def test_wrong_guess_names_the_format_and_why() -> None:
    # bold rule numbers make it look like markdown, but a line is broken
    text = "**701.1.** Fine.\n+ **7x1.1a** broken\n"
    with pytest.raises(ParseError) as caught:
        parse_text(text, "notes.txt")
    message = str(caught.value)
    assert message.startswith("notes.txt:2:5: malformed rule line")
    assert "(read as 'markdown' because 1 lines start with a rule number in bold" in message


def test_directory_with_another_format_is_an_error(tmp_path: Path) -> None:
    result = run_crdex("parse", str(tmp_path), "--format", "official")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "a directory is read as a markdown book" in result.stderr
