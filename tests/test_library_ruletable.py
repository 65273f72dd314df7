"""Each edition's rules as stored rows: ``show`` answers from them as it does from the tree.

A build writes every edition's rules and glossary as rows (rules.sqlite);
``show`` reads the few it needs instead of the edition's whole tree. The
rows must answer exactly as the tree does, for every rule and glossary
entry of real editions (2005 to 2026, old numbering and new); an edition
read by the same parser keeps its rows from one generation to the next; a
library written before the rows existed is still read, from its trees; a
damaged table is reported with its remedy and repaired.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import WEB_EDITIONS, corpus_path, run_crdex
from crdex.index.answers.questions import Lineage
from crdex.index.answers.show import show
from crdex.index.errors import UnknownRule
from crdex.index.library.library import Library
from crdex.index.library.rulerows import MemoryRules
from crdex.index.library.ruletable import RULES, TableRules

pytestmark = pytest.mark.corpus


def _generation(home: Path) -> Path:
    return home / (home / "CURRENT").read_text("utf-8").strip()


def _views(lineage: Lineage, edition: str) -> dict[str, object]:
    """``show`` of every rule and glossary term of an edition, and of a few misses."""
    ref = lineage.edition(edition)
    tree = lineage.library.edition(ref.sha256)
    names = [r.number for r in tree.rules] + [g.term for g in tree.glossary]
    names += ["999.99z", "no such term", "7", "5", "trample"]
    out: dict[str, object] = {}
    for name in names:
        try:
            out[name] = show(lineage, name, edition).to_dict()
        except UnknownRule as exc:
            out[name] = str(exc)
    return out


def _without_rows(home: Path, where: Path) -> Path:
    """A copy of ``home`` as a build made before the rows existed left it."""
    copy = where / "home"
    shutil.copytree(home, copy)
    gen = _generation(copy)
    (gen / RULES).unlink()
    manifest = json.loads((gen / "manifest.json").read_text("utf-8"))
    del manifest["files"][RULES]
    (gen / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    return copy


def test_the_rows_answer_as_the_tree_does_for_every_rule(tmp_path: Path, web_home: Path) -> None:
    stored = Lineage(Library(web_home))
    from_trees = Lineage(Library(_without_rows(web_home, tmp_path)))
    ids = [e.id for e in stored.graph.editions]
    # one edition per document, each named by the date its file name gives (cr-DATE.txt)
    assert ids == [name.removeprefix("cr-").removesuffix(".txt") for name in WEB_EDITIONS]
    for edition in ids:
        key = stored.edition(edition).sha256
        assert isinstance(stored.library.rules(key), TableRules)
        assert isinstance(from_trees.library.rules(key), MemoryRules)
        assert _views(stored, edition) == _views(from_trees, edition), edition


def test_scry_as_the_2026_document_writes_it(web_home: Path) -> None:
    lineage = Lineage(Library(web_home))
    scry = show(lineage, "701.22", "2026-08-07").to_dict()
    # cr-2026-08-07.txt: "701.22. Scry", then 701.22a–d; the glossary's "Scry" says
    # "See rule 701.22, “Scry.”" and no rule cites 701.22 itself
    assert (scry["number"], scry["title"], scry["text"]) == ("701.22", "Scry", "")
    assert scry["cited_by"] == ["glossary: Scry"]
    children = {c["number"]: c for c in scry["children"]}
    assert list(children) == ["701.22a", "701.22b", "701.22c", "701.22d"]
    assert children["701.22a"]["text"].startswith("To “scry N” means to look at the top N cards")
    # 701.22c: "…decide in APNAP order (see rule 101.4)…"; 701.22d: "…the process
    # described in rule 701.22a is complete…"
    assert children["701.22c"]["references"] == ["101.4"]
    assert children["701.22a"]["cited_by"] == ["701.22d"]
    # cr-2005-02-01.txt has no 701.22: Scry is 502.36 there (1623)
    with pytest.raises(
        UnknownRule, match=r"^2005-02-01 has no rule 701\.22; did you mean 502\.36\?$"
    ):
        show(lineage, "701.22", "2005-02-01")
    assert show(lineage, "502.36", "2005-02-01").to_dict()["title"] == "Scry"


def _tree_ids(home: Path) -> dict[str, int]:
    import sqlite3

    db = sqlite3.connect(_generation(home) / RULES)
    try:
        return dict(db.execute("SELECT key, id FROM trees"))
    finally:
        db.close()


def test_an_unchanged_edition_keeps_its_rows_and_a_new_one_is_added(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first = [corpus_path("cr-2009-05-01.txt"), corpus_path("cr-2009-07-11.txt")]
    assert run_crdex("build", *map(str, first), "--home", str(home)).returncode == 0
    before = _tree_ids(home)
    assert len(before) == 2
    added = run_crdex("build", str(corpus_path("cr-2020-07-03.txt")), "--home", str(home))
    assert added.returncode == 0, added.stderr
    after = _tree_ids(home)
    # copied from the last generation (same rows, same ids), the new edition's added
    assert {k: after[k] for k in before} == before
    assert len(after) == 3
    scry = run_crdex("show", "701.18", "-e", "2020-07-03", "--home", str(home), "--json")
    assert json.loads(scry.stdout)["title"] == "Scry"


def test_a_generation_without_rows_is_read_from_its_trees(tmp_path: Path, web_home: Path) -> None:
    asked = ("show", "701.22b", "--json", "--home")
    expected = run_crdex(*asked, str(web_home))
    assert expected.returncode == 0
    home = _without_rows(web_home, tmp_path)
    again = run_crdex(*asked, str(home))
    assert (again.returncode, again.stdout, again.stderr) == (0, expected.stdout, expected.stderr)
    assert run_crdex("verify", "--home", str(home)).returncode == 0


def test_a_damaged_rule_table_is_reported_then_repaired(tmp_path: Path, web_home: Path) -> None:
    home = tmp_path / "home"
    shutil.copytree(web_home, home)
    rules = _generation(home) / RULES
    rules.write_bytes(b"damaged" * 100)
    shown = run_crdex("show", "701.22", "--home", str(home))
    assert shown.returncode == 1 and "Traceback" not in shown.stderr
    assert shown.stderr.startswith(f"Error: {rules}: the rule table cannot be read")
    assert "run 'crdex verify --repair'" in shown.stderr
    verify = run_crdex("verify", "--home", str(home))
    assert f"problem: {rules}: damaged (its checksum does not match)" in verify.stdout
    repair = run_crdex("verify", "--repair", "--home", str(home))
    assert repair.returncode == 0, repair.stdout + repair.stderr
    shown = run_crdex("show", "701.22", "--home", str(home))
    assert shown.returncode == 0 and "701.22a  To “scry N” means" in shown.stdout
