"""A parse pauses Python's cycle collector and leaves it as it found it, also on failure."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from crdex.errors import CrdexError
from crdex.parser import parse_bytes, parse_text

GOOD = "1. Game Concepts\n\n100. General\n\n100.1. These rules apply.\n"


@pytest.fixture
def collector() -> Iterator[None]:
    running = gc.isenabled()
    yield
    if running:
        gc.enable()
    else:
        gc.disable()


@pytest.mark.parametrize("running", [True, False])
def test_the_collector_is_left_as_it_was(collector: None, running: bool) -> None:
    (gc.enable if running else gc.disable)()
    seen: list[bool] = []
    gc.callbacks.append(lambda phase, info: seen.append(phase == "start"))
    try:
        edition = parse_text(GOOD, "good.txt")
        with pytest.raises(CrdexError):
            parse_bytes(b"no rules here at all\n", "bad.txt")
    finally:
        gc.callbacks.pop()
    assert [r.number for r in edition.rules] == ["1", "100", "100.1"]
    assert gc.isenabled() is running


def test_no_collection_runs_during_a_parse(collector: None) -> None:
    """At most one, when the collector resumes (a parse of 1000 rules made 24 before)."""
    gc.enable()
    runs: list[str] = []
    gc.callbacks.append(lambda phase, info: runs.append(phase))
    try:
        text = "1. Game Concepts\n\n100. General\n\n" + "".join(
            f"100.{n}. Rule number {n} of a long document.\n\n" for n in range(1, 999)
        )
        parse_text(text, "long.txt")
    finally:
        gc.callbacks.pop()
    assert runs.count("start") <= 1
