"""``crdex export``: the library as JSON, JSON Lines or SQLite, for other tools."""

from __future__ import annotations

import time
from pathlib import Path

import click

from crdex.commands.options import LazyChoice, edition_option, home_option, progress_reporter, warn

__all__ = ["export"]

_BY_SUFFIX = {
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".db": "sqlite",
    ".sqlite": "sqlite",
    ".sqlite3": "sqlite",
}


def _formats() -> tuple[str, ...]:
    from crdex.index.export import FORMATS

    return FORMATS


def _format_of(output: str, fmt: str | None) -> str:
    from crdex.index.export import FORMATS, ExportError

    if fmt:
        return fmt
    guessed = _BY_SUFFIX.get(Path(output).suffix.lower())
    if guessed is None:
        raise ExportError(
            f"cannot tell the format from {output!r}: give --format ({', '.join(FORMATS)})"
        )
    return guessed


@click.command()
@click.option(
    "--format",
    "-f",
    "fmt",
    type=LazyChoice(_formats),
    help="Output format (default: from the file name: .json, .jsonl, .db/.sqlite).",
)
@edition_option(
    "Edition to export: id, date or 'latest' (repeatable; default: latest).",
    "editions",
    multiple=True,
)
@click.option("--all-editions", is_flag=True, help="Export every edition of the chain.")
@click.option(
    "--output",
    "-o",
    metavar="PATH",
    help="File to write: '-' is standard output; links are followed, pipes and devices "
    "written into, files replaced whole.",
)
@click.option(
    "--schema", "print_schema", is_flag=True, help="Print the JSON Schema of the exports and exit."
)
@home_option
def export(
    fmt: str | None,
    editions: tuple[str, ...],
    all_editions: bool,
    output: str | None,
    print_schema: bool,
    home: str | None,
) -> None:
    """Write editions, rules, glossary and the identity graph for other tools.

    Every field of the rule tree is exported (examples, rulings, references),
    with stable ids: a rule is <edition>/<number> (2026-08-07/701.22), an
    identity (a rule followed across editions) is the id of its first version
    (2004-06-01/502.36, Scry). JSON and JSON Lines follow the schema that --schema
    prints; SQLite has one table per kind of thing, with keys and indexes.
    """
    from crdex.home import explicit_home, resolve_home
    from crdex.index.answers.questions import open_lineage
    from crdex.index.export import export as write_export
    from crdex.index.export import plan_export, schema_text
    from crdex.index.storage.outputs import destination

    if print_schema:
        click.echo(schema_text(), nl=False)
        return
    if not output:
        raise click.UsageError("give the file to write with -o PATH (or --schema)")
    fmt = _format_of(output, fmt)
    destination(output)  # a folder that is missing or a directory named: say so before the work
    lineage = open_lineage(resolve_home(home), must_exist=explicit_home(home))
    if lineage.bundled:
        warn(
            "the library is empty; exporting the bundled sample documents "
            "(add the rules with 'crdex build PATH...')"
        )
    plan = plan_export(lineage.library, lineage.graph, editions, all_editions=all_editions)
    started = time.perf_counter()
    with progress_reporter() as progress:
        write_export(plan, fmt, output, progress)
    if output == "-":
        return
    elapsed = time.perf_counter() - started
    first, last = plan.editions[0].id, plan.editions[-1].id
    span = first if first == last else f"{first} … {last}"
    count = len(plan.editions)
    where = destination(output)
    size = (
        f"{where.path.stat().st_size / 1e6:.1f} MB, " if where.how == "file" and where.path else ""
    )
    click.echo(
        f"exported {count} edition{'s' * (count != 1)} ({span}) as {fmt} to {output} "
        f"({size}{elapsed:.1f} s)",
        err=True,
    )
