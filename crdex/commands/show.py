"""``crdex show``: one rule with its subrules, examples, rulings and references."""

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

__all__ = ["show"]


@click.command()
@click.argument("number")
@edition_option("Edition: id, date or 'latest' (the default).")
@json_option
@home_option
def show(number: str, edition: str | None, as_json: bool, home: str | None) -> None:
    """Show rule NUMBER with everything under it, as the edition has it.

    NUMBER is a rule number (701.22, 702.19b, 7) or a glossary term
    ("Trample"). Subrules are nested under their rule, each with its
    examples and rulings, the rules it refers to and the rules that refer
    to it.
    """
    from crdex import api
    from crdex.index.answers.show import GlossaryView
    from crdex.index.answers.show import show as show_rule

    lineage = api.load(home=home)
    if lineage.bundled:
        note(BUNDLED_NOTE)
    view = show_rule(lineage, number, edition)
    note_edition(edition, view.edition)
    if as_json:
        echo_json(view.to_dict())
        return
    from crdex.text.printer import Line, printer
    from crdex.text.show import print_glossary, print_rule, print_topics

    out = printer()
    if isinstance(view, GlossaryView):
        print_glossary(out, view)
    else:
        out.print(Line(f"{view.edition}", style="dim"))
        print_rule(out, view, 0)
        print_topics(out, view)
