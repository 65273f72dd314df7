"""Judging and fixing citations, on three small invented editions (no corpus needed).

tests/data/check/library/ holds three editions written for these tests,
in the official text format:

- 2010-07-16: 701.2 Scry, 701.3 Fateseal;
- 2010-10-01: 701.2 Attach is inserted, so Scry is 701.3 and Fateseal 701.4;
- 2011-01-01: Fateseal is gone; Attach (701.2a) gains a sentence.

The expected verdicts below follow from reading those three files. A
number without a date means the rule its words name when it has named more
than one: 701.2 named Scry, then Attach; 701.3 Fateseal, then Scry.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import MINI_LIBRARY, invented_library
from conftest import crdex_in as crdex
from crdex.citations import Judge, apply_fixes, check_paths, check_text, find_in_line
from crdex.index.lineage.graph import Graph


def graph() -> Graph:
    return invented_library(MINI_LIBRARY).graph()


def verdict(text: str, edition: str = "latest", as_of: str | None = None) -> tuple:
    """The verdict on the one citation of ``text``, read with the words around it."""
    judge = Judge(graph(), edition, as_of=as_of)
    (j,) = check_text(text, "notes.txt", judge)
    return j.status, [v.current for v in j.verdicts], j.replacement, j.pin_replacement


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 701.3 was Fateseal, then Scry: with no date and no words, either
        ("rule 701.3", ("ambiguous", [None], None, None)),
        ("rules 701.1–3", ("ambiguous", ["701.1", None, None], None, None)),
        # the words settle it: Scry is 701.3 in the latest edition; Fateseal is gone
        ("To scry, see rule 701.3.", ("ok", ["701.3"], None, None)),
        ("To fateseal, see rule 701.3.", ("removed", [None], None, None)),
        # 701.2 was Scry, then Attach: Scry is 701.3 now (and the words never rewrite it)
        ("Scry is rule 701.2.", ("moved", ["701.3"], "701.3", None)),
        ("Attach an Equipment: rule 701.2", ("ok", ["701.2"], None, None)),
        # 701.2 was Scry on 2010-07-16; Scry is 701.3 now, same wording
        ("20100716 - 701.2", ("moved", ["701.3"], "701.3", "20110101")),
        ("2010-07-16: CR 701.2a", ("moved", ["701.3a"], "701.3a", "2011-01-01")),
        # 701.3 was Fateseal on 2010-07-16; gone in 2011-01-01
        ("20100716 - 701.3", ("removed", [None], None, None)),
        # no 701.4 now; the last 701.4 (Fateseal, 2010-10-01) was removed
        ("rule 701.4", ("removed", [None], None, None)),
        # Attach (701.2a) gained a sentence in 2011-01-01
        ("20101001 - 701.2a", ("changed", ["701.2a"], None, None)),
        ("20110101 - 701.2a", ("ok", ["701.2a"], None, None)),
        ("CR 701.9", ("missing", [None], None, None)),
        ("20100716 - 701.9", ("missing", [None], None, None)),
        ("19990101 - 100.1", ("bad-date", [None], None, None)),
        # a range whose members moved and went: the worst wins, no rewrite
        ("20100716 - 701.2–3", ("removed", ["701.3", None], None, None)),
    ],
)
def test_verdicts_against_the_latest_edition(text: str, expected: tuple) -> None:
    assert verdict(text) == expected


def test_messages_say_what_became_of_the_rule() -> None:
    judge = Judge(graph())
    (c,) = find_in_line("CR 701.9")
    assert judge.judge(c).message == "no 701.9 in 2011-01-01 (701 has 701.1–701.3)"
    (c,) = find_in_line("rule 701.4")
    assert judge.judge(c).message.endswith(
        "was removed in 2011-01-01 (last in 2010-10-01 as 701.4)"
    )
    (c,) = find_in_line("20100716 - 701.2")
    assert judge.judge(c).message == (
        "701.2 as of 2010-07-16 is 701.3 in 2011-01-01 (Scry); 701.2 is now Attach"
    )
    (j,) = check_text("rule 701.3", "a.txt", judge)
    assert j.message == (
        "701.3 has meant 2 rules: Fateseal (2010-07-16); Scry (2010-10-01 … 2011-01-01); "
        "nothing settles which (no date, and its words fit none clearly better)"
    )


def test_another_edition_and_an_assumed_date() -> None:
    assert verdict("Fateseal is rule 701.3", edition="2010-07-16")[0] == "ok"
    assert verdict("Scry is rule 701.3", edition="2010-07-16") == (
        "moved",
        ["701.2"],
        "701.2",
        None,
    )
    # 701.4 has only ever been Fateseal (from 2010-10-01), which was 701.3 on 2010-08-01
    assert verdict("rule 701.4", edition="2010-08-01")[:2] == ("moved", ["701.3"])
    assert verdict("rule 701.9", edition="2010-08-01")[0] == "missing"
    assert verdict("rule 701.2", as_of="2010-07-16") == ("moved", ["701.3"], "701.3", None)


def test_a_moved_range_is_rewritten_in_its_own_shape() -> None:
    assert verdict("20100716 - 701.2–2") == ("moved", ["701.3"], "701.3", "20110101")
    judge = Judge(graph(), as_of="2010-07-16")
    (c,) = find_in_line("rules 701.2a–b")  # 701.2b never existed: one member
    assert judge.judge(c).status == "missing"


def test_fix_rewrites_only_the_numbers_and_dates() -> None:
    text = "a\r\n// 20100716 - 701.2 and rule 701.3 [701.9]\r\nb 2010-07-16: CR 701.2a\r\n"
    judgements = check_text(text, "x.txt", Judge(graph()))
    new, count = apply_fixes(text, judgements)
    assert count == 2
    assert new == "a\r\n// 20110101 - 701.3 and rule 701.3 [701.9]\r\nb 2011-01-01: CR 701.3a\r\n"


def test_check_paths_fix_keeps_encoding_and_line_endings(tmp_path: Path) -> None:
    cp1252 = tmp_path / "notes.txt"
    cp1252.write_bytes("caf\xe9: 20100716 - 701.2\r".encode("cp1252"))
    bom = tmp_path / "bom.md"
    bom.write_bytes("\ufeff20100716 - 701.2\n".encode())
    utf16 = tmp_path / "wide.txt"
    utf16.write_bytes("\ufeff20100716 - 701.2\n".encode("utf-16-be"))
    (tmp_path / "blob.bin").write_bytes(b"\x00\x01 20100716 - 701.2")
    report = check_paths([tmp_path], Judge(graph()), fix=True, dry_run=True)
    assert sorted(report.diffs) == sorted(str(p) for p in (cp1252, bom, utf16))
    assert [(x.path, x.kind, x.reason) for x in report.skipped] == [
        (str(tmp_path / "blob.bin"), "file", "binary")
    ]
    assert cp1252.read_bytes() == "caf\xe9: 20100716 - 701.2\r".encode("cp1252")
    report = check_paths([tmp_path], Judge(graph()), fix=True)
    assert report.written and not report.unfixed
    assert cp1252.read_bytes() == "caf\xe9: 20110101 - 701.3\r".encode("cp1252")
    assert bom.read_bytes() == "\ufeff20110101 - 701.3\n".encode()
    assert utf16.read_bytes() == "\ufeff20110101 - 701.3\n".encode("utf-16-be")
    again = check_paths([tmp_path], Judge(graph()))
    assert again.problems == []


# -- the command line ---------------------------------------------------------------


def test_cli_reports_path_line_column_and_exits_1(mini_home: Path, tmp_path: Path) -> None:
    src = tmp_path / "engine.py"
    src.write_text(
        "x = 601.2  # CR 701.3: scry\n# 20100716 - 701.2\n# rule 701.9\n", encoding="utf-8"
    )
    done = crdex(tmp_path, "check", "engine.py", "--home", str(mini_home))
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "engine.py:2:3: moved: 20100716 - 701.2: 701.2 as of 2010-07-16 is 701.3 in 2011-01-01 "
        "(Scry); 701.2 is now Attach",
        "engine.py:3:3: does not exist: rule 701.9: no 701.9 in 2011-01-01 (701 has 701.1–701.3)",
    ]
    assert done.stderr.splitlines()[0] == (
        "checking 1 file against 2011-01-01; dates from git (the commit that last wrote each "
        "line); 1 file not dated"
    )
    assert "3 citations in 1 file checked against 2011-01-01" in done.stderr


def test_cli_clean_files_exit_0(mini_home: Path, tmp_path: Path) -> None:
    (tmp_path / "ok.md").write_text(
        "Scry with rule 701.3; decks have 100 cards.\n", encoding="utf-8"
    )
    done = crdex(tmp_path, "check", "ok.md", "--home", str(mini_home), "-v")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok.md:1:11: ok: rule 701.3: 701.3 in 2011-01-01\n"


def test_cli_fix_dry_run_prints_the_diff_only(mini_home: Path, tmp_path: Path) -> None:
    src = tmp_path / "a.js"
    src.write_text("// 20100716 - 701.2\nconst x = 1;\n", encoding="utf-8")
    done = crdex(tmp_path, "check", "a.js", "--home", str(mini_home), "--fix", "--dry-run")
    assert done.returncode == 1
    assert "-// 20100716 - 701.2\n+// 20110101 - 701.3\n" in done.stdout
    assert "--- a/a.js\n+++ b/a.js\n" in done.stdout
    assert src.read_text(encoding="utf-8") == "// 20100716 - 701.2\nconst x = 1;\n"
    done = crdex(tmp_path, "check", "a.js", "--home", str(mini_home), "--fix")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "(fixed)" in done.stdout
    assert src.read_text(encoding="utf-8") == "// 20110101 - 701.3\nconst x = 1;\n"


def test_cli_json(mini_home: Path, tmp_path: Path) -> None:
    (tmp_path / "q.txt").write_text("rule 701.4\n", encoding="utf-8")
    done = crdex(tmp_path, "check", "q.txt", "--home", str(mini_home), "--json", "-e", "2010-10-01")
    assert done.returncode == 0
    data = json.loads(done.stdout)
    assert data["edition"] == "2010-10-01"
    (finding,) = data["findings"]
    assert finding | {"message": None} == {
        "path": "q.txt",
        "line": 1,
        "column": 1,
        "text": "rule 701.4",
        "style": "rule",
        "numbers": ["701.4"],
        "pinned": None,
        "pin": None,
        "edition": "2010-10-01",
        "status": "ok",
        "message": None,
        "current": ["701.4"],
        "replacement": None,
        "pin_replacement": None,
        # 701.4 has named Fateseal only: no date or word is needed to read it
        "meaning": [
            {
                "number": "701.4",
                "how": "only",
                "date": None,
                "edition": "2010-10-01",
                "identity": "2010-07-16/701.3",
                "note": None,
                "meanings": [],
            }
        ],
        "mismatch": None,
        "words": "rule 701.4",
    }
    assert data["dates"] == "git"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.txt"], "Error: missing.txt: no such file or directory"),
        (["q.txt", "-e", "nonsense"], "Error: no edition 'nonsense' in the library"),
        (["q.txt", "--as-of", "1980-01-01"], "Error: no edition was in force on 1980-01-01"),
    ],
)
def test_cli_errors(mini_home: Path, tmp_path: Path, args: list[str], message: str) -> None:
    """A check that cannot run exits 2: apart from 1, "stale citations found"."""
    (tmp_path / "q.txt").write_text("rule 701.4\n", encoding="utf-8")
    done = crdex(tmp_path, "check", *args, "--home", str(mini_home))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].startswith(message), done.stderr
    assert "Traceback" not in done.stderr
