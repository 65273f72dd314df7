"""Bad input gets a clear crdex error (file, line, column, what was expected) or a recorded repair.

Run through the command line as a user would: exit code 1, "Error: …" on
stderr, never a traceback.
"""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

from conftest import corpus_path, run_crdex
from crdex.parser import parse_path


def assert_clean_error(result: subprocess.CompletedProcess[str], expected: str) -> None:
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("Error: "), result.stderr
    assert expected in result.stderr, result.stderr


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    result = run_crdex("parse", str(path))
    assert_clean_error(
        result,
        f"Error: {path}: not a rules document in any known format",
    )


def test_random_bytes(tmp_path: Path) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(random.Random(7).randbytes(4096))
    result = run_crdex("parse", str(path))
    assert_clean_error(result, f"Error: {path}: this looks like binary data, not text")


def test_random_text_without_rules(tmp_path: Path) -> None:
    path = tmp_path / "prose.txt"
    path.write_text(
        "Lorem ipsum dolor sit amet.\n\nConsectetur adipiscing elit.\n", encoding="utf-8"
    )
    assert_clean_error(run_crdex("parse", str(path)), "not a rules document in any known format")


def test_rules_without_a_section_heading(tmp_path: Path) -> None:
    # titled as a whole document, its rules need the section heading they stand under
    path = tmp_path / "loose.txt"
    path.write_text(
        "Comprehensive Rules\n\n100.1. A rule with no section around it.\n", encoding="utf-8"
    )
    result = run_crdex("parse", str(path))
    assert_clean_error(
        result, f"Error: {path}:3:1: no numbered rules found; expected a section heading"
    )


@pytest.mark.corpus
def test_pdf_given_as_text(tmp_path: Path) -> None:
    # the official 2002 PDF under a .txt name: still recognised as a PDF, by its bytes
    path = tmp_path / "rules.txt"
    path.write_bytes(corpus_path("cr-2002-10-07.pdf").read_bytes())
    result = run_crdex("parse", str(path), "--format", "official")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "PDF" in result.stderr


@pytest.mark.corpus
def test_docx_given_as_text(tmp_path: Path) -> None:
    path = tmp_path / "rules.txt"
    path.write_bytes(corpus_path("cr-2014-05-01.docx").read_bytes())
    result = run_crdex("parse", str(path), "--format", "official")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "Word" in result.stderr or "docx" in result.stderr


@pytest.mark.parametrize(
    ("megabytes", "expected"),
    [
        # within the size bound, its one line is beyond the line bound
        (
            10,
            "3:100001: line 3 is 10,485,767 characters long; expected lines of rules text "
            "(at most 100,000 characters)",
        ),
        # beyond the size bound: refused before it is read
        (
            50,
            " 52,428,826 bytes; a rules document is at most 16,777,216 bytes "
            "(the largest edition is 1.7 MB)",
        ),
    ],
)
def test_a_line_of_megabytes(tmp_path: Path, megabytes: int, expected: str) -> None:
    path = tmp_path / "long.txt"
    path.write_bytes(b"1. Game Concepts\n\n100.1. " + b"x" * (megabytes << 20) + b"\n")
    assert_clean_error(run_crdex("parse", str(path)), f"Error: {path}:{expected}")


@pytest.mark.corpus
@pytest.mark.parametrize("fraction", [0.0015, 0.003, 0.01, 0.3, 0.7, 0.95])
def test_truncated_edition(tmp_path: Path, fraction: float) -> None:
    """Cut 2026-08-07 at several points: an error with its position, or a recorded repair."""
    data = corpus_path("cr-2026-08-07.txt").read_bytes()
    cut = data[: int(len(data) * fraction)]
    path = tmp_path / "cut.txt"
    path.write_bytes(cut)
    lines = cut.decode("utf-8-sig", errors="ignore").split("\n")
    if lines[-1] == "":  # cut right after a newline: the last line is the one before
        lines.pop()
    result = run_crdex("parse", str(path))
    if fraction < 0.004:  # the contents end near byte 3,800 of 968,425
        # cut in the table of contents: the parser says where and what it needed
        assert_clean_error(
            result,
            f"Error: {path}:{len(lines)}:{len(lines[-1]) + 1}: the document ends too early; expected ",
        )
        assert "the 'Glossary' heading" in result.stderr
        assert "    ^" in result.stderr
    else:
        # read as far as it goes and shown, then reported as cut short: exit status 1
        edition = parse_path(path)
        assert edition.accounting.complete
        (truncated,) = [r for r in edition.repairs if r.kind == "truncated"]
        where = "in its glossary" if fraction > 0.8 else "in its rules, before the glossary"
        assert f"the document ends {where} (no credits follow)" in truncated.reason
        assert_clean_error(result, f"Error: {path}:{truncated.line}: {truncated.reason}")
        assert f"  cut short    at line {truncated.line}: {truncated.reason}" in result.stdout


def test_unknown_format_name(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text("1. Game\n\n100.1. Hi.\n", encoding="utf-8")
    result = run_crdex("parse", str(path), "--format", "nonsense")
    assert result.returncode == 2
    assert "Invalid value for '--format'" in result.stderr
