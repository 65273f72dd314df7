"""``crdex search``: ranked rules for a question, in one edition or across all of them."""

from __future__ import annotations

import json
from collections.abc import Callable

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from crdex.home import resolve_home
from crdex.index.library import Library
from crdex.index.search import (
    Group,
    Hit,
    IndexReport,
    SearchResult,
    Snippet,
    open_search,
    update_index,
)

__all__ = ["search"]

_STAGES = {"parse": "parsing documents", "match": "matching editions", "index": "indexing rules"}
# editions listed one by one up to this many; more are shown as a range
_LIST_EDITIONS = 3


def home_options(func):  # type: ignore[no-untyped-def]
    """``--home`` and its synonym ``--index``: the library (and search index) to use."""
    func = click.option(
        "--index",
        "index_dir",
        metavar="DIR",
        help="Same as --home: the library directory that holds the search index.",
    )(func)
    return click.option(
        "--home",
        metavar="DIR",
        help="Library directory (default: $CRDEX_HOME or the per-user directory).",
    )(func)


_HOW = {
    "new": "built",
    "forced": "rebuilt",
    "format": "rebuilt (it was written by another crdex version)",
    "damaged": "rebuilt (its files could not be read)",
    "update": "updated",
    "up to date": "up to date",
}


def index_library(
    library: Library,
    progress: Callable[[str, int, int], None] | None = None,
    notice: Callable[[str], None] | None = None,
) -> IndexReport | None:
    """What ``crdex build`` does last: bring the library's search index up to date."""
    if library.home is None or not library.chain():
        return None
    return update_index(library, progress=progress, notice=notice)


def describe_index(report: IndexReport) -> str:
    """One line about an index build, for ``crdex build``."""
    return (
        f"search index {_HOW.get(report.reason, report.reason)}: {report.documents} rule "
        f"versions, {report.added} added, {report.removed} removed ({report.seconds:.1f} s)"
    )


def progress_bar(console: Console, quiet: bool) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=quiet or not console.is_terminal,
    )


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option(
    "--edition", "-e", metavar="EDITION", help="Search this edition: id, date or 'latest'."
)
@click.option("--as-of", "as_of", metavar="DATE", help="Search the edition in force on DATE.")
@click.option(
    "--all-editions", is_flag=True, help="Search every edition; group versions of each rule."
)
@click.option("--limit", "-n", default=10, show_default=True, help="Rules to show.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@home_options
def search(
    query: tuple[str, ...],
    edition: str | None,
    as_of: str | None,
    all_editions: bool,
    limit: int,
    as_json: bool,
    home: str | None,
    index_dir: str | None,
) -> None:
    """Search the rules for QUERY (default: in the latest edition).

    QUERY is a question or words ("what happens when I scry zero"), a
    "quoted phrase", or a rule number (701.22: that rule and its subrules).
    Old and new terms find each other ("exile" finds "removed from the
    game" in old editions). AND, OR, NOT, parentheses, title: and text:
    work as in Whoosh.
    """
    text = " ".join(query)
    err = Console(stderr=True)
    library_dir = resolve_home(home or index_dir)

    def notice(message: str) -> None:
        click.echo(f"note: {message}", err=True)

    with progress_bar(err, as_json) as bar:
        tasks: dict[str, int] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(_STAGES.get(stage, stage), total=total)
            bar.update(tasks[stage], completed=done, total=total)

        index = open_search(library_dir, notice=notice, progress=progress)
    result = index.search(
        text, edition=edition, as_of=as_of, all_editions=all_editions, limit=limit
    )
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=1))
        return
    render(Console(highlight=False), result)


def _snippet(snippet: Snippet) -> Text:
    text = Text(snippet.text)
    for start, end in snippet.marks:
        text.stylize("bold", start, end)
    return text


def indented(console: Console, text: Text, indent: int) -> None:
    """Print ``text`` wrapped to the console's width, every line indented."""
    if indent == 0:
        console.print(text)
        return
    for line in text.wrap(console, max(20, console.width - indent)):
        line.rstrip()
        console.print(Text(" " * indent).append_text(line), soft_wrap=True)


def _editions(ids: list[str]) -> str:
    if not ids:
        return ""
    if len(ids) <= _LIST_EDITIONS:
        return ", ".join(ids)
    return f"{ids[0]} … {ids[-1]} ({len(ids)} editions)"


def _head(hit: Hit) -> Text:
    head = Text(hit.label, style="bold cyan")
    name = hit.title if hit.kind != "glossary" else ""
    context = name or hit.heading
    if context:
        head.append(f"  {context}", style="bold" if name else "dim")
    return head


def render(console: Console, result: SearchResult) -> None:
    """Print a search result for people."""
    where = f"in {result.edition}" if result.edition else "in all editions"
    if result.asked and result.asked not in (result.edition, "latest"):
        where += f" (in force on {result.asked})"
    if not result.hits and not result.groups:
        console.print(f"No rules match {result.query!r} {where}.")
        if result.suggestion:
            console.print(f"Did you mean: {result.suggestion}?")
        return
    if result.suggestion:
        console.print(Text(f"(did you mean: {result.suggestion}?)", style="dim"))
    if result.edition is not None:
        for n, hit in enumerate(result.hits, 1):
            line = Text(f"{n:>2}. ") if result.mode == "text" else Text("")
            line.append_text(_head(hit))
            console.print(line)
            indented(console, _snippet(hit.snippet), 4)
        shown = len(result.hits)
    else:
        for n, group in enumerate(result.groups, 1):
            _group(console, n, group, result.mode == "text")
        shown = len(result.groups)
    what = "rules" if result.mode == "text" else "rules under that number"
    console.print(Text(f"{shown} of {result.total} {what} {where}", style="dim"))


def _group(console: Console, n: int, group: Group, numbered: bool) -> None:
    head = Text(f"{n:>2}. " if numbered else "")
    if group.kind == "glossary":
        head.append(f"glossary: {group.title}", style="bold cyan")
    else:
        head.append(group.number, style="bold cyan")
        if group.title:
            head.append(f"  {group.title}", style="bold")
    head.append(f"  (in {group.last}; rule {group.identity})", style="dim")
    console.print(head)
    for version in group.versions:
        numbers = ", ".join(dict.fromkeys(num for _ed, num in version.numbers)) or version.label
        line = Text(numbers, style="cyan")
        line.append(f"  {_editions(version.editions)}", style="dim")
        indented(console, line, 4)
        indented(console, _snippet(version.snippet), 6)
