"""The lookup tables of a built library answer from any thread.

Servers (the web application, the MCP server) open the library once and
answer in worker threads; the tables' one read-only SQLite connection must
serve them all.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from conftest import SEEDS
from crdex import api
from crdex.index.library.library import Library
from crdex.index.library.tables import TableGraph


@pytest.fixture(scope="module")
def seeds_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("tables") / "home"
    api.build([SEEDS], home=home)
    return home


def test_the_tables_answer_in_another_thread(seeds_home: Path) -> None:
    graph = Library(seeds_home).graph()
    assert isinstance(graph, TableGraph)
    key = graph.known_keys()[0]
    scry = graph.holders(key)
    assert scry
    found: list[object] = []
    errors: list[BaseException] = []

    def other() -> None:
        try:
            found.append(graph.holders(key))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=other) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert found == [scry] * 4
