"""Rebuilds in other processes: killed halfway, or running while searches go on.

A builder process is stopped at a chosen point (it prints "paused" there
and waits), then killed with SIGKILL; the index it was replacing must
still answer, and the next build must clean up after it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import REPO
from crdex.index.library import Library
from crdex.index.search import SearchIndex, open_search, update_index
from crdex.index.search.store import IndexStore

DATA = REPO / "tests" / "data" / "search"

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

BUILDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from crdex.index.library import Library
    from crdex.index.search import update_index
    from crdex.index.search import documents, store

    home, point, rounds = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    extra = sys.argv[4:]

    def pause():
        print("paused", flush=True)
        time.sleep(600)

    if point == "writing":  # inside the Whoosh writer, some documents added
        fields = documents.IndexDoc.fields
        seen = []
        def slow_fields(self):
            seen.append(1)
            if len(seen) == 5:
                pause()
            return fields(self)
        documents.IndexDoc.fields = slow_fields
    elif point == "copied":  # an update has copied the live generation
        scratch = store.IndexStore.scratch
        def paused_scratch(self, start_from=None):
            path = scratch(self, start_from)
            pause()
            return path
        store.IndexStore.scratch = paused_scratch
    elif point == "renamed":  # the new generation is in place, CURRENT not yet replaced
        from crdex.index.storage import generations  # the store's publishing lives there
        fsync = generations.fsync_dir
        def paused_fsync(path):
            fsync(path)
            if path == home / "search":
                pause()
        generations.fsync_dir = paused_fsync

    library = Library(home)
    if extra:
        library.add(extra)
    for _ in range(rounds):
        update_index(library, force=not extra)
    print("done", flush=True)
    """
)


def builder(tmp_path: Path, home: Path, point: str, rounds: int = 1, *extra: Path):
    script = tmp_path / "builder.py"
    script.write_text(BUILDER)
    return subprocess.Popen(
        [sys.executable, str(script), str(home), point, str(rounds), *map(str, extra)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def answers(index: SearchIndex) -> list[list[str]]:
    return [
        [h.label for h in index.search(q).hits]
        for q in ("scry zero", "701", "exile", "converted mana cost")
    ]


@pytest.mark.parametrize("point", ["writing", "copied", "renamed"])
def test_a_killed_build_leaves_the_index_usable(
    tmp_path: Path, search_home: Path, point: str
) -> None:
    store = IndexStore(search_home / "search")
    live = store.current()
    assert live is not None
    with SearchIndex.open_generation(store, live) as index:
        expected = answers(index)
    extra = [DATA / "later"] if point == "copied" else []
    proc = builder(tmp_path, search_home, point, 1, *extra)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "paused\n", proc.stderr.read() if proc.stderr else ""
    finally:
        proc.kill()
        proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    # the index readers see is the one from before, intact
    assert store.current() == live
    with SearchIndex.open_generation(store, live) as index:
        assert answers(index) == expected
    # the next build finishes the job and removes what the killed one left
    library = Library(search_home)
    report = update_index(library)
    assert report.reason == ("update" if extra else "up to date")
    leftovers = [p.name for p in store.root.iterdir() if p.name.startswith("tmp-")]
    assert leftovers == []
    assert len(list(store.root.glob("gen-*"))) <= 2
    with open_search(search_home) as index:
        if extra:  # the new edition is in
            assert index.search("investigate").hits[0].number == "701.5a"
        else:
            assert answers(index) == expected


def test_searches_keep_working_during_rebuilds(tmp_path: Path, search_home: Path) -> None:
    proc = builder(tmp_path, search_home, "none", 15)
    generations = set()
    searches = 0
    try:
        with open_search(search_home) as index:
            expected = answers(index)
            while proc.poll() is None:
                assert answers(index) == expected
                generations.add(index.generation)
                with open_search(search_home) as fresh:  # opening races with the swaps too
                    assert fresh.search("scry zero").hits[0].number == "701.2b"
                searches += 1
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
    assert proc.returncode == 0, err
    assert out.strip().endswith("done")
    assert searches > 5
    assert len(generations) > 1  # the long-lived reader followed the rebuilds
