"""``crdex check`` over an engine-like source tree, against the whole corpus.

tests/data/check/engine/ is a small rules engine written for this test: Java
under src/main/java (with a package named ``target``), Python under ai/,
JavaScript under web/, a Maven pom.xml with its target/classes output
beside it, a .gitignore, and citations of every era: date-pinned and
undated, lists, ranges, mistyped dates, and bracketed numbers that are
array indexes. tests/data/check/engine.tsv lists every citation it holds,
with the verdict worked out by reading the documents of ../shared/corpus
and the rule text that justifies it (the "why" column).
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from conftest import REPO, run_crdex
from crdex.citations import Judge, check_paths, find_in_line
from crdex.index.library import Library
from crdex.index.lineage.editions import find_edition
from crdex.index.lineage.graph import Graph
from crdex.parser.references import expand_range

pytestmark = pytest.mark.corpus

DATA = REPO / "tests" / "data" / "check"
# stale citations in a folder the tree's .gitignore ignores: never reported
IGNORED = {"logs/run.log": "rule 601.2z failed at 20100716 - 704.5n\n"}


def expected() -> list[dict[str, str]]:
    with open(DATA / "engine.tsv", newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def members(current: str) -> list[str | None]:
    """The numbers a table's ``current`` column names: a range, or members listed (``-``: none)."""
    if "," in current:
        return [None if m == "-" else m for m in current.split(",")]
    first, _, last = current.partition("–")
    return expand_range(first, last or None)


@pytest.fixture(scope="module")
def graph(corpus_home: Path) -> Graph:
    return Library(corpus_home).graph()


@pytest.fixture()
def engine(tmp_path: Path) -> Path:
    root = tmp_path / "engine"
    shutil.copytree(DATA / "engine", root)
    for name, text in IGNORED.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def verdicts(root: Path, graph: Graph) -> dict[tuple[str, int, int], tuple[str, list]]:
    report = check_paths([root], Judge(graph))
    return {
        (Path(p).relative_to(root).as_posix(), j.citation.line, j.citation.column): (
            j.status,
            [v.current for v in j.verdicts],
        )
        for p, j in report.judgements
    }


def test_verdicts_are_right_with_no_false_positive(engine: Path, graph: Graph) -> None:
    got = verdicts(engine, graph)
    rows = expected()
    want = {
        (r["path"], int(r["line"]), int(r["column"])): (
            r["status"],
            members(r["current"]) if r["current"] else [None],
        )
        for r in rows
    }
    assert len(want) == len(rows) >= 60
    right = [k for k, v in want.items() if got.get(k) == v]
    assert len(right) / len(want) >= 0.98, {k: (v, got.get(k)) for k, v in want.items()}
    # no citation where the table has none, no finding on a citation that is fine
    assert set(got) - set(want) == set()
    wrongly_flagged = [k for k, (status, _) in want.items() if status == "ok" and k in got]
    assert [k for k in wrongly_flagged if got[k][0] != "ok"] == []
    # in this tree every verdict is right
    assert got == want


def test_the_walk_reads_the_target_package_and_skips_build_output(
    engine: Path, graph: Graph
) -> None:
    report = check_paths([engine], Judge(graph))
    read = {Path(f.path).relative_to(engine).as_posix() for f in report.files}
    assert "src/main/java/org/example/engine/target/TargetSelector.java" in read
    assert not any(p.startswith(("target/", "logs/")) for p in read)
    assert [(Path(s.path).relative_to(engine).as_posix(), s.reason) for s in report.skipped] == [
        (".gitignore", "hidden"),
        ("logs", f"ignored by {engine / '.gitignore'}:2 (/logs/)"),
        ("target", "Maven build output (beside pom.xml)"),
    ]


def test_fix_rewrites_what_the_table_says_and_keeps_each_rules_identity(
    engine: Path, graph: Graph
) -> None:
    before = {p: p.read_bytes() for p in engine.rglob("*") if p.is_file()}
    report = check_paths([engine], Judge(graph), fix=True)
    target = find_edition("latest", graph)
    assert target.index is not None
    fixed_rows = [r for r in expected() if r["fixed as"]]
    rewritten = {
        (Path(p).relative_to(engine).as_posix(), j.citation.line, j.citation.column): j
        for p, j in report.judgements
        if j.replacement is not None
    }
    assert set(rewritten) == {(r["path"], int(r["line"]), int(r["column"])) for r in fixed_rows}
    for row in fixed_rows:
        line = (engine / row["path"]).read_text("utf-8").splitlines()[int(row["line"]) - 1]
        assert row["fixed as"] in line, (row, line)
    # every rewritten citation names, in the edition checked against, the rule it meant
    for (path, number, column), j in rewritten.items():
        c = j.citation
        line = (engine / path).read_text("utf-8").splitlines()[number - 1]
        (new,) = [x for x in find_in_line(line, number) if x.column == column]
        for old_number, new_number in zip(c.numbers, new.numbers, strict=True):
            if c.pinned:
                at = find_edition(c.pinned, graph)
                assert at.index is not None
                meant = graph.holder(old_number, at.index)
            else:  # undated and gone: the last rule that held the number
                _start, _end, meant = max(graph.holders(old_number), key=lambda s: s[1])
            now = graph.holder(new_number, target.index)
            assert meant is not None and now is not None
            assert (new.pinned or None, now.id) == (
                target.date if c.pinned else None,
                meant.id,
            ), (path, number, c.text, new.text)
    # what was not rewritten is byte for byte as it was
    changed = {p.relative_to(engine).as_posix() for p, b in before.items() if p.read_bytes() != b}
    assert changed == {r["path"] for r in fixed_rows}
    # a second run has nothing left to fix
    again = check_paths([engine], Judge(graph), fix=True)
    assert again.diffs == {}


def test_cli_exit_status_and_skips(corpus_home: Path, engine: Path) -> None:
    done = run_crdex("check", ".", "--home", str(corpus_home), cwd=engine)
    assert done.returncode == 1
    problems = [r for r in expected() if r["status"] != "ok"]
    assert len(done.stdout.splitlines()) == len(problems)
    assert done.stderr.splitlines()[:3] == [
        "checking 12 files against 2026-08-07; dates from git (the commit that last wrote each "
        "line); 11 files not dated",
        "skipped folder logs: ignored by .gitignore:2 (/logs/)",
        "skipped folder target: Maven build output (beside pom.xml)",
    ]
