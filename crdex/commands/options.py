"""What the commands share: option decorators, progress reporting, notes and JSON output.

Kept light on purpose: it imports click and nothing heavy, so that
``crdex --help`` (which loads every command module to list them) starts in
tens of milliseconds. Rich is imported only when a progress bar is drawn on
a terminal.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

__all__ = [
    "STAGES",
    "LazyChoice",
    "ProgressCallback",
    "as_of_option",
    "echo_json",
    "edition_option",
    "format_option",
    "home_option",
    "json_option",
    "note",
    "note_edition",
    "progress_reporter",
    "warn",
]

F = TypeVar("F", bound=Callable[..., Any])
ProgressCallback = Callable[[str, int, int], None]

# what each stage of long work is called on the progress line
STAGES = {
    "parse": "parsing documents",
    "match": "matching editions",
    "index": "indexing rules",
    "vectors": "embedding rules",
    "sentences": "reading rules with the sentence model",
    "tables": "writing lookup tables",
    "export": "exporting",
    "verify": "verifying",
}


def home_option(func: F) -> F:
    """``--home DIR`` (also spelled ``--index DIR``): the library to use."""
    return click.option(
        "--home",
        "--index",
        "home",
        metavar="DIR",
        help="Library directory (default: $CRDEX_HOME or the per-user directory); "
        "--index is the same option.",
    )(func)


def json_option(func: F) -> F:
    """``--json``: print what a tool would read instead of text for people."""
    return click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")(func)


def edition_option(help_text: str, dest: str = "edition", **kwargs: Any) -> Callable[[F], F]:
    """``--edition/-e EDITION``, with a help text saying what the edition is for."""
    return click.option("--edition", "-e", dest, metavar="EDITION", help=help_text, **kwargs)


def as_of_option(help_text: str, **kwargs: Any) -> Callable[[F], F]:
    """``--as-of DATE`` (also spelled ``--at``): a date, an edition in force then.

    One name for one meaning in every command: ``resolve`` long took
    ``--at`` and ``search`` and ``check`` ``--as-of``; both spellings are
    accepted everywhere, and help shows ``--as-of``.
    """
    return click.option("--as-of", "--at", "as_of", metavar="DATE", help=help_text, **kwargs)


class LazyChoice(click.Choice):
    """A ``click.Choice`` whose values come from a function called on first use.

    The values often live in heavy modules (the parser's formats, the diff's
    kinds); asking for them only when the option is parsed or its help shown
    keeps the command module light to import.
    """

    def __init__(self, load: Callable[[], Any], case_sensitive: bool = True) -> None:
        self._load = load
        self._values: tuple[str, ...] | None = None
        super().__init__((), case_sensitive=case_sensitive)

    @property  # type: ignore[override]
    def choices(self) -> tuple[str, ...]:
        if self._values is None:
            self._values = tuple(self._load())
        return self._values

    @choices.setter
    def choices(self, _value: Any) -> None:  # click's __init__ assigns the empty tuple
        pass


def _format_names() -> list[str]:
    from crdex.parser import format_names

    return format_names()


def format_option(func: F) -> F:
    """``--format``: read a document as this format instead of detecting it (``fmt``)."""
    return click.option(
        "--format",
        "fmt",
        type=LazyChoice(_format_names, case_sensitive=False),
        help="Read the document as this format instead of detecting it.",
    )(func)


def note(message: str) -> None:
    """A note for people on standard error (never mixed into the answer)."""
    click.echo(f"note: {message}", err=True)


def note_edition(asked: str | None, answered: str) -> None:
    """Say which edition answered when a date, not an edition's id, named it."""
    if asked and asked.strip().casefold() not in ("latest", answered.casefold()):
        note(f"no edition is dated {asked.strip()}; the one in force that day, {answered}, answers")


def warn(message: str) -> None:
    click.echo(f"warning: {message}", err=True)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=1))


class _PlainProgress:
    """Progress as plain lines on standard error when it is not a terminal.

    Logs and CI capture standard error, and long work must say it is alive
    there too: one line per stage when it starts and ends, and one at most
    every ``every`` seconds in between.
    """

    def __init__(self, every: float = 5.0) -> None:
        self.every = every
        self._last: dict[str, float] = {}
        self._ended: set[str] = set()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if total == 0:  # a stage with nothing to do ("indexing rules: 0/0") says nothing
            return
        now = time.monotonic()
        name = STAGES.get(stage, stage)
        first = stage not in self._last
        finished = total > 0 and done >= total
        if finished and stage in self._ended:
            return
        if first or finished or now - self._last[stage] >= self.every:
            self._last[stage] = now
            if finished:
                self._ended.add(stage)
            elif stage in self._ended:
                self._ended.discard(stage)
            click.echo(f"{name}: {done}/{total}", err=True)


@contextmanager
def progress_reporter(*, quiet: bool = False) -> Iterator[ProgressCallback]:
    """A ``(stage, done, total)`` callback for long work: a bar on a terminal, lines otherwise."""
    if quiet:
        yield lambda _stage, _done, _total: None
        return
    if not sys.stderr.isatty():
        yield _PlainProgress()
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        tasks: dict[str, Any] = {}

        def update(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(STAGES.get(stage, stage), total=total)
            bar.update(tasks[stage], completed=done, total=total)

        yield update
