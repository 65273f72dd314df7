"""``crdex glossary``: the glossary of an edition, or one term with its history in brief."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from crdex.index.answers.questions import Lineage
    from crdex.index.answers.show import GlossaryView

__all__ = ["glossary"]


@click.command()
@click.argument("term", required=False)
@edition_option("Edition: id, date or 'latest' (the default).")
@click.option(
    "--letter",
    metavar="LETTER",
    help="List only the terms under this letter (A to Z, or # for the others).",
)
@json_option
@home_option
def glossary(
    term: str | None, edition: str | None, letter: str | None, as_json: bool, home: str | None
) -> None:
    """List the glossary of an edition, or show TERM with its history in brief.

    Without TERM, every entry in the glossary's order, each with the start
    of its definition (--letter S: those under S). With TERM (a term or one
    of its other names, in any case), the entry: its definition, other
    names and the rules it cites, then since when it has been in the
    glossary and the editions that changed it ('crdex history TERM' has
    them word by word).
    """
    from crdex import api
    from crdex.index.answers.show import glossary as list_glossary

    lineage = api.load(home=home)
    if lineage.bundled:
        note(BUNDLED_NOTE)
    if letter is not None and not _letter_ok(letter):
        raise click.BadParameter(
            f"{letter[:20]!r} is not a letter A to Z, or # for terms that begin otherwise",
            param_hint="--letter",
        )
    if term is None:
        edition_id, views = list_glossary(lineage, edition, letter)
        note_edition(edition, edition_id)
        if as_json:
            echo_json({"edition": edition_id, "glossary": [v.to_dict() for v in views]})
        else:
            _print_list(edition_id, views, letter)
        return
    _print_term(lineage, term, edition, as_json)


def _letter_ok(letter: str) -> bool:
    return letter == "#" or (len(letter) == 1 and letter.isascii() and letter.isalpha())


def _print_term(lineage: Lineage, term: str, edition: str | None, as_json: bool) -> None:
    from crdex.errors import CrdexError
    from crdex.index.answers.show import GlossaryView, show
    from crdex.index.errors import UnknownRule

    view = show(lineage, term, edition)
    if not isinstance(view, GlossaryView):
        raise UnknownRule(
            f"{term!r} is a rule number, not a glossary term: 'crdex show {view.number}' shows it"
        )
    note_edition(edition, view.edition)
    try:
        brief = lineage.history(view.term, view.edition).brief()
    except CrdexError:  # a copy outside the chain of editions has no history
        brief = None
    if as_json:
        echo_json({**view.to_dict(), "history": brief})
        return
    from crdex.text.printer import Line, indented, printer
    from crdex.text.show import print_glossary

    out = printer()
    print_glossary(out, view)
    if brief is not None:
        indented(out, Line(_brief_line(brief), style="dim"), 2)


def _brief_line(brief: dict[str, Any]) -> str:
    since = "in the first edition," if brief["origin"] == "first" else "added in"
    line = f"history: {since} {brief['since']}"
    for what, classes in (
        ("reworded", ("meaning", "examples")),
        ("references renumbered", ("references",)),
    ):
        editions = [c["edition"] for c in brief["changes"] if c["change"] in classes]
        if editions:
            line += f"; {what} in {', '.join(editions)}"
    renamed = [c for c in brief["changes"] if c["relation"] == "moved"]
    if renamed:
        line += "; renamed " + ", ".join(f"{c['number']} in {c['edition']}" for c in renamed)
    if brief["end"]["relation"] != "current":
        line += f"; {brief['end']['relation']} in {brief['end']['edition']}"
    return line + " ('crdex history' shows how)"


def _print_list(edition_id: str, views: list[GlossaryView], letter: str | None) -> None:
    from crdex.text.printer import Line, printer

    out = printer()
    width = min(max((len(v.term) for v in views), default=0), 32)
    room = max(20, out.width - width - 2)
    for view in views:
        first = " ".join(view.definition.split())
        if len(first) > room:
            first = first[: room - 1].rstrip() + "…"
        line = Line(f"{view.term:<{width}}", style="bold")
        line.append(f"  {first}", style="dim" if view.obsolete else None)
        out.print(line, soft_wrap=True)
    where = f" under {letter.upper()}" if letter else ""
    out.print(Line(f"{len(views)} glossary entries{where} in {edition_id}", style="dim"))
