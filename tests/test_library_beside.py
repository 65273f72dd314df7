"""The rule table and the witnesses' disagreements, made beside the graph or in the building process.

A build that makes the identity graph writes the rule table and compares
an edition's witnesses in a worker process meanwhile; one asked to use a
single process does both itself. Either way the generation holds the same.
Expectations read in the documents: rule 206.3a of the 2022-10-07 edition
lists Arabian Nights names; the official text spells "Dandân" (and
"El-Hajjâj", "Ghazbán Ogre"), while the markdown book
(cr-markdown/2022-10-07/parts-of-a-card/expansion-symbol.md, line 8) and
the mdBook HTML rendering print them garbled ("Dandвn", "El-Hajjвj",
"Ghazbбn Ogre"): both renderings disagree with the official text there and
nowhere else.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from conftest import corpus_path
from crdex import api
from crdex.index.library.ruletable import RULES

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

DOCUMENTS = [
    "cr-2022-09-08.txt",
    "cr-2022-10-07.txt",
    "cr-markdown/2022-10-07",
    "cr-2022-10-07.mdbook.html",
]


def _generation(home: Path) -> Path:
    return home / (home / "CURRENT").read_text("utf-8").strip()


def _rows(generation: Path) -> dict[str, tuple[list, list]]:
    """Each edition's rows with the blobs they name written out."""
    db = sqlite3.connect(generation / RULES)
    try:
        blobs = dict(db.execute("SELECT id, data FROM blobs"))
        out = {}
        for key, rules, glossary in db.execute("SELECT key, rules, glossary FROM trees"):
            out[key] = (
                [[n, p, blobs[b], blobs[c]] for n, p, b, c in json.loads(rules)],
                [[t, blobs[b], names] for t, b, names in json.loads(glossary)],
            )
        return out
    finally:
        db.close()


def _disagreements(generation: Path) -> dict[str, list]:
    editions = json.loads((generation / "editions.json").read_text("utf-8"))["editions"]
    return {e["id"]: e["disagreements"] for e in editions}


def test_beside_the_graph_or_in_one_process_the_same(tmp_path: Path) -> None:
    paths = [corpus_path(name) for name in DOCUMENTS]
    made = {}
    for workers in (1, 2):
        home = tmp_path / f"home-{workers}"
        report = api.build(paths, home=home, workers=workers)
        assert report.graph_rebuilt
        made[workers] = _generation(home)
    alone, beside = made[1], made[2]
    assert _disagreements(beside) == _disagreements(alone)
    found = _disagreements(beside)
    assert found["2022-09-08"] == []
    assert [(d["name"], d["rules"], d["missing"]) for d in found["2022-10-07"]] == [
        ("2022-10-07", ["206.3a"], 0),
        ("cr-2022-10-07.mdbook.html", ["206.3a"], 0),
    ]
    rows = _rows(beside)
    assert rows == _rows(alone)
    assert len(rows) == 2
