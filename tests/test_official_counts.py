"""Counts per edition, against figures counted from the documents without the parser.

The expected figures are in tests/data/edition_counts.tsv. They were counted
with grep/awk over the decoded files and checked by reading; the method for
each column and every irregularity found is written down in
tests/data/edition_counts.md (for example "408.f" in 1999-11-01 counted as a
subrule, wrapped cross-references such as '419.8 "Sources of Damage."' in
2003-10-01 not counted as rules).
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from conftest import parsed

pytestmark = pytest.mark.corpus

TABLE = Path(__file__).parent / "data" / "edition_counts.tsv"
with TABLE.open(encoding="utf-8", newline="") as _fh:
    ROWS = list(csv.DictReader(_fh, delimiter="\t"))


def test_table_spans_the_years() -> None:
    years = {row["file"][3:7] for row in ROWS}
    assert len(ROWS) >= 12
    assert min(years) <= "1999" and max(years) >= "2026"


@pytest.mark.parametrize("row", ROWS, ids=[r["file"] for r in ROWS])
def test_counts_match_the_document(row: dict[str, str]) -> None:
    edition = parsed(row["file"])
    kinds = Counter(r.kind for r in edition.rules)
    got = {
        "sections": kinds["section"],
        "rules": kinds["rule"],
        "subrules": kinds["subrule"],
        "glossary": len(edition.glossary),
        "examples": sum(len(r.examples) for r in edition.rules),
    }
    expected = {key: int(row[key]) for key in got}
    assert got == expected
