"""``crdex build``, ``history``, ``resolve`` and ``diff`` on a small library of real editions.

Expected numbers, titles and dates were read in the documents (grep), e.g.
Scry is 502.36 in cr-2005-02-01.txt, 501.8 in cr-2007-05-01.txt to
cr-2009-05-01.txt, 701.16 in cr-2009-07-11.txt and 701.22 in
cr-2026-08-07.txt; 502.36 is Shroud from cr-2007-05-01.txt on.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import CORPUS, corpus_available
from crdex.cli import main

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not corpus_available(), reason="../shared/corpus is not available"),
]

EDITIONS = ["2005-02-01", "2007-05-01", "2008-05-01", "2009-05-01", "2009-07-11", "2026-08-07"]
UPLOAD = "2026-08-07.upload-20260808"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the crdex command line; (exit code, stdout, stderr)."""
    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("lineage-home")
    files = [str(CORPUS / f"cr-{e}.txt") for e in [*EDITIONS, UPLOAD]]
    try:
        main(["build", *files, str(CORPUS / "MANIFEST.tsv"), "--home", str(where), "--json"])
    except SystemExit as exc:  # pragma: no cover - a failed build fails every test below
        raise AssertionError(f"crdex build exited with {exc.code}") from None
    return where


def test_build_reports_and_skips(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "build", str(CORPUS / "cr-2009-07-11.txt"), "--home", str(home), "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["added"] == []
    assert data["known"] == ["2009-07-11"]
    assert data["chain"] == EDITIONS
    assert data["graph"]["rebuilt"] is False
    assert err == ""


def test_a_build_of_nothing_but_files_that_are_not_rules_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys, "build", str(CORPUS / "MANIFEST.tsv"), "--home", str(tmp_path), "--json"
    )
    assert code == 1
    manifest = CORPUS / "MANIFEST.tsv"
    # --json: the failure is also JSON on stdout, for the tool that asked
    assert json.loads(out)["error"]["type"] == "NothingAdded"
    assert (
        f"{manifest}:168:497: the document ends too early;" in json.loads(out)["error"]["message"]
    )
    assert err.startswith(
        "Error: nothing was added to the library: the file given is not a rules document "
        f"that could be read:\n  {manifest}: {manifest}:168:497: the document ends too early;"
    )


def test_history_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "history", "502.36", "--edition", "2005-02-01", "--home", str(home), "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["identity"] == "2005-02-01/502.36"
    versions = [(v["number"], v["first_edition"], v["last_edition"]) for v in data["versions"]]
    assert versions == [
        ("502.36", "2005-02-01", "2005-02-01"),
        ("501.8", "2007-05-01", "2009-05-01"),
        ("701.16", "2009-07-11", "2009-07-11"),
        ("701.22", "2026-08-07", "2026-08-07"),
    ]
    assert [v["title"] for v in data["versions"]] == ["Scry"] * 4
    assert [v["relation"] for v in data["versions"]] == ["first", "moved", "moved", "moved"]
    assert data["end"] == {"relation": "current", "edition": "2026-08-07"}
    assert [(u["first_edition"], u["last_edition"], u["label"]) for u in data["number_also"]] == [
        ("2007-05-01", "2009-05-01", "Shroud")
    ]


def test_history_text_lists_every_number(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "history", "701.22", "--home", str(home))
    assert code == 0
    assert out.startswith("701.22 in 2026-08-07: Scry")
    for number in ("502.36", "501.8", "701.16", "701.22"):
        assert f"  {number} " in out


def test_resolve_follows_the_rule_not_the_number(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys, "resolve", "502.36", "--at", "2008-05-01", "--home", str(home), "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert (data["label"], data["status"], data["number"], data["title"]) == (
        "Shroud",
        "current",
        "702.18",
        "Shroud",
    )
    assert [(s["number"], s["first_edition"], s["last_edition"]) for s in data["chain"]] == [
        ("502.36", "2008-05-01", "2009-05-01"),
        ("702.16", "2009-07-11", "2009-07-11"),
        ("702.18", "2026-08-07", "2026-08-07"),
    ]


def test_resolve_by_date_between_editions(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "resolve", "502.36", "--at", "2006-06-30", "--home", str(home), "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert (data["at"], data["label"], data["number"]) == ("2005-02-01", "Scry", "701.22")


def test_resolve_backwards(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "resolve",
        "701.22",
        "--at",
        "latest",
        "--to",
        "2005-02-01",
        "--home",
        str(home),
        "--json",
    )
    assert code == 0
    assert json.loads(out)["number"] == "502.36"


def test_resolve_removed_rule(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 310.4 "Combat damage resolves as an object on the stack" is gone in 2009-07-11
    code, out, _ = run(
        capsys, "resolve", "310.4", "--at", "2009-05-01", "--home", str(home), "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "removed"
    assert data["note"] == "removed in 2009-07-11 (last in 2009-05-01 as 310.4)"


def test_diff_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "diff", "2009-05-01", "2009-07-11", "--home", str(home), "--json")
    assert code == 0
    data = json.loads(out)
    moves = {
        (c["old"][0]["number"], c["new"][0]["number"])
        for c in data["changes"]
        if c["kind"] == "moved"
    }
    assert {("501.8", "701.16"), ("502.36", "702.16"), ("502.4", "702.9"), ("314", "514")} <= moves
    reused = {r["number"]: r for r in data["reused_numbers"]}
    assert reused["100.3"]["old"].startswith("For sealed deck or draft play, only forty cards")
    assert reused["100.3"]["new"].startswith("Each player may also have a sideboard")
    assert set(data["counts"]) == {
        "added",
        "removed",
        "moved",
        "edited",
        "split",
        "merged",
        "unchanged",
    }


def test_diff_across_many_editions(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "diff", "2005-02-01", "2026-08-07", "--home", str(home), "--json")
    assert code == 0
    data = json.loads(out)
    scry = [c for c in data["changes"] if c["old"] and c["old"][0]["number"] == "502.36"]
    assert scry and scry[0]["kind"] == "moved" and scry[0]["new"][0]["number"] == "701.22"


def test_diff_with_a_second_copy(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the first upload of 2026-08-07 differs only by blank lines padded with no-break spaces
    code, out, _ = run(capsys, "diff", "2026-08-07", UPLOAD, "--home", str(home), "--json")
    assert code == 0
    counts = json.loads(out)["counts"]
    assert {k: v for k, v in counts.items() if k != "unchanged"} == dict.fromkeys(
        ("added", "removed", "moved", "edited", "split", "merged"), 0
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["history", "701.22", "--edition", "1999-01-01"],
            "Error: no edition was in force on 1999-01-01: the first edition in the library is 2005-02-01\n",
        ),
        (
            ["resolve", "502.36", "--at", "1990-06-01"],
            "Error: no edition was in force on 1990-06-01: the first edition in the library is 2005-02-01\n",
        ),
        (
            ["resolve", "502.36", "--at", "2026-08-07"],
            "Error: there is no rule 502.36 in edition 2026-08-07; it exists in 2005-02-01 (Scry), "
            "2007-05-01…2009-05-01 (Shroud); name an edition or date in one of those ranges\n",
        ),
        (
            ["history", "Xyzzy"],
            "Error: no edition has a glossary term 'Xyzzy'\n",
        ),
        (
            ["diff", "2009-05-01", "2026-08-70"],
            "Error: no edition '2026-08-70' in the library: name an edition by its id (such as "
            "2026-08-07), by a date (YYYY-MM-DD), or 'latest'; did you mean 2026-08-07?\n",
        ),
        (
            ["diff", "lastest", "2009-05-01"],
            "Error: no edition 'lastest' in the library: name an edition by its id (such as "
            "2026-08-07), by a date (YYYY-MM-DD), or 'latest'; did you mean latest?\n",
        ),
        (
            ["history", "701.2222"],
            "Error: '701.2222' is not a rule number: rule numbers look like 7, 701, 701.22 or "
            "704.5aa; did you mean 701.22, 701.22a or 701.22b?\n",
        ),
    ],
)
def test_bad_input(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv, "--home", str(home))
    assert code == 1
    assert out == ""
    assert err == message


def test_empty_library_falls_back_to_the_samples(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty").mkdir()
    code, _out, err = run(capsys, "history", "Xyzzy", "--home", str(tmp_path / "empty"))
    assert code == 1
    assert "bundled sample documents" in err or "the library at" in err
