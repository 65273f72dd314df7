"""``crdex history``: every edition of one rule, followed through its renumberings."""

from __future__ import annotations

import json

import click

from crdex import api
from crdex.index.lineage.render import render_history

__all__ = ["history"]

BUNDLED_NOTE = (
    "note: the library is empty, so this answer comes from the bundled sample documents; "
    "add documents with 'crdex build PATH...'"
)


@click.command()
@click.argument("number")
@click.option(
    "--edition",
    "-e",
    metavar="EDITION",
    help="Edition the NUMBER is read in: id, date or 'latest' (default: the latest edition that has it).",
)
@click.option(
    "--home",
    metavar="DIR",
    help="Library directory (default: $CRDEX_HOME or the per-user directory).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the history as JSON.")
def history(number: str, edition: str | None, home: str | None, as_json: bool) -> None:
    """Every edition of the rule NUMBER names: numbers held, dates, word-level changes.

    NUMBER is a rule number as cited in EDITION (such as 701.22 or 502.36),
    or a glossary term. A number that has meant several rules over the years
    also lists the others.
    """
    lineage = api.load(home=home)
    if lineage.bundled:
        click.echo(BUNDLED_NOTE, err=True)
    result = lineage.history(number, edition)
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=1))
    else:
        click.echo(render_history(result))
