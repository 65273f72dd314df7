"""Progress on standard error when it is not a terminal: a line when a stage starts and ends."""

from __future__ import annotations

import pytest

from crdex.commands.options import progress_reporter


def test_a_stage_says_when_it_starts_and_when_it_ends(capsys: pytest.CaptureFixture[str]) -> None:
    with progress_reporter() as progress:
        for done in range(4):
            progress("parse", done, 3)
        progress("parse", 3, 3)  # the end, said again: printed once
    assert capsys.readouterr().err.splitlines() == [
        "parsing documents: 0/3",
        "parsing documents: 3/3",
    ]


def test_a_stage_with_nothing_to_do_says_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    with progress_reporter() as progress:
        progress("index", 0, 0)
        progress("parse", 0, 1)
        progress("parse", 1, 1)
    assert capsys.readouterr().err.splitlines() == [
        "parsing documents: 0/1",
        "parsing documents: 1/1",
    ]


def test_quiet_progress_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    with progress_reporter(quiet=True) as progress:
        progress("parse", 0, 2)
        progress("parse", 2, 2)
    assert capsys.readouterr().err == ""
