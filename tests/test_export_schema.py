"""Export schema 2: names, documented enumerations, no machine paths, byte-identical copies.

Built from the invented editions of tests/data/check/edits/ (see
tests/test_check_edits.py for what each says): 2012-04-01 edits only the
example of 100.2, inserts 701.2 Activate (Attach, Scry, Fateseal, Shuffle
each move down one; Scry's quotes turn curly and it gains an example);
2012-07-01 drops Fateseal and rewords Shuffle, which moves back to 701.5.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, invented_library
from crdex.index.export import ExportReadError, export, load_export, plan_export, schema
from crdex.index.export.enums import ENUMERATIONS
from crdex.index.library import Library
from crdex.index.lineage.classify import EDIT_CLASSES

EDITS = REPO / "tests" / "data" / "check" / "edits"
FORMATS = ("json", "jsonl", "sqlite")


def library() -> Library:
    return invented_library(EDITS)


def write(folder: Path, fmt: str, lib: Library | None = None, **how: Any) -> Path:
    lib = lib or library()
    out = folder / f"export.{fmt}"
    export(plan_export(lib, lib.graph(), **how), fmt, out)
    return out


def document(tmp_path: Path, **how: Any) -> dict[str, Any]:
    return json.loads(write(tmp_path, "json", **how).read_text("utf-8"))


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_same_documents_in_two_folders_give_the_same_bytes(tmp_path: Path, fmt: str) -> None:
    """Two libraries, each built from its own copy of the documents in its own folder."""
    outs = []
    for name in ("one", "two/deeper"):
        docs = tmp_path / name / "docs"
        docs.mkdir(parents=True)
        for f in sorted(EDITS.glob("*.txt")):
            shutil.copy(f, docs / f.name)
        lib = Library(tmp_path / name / "home")
        lib.add([docs])
        lib.graph()
        outs.append(write(tmp_path / name, fmt, lib, all_editions=True))
    assert outs[0].read_bytes() == outs[1].read_bytes()
    data = outs[0].read_bytes()
    assert str(tmp_path).encode() not in data
    assert b"/docs/" not in data and b"/home/" not in data


def test_documents_are_named_by_file_name_and_sha256(tmp_path: Path) -> None:
    doc = document(tmp_path, all_editions=True)
    assert [(c["file_name"], len(c["sha256"])) for c in doc["chain"]] == [
        ("mini-2012-01-01.txt", 64),
        ("mini-2012-04-01.txt", 64),
        ("mini-2012-07-01.txt", 64),
    ]
    assert doc["editions"][0]["edition"]["file_name"] == "mini-2012-01-01.txt"
    assert "path" not in doc["editions"][0]["edition"]


def test_enumerations_are_one_list_in_both_schemas(tmp_path: Path) -> None:
    """The JSON Schema's enums, the SQLite lookup tables and the graph's edit classes agree."""
    defs = schema()["$defs"]
    assert defs["editClass"]["enum"] == list(ENUMERATIONS["edit_classes"]) == list(EDIT_CLASSES)
    props = {name: defs[name]["properties"] for name in defs if "properties" in defs[name]}
    assert props["ruleFields"]["kind"]["enum"] == list(ENUMERATIONS["rule_kinds"])
    assert props["version"]["kind"]["enum"] == list(ENUMERATIONS["node_kinds"])
    assert props["identityFields"]["kind"]["enum"] == list(ENUMERATIONS["identity_kinds"])
    assert props["identityFields"]["status"]["enum"] == list(ENUMERATIONS["identity_statuses"])
    assert props["version"]["relation"]["enum"] == list(ENUMERATIONS["version_relations"])
    assert props["changeFields"]["relation"]["enum"] == list(ENUMERATIONS["change_relations"])
    assert props["changeFields"]["kind"]["enum"] == list(ENUMERATIONS["identity_kinds"])
    assert props["linkFields"]["kind"]["enum"] == list(ENUMERATIONS["link_kinds"])
    assert props["reference"]["kind"]["enum"] == list(ENUMERATIONS["reference_kinds"])
    db = sqlite3.connect(write(tmp_path, "sqlite", all_editions=True))
    for table, values in ENUMERATIONS.items():
        assert dict(db.execute(f"SELECT value, description FROM {table}")) == values


def test_every_enumerated_sqlite_column_references_its_lookup_table(tmp_path: Path) -> None:
    db = sqlite3.connect(write(tmp_path, "sqlite", all_editions=True))
    refs = {
        (table, row[3]): row[2]
        for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        for row in db.execute(f"PRAGMA foreign_key_list({table})")
    }
    assert {k: v for k, v in refs.items() if v in ENUMERATIONS} == {
        ("rules", "kind"): "rule_kinds",
        ("rule_references", "kind"): "reference_kinds",
        ("glossary_references", "kind"): "reference_kinds",
        ("identities", "kind"): "identity_kinds",
        ("identities", "status"): "identity_statuses",
        ("versions", "kind"): "node_kinds",
        ("versions", "relation"): "version_relations",
        ("versions", "edit_class"): "edit_classes",
        ("links", "kind"): "link_kinds",
        ("changes", "kind"): "identity_kinds",
        ("changes", "relation"): "change_relations",
        ("changes", "edit_class"): "edit_classes",
    }
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    # the comments that say what a column holds are kept in the file
    (sql,) = db.execute("SELECT sql FROM sqlite_master WHERE name = 'changes'").fetchone()
    assert "-- moved or edited: none, typography, references, examples, meaning" in sql


def test_no_opaque_or_inconsistent_names(tmp_path: Path) -> None:
    doc = document(tmp_path, all_editions=True)
    keys: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            keys.update(value)
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk({k: v for k, v in doc.items() if k != "editions"})
    walk(doc["editions"][0]["edition"])
    assert not keys & {"key", "from_key", "to_key", "other", "edition", "identity", "path"}
    assert not keys & {"first_edition", "last_edition", "previous_edition", "exported"}
    # whatever names an edition ends in edition_id (or is an edition's own id)
    assert {k for k in keys if "edition" in k} == {
        "edition_id",
        "previous_edition_id",
        "first_edition_id",
        "last_edition_id",
        "exported_edition_ids",
    }


def test_an_edited_example_is_its_own_class(tmp_path: Path) -> None:
    doc = document(tmp_path, all_editions=True)
    classes = {
        (c["edition_id"], c["old_number"], c["new_number"]): (c["relation"], c["edit_class"])
        for c in doc["changes"]
        if c["kind"] == "rule"
    }
    # 100.2: "sixty cards" became "forty cards" in its example; its own text is the same
    assert classes[("2012-04-01", "100.2", "100.2")] == ("edited", "examples")
    # Scry: moved, curly quotes and a new example: no change of meaning
    assert classes[("2012-04-01", "701.3a", "701.4a")] == ("moved", "examples")
    # Shuffle gained a sentence of its own
    assert classes[("2012-07-01", "701.6a", "701.5a")] == ("moved", "meaning")
    scry = next(i for i in doc["identities"] if i["id"] == "2012-01-01/701.3a")
    assert [(v["number"], v["examples"]) for v in scry["versions"]] == [
        ("701.3a", []),
        ("701.4a", ["Example: A player scrys 2 and puts both cards on the bottom."]),
    ]
    assert scry["versions"][1]["text"].startswith("To \u201cscry N\u201d means")


def test_a_latest_only_export_says_what_changed_in_its_edition(tmp_path: Path) -> None:
    out = write(tmp_path, "sqlite", editions=["latest"])
    db = sqlite3.connect(out)
    rows = db.execute(
        "SELECT relation, old_number, new_number, edit_class, old_title || old_text, "
        "new_title || new_text "
        "FROM change_texts WHERE edition_id = '2012-07-01' AND old_number LIKE '701.%' "
        "ORDER BY old_number"
    ).fetchall()
    fateseal = (
        'To "fateseal N" means to look at the top N cards of an opponent\'s library, then put '
        "any number of them on the bottom of that player's library in any order and the rest "
        "on top of that library in any order."
    )
    shuffle = (
        "To shuffle a library or a face-down pile of cards means to randomize the cards "
        "within it so that no player knows their order."
    )
    assert rows == [
        ("removed", "701.5", None, None, "Fateseal", None),
        ("removed", "701.5a", None, None, fateseal, None),
        ("moved", "701.6", "701.5", "none", "Shuffle", "Shuffle"),
        (
            "moved",
            "701.6a",
            "701.5a",
            "meaning",
            shuffle,
            shuffle + " A player may not look at the cards while shuffling.",
        ),
    ]
    (previous,) = db.execute(
        "SELECT DISTINCT previous_edition_id FROM changes WHERE edition_id = '2012-07-01'"
    ).fetchone()
    assert previous == "2012-04-01"


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_of_schema_1_is_refused_with_the_way_out(tmp_path: Path, fmt: str) -> None:
    out = write(tmp_path, fmt)
    if fmt == "sqlite":
        db = sqlite3.connect(out)
        with db:
            db.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
        db.close()
    else:
        text = out.read_text("utf-8").replace('"schema_version":2', '"schema_version":1', 1)
        out.write_text(text, "utf-8")
    with pytest.raises(ExportReadError) as caught:
        load_export(out)
    assert str(caught.value) == (
        f"{out}: schema version 1; this crdex reads version 2 "
        "(export again, or see 'Export schema 2' in the README for the renamed fields)"
    )
