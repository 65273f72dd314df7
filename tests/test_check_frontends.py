"""``crdex check``, ``POST /api/check`` and MCP ``check_citations`` give the same verdicts.

The library holds a few real editions (conftest.FEW_EDITIONS): 502.36 is
Scry in cr-2005-02-01.txt ("502.36. Scry") and Shroud in cr-2008-05-01.txt
("502.36. Shroud"); Scry is 701.22 in cr-2026-08-07.txt ("701.22. Scry"),
Shroud 702.18 ("702.18. Shroud").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import mcp_session, run_crdex
from crdex.mcp import create_server
from crdex.web import create_app

pytestmark = pytest.mark.corpus

TEXT = (
    "Per CR 502.36, scrying happens before you draw.\n"
    "Shroud: nothing can target it (CR 502.36).\n"
    "Which one is CR 502.36?\n"
)
# by its words: Scry, then Shroud; the third names neither
WANT = [
    ("moved", ["701.22"], "words", "701.22"),
    ("moved", ["702.18"], "words", "702.18"),
    ("ambiguous", [None], "ambiguous", None),
]
# written on 2008-05-01, when 502.36 was Shroud, all three mean Shroud (the first warns)
WANT_2008 = [
    ("moved", ["702.18"], "dated", None),
    ("moved", ["702.18"], "dated", "702.18"),
    ("moved", ["702.18"], "dated", "702.18"),
]


def verdicts(findings: list[dict[str, Any]]) -> list[tuple]:
    return [(f["status"], f["current"], f["meaning"][0]["how"], f["replacement"]) for f in findings]


def cli(home: Path, tmp_path: Path, *extra: str) -> dict[str, Any]:
    (tmp_path / "notes.txt").write_text(TEXT, encoding="utf-8")
    done = run_crdex("check", "notes.txt", "--home", str(home), "--json", *extra, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    return json.loads(done.stdout)


def api(home: Path, **extra: str) -> dict[str, Any]:
    from fastapi.testclient import TestClient

    with TestClient(create_app(home)) as client:
        response = client.post("/api/check", json={"text": TEXT, **extra})
    assert response.status_code == 200, response.text
    return response.json()


def mcp(home: Path, **extra: str) -> dict[str, Any]:
    from crdex.api import Reader

    async def ask(client: Any) -> Any:
        return await client.call_tool("check_citations", {"text": TEXT, **extra})

    result = mcp_session(create_server(Reader(home)), ask, mode="legacy")
    assert not result.is_error, result
    return result.structured_content


def test_the_same_verdicts_everywhere(few_editions_home: Path, tmp_path: Path) -> None:
    got = cli(few_editions_home, tmp_path, "--dates", "none")
    assert got["dates"] == "none"
    assert verdicts(got["findings"]) == WANT
    assert verdicts(api(few_editions_home)["findings"]) == WANT
    assert verdicts(mcp(few_editions_home)["findings"]) == WANT


def test_the_same_verdicts_for_a_date(few_editions_home: Path, tmp_path: Path) -> None:
    got = cli(few_editions_home, tmp_path, "--as-of", "2008-05-01")
    assert got["dates"] == "as-of 2008-05-01"
    assert verdicts(got["findings"]) == WANT_2008
    assert got["findings"][0]["mismatch"]["better"] == "501.8"  # Scry, in 2008-05-01
    from_api = api(few_editions_home, as_of="2008-05-01")
    from_mcp = mcp(few_editions_home, as_of="2008-05-01")
    for other in (from_api, from_mcp):
        assert verdicts(other["findings"]) == WANT_2008
        assert other["findings"][0]["mismatch"] == got["findings"][0]["mismatch"]
        assert other["dates"] == "as-of 2008-05-01"


def test_a_fix_never_rewrites_a_reused_number_to_another_rule(
    few_editions_home: Path, tmp_path: Path
) -> None:
    (tmp_path / "c.txt").write_text("Per CR 502.36, scrying happens before you draw.\n")
    done = run_crdex(
        "check", "c.txt", "--fix", "--dry-run", "--home", str(few_editions_home), cwd=tmp_path
    )
    assert done.returncode == 1
    assert "+Per CR 701.22, scrying happens before you draw.\n" in done.stdout
    assert "Shroud" not in done.stdout
    (tmp_path / "c.txt").write_text("See CR 502.36.\n")
    done = run_crdex(
        "check", "c.txt", "--fix", "--dry-run", "--home", str(few_editions_home), cwd=tmp_path
    )
    assert done.returncode == 1 and "+++" not in done.stdout
    assert "ambiguous: CR 502.36: 502.36 has meant 2 rules: Scry" in done.stdout


def test_a_date_its_words_contest_is_not_fixed(few_editions_home: Path, tmp_path: Path) -> None:
    # dated 2008-05-01, 502.36 is Shroud; but "scrying" is Scry's, 502.36 in 2005-02-01
    # ("502.36. Scry ... look at the top N cards"): the date is not trusted to rewrite it
    line = "# CR 502.36 is why scrying happens before you draw, which the code below does\n"
    (tmp_path / "d.py").write_text(line, encoding="utf-8")
    args = ("check", "d.py", "--home", str(few_editions_home), "--as-of", "2008-05-01")
    done = run_crdex(*args, "--fix", "--dry-run", cwd=tmp_path)
    assert done.returncode == 1 and "+++" not in done.stdout
    assert done.stdout.splitlines()[0] == (
        "d.py:1:3: moved: CR 502.36: 502.36 as of 2008-05-01 is 702.18 in 2026-08-07 (Shroud); "
        "not fixed: its words fit Scry (2005-02-01), which 502.36 also meant"
    )
    (finding,) = json.loads(run_crdex(*args, "--json", cwd=tmp_path).stdout)["findings"]
    assert (finding["replacement"], finding["mismatch"]) == (None, None)
    # the same words read on the day Scry held the number are fixed to Scry's number now
    done = run_crdex(*args[:-1], "2005-02-01", "--fix", "--dry-run", cwd=tmp_path)
    assert "+# CR 701.22 is why scrying happens" in done.stdout


def test_a_request_too_large_to_judge_is_refused(few_editions_home: Path) -> None:
    from fastapi.testclient import TestClient

    text = "rule 701.22 " * 20_001
    with TestClient(create_app(few_editions_home)) as client:
        response = client.post("/api/check", json={"text": text})
    assert response.status_code == 413
    assert response.json()["message"] == (
        "the text holds 20001 citations; at most 20000 are checked at once (check it in parts, "
        "or as a file with 'crdex check')"
    )
