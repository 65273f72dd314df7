"""The server under expensive work: lanes, deadlines, requests given up, faults of its own.

The library is the crafted edition of tests/data/web (rule 100.1 reads "These
Magic rules apply to any Magic game with two or more players.", line 17). A
search for a query that starts with "spin" stands for the most expensive
search a client could write: it runs (pure Python, as Whoosh's matching is)
until something stops it.
"""

from __future__ import annotations

import asyncio
import gc
import shutil
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from crdex.api import Reader
from crdex.web import create_app
from crdex.web.lanes import LANES, LaneSpec

pytestmark = pytest.mark.hostile

RULE = "/api/editions/2030-01-01/rules/100.1"


class Spinning(Reader):
    """A reader whose search of "spin…" never ends by itself."""

    def __init__(self, home: Path) -> None:
        super().__init__(home)
        self.spinning = threading.Event()

    def search(self, query: str, **kwargs: Any):  # type: ignore[no-untyped-def, override]
        if query.startswith("spin"):
            self.spinning.set()
            n = 0
            while True:  # interrupted by the lane, or never
                n += 1
        return super().search(query, **kwargs)


def lanes(**search: Any) -> dict[str, LaneSpec]:
    return {**LANES, "search": LaneSpec(**{"threads": 1, "waiting": 8, "deadline": 2.0, **search})}


async def _with_app(app, use):  # type: ignore[no-untyped-def]
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t", timeout=30) as c:
            return await use(c)


def serve(app, use):  # type: ignore[no-untyped-def]
    return asyncio.run(_with_app(app, use))


def test_a_rule_is_looked_up_while_two_searches_spin_and_they_end_at_their_deadline(
    crafted_home: Path,
) -> None:
    app = create_app(reader=Spinning(crafted_home), lanes=lanes(deadline=3.0))

    async def use(c: httpx.AsyncClient) -> None:
        spins = [asyncio.create_task(c.get("/api/search?q=spin+a")) for _ in range(2)]
        await asyncio.sleep(0.5)
        start = time.perf_counter()
        rule = await c.get(RULE)
        looked_up = time.perf_counter() - start
        assert rule.status_code == 200
        assert rule.json()["text"].startswith("These Magic rules apply to any Magic game")
        assert looked_up < 2.0  # not behind the searches, which run until 3 s
        for answer in await asyncio.gather(*spins):
            assert answer.status_code == 503
            assert answer.headers["retry-after"] == "5"
            assert "took longer than 3 s" in answer.json()["message"]
        # the search's one thread is free again: a search is answered
        after = await c.get("/api/search?q=magic+rules")
        assert after.status_code == 200

    serve(app, use)
    assert app.state.lanes["search"].load == 0


def test_a_full_lane_is_refused_at_once_with_retry_after(crafted_home: Path) -> None:
    app = create_app(reader=Spinning(crafted_home), lanes=lanes(waiting=0))

    async def use(c: httpx.AsyncClient) -> None:
        spin = asyncio.create_task(c.get("/api/search?q=spin"))
        await asyncio.sleep(0.5)
        start = time.perf_counter()
        refused = await c.get("/search?q=magic")
        assert time.perf_counter() - start < 1.0
        assert refused.status_code == 503
        assert refused.headers["retry-after"] == "5"
        assert "busy with other requests like this one" in refused.text
        assert (await spin).status_code == 503

    serve(app, use)


def test_a_search_that_runs_long_while_another_waits_is_stopped(crafted_home: Path) -> None:
    app = create_app(reader=Spinning(crafted_home), lanes=lanes(deadline=10.0, preempt=0.5))

    async def use(c: httpx.AsyncClient) -> None:
        start = time.perf_counter()
        spin = asyncio.create_task(c.get("/api/search?q=spin"))
        await asyncio.sleep(0.2)
        plain = await c.get("/api/search?q=magic+rules")
        stopped = await spin
        assert time.perf_counter() - start < 5.0  # not the 10 s deadline
        assert plain.status_code == 200
        assert plain.json()["hits"][0]["number"] == "100.1"
        assert stopped.status_code == 503
        assert stopped.json()["message"] == (
            "this request used more than 0.5 s of CPU while others waited and was stopped; "
            "try again shortly, or ask for less"
        )

    serve(app, use)


def test_a_search_alone_runs_until_its_deadline(crafted_home: Path) -> None:
    app = create_app(reader=Spinning(crafted_home), lanes=lanes(deadline=1.5, preempt=0.2))

    async def use(c: httpx.AsyncClient) -> None:
        start = time.perf_counter()
        answer = await c.get("/api/search?q=spin")
        assert time.perf_counter() - start >= 1.5  # nobody waited: not stopped at 0.2 s
        assert answer.status_code == 503 and "took longer than 1.5 s" in answer.text

    serve(app, use)


def test_a_request_whose_client_leaves_is_stopped(crafted_home: Path) -> None:
    """The server's ``http.disconnect``: the answer is not made, the thread is freed."""
    reader = Spinning(crafted_home)
    app = create_app(reader=reader, lanes=lanes(deadline=30.0))
    sent: list[dict[str, Any]] = []

    async def main() -> None:
        async with app.router.lifespan_context(app):
            asked = False

            async def receive() -> dict[str, Any]:
                nonlocal asked
                if not asked:
                    asked = True
                    return {"type": "http.request", "body": b"", "more_body": False}
                await asyncio.to_thread(reader.spinning.wait, 10)
                await asyncio.sleep(0.3)
                return {"type": "http.disconnect"}

            async def send(message: dict[str, Any]) -> None:
                sent.append(message)

            scope = {
                "type": "http",
                "asgi": {"version": "3.0"},
                "http_version": "1.1",
                "method": "GET",
                "scheme": "http",
                "path": "/api/search",
                "raw_path": b"/api/search",
                "query_string": b"q=spin",
                "root_path": "",
                "headers": [(b"host", b"t")],
                "client": ("127.0.0.1", 1),
                "server": ("t", 80),
            }
            start = time.perf_counter()
            await app(scope, receive, send)
            assert time.perf_counter() - start < 5.0  # not the 30 s deadline
            for _ in range(50):  # the interrupted thread lets go of its job
                if app.state.lanes["search"].load == 0:
                    break
                await asyncio.sleep(0.1)
            assert app.state.lanes["search"].load == 0
            assert app.state.lanes["search"].given_up == 1

    asyncio.run(main())
    assert sent[0]["status"] == 499


def test_a_damaged_library_is_the_servers_fault_and_names_no_file(
    crafted_home: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = tmp_path / "home"
    shutil.copytree(crafted_home, home)
    live = home / (home / "CURRENT").read_text("utf-8").strip()
    rules = live / "rules.sqlite"
    data = bytearray(rules.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the header's page counts and the schema page
    rules.write_bytes(bytes(data))
    with pytest.raises(sqlite3.DatabaseError):
        sqlite3.connect(rules).execute("SELECT * FROM sqlite_master").fetchall()
    app = create_app(home)

    async def use(c: httpx.AsyncClient) -> None:
        for url in (RULE, "/e/2030-01-01/100.1"):
            answer = await c.get(url)
            assert answer.status_code == 503, answer.text
            assert answer.headers["retry-after"] == "30"
            assert str(tmp_path) not in answer.text and "rules.sqlite" not in answer.text
            assert "the library this server reads cannot answer this request" in answer.text

    with caplog.at_level("ERROR", logger="crdex.web"):
        serve(app, use)
    assert str(rules) in caplog.text  # the path goes to the log


def test_what_a_worker_loads_at_start_is_out_of_the_collectors_walks(crafted_home: Path) -> None:
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    app = create_app(crafted_home, settle_memory=True)

    async def use(c: httpx.AsyncClient) -> int:
        assert (await c.get(RULE)).status_code == 200
        return gc.get_freeze_count()

    try:
        frozen = serve(app, use)
    finally:
        gc.unfreeze()
    # the graph, the search index and the latest edition's facts, loaded before the first request
    assert frozen > 10_000
    # an application inside another program (these tests) leaves the program's objects alone
    serve(create_app(crafted_home), use)
    assert gc.get_freeze_count() == 0
