"""``crdex resolve``: what a rule cited by number on one date is called on another."""

from __future__ import annotations

import json

import click

from crdex import api
from crdex.commands.history import BUNDLED_NOTE
from crdex.index.lineage.render import render_resolution

__all__ = ["resolve"]


@click.command()
@click.argument("number")
@click.option(
    "--at",
    "at",
    required=True,
    metavar="DATE",
    help="When the number was cited: a date, an edition id or 'latest'.",
)
@click.option(
    "--to", "to", metavar="DATE", help="When to resolve it to (default: the latest edition)."
)
@click.option(
    "--home",
    metavar="DIR",
    help="Library directory (default: $CRDEX_HOME or the per-user directory).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
def resolve(number: str, at: str, to: str | None, home: str | None, as_json: bool) -> None:
    """Follow the rule cited as NUMBER on date --at to date --to.

    The rule that held NUMBER in the edition in force on --at is followed
    through renumberings (and merges) to the edition in force on --to; the
    answer is its number there, or when it was removed, with the chain of
    numbers in between.
    """
    lineage = api.load(home=home)
    if lineage.bundled:
        click.echo(BUNDLED_NOTE, err=True)
    result = lineage.resolve(number, at, to)
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=1))
    else:
        click.echo(render_resolution(result))
