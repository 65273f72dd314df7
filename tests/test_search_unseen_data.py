"""The held-out search questions file is well formed and names rules that exist.

``tests/data/search-unseen.tsv`` measures ranking on questions nobody tuned
for, so nothing here runs a search or looks at results: these tests check
only that every line has the three columns, that each edition is a corpus
document and that each acceptable number is a rule of that document (a line
of the decoded text starts with it). Why each number answers its question is
written in ``search-unseen.md``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from conftest import CORPUS
from crdex.corpus import decode

DATA = Path(__file__).parent / "data" / "search-unseen.tsv"
HEADER = "# query\tedition\tacceptable rule numbers"
EDITION = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# A rule number as the documents print it: 101.1, 702.19b, 704.5aa.
NUMBER = re.compile(r"^\d{3}\.\d+[a-z]{0,2}$")


def _rows() -> list[tuple[int, str, str, list[str]]]:
    """(line number, query, edition, numbers) for every question line."""
    rows = []
    for lineno, line in enumerate(DATA.read_text(encoding="utf-8").split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        query, edition, numbers = line.split("\t")
        rows.append((lineno, query, edition, numbers.split(",")))
    return rows


def test_header_comes_first() -> None:
    lines = DATA.read_text(encoding="utf-8").split("\n")
    assert lines[0].startswith(HEADER)
    comments = [n for n, line in enumerate(lines) if line.startswith("#")]
    assert comments == list(range(len(comments))), "comment lines only at the top"
    assert lines[-1] == "" and "" not in lines[:-1], "no blank lines; one final newline"


def test_every_line_has_three_columns() -> None:
    for lineno, line in enumerate(DATA.read_text(encoding="utf-8").split("\n"), 1):
        if line and not line.startswith("#"):
            assert line.count("\t") == 2, f"line {lineno}: {line!r}"


def test_fields_are_well_formed() -> None:
    rows = _rows()
    assert rows
    for lineno, query, edition, numbers in rows:
        assert query and query == query.strip(), f"line {lineno}: query {query!r}"
        assert '"' not in query, f"line {lineno}: a double quote would read as TSV quoting"
        assert EDITION.match(edition), f"line {lineno}: edition {edition!r}"
        for number in numbers:
            assert NUMBER.match(number), f"line {lineno}: rule number {number!r}"
        assert len(set(numbers)) == len(numbers), f"line {lineno}: repeated number"


def test_no_question_is_asked_twice() -> None:
    seen: dict[tuple[str, str], int] = {}
    for lineno, query, edition, _ in _rows():
        key = (query.casefold(), edition)
        assert key not in seen, f"line {lineno} repeats line {seen[key]}"
        seen[key] = lineno


@cache
def _lines(edition: str) -> tuple[str, ...]:
    path = CORPUS / f"cr-{edition}.txt"
    return tuple(decode(path.read_bytes(), str(path)).text.split("\n"))


@pytest.mark.corpus
def test_editions_are_corpus_documents() -> None:
    for lineno, _, edition, _ in _rows():
        assert (CORPUS / f"cr-{edition}.txt").is_file(), f"line {lineno}: no cr-{edition}.txt"


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("lineno", "query", "edition", "numbers"),
    _rows(),
    ids=[f"line{row[0]}" for row in _rows()],
)
def test_numbers_exist_in_the_edition(
    lineno: int, query: str, edition: str, numbers: list[str]
) -> None:
    if not (CORPUS / f"cr-{edition}.txt").is_file():
        pytest.fail(f"line {lineno}: no cr-{edition}.txt in the corpus")
    lines = _lines(edition)
    for number in numbers:
        start = re.compile(rf"^\s*{re.escape(number)}(\.|\s)")
        assert any(start.match(line) for line in lines), (
            f"line {lineno}: {number} is not a rule of cr-{edition}.txt ({query!r})"
        )
