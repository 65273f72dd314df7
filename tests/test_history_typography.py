"""Histories without noise: an edit of typography alone folded by default, the same everywhere.

102.2 reads "In a two-player game, a player's opponent is the other player."
in cr-2009-07-11.txt (210) and "… a player’s opponent …" in cr-2020-07-03.txt
(236) and cr-2026-08-07.txt (252): one edit, of the apostrophe alone. The
library, ``crdex history`` (and ``--json``), the API and the MCP tool all
fold it into the version before by default, naming 2020-07-03 in
``typography_edits``, and all show it as a version of its own when asked.
Word differences of an edit of wording leave out words whose typing alone
changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import mcp_session, run_crdex
from crdex.index.lineage.worddiff import WordChange, without_typography


def runs(data: dict[str, Any]) -> list[tuple[str, str, str, list[str]]]:
    return [
        (v["number"], v["first_edition"], v["last_edition"], v["typography_edits"])
        for v in data["versions"]
    ]


def shown(versions: list[tuple[str, str, str, list[str]]]) -> list[tuple[str, str, list[str]]]:
    """Each version's number, first edition and the typography-only edits folded into it."""
    return [(number, first, folded) for number, first, _last, folded in versions]


def test_a_pair_that_differs_only_in_typing_is_kept_as_the_new_words() -> None:
    changes = [
        WordChange("=", "a"),
        WordChange("-", "player's"),
        WordChange("+", "player’s"),
        WordChange("=", "opponent"),
    ]
    assert without_typography(changes) == []
    mixed = [*changes, WordChange("-", "is"), WordChange("+", "was")]
    assert without_typography(mixed) == [
        WordChange("=", "a player’s opponent"),
        WordChange("-", "is"),
        WordChange("+", "was"),
    ]


@pytest.mark.corpus
def test_library_cli_api_and_mcp_agree(web_home: Path) -> None:
    import crdex
    from crdex.api import Reader
    from crdex.mcp import create_server
    from crdex.web import create_app

    folded = crdex.history("102.2", home=web_home).to_dict()
    every = crdex.history("102.2", typography=True, home=web_home).to_dict()
    assert shown(runs(folded)) == [("102.2", "2009-07-11", ["2020-07-03"])]
    assert shown(runs(every)) == [("102.2", "2009-07-11", []), ("102.2", "2020-07-03", [])]
    assert every["versions"][1]["change"] == "typography"
    assert folded["typography"] is False and every["typography"] is True

    cli = run_crdex("history", "102.2", "--json", "--home", str(web_home))
    cli_every = run_crdex("history", "102.2", "--typography", "--json", "--home", str(web_home))
    assert json.loads(cli.stdout) == folded
    assert json.loads(cli_every.stdout) == every
    text = run_crdex("history", "102.2", "--home", str(web_home)).stdout
    assert "(+1 typography-only edit)" in text
    assert "1 typography-only edit (quotes, apostrophes, italics) folded" in text

    with TestClient(create_app(web_home)) as client:
        assert client.get("/api/history/102.2").json() == folded
        assert client.get("/api/history/102.2", params={"typography": "true"}).json() == every

    server = create_server(Reader(web_home))

    def ask(**arguments: Any) -> dict[str, Any]:
        async def use(client: Any) -> Any:
            return await client.call_tool("history", {"number": "102.2", **arguments})

        result = mcp_session(server, use, mode="legacy")
        assert not result.is_error, result.content[0].text
        return result.structured_content

    assert runs(ask()) == runs(folded)
    assert runs(ask(typography=True)) == runs(every)
