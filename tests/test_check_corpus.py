"""``crdex check`` on the fixture files of tests/data/check, against the whole corpus.

The expected findings (tests/data/check/expected.tsv) were worked out by
hand from the documents; tests/data/check/README.md says how, citation by
citation.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from conftest import REPO, run_crdex
from crdex.citations import (
    LABELS,
    Judge,
    apply_fixes,
    check_paths,
    check_text,
    find_in_line,
)
from crdex.index.library import Library
from crdex.parser.references import expand_range

pytestmark = pytest.mark.corpus

DATA = REPO / "tests" / "data" / "check"


def expected() -> list[dict[str, str]]:
    with open(DATA / "expected.tsv", newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def members(current: str) -> list[str | None]:
    """The numbers a table's ``current`` column names: a range, or members listed (``-``: none)."""
    if "," in current:
        return [None if m == "-" else m for m in current.split(",")]
    if not current:
        return [None]
    first, _, last = current.partition("–")
    return expand_range(first, last or None)


@pytest.fixture(scope="module")
def judge(corpus_home: Path) -> Judge:
    return Judge(Library(corpus_home).graph())


@pytest.fixture()
def fixtures(tmp_path: Path) -> Path:
    """A copy of the fixture files (without the invented library), safe to fix."""
    root = tmp_path / "check"
    shutil.copytree(
        DATA, root, ignore=shutil.ignore_patterns("library", "edits", "engine", "*.md", "*.tsv")
    )
    shutil.copy(DATA / "qa" / "answers.md", root / "qa" / "answers.md")
    return root


def test_findings_match_the_hand_worked_table(judge: Judge, fixtures: Path) -> None:
    report = check_paths([fixtures / "basic", fixtures / "qa"], judge)
    got = [
        (
            Path(path).relative_to(fixtures).as_posix(),
            j.citation.line,
            j.citation.column,
            j.status,
            [v.current for v in j.verdicts],
        )
        for path, j in report.judgements
    ]
    want = [
        (
            row["path"],
            int(row["line"]),
            int(row["column"]),
            row["status"],
            members(row["current"])
            if row["status"] in ("ok", "moved", "changed", "ambiguous")
            else [None],
        )
        for row in expected()
    ]
    assert got == want


def test_traps_give_nothing(judge: Judge) -> None:
    report = check_paths([DATA / "clean"], judge)
    assert report.judgements == []


def test_fix_rewrites_what_the_table_says(judge: Judge, fixtures: Path) -> None:
    report = check_paths([fixtures / "basic", fixtures / "qa"], judge, fix=True)
    rewritten = {(r["path"], int(r["line"])): r["fixed as"] for r in expected() if r["fixed as"]}
    fixed = {
        (Path(p).relative_to(fixtures).as_posix(), j.citation.line)
        for p, j in report.judgements
        if j.replacement is not None
    }
    assert fixed == set(rewritten)
    for (path, line), text in rewritten.items():
        assert text in (fixtures / path).read_text(encoding="utf-8").splitlines()[line - 1]
    # after the fix, only what cannot be rewritten remains
    again = check_paths([fixtures / "basic", fixtures / "qa"], judge)
    left = sorted((j.status, Path(p).name, j.citation.line) for p, j in again.problems)
    assert left == [
        ("ambiguous", "Casting.java", 4),
        ("ambiguous", "answers.md", 4),
        ("ambiguous", "answers.md", 4),
        ("ambiguous", "answers.md", 7),
        ("bad-date", "answers.md", 16),
        ("changed", "Casting.java", 10),
        ("missing", "Casting.java", 14),
        ("missing", "faq.json", 4),
        ("removed", "combat.py", 10),
        ("removed", "faq.json", 3),
    ]


def test_cli_output_and_exit_status(corpus_home: Path, fixtures: Path) -> None:
    done = run_crdex("check", "basic", "qa", "--home", str(corpus_home), cwd=fixtures)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    problems = [r for r in expected() if r["status"] != "ok"]
    assert [line.split(": ", 2)[:2] for line in lines] == [
        [f"{r['path']}:{r['line']}:{r['column']}", _label(r["status"])] for r in problems
    ]
    # the rule moved on, and its number was given to another rule: both are said
    assert lines[1] == (
        "basic/Casting.java:7:8: moved: 20100716 - 601.2f: 601.2f as of 2010-07-16 is 601.2g "
        "in 2026-08-07 (If the total cost includes a mana payment, the player then…); "
        "601.2f is now The player determines the total cost of the spell. Usually…"
    )
    assert "19 citations in 5 files checked against 2026-08-07" in done.stderr


def _label(status: str) -> str:
    return LABELS[status]


def test_checking_against_an_older_edition(corpus_home: Path) -> None:
    judge = Judge(Library(corpus_home).graph(), "2012-01-01")
    (c,) = find_in_line("20100716 - 601.2f")
    assert judge.judge(c).status == "ok"  # still 601.2f until 2015-07-17
    # the first 701.60 is Manifest Dread, in cr-2024-09-20.txt
    (c,) = find_in_line("CR 701.60")
    j = judge.judge(c)
    assert (j.status, j.message) == (
        "missing",
        "no 701.60 in 2011-09-30 (it first appears in 2024-09-20)",
    )


def test_a_mistyped_date_says_what_the_number_meant(judge: Judge) -> None:
    """cr-2013-07-13.txt: "704.5k If a player controls two or more legendary permanents with
    the same name, that player chooses one of them, and the rest are put into their owners'
    graveyards. This is called the "legend rule."" In cr-2026-08-07.txt the legend rule is
    704.5j and 704.5k is the world rule, so "//201300713 - 704.5k" must not pass as ok."""
    (j,) = judge.judge_all(find_in_line("//201300713 - 704.5k"))
    assert (j.status, j.ok) == ("bad-date", False)
    assert j.message == (
        "201300713 is not a date; read as 2013-07-13, 704.5k (If a player controls two or "
        "more legendary permanents with…) is 704.5j in 2026-08-07"
    )


def test_a_pinned_list_moves_together(judge: Judge) -> None:
    """cr-2009-10-01.txt (in force on 2009-10-05): "704.5n If an Aura is attached to an illegal
    object or player, …" and "702.14c A permanent or player with protection can't be enchanted
    by Auras that have the stated quality. …"; cr-2026-08-07.txt has the same words as 704.5m
    and 702.16c (702.14c is landwalk now). Both numbers move, and the date with them."""
    text = "//20091005 - 704.5n, 702.14c\n"
    new, count = apply_fixes(text, check_text(text, "a.java", judge))
    assert (new, count) == ("//20260807 - 704.5m, 702.16c\n", 2)


def test_an_added_example_is_no_changed_rule(judge: Judge) -> None:
    """cr-2010-02-01.txt: "603.4. A triggered ability may read "When/Whenever/At [trigger
    event], if [condition], [effect]." …" with no example; cr-2010-04-23.txt adds "Example:
    Felidar Sovereign reads, …"; cr-2026-08-07.txt has the same rule text (curly quotes)."""
    (j,) = judge.judge_all(find_in_line("// 20100201 - 603.4"))
    assert (j.status, j.ok, j.replacement) == ("example-changed", True, None)
    assert j.message.startswith("an example of 603.4 changed in 2010-04-23; its own text did not")


def test_typography_is_no_change(judge: Judge) -> None:
    """cr-2010-07-16.txt: "510.1a Each attacking creature and each blocking creature assigns
    combat damage equal to its power. Creatures that would assign 0 or less damage this way
    don't assign combat damage at all." cr-2026-08-07.txt: the same, with a curly apostrophe."""
    (j,) = judge.judge_all(find_in_line("// 20100716 - 510.1a"))
    assert (j.status, j.message) == ("ok", "510.1a in 2026-08-07")


def test_array_indexes_are_no_citations(judge: Judge) -> None:
    java = 'int[] a = new int[123]; // a[123] and b[233]\nlog("slot [233]");\n'
    assert check_text(java, "A.java", judge) == []
