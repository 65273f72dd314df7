"""``crdex show``: one rule with its subrules, examples, rulings and references."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.text import Text

from crdex import api
from crdex.commands.history import BUNDLED_NOTE
from crdex.commands.search import home_options, indented
from crdex.index.search.view import GlossaryView, RuleView
from crdex.index.search.view import show as show_rule

__all__ = ["show"]


@click.command()
@click.argument("number")
@click.option(
    "--edition", "-e", metavar="EDITION", help="Edition: id, date or 'latest' (the default)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the rule as JSON.")
@home_options
def show(
    number: str, edition: str | None, as_json: bool, home: str | None, index_dir: str | None
) -> None:
    """Show rule NUMBER with everything under it, as the edition has it.

    NUMBER is a rule number (701.22, 702.19b, 7) or a glossary term
    ("Trample"). Subrules are nested under their rule, each with its
    examples and rulings, the rules it refers to and the rules that refer
    to it.
    """
    lineage = api.load(home=home or index_dir)
    if lineage.bundled:
        click.echo(BUNDLED_NOTE, err=True)
    view = show_rule(lineage, number, edition)
    if as_json:
        click.echo(json.dumps(view.to_dict(), ensure_ascii=False, indent=1))
        return
    console = Console(highlight=False)
    if isinstance(view, GlossaryView):
        _glossary(console, view)
    else:
        console.print(Text(f"{view.edition}", style="dim"))
        _rule(console, view, 0)


def _glossary(console: Console, view: GlossaryView) -> None:
    head = Text(view.term, style="bold")
    head.append(
        f"  glossary, {view.edition}" + (", obsolete" if view.obsolete else ""), style="dim"
    )
    console.print(head)
    if view.aliases:
        indented(console, Text(f"also: {', '.join(view.aliases)}"), 2)
    indented(console, Text(view.definition), 2)
    if view.references:
        indented(console, Text(f"see: {', '.join(view.references)}", style="dim"), 2)


def _rule(console: Console, view: RuleView, depth: int) -> None:
    pad = 2 * depth
    head = Text(view.number, style="bold cyan")
    if view.title:
        head.append(f"  {view.title}", style="bold")
    elif view.text:
        head.append(f"  {view.text}")
    indented(console, head, pad)
    body = pad + 2
    if view.title and view.text:
        indented(console, Text(view.text), body)
    for example in view.examples:
        indented(console, Text(example, style="italic"), body)
    for ruling in view.rulings:
        source = " ".join(filter(None, [ruling.get("source"), ruling.get("date")]))
        line = f"Ruling: {ruling['text']}" + (f" [{source}]" if source else "")
        indented(console, Text(line), body)
    if view.references:
        indented(console, Text(f"refers to: {', '.join(view.references)}", style="dim"), body)
    if view.cited_by:
        indented(console, Text(f"referred to by: {', '.join(view.cited_by)}", style="dim"), body)
    for child in view.children:
        _rule(console, child, depth + 1)
