"""Word, PDF and RTF originals: converted to text by their libraries, then read as official text."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from conftest import corpus_path, run_crdex
from crdex.corpus.convert import sniff_binary
from crdex.corpus.errors import ConversionError, NotTextError
from crdex.parser import FormatError, parse_bytes, parse_path


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "kind", "edition_id", "rules"),
    [
        ("cr-2014-05-01.docx", "docx", "2014-05-01", 2091),
        ("cr-2014-06-01.docx", "docx", "2014-06-01", 2135),
        ("cr-2014-07-18.docx", "docx", "2014-07-18", 2138),
        ("cr-2002-10-07.pdf", "pdf", "2002-10-07", 571),
        ("cr-2003-06-01.rtf", "rtf", "2003-06-01", 589),
    ],
)
def test_originals_parse_with_full_accounting(
    name: str, kind: str, edition_id: str, rules: int
) -> None:
    edition = parse_path(corpus_path(name))
    assert edition.source.format == kind
    assert edition.id == edition_id
    assert edition.accounting.complete
    assert len(edition.rules) == rules
    assert edition.glossary, "the glossary is read too"


@pytest.mark.corpus
def test_word_97_document_gets_a_clear_error() -> None:
    path = corpus_path("cr-2003-06-01.doc")
    with pytest.raises(NotTextError) as caught:
        parse_path(path)
    assert "Word 97-2003 document (.doc)" in str(caught.value)
    assert "save it as .docx" in str(caught.value)
    result = run_crdex("parse", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"Error: {path}: this is a Word 97-2003 document (.doc)")


@pytest.mark.corpus
def test_pdf_asked_to_be_read_as_markdown_names_both() -> None:
    path = corpus_path("cr-2002-10-07.pdf")
    result = run_crdex("parse", str(path), "--format", "markdown")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "read as 'markdown' (as asked), it fails: it is a PDF file" in result.stderr


def test_text_asked_to_be_read_as_docx_is_an_error() -> None:
    with pytest.raises(FormatError, match="is not a docx document"):
        parse_bytes(b"1. Game\n\n100.1. Hi.\n", "rules.txt", format="docx")


def test_damaged_originals_get_clear_errors() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("word/document.xml", "<not really a document")
    with pytest.raises(ConversionError, match="not a readable Word document"):
        parse_bytes(buffer.getvalue(), "broken.docx")
    with pytest.raises(ConversionError, match="not a readable PDF file"):
        parse_bytes(b"%PDF-1.4\n% nothing here\n", "broken.pdf")


def test_sniff_binary() -> None:
    assert sniff_binary(b"%PDF-1.2 ...") == "pdf"
    assert sniff_binary(b"{\\rtf1\\ansi ...") == "rtf"
    assert sniff_binary(b"plain text") is None


def test_small_rtf(tmp_path: Path) -> None:
    rtf = (
        r"{\rtf1\ansi\ansicpg1252 {\b Magic: The Gathering Comprehensive Rules}\par\par "
        r"These rules are current as of June 1, 2003.\par\par Contents\par\par "
        r"1. The Game\par\par Glossary\par\par 1. The Game\par\par 100. General\par\par "
        r"100.1. These rules assume a game between two players\rquote  decks.\par\par "
        r"Glossary\par\par Ante\par A way of playing for keeps.\par}"
    )
    path = tmp_path / "small.rtf"
    path.write_bytes(rtf.encode("ascii"))
    edition = parse_path(path)
    assert edition.source.format == "rtf"
    assert edition.id == "2003-06-01"
    assert edition.rule("100.1").text == "These rules assume a game between two players’ decks."
    assert edition.accounting.complete
