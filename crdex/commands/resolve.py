"""``crdex resolve``: what a rule cited by number on one date is called on another."""

from __future__ import annotations

import click

from crdex.commands.options import (
    as_of_option,
    echo_json,
    home_option,
    json_option,
    note,
)
from crdex.text.notes import BUNDLED_NOTE

__all__ = ["resolve"]


@click.command()
@click.argument("number")
@as_of_option(
    "When the number was cited: a date, an edition id or 'latest' (--at is the same option).",
    required=True,
)
@click.option(
    "--to", "to", metavar="DATE", help="When to resolve it to (default: the latest edition)."
)
@home_option
@json_option
def resolve(number: str, as_of: str, to: str | None, home: str | None, as_json: bool) -> None:
    """Follow the rule cited as NUMBER on date --as-of to date --to.

    The rule that held NUMBER in the edition in force on --as-of (or --at)
    is followed through renumberings (and merges) to the edition in force
    on --to; the answer is its number there, or when it was removed, with
    the chain of numbers in between.
    """
    from crdex import api
    from crdex.text.resolve import render_resolution

    lineage = api.load(home=home)
    if lineage.bundled:
        note(BUNDLED_NOTE)
    result = lineage.resolve(number, as_of, to)
    if as_json:
        echo_json(result.to_dict())
    else:
        click.echo(render_resolution(result))
