"""``crdex identify``, ``POST /api/identify`` and the MCP tool ``identify``: one answer, three ways.

Seed 001 is worded as 2006-10-01 and 2007-02-01 word it (see
test_placement_seeds.py). In a library of 2005-02-01, 2007-05-01 and later
editions (the web application's test library), neither of those is held:
its text lies between 2005-02-01 and 2007-05-01 (Scry is still 502.36, as in
2005; 502.26e already reads "no mana cost", as from 2007-05-01 on).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import CORPUS, SEEDS, mcp_session, run_crdex

SEED_001 = SEEDS / "001_5f324ed2d2985831.txt"
BETWEEN = [{"after": "2005-02-01", "before": "2007-05-01"}]


def test_with_the_bundled_samples_there_is_nothing_to_match(tmp_path: Path) -> None:
    done = run_crdex("identify", str(SEED_001), "--home", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "001_5f324ed2d2985831.txt: 94 rules (502.26c–502.51a), pdf-text, no effective date",
        "cannot be placed: no edition of the library holds any of its rules",
    ]
    assert "the library is empty, so this answer comes from the bundled sample" in done.stderr


def test_bad_input_is_a_clear_error(tmp_path: Path) -> None:
    prose = tmp_path / "prose.txt"
    prose.write_text("Lorem ipsum.\n", encoding="utf-8")
    done = run_crdex("identify", str(prose), "--home", str(tmp_path))
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith(f"Error: {prose}: not a rules document in any known format")
    missing = run_crdex("identify", str(tmp_path / "nope.txt"), "--home", str(tmp_path))
    assert (missing.returncode, missing.stderr) == (
        1,
        f"Error: {tmp_path / 'nope.txt'}: no such file\n",
    )


@pytest.mark.corpus
def test_a_rulings_summary_has_no_rules_to_place(tmp_path: Path) -> None:
    summary = CORPUS / "rulings-crystalkeep-general-1999-05-16.reflowed.txt"
    done = run_crdex("identify", str(summary), "--home", str(tmp_path))
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"Error: {summary}: a rulings summary in a numbering of its own, not the Comprehensive "
        "Rules: it has no rules to compare with the editions'\n"
    )


@pytest.mark.corpus
@pytest.mark.slow
def test_command_and_api_agree(web_home: Path) -> None:
    from fastapi.testclient import TestClient

    from crdex.web import create_app

    done = run_crdex("identify", str(SEED_001), "--home", str(web_home), "--json")
    assert done.returncode == 0, done.stderr
    ours = json.loads(done.stdout)
    assert (ours["verdict"], ours["between"]) == ("between", BETWEEN)
    text = SEED_001.read_text(encoding="utf-8")
    with TestClient(create_app(web_home)) as client:
        answer = client.post("/api/identify", json={"text": text, "name": SEED_001.name})
        assert answer.status_code == 200
        assert answer.json() == ours
        assert answer.headers["cache-control"] == "no-store"
        bad = client.post("/api/identify", json={"text": "no rules here"})
        assert bad.status_code == 422
        assert bad.json()["message"].startswith("-: not a rules document in any known format")
        assert client.post("/api/identify", content=b"{not json").status_code == 422
        assert client.post("/api/identify", json={"text": "x", "name": "../x"}).status_code == 422
        big = json.dumps({"text": "x" * (4 << 20)}).encode()
        assert client.post("/api/identify", content=big).status_code == 413


@pytest.mark.corpus
@pytest.mark.slow
def test_mcp_tool_answers_as_the_command(web_home: Path) -> None:
    from crdex.api import Reader
    from crdex.mcp import create_server

    server = create_server(Reader(web_home))

    async def use(client: Any) -> Any:
        return await client.call_tool(
            "identify", {"text": SEED_001.read_text(encoding="utf-8"), "name": SEED_001.name}
        )

    result = mcp_session(server, use, mode="legacy")
    assert not result.is_error, result.content[0].text
    data = result.structured_content
    assert (data["verdict"], data["between"]) == ("between", BETWEEN)
    assert (
        result.content[0]
        .text.splitlines()[1]
        .startswith("lies between 2005-02-01 and 2007-05-01: ")
    )
