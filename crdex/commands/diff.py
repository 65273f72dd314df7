"""``crdex diff``: what changed between two editions, classified."""

from __future__ import annotations

import click

from crdex.commands.options import (
    LazyChoice,
    echo_json,
    home_option,
    json_option,
    note,
)
from crdex.text.notes import BUNDLED_NOTE

__all__ = ["diff"]


def _kinds() -> list[str]:
    from crdex.index.lineage.diff import KINDS

    return [*KINDS, "reused"]


@click.command()
@click.argument("old")
@click.argument("new")
@click.option(
    "--only",
    "only",
    multiple=True,
    type=LazyChoice(_kinds),
    help="Show only these kinds of change (repeatable).",
)
@click.option("--no-words", is_flag=True, help="Leave out the word-level differences.")
@home_option
@json_option
def diff(
    old: str, new: str, only: tuple[str, ...], no_words: bool, home: str | None, as_json: bool
) -> None:
    """Rules added, removed, moved, split, merged and edited from OLD to NEW.

    OLD and NEW are editions (id, date or 'latest'), any two: the changes of
    the editions in between are followed. Edits are classed as changes of
    wording, of cross-reference numbers only, or of typography only.
    """
    from crdex import api
    from crdex.text.diff import render_diff

    lineage = api.load(home=home)
    if lineage.bundled:
        note(BUNDLED_NOTE)
    result = lineage.diff(old, new)
    if as_json:
        data = result.to_dict()
        if only:
            data["changes"] = [c for c in data["changes"] if c["kind"] in only]
        if no_words:
            for change in data["changes"]:
                change.pop("diff", None)
        echo_json(data)
    else:
        click.echo(render_diff(result, words=not no_words, kinds=set(only) or None))
