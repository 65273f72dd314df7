"""``crdex history``: every edition of one rule, followed through its renumberings."""

from __future__ import annotations

import click

from crdex.commands.options import (
    echo_json,
    edition_option,
    home_option,
    json_option,
    note,
    note_edition,
)
from crdex.text.notes import BUNDLED_NOTE

__all__ = ["history"]


@click.command()
@click.argument("number")
@edition_option(
    "Edition the NUMBER is read in: id, date or 'latest' (default: the latest edition that has it)."
)
@click.option(
    "--typography",
    is_flag=True,
    help="List typography-only edits (quotes, apostrophes, italics) as versions of their own.",
)
@home_option
@json_option
def history(
    number: str, edition: str | None, typography: bool, home: str | None, as_json: bool
) -> None:
    """Every edition of the rule NUMBER names: numbers held, dates, word-level changes.

    NUMBER is a rule number as cited in EDITION (such as 701.22 or 502.36),
    or a glossary term. A number that has meant several rules over the years
    also lists the others. An edit of typography alone (straight and curly
    quotes, underscore italics) is folded into the version before it, and
    words whose typing alone changed are left out of the differences;
    --typography shows them.
    """
    from crdex import api
    from crdex.text.history import render_history

    lineage = api.load(home=home)
    if lineage.bundled:
        note(BUNDLED_NOTE)
    result = lineage.history(number, edition, typography=typography)
    note_edition(edition, result.edition)
    if as_json:
        echo_json(result.to_dict())
    else:
        click.echo(render_history(result))
