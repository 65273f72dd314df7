"""Exports of three small invented editions (no corpus needed): shapes, ids, schema, round trip.

The editions are tests/data/check/library/ (see tests/test_check_judge.py):
2010-07-16 has 701.2 Scry and 701.3 Fateseal; 2010-10-01 inserts 701.2
Attach (Scry → 701.3, Fateseal → 701.4); 2011-01-01 drops Fateseal and adds
a sentence to 701.2a.
"""

from __future__ import annotations

import json
import os
import pty
import sqlite3
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from conftest import MINI_LIBRARY, REPO, invented_library, tree_of
from conftest import crdex_in as crdex
from conftest import export_tree as tree
from crdex.index.export import (
    ExportReadError,
    export,
    load_export,
    plan_export,
    record_schema,
    schema,
    sql_schema,
)
from crdex.index.library import Library
from crdex.parser.serialize import edition_from_dict

SCHEMA_FILE = REPO / "index" / "export" / "schema" / "crdex-export.schema.json"


def library() -> Library:
    return invented_library(MINI_LIBRARY)


def write(tmp_path: Path, fmt: str, **how) -> Path:
    lib = library()
    out = tmp_path / f"export.{fmt}"
    export(plan_export(lib, lib.graph(), **how), fmt, out)
    return out


@pytest.mark.parametrize("fmt", ["json", "jsonl", "sqlite"])
def test_round_trip_gives_the_same_trees(tmp_path: Path, fmt: str) -> None:
    out = write(tmp_path, fmt, all_editions=True)
    data = load_export(out)
    lib = library()
    originals = [tree_of(lib.edition(d.sha256)) for d in lib.chain()]
    assert data.editions == [edition_from_dict(e) for e in originals]
    assert [tree(r) for r in data.records] == originals
    assert data.header["complete"] is True
    loaded, graph = data.graph(), lib.graph()
    assert [list(loaded.versions(i)) for i in loaded.identities] == [
        list(graph.versions(i)) for i in graph.identities
    ]
    assert loaded.links == graph.links
    assert [e.id for e in loaded.editions] == [e.id for e in graph.editions]


def test_json_validates_against_the_schema(tmp_path: Path) -> None:
    doc = json.loads(write(tmp_path, "json", all_editions=True).read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema())
    jsonschema.Draft202012Validator(schema()).validate(doc)
    broken = json.loads(json.dumps(doc))
    del broken["editions"][0]["rules"][0]["id"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema()).validate(broken)
    broken = json.loads(json.dumps(doc))
    broken["identities"][0]["surprise"] = 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema()).validate(broken)


def test_jsonl_lines_validate_against_the_record_schema(tmp_path: Path) -> None:
    lines = write(tmp_path, "jsonl", all_editions=True).read_text("utf-8").splitlines()
    validator = jsonschema.Draft202012Validator(record_schema())
    kinds = []
    for line in lines:
        record = json.loads(line)
        validator.validate(record)
        kinds.append(record["type"])
    assert kinds[0] == "header"
    assert kinds.count("edition") == 3
    assert {"rule", "glossary_entry", "identity", "change"} <= set(kinds)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"type": "rule", "number": "701.2"})


def test_the_schema_file_is_the_packaged_one() -> None:
    assert json.loads(SCHEMA_FILE.read_text("utf-8")) == schema()
    assert "CREATE TABLE rules" in sql_schema()


def test_ids(tmp_path: Path) -> None:
    doc = json.loads(write(tmp_path, "json", all_editions=True).read_text("utf-8"))
    second = doc["editions"][1]
    rules = {r["id"]: r for r in second["rules"]}
    scry = rules["2010-10-01/701.3"]
    assert (scry["title"], scry["identity_id"]) == ("Scry", "2010-07-16/701.2")
    assert rules["2010-10-01/701.3a"]["parent_id"] == "2010-10-01/701.3"
    assert rules["2010-10-01/701.2"]["identity_id"] == "2010-10-01/701.2"  # Attach, new here
    assert second["glossary"][0]["id"] == "2010-10-01/glossary:Scry"
    assert second["glossary"][0]["identity_id"] == "2010-07-16/glossary:Scry"
    # an identity's id is the id of its first version
    for ident in doc["identities"]:
        v = ident["versions"][0]
        key = f"glossary:{v['term']}" if ident["kind"] == "glossary" else v["number"]
        assert ident["id"] == f"{v['first_edition_id']}/{key}"
    fateseal = next(i for i in doc["identities"] if i["id"] == "2010-07-16/701.3")
    assert fateseal["status"] == "removed"
    assert [(v["number"], v["relation"]) for v in fateseal["versions"]] == [
        ("701.3", "first"),
        ("701.4", "moved"),
    ]


def test_changes(tmp_path: Path) -> None:
    doc = json.loads(write(tmp_path, "json", all_editions=True).read_text("utf-8"))
    changes = {
        (
            c["edition_id"],
            c["identity_id"],
            c["relation"],
            c["old_number"] or c["old_term"],
            c["new_number"] or c["new_term"],
            c["edit_class"],
        )
        for c in doc["changes"]
    }
    assert changes == {
        ("2010-10-01", "2010-10-01/701.2", "added", None, "701.2", None),
        ("2010-10-01", "2010-10-01/701.2a", "added", None, "701.2a", None),
        ("2010-10-01", "2010-07-16/701.2", "moved", "701.2", "701.3", "none"),
        ("2010-10-01", "2010-07-16/701.2a", "moved", "701.2a", "701.3a", "none"),
        ("2010-10-01", "2010-07-16/701.3", "moved", "701.3", "701.4", "none"),
        ("2010-10-01", "2010-07-16/701.3a", "moved", "701.3a", "701.4a", "none"),
        # "See rule 701.2" became "See rule 701.3": a change of references only
        ("2010-10-01", "2010-07-16/glossary:Scry", "edited", "Scry", "Scry", "references"),
        ("2011-01-01", "2010-10-01/701.2a", "edited", "701.2a", "701.2a", "meaning"),
        ("2011-01-01", "2010-07-16/701.3", "removed", "701.4", None, None),
        ("2011-01-01", "2010-07-16/701.3a", "removed", "701.4a", None, None),
    }
    glossary = [c for c in doc["changes"] if c["kind"] == "glossary"]
    assert [(c["old_number"], c["old_term"]) for c in glossary] == [(None, "Scry")]


def test_one_edition_carries_its_identities_and_changes(tmp_path: Path) -> None:
    data = load_export(write(tmp_path, "json", editions=["2011-01-01"]))
    assert [r["edition"]["id"] for r in data.records] == ["2011-01-01"]
    assert data.header["complete"] is False
    assert len(data.chain) == 3
    # present in 2011-01-01, or removed there (Fateseal)
    ids = {i["id"] for i in data.identities}
    assert "2010-07-16/701.3" in ids and "2010-07-16/701.2" in ids
    assert {c["edition_id"] for c in data.changes} == {"2011-01-01"}


def test_exports_are_deterministic(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = write(tmp_path / "a", "jsonl", all_editions=True)
    b = write(tmp_path / "b", "jsonl", all_editions=True)
    assert a.read_bytes() == b.read_bytes()
    # a second library read from the same documents gives the same export
    other = Library(None)
    other.add(sorted(MINI_LIBRARY.glob("*.txt")))
    c = tmp_path / "c.jsonl"
    export(plan_export(other, other.graph(), all_editions=True), "jsonl", c)
    assert c.read_bytes() == a.read_bytes()


def test_sqlite_tables_and_queries(tmp_path: Path) -> None:
    db = sqlite3.connect(write(tmp_path, "sqlite", all_editions=True))
    scry = db.execute(
        "SELECT e.effective_date, r.number, r.identity_id FROM rules r "
        "JOIN editions e ON e.id = r.edition_id WHERE r.title = 'Scry' ORDER BY e.chain_index"
    ).fetchall()
    assert scry == [
        ("2010-07-16", "701.2", "2010-07-16/701.2"),
        ("2010-10-01", "701.3", "2010-07-16/701.2"),
        ("2011-01-01", "701.3", "2010-07-16/701.2"),
    ]
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    example = db.execute(
        "SELECT x.text FROM examples x WHERE x.rule_id = '2010-07-16/100.2'"
    ).fetchall()
    assert example == [("Example: A player plays with a deck of sixty cards.",)]
    hits = db.execute(
        "SELECT r.id FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid "
        "WHERE rules_fts MATCH 'fateseal' ORDER BY r.id"
    ).fetchall()
    assert hits == [
        ("2010-07-16/701.3",),
        ("2010-07-16/701.3a",),
        ("2010-10-01/701.4",),
        ("2010-10-01/701.4a",),
    ]
    held = db.execute(
        "SELECT v.identity_id FROM versions v JOIN editions e ON e.id = '2010-10-01' "
        "WHERE v.number = '701.4' AND e.chain_index BETWEEN v.first_chain_index AND v.last_chain_index"
    ).fetchall()
    assert held == [("2010-07-16/701.3",)]
    indexes = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"rules_number", "rules_title", "rules_identity", "versions_number"} <= indexes


def test_loading_something_else_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(ExportReadError, match="not a crdex export"):
        load_export(bad)
    bad.write_text("not json at all", encoding="utf-8")
    with pytest.raises(ExportReadError, match="cannot be read"):
        load_export(bad)


# -- the command line ---------------------------------------------------------------


def test_cli_export_formats(mini_home: Path, tmp_path: Path) -> None:
    for name in ("all.json", "all.jsonl", "all.db"):
        done = crdex(tmp_path, "export", "--all-editions", "-o", name, "--home", str(mini_home))
        assert done.returncode == 0, done.stderr
        assert "exported 3 editions (2010-07-16 … 2011-01-01)" in done.stderr
        assert len(load_export(tmp_path / name).records) == 3
    done = crdex(
        tmp_path, "export", "-f", "json", "-o", "-", "-e", "2010-10-01", "--home", str(mini_home)
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["exported_edition_ids"] == ["2010-10-01"]


def test_cli_sqlite_to_standard_output(mini_home: Path, tmp_path: Path) -> None:
    """A pipe takes the database; a terminal is refused (binary is no use there)."""
    env = {k: v for k, v in os.environ.items() if k != "CRDEX_HOME"}
    args = [
        sys.executable,
        "-m",
        "crdex",
        "export",
        "-f",
        "sqlite",
        "-o",
        "-",
        "--home",
        str(mini_home),
    ]
    done = subprocess.run(args, capture_output=True, check=False, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    (tmp_path / "piped.db").write_bytes(done.stdout)
    assert [r["edition"]["id"] for r in load_export(tmp_path / "piped.db").records] == [
        "2011-01-01"
    ]
    main, other = pty.openpty()
    try:
        done = subprocess.run(
            args, stdout=other, stderr=subprocess.PIPE, check=False, cwd=tmp_path, env=env
        )
    finally:
        os.close(main)
        os.close(other)
    assert done.returncode == 1
    assert done.stderr.decode().splitlines()[-1] == (
        "Error: a SQLite export is binary: give -o PATH, or send standard output to a pipe or file"
    )


def test_cli_schema(tmp_path: Path) -> None:
    done = crdex(tmp_path, "export", "--schema")
    assert done.returncode == 0
    assert json.loads(done.stdout) == schema()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "x.txt"], "Error: cannot tell the format from 'x.txt'"),
        (["-o", "x.json", "-e", "latest", "--all-editions"], "Error: name editions with --edition"),
        (["-o", "x.json", "-e", "1990-01-01"], "Error: no edition was in force on 1990-01-01"),
        (
            ["-o", "no/such/dir/x.json"],
            "Error: no/such/dir/x.json: cannot be written (the folder no/such/dir does not exist)",
        ),
        (
            ["-o", "no/such/dir/x.db"],
            "Error: no/such/dir/x.db: cannot be written (the folder no/such/dir does not exist)",
        ),
        ([], "Error: give the file to write with -o PATH"),
        (["-f", "json", "-o", "."], "Error: .: is a directory; give the name of a file to write"),
        (["-f", "sqlite", "-o", "."], "Error: .: is a directory; give the name of a file to write"),
    ],
)
def test_cli_errors(mini_home: Path, tmp_path: Path, args: list[str], message: str) -> None:
    done = crdex(tmp_path, "export", *args, "--home", str(mini_home))
    assert done.returncode != 0
    assert message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not list(tmp_path.iterdir())  # nothing half-written
