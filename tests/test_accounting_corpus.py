"""Accounting that means *understood*, over every official edition in ../shared/corpus.

Every line of every edition is accounted for (in a node or in the repairs),
and each line is either understood (read as a construct the grammar names)
or absorbed (joined to a neighbour because nothing else fitted, with a
repair saying so). From 2004-06-01 on, rules and glossary definitions are
one line each (the hard-wrapped editions end with 2004-02-01), and the only
absorbed lines are the ones listed in tests/data/absorbed_lines.tsv, each
with what the document shows there. The listed lines are found in the
documents by their text, without the parser.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from conftest import corpus_path, official_text_files, parsed
from crdex.corpus import decode
from crdex.parser.ledger import ABSORBING_REPAIRS

pytestmark = pytest.mark.corpus

TABLE = Path(__file__).parent / "data" / "absorbed_lines.tsv"
with TABLE.open(encoding="utf-8", newline="") as _fh:
    LISTED = list(csv.DictReader(_fh, delimiter="\t"))

# the first edition whose lines are not hard-wrapped (2004-02-01 is the last wrapped one)
ONE_LINE_FROM = "2004-06-01"


def _key(name: str) -> str:
    """``cr-2013-02-01.truncated.txt`` → ``2013-02-01.truncated``: the name the table uses."""
    return name.removeprefix("cr-").removesuffix(".txt")


def _covers(row: dict[str, str], name: str) -> bool:
    """A row names one copy ("2013-02-01.truncated"), or the editions of a span of dates
    and every copy of them ("2014-05-01.derived" is 2014-05-01)."""
    key = _key(name)
    if "." in row["first"]:
        return key == row["first"]
    return row["first"] <= key[:10] <= row["last"]


def expected_absorbed(name: str) -> set[tuple[int, str]]:
    """(line, repair) of the listed lines, found by their text in the decoded document."""
    lines = decode(corpus_path(name).read_bytes(), name).text.split("\n")
    out = set()
    for row in LISTED:
        if not _covers(row, name):
            continue
        start = row["line starts with"]
        found = [
            (number, row["repair"])
            for number, line in enumerate(lines, 1)
            # a line of its own ("f"), or one that begins so (in straight or curly quotes)
            if line.strip() == start
            or (len(start) > 2 and line.translate(_QUOTES).startswith(start))
        ]
        # a second copy may be cut short before the line (2013-02-01.truncated has no "Move")
        assert found or "." in _key(name), f"{name}: no line starts with {start!r}"
        out.update(found)
    return out


_QUOTES = str.maketrans("\u201c\u201d", '""')
MODERN = [n for n in official_text_files() if _key(n)[:10] >= ONE_LINE_FROM]


def test_the_table_lists_real_editions() -> None:
    keys = {_key(n) for n in official_text_files()}
    for row in LISTED:
        assert row["first"] in keys and row["last"] in keys, row
        assert row["repair"] in ABSORBING_REPAIRS and row["why, as the document shows it"]


@pytest.mark.parametrize("name", official_text_files())
def test_every_absorbed_line_has_its_repair(name: str) -> None:
    """Accounted = understood + absorbed; each absorbed line is a repair quoting the line."""
    edition = parsed(name)
    acc = edition.accounting
    assert acc is not None and acc.lines_accounted == acc.lines_total
    assert acc.lines_understood + acc.lines_absorbed == acc.lines_total
    repairs = [r for r in edition.repairs if r.kind in ABSORBING_REPAIRS]
    assert len(repairs) == acc.lines_absorbed
    lines = decode(corpus_path(name).read_bytes(), name).text.split("\n")
    for repair in repairs:
        assert repair.original == lines[repair.line - 1], repair
        assert repair.reason


@pytest.mark.parametrize("name", MODERN)
def test_modern_editions_absorb_only_the_listed_lines(name: str) -> None:
    edition = parsed(name)
    absorbed = {(r.line, r.kind) for r in edition.repairs if r.kind in ABSORBING_REPAIRS}
    assert absorbed == expected_absorbed(name)


def test_understood_share_per_edition(capsys: pytest.CaptureFixture[str]) -> None:
    """The share of understood lines, edition by edition (printed with the test run)."""
    rows = []
    for name in official_text_files():
        acc = parsed(name).accounting
        assert acc is not None
        rows.append(
            f"{name:<40} {acc.lines_total:>6} lines  {acc.lines_absorbed:>3} absorbed  "
            f"{acc.understood_ratio:8.3%} understood"
        )
        # the one edition whose copy lost the indentation of its glossary paragraphs
        # (cr-2003-05-26.txt) absorbs 82 lines; every other, a dozen at most
        assert acc.understood_ratio >= (0.95 if name == "cr-2003-05-26.txt" else 0.99), name
    with capsys.disabled():
        print("\nunderstood lines per edition\n" + "\n".join(rows))
