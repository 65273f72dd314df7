"""The MCP resources through the SDK's client, in memory, and a server over an empty library.

Expectations read from the documents: cr-2005-02-01.txt has the sections
"1. The Game" … "5. Additional Rules" with "502. Keyword Abilities" under
the fifth, and "502.36. Scry" with "502.36a Scry is a static ability that
functions while a spell or ability is resolving."; cr-2026-08-07.txt has
"701.22. Scry" and "701.22b If a player is instructed to scry 0, no scry
event occurs."
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import MCPError

from conftest import mcp_session

pytestmark = [pytest.mark.corpus, pytest.mark.slow]


@pytest.fixture(scope="module")
def server(few_editions_home: Path) -> Any:
    from crdex.api import Reader
    from crdex.mcp import create_server

    return create_server(Reader(few_editions_home))


def _read(server: Any, uri: str) -> Any:
    """The resource's contents, or the protocol error that refused it."""

    async def use(client: Any) -> Any:
        try:
            return await client.read_resource(uri)
        except MCPError as exc:
            return exc

    return mcp_session(server, use, mode="legacy")


def read(server: Any, uri: str) -> str:
    (content,) = _read(server, uri).contents
    assert str(content.uri) == uri
    return content.text


def refused(server: Any, uri: str) -> MCPError:
    answer = _read(server, uri)
    assert isinstance(answer, MCPError)
    return answer


def test_resources_and_templates_are_listed(server: Any) -> None:
    async def use(client: Any) -> Any:
        return await client.list_resources(), await client.list_resource_templates()

    resources, templates = mcp_session(server, use, mode="legacy")
    assert [str(r.uri) for r in resources.resources] == ["crdex://editions"]
    assert [t.uri_template for t in templates.resource_templates] == [
        "crdex://{edition}",
        "crdex://{edition}/{number}",
    ]
    assert all(t.description for t in templates.resource_templates)


def test_a_rule_by_uri(server: Any) -> None:
    text = read(server, "crdex://2026-08-07/701.22")
    lines = text.splitlines()
    assert lines[:2] == ["2026-08-07", "701.22  Scry"]
    assert "  701.22b  If a player is instructed to scry 0, no scry event occurs." in text
    old = read(server, "crdex://2005-02-01/502.36")
    assert "502.36a  Scry is a static ability that functions while a spell or ability is" in old
    # an edition named by a date: the one in force
    assert read(server, "crdex://2005-06-01/502.36") == old


def test_an_editions_contents(server: Any) -> None:
    lines = read(server, "crdex://2005-02-01").splitlines()
    assert lines[0] == "2005-02-01: Magic: The Gathering Comprehensive Rules"
    sections = [line for line in lines[1:] if line[:1].isdigit()]
    assert sections[0] == "1. The Game"
    assert sections[-1] == "5. Additional Rules"
    assert lines.index("  502. Keyword Abilities") > lines.index("5. Additional Rules")
    assert lines[-1].startswith("Glossary: ")


def test_the_editions_resource(server: Any) -> None:
    text = read(server, "crdex://editions")
    assert text.splitlines()[0] == "5 editions, oldest first:"
    assert "2026-08-07.upload-20260808" in text


def test_unknown_names_are_not_found_with_crdex_messages(server: Any) -> None:
    unknown = refused(server, "crdex://nope/701.22")
    assert unknown.error.code == -32602
    assert unknown.error.message == (
        "no edition 'nope' in the library: name an edition by its id (such as 2026-08-07), "
        "by a date (YYYY-MM-DD), or 'latest'; did you mean latest or 2026-08-07?"
    )
    # the last rule of cr-2026-08-07.txt is 905.6, in section 9
    assert refused(server, "crdex://latest/999.9").error.message == (
        "2026-08-07 has no rule 999.9; did you mean 9 or 905.6?"
    )
    assert refused(server, "crdex://1990-01-01").error.message == (
        "no edition was in force on 1990-01-01: the first edition in the library is 2005-02-01"
    )


def test_an_empty_library_answers_from_the_bundled_samples(tmp_path: Path) -> None:
    from crdex.api import Reader
    from crdex.mcp import create_server

    (tmp_path / "empty").mkdir()
    empty = create_server(Reader(tmp_path / "empty"))

    async def use(client: Any) -> Any:
        return await client.call_tool("editions", {})

    result = mcp_session(empty, use, mode="legacy")
    assert result.structured_content["bundled"] is True
    assert result.content[0].text.startswith("note: the library is empty")
    assert list((tmp_path / "empty").iterdir()) == []  # read only: nothing was written
