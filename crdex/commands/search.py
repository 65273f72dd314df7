"""``crdex search``: ranked rules for a question, in one edition or across all of them."""

from __future__ import annotations

import click

from crdex.commands.options import (
    as_of_option,
    echo_json,
    edition_option,
    home_option,
    json_option,
    note,
    progress_reporter,
)

__all__ = ["search"]


@click.command()
@click.argument("query", nargs=-1, required=True)
@edition_option("Search this edition: id, date or 'latest'.")
@as_of_option("Search the edition in force on DATE (--at is the same option).")
@click.option(
    "--all-editions", is_flag=True, help="Search every edition; group versions of each rule."
)
@click.option(
    "--source",
    type=click.Choice(["cr", "summary", "all"]),
    default="cr",
    show_default=True,
    help="Search the Comprehensive Rules, the rulings summaries (own numbering), or both.",
)
@click.option(
    "--limit",
    "-n",
    default=10,
    show_default=True,
    type=click.IntRange(min=1),
    help="Rules to show.",
)
@json_option
@home_option
def search(
    query: tuple[str, ...],
    edition: str | None,
    as_of: str | None,
    all_editions: bool,
    source: str,
    limit: int,
    as_json: bool,
    home: str | None,
) -> None:
    """Search the rules for QUERY (default: in the latest edition).

    QUERY is a question or words ("what happens when I scry zero"), a
    "quoted phrase", or a rule number (701.22: that rule and its subrules).
    Old and new terms find each other ("exile" finds "removed from the
    game" in old editions). AND, OR, NOT, parentheses, title: and text:
    work as in Whoosh. --source summary searches the rulings summaries
    in the library (the 1999 General Rulings Summary), whose items keep
    their own numbers (A.27.Ruling.6); --source all searches both.
    """
    from crdex.home import explicit_home, resolve_home
    from crdex.index.search.answering.lookup import lookup

    text = " ".join(query)
    where = resolve_home(home)
    asked = {
        "edition": edition,
        "as_of": as_of,
        "all_editions": all_editions,
        "limit": limit,
        "source": source,
    }
    # a rule number in one edition is answered from the library's tables; the rest by the index
    result = lookup(where, text, must_exist=explicit_home(home), **asked)
    if result is None:
        from crdex.index.search import open_search

        with progress_reporter(quiet=as_json) as progress:
            index = open_search(
                where, notice=note, progress=progress, must_exist=explicit_home(home)
            )
        result = index.search(text, **asked)
    if as_json:
        echo_json(result.to_dict())
        return
    from crdex.text.printer import printer
    from crdex.text.search import print_search

    print_search(printer(), result)
