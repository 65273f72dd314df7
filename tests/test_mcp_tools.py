"""The MCP tools through the SDK's client, in memory, over a library of a few real editions.

Expectations read from the documents (grep the files in ../shared/corpus):

- Scry is "502.36. Scry" in cr-2005-02-01.txt, "501.8. Scry" in 2008-05-01
  and 2009-05-01, "701.16. Scry" in 2009-07-11 and "701.22. Scry" in
  2026-08-07; 502.36 is "502.36. Shroud" in 2008-05-01 and 2009-05-01.
- 2026-08-07: "701.22b If a player is instructed to scry 0, no scry event
  occurs."; "701.16. Investigate" (701.16 was Scry in 2009-07-11); rule
  section "7. Additional Rules" begins "700. General", "700.1", "700.2",
  "700.2a"; glossary "Trample: A keyword ability that modifies how a
  creature assigns combat damage. See rule 702.19, “Trample.”"
- 2005-02-01's glossary begins with "Ability".

Every successful answer is checked against the output schema its tool publishes.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from conftest import mcp_session, run_crdex

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

TOOLS = {
    "editions",
    "rule",
    "search",
    "history",
    "resolve",
    "diff",
    "glossary",
    "check_citations",
    "identify",
}


@pytest.fixture(scope="module")
def server(few_editions_home: Path) -> Any:
    from crdex.api import Reader
    from crdex.mcp import create_server

    return create_server(Reader(few_editions_home))


@cache
def _schemas(server: Any) -> dict[str, Any]:
    async def use(client: Any) -> Any:
        return (await client.list_tools()).tools

    return {t.name: t for t in mcp_session(server, use, mode="legacy")}


def call(server: Any, name: str, **arguments: Any) -> Any:
    """The tool's result; a successful one checked against the tool's output schema."""

    async def use(client: Any) -> Any:
        return await client.call_tool(name, arguments)

    result = mcp_session(server, use, mode="legacy")
    if not result.is_error:
        jsonschema.validate(result.structured_content, _schemas(server)[name].output_schema)
    return result


def data(server: Any, name: str, **arguments: Any) -> dict[str, Any]:
    result = call(server, name, **arguments)
    assert not result.is_error, result.content[0].text
    return result.structured_content


def error(server: Any, name: str, **arguments: Any) -> str:
    result = call(server, name, **arguments)
    assert result.is_error
    assert result.structured_content is None
    return result.content[0].text


def test_the_tools_are_listed_described_and_read_only(server: Any) -> None:
    tools = _schemas(server)
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert len(tool.description) > 80, tool.name
        assert tool.output_schema["type"] == "object"
        assert tool.annotations.read_only_hint is True
        for name, prop in tool.input_schema["properties"].items():
            assert prop.get("description"), f"{tool.name}({name}) is not described"


def test_diff_kinds_are_the_librarys() -> None:
    from crdex.index.lineage.diff import KINDS
    from crdex.mcp.tools import DIFF_KINDS

    assert (*KINDS, "reused") == DIFF_KINDS


# -- resolve, history ----------------------------------------------------------------


def test_resolve_follows_scry_to_today(server: Any) -> None:
    result = call(server, "resolve", number="502.36", at="2005-02-01")
    found = result.structured_content
    assert (found["number"], found["title"], found["status"]) == ("701.22", "Scry", "current")
    assert (found["at"], found["to"]) == ("2005-02-01", "2026-08-07")
    assert [s["number"] for s in found["chain"]] == ["502.36", "501.8", "701.16", "701.22"]
    assert "in 2026-08-07: 701.22 Scry" in result.content[0].text


def test_resolve_by_date_and_to_an_earlier_edition(server: Any) -> None:
    found = data(server, "resolve", number="502.36", at="2006-01-01", to="2009-07-11")
    assert (found["at"], found["number"]) == ("2005-02-01", "701.16")


def test_history_of_scry_and_the_other_rule_that_held_its_number(server: Any) -> None:
    found = data(server, "history", number="502.36", edition="2005-02-01")
    assert [v["number"] for v in found["versions"]] == ["502.36", "501.8", "701.16", "701.22"]
    assert [u["label"] for u in found["number_also"]] == ["Shroud"]
    assert found["end"]["relation"] == "current"


# -- rule ------------------------------------------------------------------------------


def test_rule_is_read_in_the_edition_in_force(server: Any) -> None:
    found = data(server, "rule", number="701.22", edition_or_date="2026-09-01")
    assert (found["edition"], found["title"]) == ("2026-08-07", "Scry")
    assert [c["number"] for c in found["children"]][:4] == [
        "701.22a",
        "701.22b",
        "701.22c",
        "701.22d",
    ]
    assert found["children"][1]["text"].startswith("If a player is instructed to scry 0")
    assert found["omitted"] == []
    assert data(server, "rule", number="502.36", edition_or_date="2005-02-01")["title"] == "Scry"
    assert data(server, "rule", number="502.36", edition_or_date="2008-05-01")["title"] == "Shroud"


def _walk(rule: dict[str, Any]) -> list[str]:
    return [rule["number"], *(n for child in rule["children"] for n in _walk(child))]


def test_a_big_rule_is_cut_and_says_what_it_left_out(server: Any) -> None:
    result = call(server, "rule", number="7", limit=5)
    found = result.structured_content
    assert _walk(found) == ["7", "700", "700.1", "700.2", "700.2a"]
    assert {"700.2b", "700.3", "701", "702"} <= set(found["omitted"])
    assert "701, 702" in result.content[0].text
    whole = data(server, "rule", number="7")
    assert len(_walk(whole)) == 50


def test_rule_errors_carry_crdex_messages(server: Any) -> None:
    assert error(server, "rule", number="70x.1") == (
        "Error executing tool rule: '70x.1' is neither a rule number (such as 7, 701, 701.22 "
        "or 704.5aa) nor a glossary term of 2026-08-07; did you mean 700.1, 701.1 or 702.1?"
    )
    assert error(server, "rule", number="701.22", edition_or_date="1990-01-01") == (
        "Error executing tool rule: no edition was in force on 1990-01-01: the first "
        "edition in the library is 2005-02-01"
    )
    assert error(server, "rule", number="Trample") == (
        "Error executing tool rule: 'Trample' is a glossary term of 2026-08-07, not a rule "
        "number: ask the glossary for it"
    )
    assert error(server, "rule", number="701.22", limit=0).startswith(
        "Error executing tool rule: 1 validation error"
    )


def test_tool_errors_are_the_messages_the_command_line_prints(
    server: Any, few_editions_home: Path
) -> None:
    home = str(few_editions_home)
    cases = [
        (("resolve", "502.36", "--at", "nope"), ("resolve", {"number": "502.36", "at": "nope"})),
        (
            ("history", "50x.36", "-e", "2005-02-01"),
            ("history", {"number": "50x.36", "edition": "2005-02-01"}),
        ),
        (("search", " "), ("search", {"query": " "})),
    ]
    for argv, (tool, arguments) in cases:
        printed = run_crdex(*argv, "--home", home)
        assert printed.returncode == 1
        # the last line (a first search builds the index and says so before it)
        last = printed.stderr.rstrip("\n").splitlines()[-1]
        assert last.startswith("Error: ")
        message = last.removeprefix("Error: ")
        assert error(server, tool, **arguments) == f"Error executing tool {tool}: {message}"


# -- search ----------------------------------------------------------------------------


def test_search_ranks_as_crdex_search(server: Any) -> None:
    result = call(server, "search", query="what happens when I scry zero", limit=3)
    found = result.structured_content
    assert found["hits"][0]["number"] == "701.22b"
    assert len(found["hits"]) == 3 <= found["total"]
    assert "701.22b" in result.content[0].text
    old = data(server, "search", query="scry", edition_or_date="2006-06-01", limit=2)
    assert old["edition"] == "2005-02-01"
    assert all(h["number"].startswith("502.36") for h in old["hits"])


def test_search_across_editions_groups_versions(server: Any) -> None:
    found = data(server, "search", query="scry", all_editions=True, limit=2)
    assert "hits" not in found
    # the top group is one of Scry's rules, named by today's number: 502.36 or one of its
    # subrules (an identity since 2005), or a subrule first seen in 2026-08-07 (scry 0)
    top = found["groups"][0]
    assert top["identity"].startswith(("2005-02-01/502.36", "2026-08-07/701.22"))
    assert top["number"].startswith("701.22")
    assert top["last"] == "2026-08-07"


def test_search_bounds_and_errors(server: Any) -> None:
    assert error(server, "search", query="") == "Error executing tool search: the query is empty"
    assert error(server, "search", query="scry", edition_or_date="nope") == (
        "Error executing tool search: no edition 'nope' in the library: name an edition by "
        "its id (such as 2026-08-07), by a date (YYYY-MM-DD), or 'latest'; did you mean "
        "latest or 2026-08-07?"
    )
    assert "less than or equal to 25" in error(server, "search", query="scry", limit=26)


# -- diff ------------------------------------------------------------------------------


def _pages(server: Any, **arguments: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every page of a diff: all changes and all reused numbers, checking the paging."""
    changes: list[dict[str, Any]] = []
    reused: list[dict[str, Any]] = []
    offset: int | None = 0
    while offset is not None:
        found = data(server, "diff", offset=offset, limit=200, **arguments)
        assert found["offset"] == offset
        assert len(found["changes"]) + len(found["reused_numbers"]) <= 200
        changes += found["changes"]
        reused += found["reused_numbers"]
        offset = found["next_offset"]
    assert len(changes) + len(reused) == found["total"]
    return changes, reused


def test_diff_pages_through_the_renumbering(server: Any) -> None:
    changes, reused = _pages(server, old="2009-05-01", new="2009-07-11", only=["moved"])
    assert reused == []
    assert all(c["kind"] == "moved" for c in changes)
    scry = [c for c in changes if c["old"][0]["number"] == "501.8"]
    assert [c["new"][0]["number"] for c in scry] == ["701.16"]
    first = data(server, "diff", old="2009-05-01", new="2009-07-11", only=["moved"], limit=3)
    assert len(first["changes"]) == 3
    assert first["next_offset"] == 3
    assert first["counts"]["moved"] == first["total"] == len(changes)


def test_diff_lists_reused_numbers(server: Any) -> None:
    changes, reused = _pages(server, old="2009-07-11", new="2026-08-07", only=["reused"])
    assert changes == []
    (number,) = [r for r in reused if r["number"] == "701.16"]
    assert "Scry" in number["old"] and "Investigate" in number["new"]


def test_diff_without_words_and_bad_kinds(server: Any) -> None:
    found = data(server, "diff", old="2009-05-01", new="2009-07-11", words=False, limit=20)
    assert len(found["changes"]) == 20
    assert all(c["diff"] == [] for c in found["changes"])
    assert error(server, "diff", old="2009-05-01", new="2009-07-11", only=["renamed"]).startswith(
        "Error executing tool diff: 1 validation error"
    )
    assert error(server, "diff", old="2009-05-01", new="nope").startswith(
        "Error executing tool diff: no edition 'nope' in the library"
    )


# -- glossary, check_citations, editions ------------------------------------------------


def test_glossary_term_and_pages(server: Any) -> None:
    (entry,) = data(server, "glossary", term="trample")["entries"]
    assert entry["term"] == "Trample"
    assert entry["definition"].startswith("A keyword ability that modifies how a creature")
    assert entry["references"] == ["702.19"]
    first = data(server, "glossary", edition="2005-02-01", limit=2)
    assert first["entries"][0]["term"] == "Ability"
    assert (len(first["entries"]), first["next_offset"]) == (2, 2)
    terms: list[str] = []
    offset: int | None = 0
    while offset is not None:
        page = data(server, "glossary", edition="2005-02-01", offset=offset, limit=200)
        terms += [e["term"] for e in page["entries"]]
        offset = page["next_offset"]
    assert len(terms) == len(set(terms)) == first["total"]


def test_glossary_errors(server: Any) -> None:
    assert error(server, "glossary", term="701.22") == (
        "Error executing tool glossary: '701.22' is a rule number, not a glossary term: "
        "ask for the rule instead"
    )
    assert error(server, "glossary", term="Trampel").startswith(
        "Error executing tool glossary: 'Trampel' is neither a rule number nor a glossary term "
        "of 2026-08-07; did you mean Trample"
    )


def test_check_citations(server: Any) -> None:
    text = "Scry is CR 502.36.\nSee also rule 999.1."
    result = call(server, "check_citations", text=text, as_of="2005-02-01")
    found = result.structured_content
    assert found["edition"] == "2026-08-07"
    assert [(f["line"], f["text"], f["status"]) for f in found["findings"]] == [
        (1, "CR 502.36", "moved"),
        (2, "rule 999.1", "missing"),
    ]
    assert found["findings"][0]["current"] == ["701.22"]
    assert (found["citations"], found["problems"]) == (2, 2)
    quiet = data(server, "check_citations", text="no citations here", edition="2009-06-01")
    assert (quiet["edition"], quiet["citations"], quiet["findings"]) == ("2009-05-01", 0, [])
    assert error(server, "check_citations", text=text, edition="nope").startswith(
        "Error executing tool check_citations: no edition 'nope' in the library"
    )


def test_editions_with_their_documents(server: Any) -> None:
    found = data(server, "editions")
    assert found["bundled"] is False
    ids = [e["id"] for e in found["editions"]]
    assert ids == ["2005-02-01", "2008-05-01", "2009-05-01", "2009-07-11", "2026-08-07"]
    assert [e["copies"] for e in found["editions"]] == [1, 1, 1, 1, 2]
    assert all(e["rules"] > 0 and e["glossary"] > 0 for e in found["editions"])
    assert all("documents" not in e for e in found["editions"])
    assert found["undated"] == 0
    result = call(server, "editions", documents=True)
    today = result.structured_content["editions"][-1]
    copies = {d["id"]: d["in_chain"] for d in today["documents"]}
    assert copies == {"2026-08-07": True, "2026-08-07.upload-20260808": False}
    assert "2026-08-07.upload-20260808" in result.content[0].text
    # a second copy is named by its id
    second = data(server, "rule", number="701.22", edition_or_date="2026-08-07.upload-20260808")
    assert second["title"] == "Scry"


def test_answers_stay_small(server: Any) -> None:
    """The biggest answers a default call can give stay far below an assistant's context."""
    for name, arguments in [
        ("rule", {"number": "7"}),
        ("diff", {"old": "2005-02-01", "new": "2026-08-07"}),
        ("glossary", {}),
        ("search", {"query": "creature", "all_editions": True}),
    ]:
        result = call(server, name, **arguments)
        size = len(json.dumps(result.structured_content)) + len(result.content[0].text)
        assert size < 200_000, (name, size)
