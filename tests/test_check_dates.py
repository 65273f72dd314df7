"""Citations dated by the commit that last wrote their line, in small git repositories.

The rules are the three invented editions of tests/data/check/library:

- 2010-07-16: 701.2 Scry, 701.3 Fateseal;
- 2010-10-01: 701.2 Attach is inserted, so Scry is 701.3 and Fateseal 701.4;
- 2011-01-01: Fateseal is gone; Attach (701.2a) gains a sentence.

Each repository is written here with commits backdated by ``GIT_AUTHOR_DATE``;
every expected verdict follows from reading those three files on the
date its line was written.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import MINI_LIBRARY, invented_library
from conftest import crdex_in as crdex
from crdex.citations import GitDates, Judge, check_paths
from crdex.citations.gitdates import line_ranges, parse_incremental
from evaluation.citations import run_git

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="no git command")


def git(repo: Path, *args: str, date: str | None = None) -> None:
    run_git(repo, *args, when=date)


def commit(repo: Path, files: dict[str, str], date: str, *, remove: tuple[str, ...] = ()) -> None:
    for name, text in files.items():
        (repo / name).write_text(text, encoding="utf-8")
        git(repo, "add", name)
    for name in remove:
        git(repo, "rm", "-q", name)
    git(repo, "commit", "-q", "-m", "change", date=date)


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "engine"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    return root


def judged(root: Path, *, dates: bool = True, fix: bool = False) -> dict[str, tuple]:
    graph = invented_library(MINI_LIBRARY).graph()
    report = check_paths(
        [root], Judge(graph), dates=GitDates() if dates else None, fix=fix, dry_run=not fix
    )
    return {
        Path(p).name: (
            j.status,
            [v.current for v in j.verdicts],
            j.replacement,
            j.verdicts[0].reading.how if j.verdicts[0].reading else None,
            j.verdicts[0].reading.edition_id if j.verdicts[0].reading else None,
        )
        for p, j in report.judgements
    }


def test_each_line_is_read_in_the_edition_in_force_when_it_was_written(repo: Path) -> None:
    commit(repo, {"scry.py": "# Scry cards: rule 701.2\n"}, "2010-08-01T12:00:00+0000")
    commit(repo, {"attach.py": "# Attach it: rule 701.2a\n"}, "2010-12-01T12:00:00+0000")
    got = judged(repo)
    # 2010-07-16 is in force on 2010-08-01: 701.2 is Scry, which is 701.3 in 2011-01-01
    assert got["scry.py"] == ("moved", ["701.3"], "701.3", "dated", "2010-07-16")
    # 2010-10-01 is in force on 2010-12-01: 701.2a is Attach, which gains a sentence in 2011
    assert got["attach.py"][:2] == ("changed", ["701.2a"])


def test_the_edition_about_to_take_effect(repo: Path) -> None:
    commit(
        repo,
        {
            # 701.4 exists only from 2010-10-01 on (Fateseal), eleven days later
            "fateseal.py": "# Fateseal: rule 701.4\n",
            # 701.2 is Scry on 2010-09-25 and Attach six days later: the words choose
            "attach.py": "# rule 701.2: attach an Equipment to a creature\n",
            "scry.py": "# rule 701.2: scry two\n",
        },
        "2010-09-25T12:00:00+0000",
    )
    got = judged(repo)
    assert got["fateseal.py"] == ("removed", [None], None, "dated", "2010-10-01")
    assert got["attach.py"] == ("ok", ["701.2"], None, "dated", "2010-10-01")
    assert got["scry.py"] == ("moved", ["701.3"], "701.3", "dated", "2010-07-16")


def test_uncommitted_and_untracked_lines_were_written_today(repo: Path) -> None:
    commit(repo, {"a.py": "# Scry: rule 701.2\n"}, "2010-08-01T12:00:00+0000")
    with open(repo / "a.py", "a", encoding="utf-8") as fh:
        fh.write("# rule 701.2\n")  # not committed: today, when 701.2 is Attach
    (repo / "new.py").write_text("# rule 701.3\n", encoding="utf-8")  # not tracked
    graph = invented_library(MINI_LIBRARY).graph()
    report = check_paths([repo], Judge(graph), dates=GitDates())
    by_line = {
        (Path(p).name, j.citation.line): (j.status, j.verdicts[0].current)
        for p, j in report.judgements
    }
    assert by_line == {
        ("a.py", 1): ("moved", "701.3"),
        ("a.py", 2): ("ok", "701.2"),
        ("new.py", 1): ("ok", "701.3"),
    }


def test_a_line_moved_to_another_file_keeps_the_date_it_was_written(repo: Path) -> None:
    block = (
        "# Scry handling, as the comprehensive rules describe it: rule 701.2\n"
        "# look at the top cards of the library and put any number of them on the bottom\n"
    )
    commit(repo, {"old.py": block}, "2010-08-01T12:00:00+0000")
    # a later commit splits the module: the lines move to new.py, old.py is removed
    commit(repo, {"new.py": "x = 1\n" + block}, "2010-12-15T12:00:00+0000", remove=("old.py",))
    got = judged(repo)
    # written on 2010-08-01 (701.2 Scry), not on 2010-12-15 (701.2 Attach)
    assert got["new.py"] == ("moved", ["701.3"], "701.3", "dated", "2010-07-16")


def test_a_fix_follows_the_date_and_none_reads_the_words(repo: Path) -> None:
    commit(repo, {"a.py": "# Scry cards: rule 701.2\n"}, "2010-08-01T12:00:00+0000")
    assert judged(repo, fix=True)["a.py"][:3] == ("moved", ["701.3"], "701.3")
    assert (repo / "a.py").read_text(encoding="utf-8") == "# Scry cards: rule 701.3\n"
    commit(repo, {"b.py": "# rule 701.2\n"}, "2010-08-01T12:00:00+0000")
    # without dates, the words read "Scry"; "rule 701.2" alone has meant Scry and Attach
    assert judged(repo, dates=False)["a.py"][0] == "ok"
    assert judged(repo, dates=False)["b.py"][:2] == ("ambiguous", [None])


def test_the_date_is_the_authors_own_day() -> None:
    out = (
        f"{'1' * 40} 1 3 2\nauthor a\nauthor-time 1285907400\nauthor-tz -0500\nfilename a.py\n"
        f"{'0' * 40} 4 5 1\nauthor Not Committed Yet\nauthor-time 1700000000\nfilename a.py\n"
    )
    # 1285907400 is 2010-10-01 04:30 UTC: 2010-09-30 23:30 where the author was
    got = parse_incremental(out, "2026-11-27")
    assert {n: (d.date, d.committed) for n, d in got.items()} == {
        3: ("2010-09-30", True),
        4: ("2010-09-30", True),
        5: ("2026-11-27", False),
    }
    assert line_ranges([9, 3, 4, 5, 4]) == [(3, 5), (9, 9)]


def test_a_file_outside_any_work_tree_is_read_by_its_words(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("Scry: rule 701.2\n", encoding="utf-8")
    graph = invented_library(MINI_LIBRARY).graph()
    report = check_paths([tmp_path / "notes.txt"], Judge(graph), dates=GitDates())
    (result,) = report.files
    assert result.dates == "not in a git work tree"
    (j,) = result.judgements
    assert (j.status, j.verdicts[0].reading.how) == ("moved", "words")


def test_cli_dates_option_and_header(mini_home: Path, repo: Path) -> None:
    commit(repo, {"a.py": "# Scry cards: rule 701.2\n"}, "2010-08-01T12:00:00+0000")
    done = crdex(repo, "check", ".", "--home", str(mini_home), "--json")
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert data["dates"] == "git"
    (finding,) = data["findings"]
    assert finding["meaning"][0] | {"note": None} == {
        "number": "701.2",
        "how": "dated",
        "date": "2010-08-01",
        "edition": "2010-07-16",
        "identity": "2010-07-16/701.2",
        "note": None,
        "meanings": [],
    }
    done = crdex(repo, "check", ".", "--home", str(mini_home), "--dates", "none")
    # read by its words ("Scry"), the same rule, moved: the same finding
    assert done.returncode == 1, done.stdout + done.stderr
    assert "moved: rule 701.2: the rule numbered 701.2 until 2010-07-16 (Scry)" in done.stdout
    assert done.stderr.splitlines()[0] == (
        "checking 1 file against 2011-01-01; no dates (undated citations are read by their words)"
    )
    done = crdex(
        repo, "check", ".", "--home", str(mini_home), "--dates", "git", "--as-of", "2010-08-01"
    )
    assert done.returncode == 2
    assert "--as-of dates every citation" in done.stderr


def test_a_date_its_words_contest_is_not_fixed(repo: Path) -> None:
    # written on 2010-08-01, when 701.2 was Scry ("701.2. Scry" in 2010-07-16); but its
    # words are Attach's, 701.2 from 2010-10-01 on ("To attach an Aura, Equipment, or
    # Fortification to an object means to take it from where it currently is and put it
    # onto that object"): the date alone does not rewrite it to Scry's 701.3
    line = (
        "# what the code below does follows rule 701.2 so we attach the Equipment to a creature\n"
    )
    commit(repo, {"a.py": line}, "2010-08-01T12:00:00+0000")
    graph = invented_library(MINI_LIBRARY).graph()
    report = check_paths([repo], Judge(graph), dates=GitDates(), fix=True, dry_run=True)
    ((_path, j),) = report.judgements
    assert (j.status, j.verdicts[0].current, j.replacement) == ("moved", "701.3", None)
    assert j.message.endswith(
        "not fixed: its words fit Attach (2010-10-01 … 2011-01-01), which 701.2 also meant"
    )
    assert not report.diffs
