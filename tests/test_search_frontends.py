"""One ranking and one total whatever the limit, in every front end; every search's cost bounded.

Over real editions (``few_editions_home``): the Python API, ``crdex search
--json``, the JSON API and its page, and the MCP ``search`` tool must report
the same total for a question at every limit, each limit's hits being the
first of the next one's. Beyond a cost bound a search is a clear error:
the command line exits 1, the API answers 422 with the reason, MCP
returns a tool error.
"""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient

from conftest import mcp_session, run_crdex
from crdex.api import Reader
from crdex.index.search import SearchTooCostly, open_search
from crdex.index.search.answering import budget
from crdex.web import create_app

pytestmark = pytest.mark.corpus

QUESTION = "what happens when I mill a card"
# 'a*' stands for every word of the rules starting with a: far more than the bound
WIDE = "a*"
WIDE_ERROR = (
    f"the pattern 'a*' stands for more than {budget.PATTERN_WORDS} words of the rules; "
    "make it longer"
)


@pytest.fixture(scope="module")
def client(few_editions_home: Path):
    with TestClient(create_app(few_editions_home)) as client:
        yield client


@pytest.fixture(scope="module")
def server(few_editions_home: Path) -> Any:
    from crdex.mcp import create_server

    return create_server(Reader(few_editions_home))


def _mcp(server: Any, **arguments: Any) -> Any:
    async def use(client: Any) -> Any:
        return await client.call_tool("search", arguments)

    return mcp_session(server, use, mode="legacy")


def _cli(home: Path, *args: str) -> dict[str, Any]:
    done = run_crdex("search", "--home", str(home), "--json", *args)
    assert done.returncode == 0, done.stderr
    return orjson.loads(done.stdout)


@pytest.mark.parametrize("all_editions", [False, True])
def test_the_total_and_the_order_do_not_depend_on_the_limit(
    few_editions_home: Path, all_editions: bool
) -> None:
    index = open_search(few_editions_home)
    results = [
        index.search(QUESTION, limit=n, all_editions=all_editions) for n in (3, 10, 25, 50, 100)
    ]
    totals = {r.total for r in results}
    assert len(totals) == 1 and totals.pop() > 10
    ranked = [[h.label for h in r.hits] or [g.identity for g in r.groups] for r in results]
    for shorter, longer in itertools.pairwise(ranked):
        assert longer[: len(shorter)] == shorter


def test_every_front_end_reports_the_same_total(
    few_editions_home: Path, client: TestClient, server: Any
) -> None:
    library = Reader(few_editions_home).search(QUESTION, limit=100)
    for limit in (3, 25):
        assert _cli(few_editions_home, QUESTION, "--limit", str(limit))["total"] == library.total
        api = client.get("/api/search", params={"q": QUESTION, "limit": limit}).json()
        assert api["total"] == library.total
        assert [h["number"] for h in api["hits"]] == [h.number for h in library.hits][:limit]
        found = _mcp(server, query=QUESTION, limit=limit)
        assert not found.is_error
        assert found.structured_content["total"] == library.total
    page = client.get("/search", params={"q": QUESTION, "limit": 5}).text
    assert re.search(rf"\b{library.total} rules found\b", page)


def test_a_pattern_standing_for_too_many_words(few_editions_home: Path) -> None:
    index = open_search(few_editions_home)
    for all_editions in (False, True):
        with pytest.raises(SearchTooCostly) as info:
            index.search(WIDE, all_editions=all_editions)
        assert str(info.value) == WIDE_ERROR
    # a prefix of a few words is searched as before
    assert index.search("scr*").hits


def test_patterns_standing_for_too_many_words_together(
    few_editions_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(budget, "QUERY_WORDS", 3)
    with pytest.raises(SearchTooCostly) as info:
        open_search(few_editions_home).search("scr* OR mil*")
    assert str(info.value) == (
        "the query's patterns stand for more than 3 words of the rules together; "
        "use fewer or longer ones"
    )


def test_a_search_past_its_time(few_editions_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "SECONDS", 0.0)
    with pytest.raises(SearchTooCostly) as info:
        open_search(few_editions_home).search("mill", all_editions=True)
    assert str(info.value) == (
        "the search was stopped after 0 s of work; ask with fewer or longer patterns, "
        "or search one edition instead of all"
    )


def test_a_search_past_its_time_by_the_clock(
    few_editions_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(budget, "WALL_SECONDS", 0.0)
    with pytest.raises(SearchTooCostly) as info:
        open_search(few_editions_home).search("mill", all_editions=True)
    assert str(info.value) == (
        "the search was stopped after 0 s; ask with fewer or longer patterns, "
        "or search one edition instead of all"
    )


def test_work_is_what_a_search_is_bounded_by() -> None:
    """Time spent waiting (another job holding the processor) is not the search's work."""
    deadline = budget.Deadline(seconds=0.2, wall=5.0)
    time.sleep(0.3)
    assert not deadline.expired()
    busy = time.thread_time() + 0.25
    while time.thread_time() < busy:
        pass
    assert deadline.expired()
    assert str(deadline.passed()).startswith("the search was stopped after 0.2 s of work;")


def test_a_query_too_long(few_editions_home: Path) -> None:
    with pytest.raises(SearchTooCostly) as info:
        open_search(few_editions_home).search("scry " * 201)
    assert str(info.value) == "the query is 1005 characters long; a search takes at most 1000"


def test_the_cli_exits_1_with_the_reason(few_editions_home: Path) -> None:
    done = run_crdex("search", "--home", str(few_editions_home), WIDE)
    assert done.returncode == 1
    assert done.stderr.strip().endswith(f"Error: {WIDE_ERROR}")
    assert "Traceback" not in done.stderr


def test_the_api_answers_422_with_the_reason(client: TestClient) -> None:
    response = client.get("/api/search", params={"q": WIDE, "all_editions": "true"})
    assert response.status_code == 422
    assert response.json()["message"] == WIDE_ERROR
    page = client.get("/search", params={"q": WIDE})
    assert WIDE_ERROR.replace("'", "&#39;") in page.text


def test_mcp_answers_a_tool_error(server: Any) -> None:
    result = _mcp(server, query=WIDE)
    assert result.is_error
    assert result.content[0].text == f"Error executing tool search: {WIDE_ERROR}"
