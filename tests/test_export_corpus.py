"""Exports of the real corpus: the whole chain as SQLite, a few editions as JSON and JSON Lines."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import jsonschema
import pytest

from conftest import export_tree as tree
from conftest import tree_of
from crdex.index.export import export, load_export, plan_export, record_schema, schema
from crdex.index.library import Library

pytestmark = pytest.mark.corpus

# editions chosen for their quirks: the first (Mac Roman, CR line endings), the
# old numbering, one that prints 702.175 twice, the latest
SAMPLE = ["1999-04-23", "2005-02-01", "2024-09-20", "2026-08-07"]
# a second copy of an edition, outside the chain
TAGGED = "2013-02-01.truncated"


@pytest.fixture(scope="module")
def library(corpus_home: Path) -> Library:
    return Library(corpus_home)


@pytest.fixture(scope="module")
def database(library: Library, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export") / "crdex.db"
    export(plan_export(library, library.graph(), all_editions=True), "sqlite", out)
    return out


def originals(library: Library, ids: list[str]) -> list[dict]:
    by_id = {d.id: d for d in library.documents.values()}
    return [tree_of(library.edition(by_id[i].sha256)) for i in ids]


def test_every_edition_with_a_rule_titled_scry(database: Path) -> None:
    """Worked out with grep over the documents (one per date; lines split on CR, LF, CRLF):
    "502.36. Scry" in 9 editions from 2004-06-01 (Fifth Dawn) to 2007-02-01, "501.8. Scry"
    in 9 to 2009-05-01, then 701.16 (12 editions, in two stretches), 701.17 (22),
    701.18 (54) and 701.22 (8, from 2025-06-06): 114 editions, one rule throughout.
    """
    db = sqlite3.connect(database)
    rows = db.execute(
        "SELECT r.number, count(*), min(e.effective_date), max(e.effective_date) "
        "FROM rules r JOIN editions e ON e.id = r.edition_id WHERE r.title = 'Scry' "
        "GROUP BY r.number ORDER BY min(e.chain_index)"
    ).fetchall()
    assert rows == [
        ("502.36", 9, "2004-06-01", "2007-02-01"),
        ("501.8", 9, "2007-05-01", "2009-05-01"),
        ("701.16", 12, "2009-07-11", "2018-01-19"),
        ("701.17", 22, "2010-02-01", "2020-06-01"),
        ("701.18", 54, "2011-09-30", "2025-04-04"),
        ("701.22", 8, "2025-06-06", "2026-08-07"),
    ]
    identities = db.execute(
        "SELECT DISTINCT identity_id FROM rules WHERE title = 'Scry'"
    ).fetchall()
    assert identities == [("2004-06-01/502.36",)]
    numbers = db.execute(
        "SELECT number FROM versions WHERE identity_id = '2004-06-01/502.36' ORDER BY position"
    ).fetchall()
    assert [n for (n,) in numbers][:3] == ["502.36", "501.8", "701.16"]


def test_sqlite_keys_and_counts(database: Path, library: Library) -> None:
    db = sqlite3.connect(database)
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    chain = library.chain()
    counts = dict(
        db.execute("SELECT edition_id, count(*) FROM rules GROUP BY edition_id").fetchall()
    )
    assert counts == {d.id: d.rules for d in chain}
    (n,) = db.execute("SELECT count(*) FROM editions WHERE exported = 1").fetchone()
    assert n == len(chain)
    # an identity's id is the id of its first version
    wrong = db.execute(
        "SELECT i.id FROM identities i JOIN versions v ON v.identity_id = i.id AND v.position = 0 "
        "WHERE i.id != v.first_edition_id || '/' || "
        "CASE i.kind WHEN 'glossary' THEN 'glossary:' || v.term ELSE v.number END "
        "AND i.id NOT LIKE '%#%'"
    ).fetchall()
    assert wrong == []


def test_a_number_printed_twice(database: Path) -> None:
    """cr-2024-09-20.txt has "702.175. Offspring" (new in 2024-07-30) and then "702.175. Impending"."""
    db = sqlite3.connect(database)
    rows = db.execute(
        "SELECT id, title, identity_id FROM rules WHERE edition_id = '2024-09-20' "
        "AND number = '702.175' ORDER BY position"
    ).fetchall()
    assert rows == [
        ("2024-09-20/702.175", "Offspring", "2024-07-30/702.175"),
        ("2024-09-20/702.175#2", "Impending", "2024-09-20/702.175"),
    ]
    (parent,) = db.execute(
        "SELECT parent_id FROM rules WHERE edition_id = '2024-09-20' AND text LIKE 'Impending is%'"
    ).fetchone()
    assert parent == "2024-09-20/702.175#2"


def test_sqlite_round_trip(database: Path, library: Library) -> None:
    data = load_export(database, editions=SAMPLE)
    assert [tree(r) for r in data.records] == originals(library, SAMPLE)
    assert data.header["complete"] is True
    assert len(data.chain) == len(library.chain())


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_json_round_trip_and_schema(library: Library, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"sample.{fmt}"
    export(plan_export(library, library.graph(), [*SAMPLE, TAGGED]), fmt, out)
    if fmt == "json":
        jsonschema.Draft202012Validator(schema()).validate(json.loads(out.read_text("utf-8")))
    else:
        # the first hundred lines of each type, then one in twenty: the json case
        # validates every record, in the same shapes
        validator = jsonschema.Draft202012Validator(record_schema())
        seen: dict[str, int] = {}
        with open(out, encoding="utf-8") as fh:
            for line in fh:
                record = json.loads(line)
                n = seen[record["type"]] = seen.get(record["type"], 0) + 1
                if n <= 100 or n % 20 == 0:
                    validator.validate(record)
        assert set(seen) == {
            "header",
            "edition",
            "rule",
            "glossary_entry",
            "identity",
            "link",
            "change",
        }
    data = load_export(out)
    ids = [r["edition"]["id"] for r in data.records]
    assert ids == [*SAMPLE, TAGGED]  # chain editions in order, then copies outside it
    assert [tree(r) for r in data.records] == originals(library, ids)
    tagged = data.records[-1]
    assert tagged["edition"]["chain_index"] is None
    assert {r["identity_id"] for r in tagged["rules"]} == {None}
    assert tagged["rules"][0]["id"].startswith(f"{TAGGED}/")
    latest = data.records[-2]
    scry = next(r for r in latest["rules"] if r["title"] == "Scry")
    assert (scry["id"], scry["identity_id"]) == ("2026-08-07/701.22", "2004-06-01/502.36")
