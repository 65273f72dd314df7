"""``crdex show``: one rule with its subrules, examples, rulings and references."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.text import Text

from crdex import api
from crdex.commands.history import BUNDLED_NOTE
from crdex.commands.search import home_options
from crdex.index.search.view import GlossaryView, RuleView
from crdex.index.search.view import show as show_rule

__all__ = ["show"]

_INDENT = "  "


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
        console.print(f"{_INDENT}also: {', '.join(view.aliases)}")
    console.print(Text(_INDENT + view.definition))
    if view.references:
        console.print(Text(f"{_INDENT}see: {', '.join(view.references)}", style="dim"))


def _rule(console: Console, view: RuleView, depth: int) -> None:
    pad = _INDENT * depth
    head = Text(pad)
    head.append(view.number, style="bold cyan")
    if view.title:
        head.append(f"  {view.title}", style="bold")
    elif view.text:
        head.append(f"  {view.text}")
    console.print(head)
    body = pad + _INDENT
    if view.title and view.text:
        console.print(Text(body + view.text))
    for example in view.examples:
        console.print(Text(body + example, style="italic"))
    for ruling in view.rulings:
        source = " ".join(filter(None, [ruling.get("source"), ruling.get("date")]))
        console.print(Text(f"{body}Ruling: {ruling['text']}" + (f" [{source}]" if source else "")))
    if view.references:
        console.print(Text(f"{body}refers to: {', '.join(view.references)}", style="dim"))
    if view.cited_by:
        console.print(Text(f"{body}referred to by: {', '.join(view.cited_by)}", style="dim"))
    for child in view.children:
        _rule(console, child, depth + 1)
