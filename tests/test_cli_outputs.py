"""What the commands print, and the Python API's manners, on the whole corpus.

Expectations from the documents: 702.19b of 2026-08-07 is one long
paragraph ("The controller of an attacking creature with trample first
assigns damage…") with two examples; "Trample" is a glossary term of
2026-08-07; 2026-08-07 is the last edition of the corpus.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import crdex
from conftest import MINI_LIBRARY, run_crdex

pytestmark = [pytest.mark.corpus]


def test_show_wraps_under_its_number_without_trailing_spaces(corpus_home: Path) -> None:
    done = run_crdex("show", "702.19b", "--home", str(corpus_home))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "2026-08-07"
    assert lines[1].startswith("702.19b  The controller of an attacking creature with trample")
    assert all(line == line.rstrip() for line in lines)
    body = lines[2 : lines.index(next(x for x in lines if x.startswith("  Example:")))]
    assert body and all(line.startswith("  ") for line in body)  # continuations hang under it


def test_diff_json_without_words_has_no_word_differences(corpus_home: Path) -> None:
    args = ("diff", "2009-05-01", "2009-07-11", "--home", str(corpus_home), "--json")
    with_words = json.loads(run_crdex(*args).stdout)
    without = json.loads(run_crdex(*args, "--no-words").stdout)
    assert any(c["diff"] for c in with_words["changes"])
    assert all("diff" not in c for c in without["changes"])
    assert len(without["changes"]) == len(with_words["changes"])


def test_actions_summary_is_counts(corpus_home: Path) -> None:
    done = run_crdex("actions", "--home", str(corpus_home))
    first = done.stdout.splitlines()[0]
    assert first.startswith("Keyword actions of 2026-08-07: ")
    assert "{" not in first and "'" not in first
    data = json.loads(run_crdex("actions", "--home", str(corpus_home), "--json").stdout)
    total = data["summary"]["total"]
    assert first.split(": ", 1)[1].startswith(f"{total} (")


def test_a_date_after_the_last_edition_says_which_edition_answered(corpus_home: Path) -> None:
    done = run_crdex("show", "701.22", "-e", "2099-01-01", "--home", str(corpus_home))
    assert done.returncode == 0
    assert (
        "note: no edition is dated 2099-01-01; the one in force that day, 2026-08-07, answers"
        in done.stderr
    )
    quiet = run_crdex("show", "701.22", "-e", "2026-08-07", "--home", str(corpus_home))
    assert "note:" not in quiet.stderr


def test_skipped_files_are_named_once(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("nothing numbered here\n", "utf-8")
    rules = sorted(MINI_LIBRARY.glob("*.txt"))[0]
    done = run_crdex(
        "build", str(tmp_path / "notes.txt"), str(rules), "--home", str(tmp_path / "h")
    )
    assert done.returncode == 0, done.stderr
    (line,) = [x for x in done.stderr.splitlines() if x.startswith("warning: skipped")]
    assert line.count(str(tmp_path / "notes.txt")) == 1


def test_a_build_of_nothing_but_files_that_are_not_rules_fails_naming_each(
    tmp_path: Path,
) -> None:
    (tmp_path / "notes.txt").write_text("nothing numbered here\n", "utf-8")
    done = run_crdex("build", str(tmp_path / "notes.txt"), "--home", str(tmp_path / "h"))
    assert done.returncode == 1
    assert done.stderr.count(str(tmp_path / "notes.txt")) == 1
    assert (
        "Error: nothing was added to the library: the file given is not a rules document "
        f"that could be read:\n  {tmp_path / 'notes.txt'}: not a rules document in any known format"
    ) in done.stderr
    assert not (tmp_path / "h" / "CURRENT").exists()


def test_with_json_a_failure_is_also_json_on_stdout(tmp_path: Path, corpus_home: Path) -> None:
    (tmp_path / "notes.txt").write_text("nothing numbered here\n", "utf-8")
    done = run_crdex("build", str(tmp_path / "notes.txt"), "--home", str(tmp_path / "h"), "--json")
    assert done.returncode == 1
    error = json.loads(done.stdout)["error"]
    assert error["type"] == "NothingAdded"
    assert error["message"].startswith(
        "nothing was added to the library: the file given is not a rules document that could "
        f"be read:\n  {tmp_path / 'notes.txt'}: not a rules document in any known format"
    )
    assert done.stderr.startswith("Error: nothing was added to the library")
    # a lookup's failure too; without --json stdout stays empty
    unknown = run_crdex("show", "999.9", "--json", "--home", str(corpus_home))
    assert unknown.returncode == 1
    assert json.loads(unknown.stdout)["error"]["type"] == "UnknownRule"
    assert "has no rule 999.9" in json.loads(unknown.stdout)["error"]["message"]
    plain = run_crdex("show", "999.9", "--home", str(corpus_home))
    assert plain.returncode == 1 and plain.stdout == ""


def test_the_api_from_the_top(corpus_home: Path) -> None:
    assert {"rule", "history", "resolve", "diff", "search", "show", "Reader"} <= set(dir(crdex))
    entry = crdex.rule("Trample", home=corpus_home)
    assert entry is not None and entry.term == "Trample"
    with pytest.raises(crdex.api.RuleNumberType) as caught:
        crdex.rule(701.22, home=corpus_home)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "a rule number is text: write '701.22', not 701.22 (float); as a number 701.10 would be 701.1"
    )
    # the API speaks of its own argument, the command line of its option
    with pytest.raises(crdex.api.CrdexError) as bad_limit:
        crdex.search("scry", limit=0, home=corpus_home)
    assert str(bad_limit.value) == "limit must be at least 1"
    done = run_crdex("search", "scry", "--limit", "0", "--home", str(corpus_home))
    assert done.returncode == 2
    assert "Invalid value for '--limit' / '-n': 0 is not in the range x>=1." in done.stderr
