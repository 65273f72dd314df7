"""``crdex diff``: what changed between two editions, classified."""

from __future__ import annotations

import json

import click

from crdex import api
from crdex.commands.history import BUNDLED_NOTE
from crdex.index.lineage.diff import KINDS
from crdex.index.lineage.render import render_diff

__all__ = ["diff"]


@click.command()
@click.argument("old")
@click.argument("new")
@click.option(
    "--only",
    "only",
    multiple=True,
    type=click.Choice([*KINDS, "reused"]),
    help="Show only these kinds of change (repeatable).",
)
@click.option("--no-words", is_flag=True, help="Leave out the word-level differences.")
@click.option(
    "--home",
    metavar="DIR",
    help="Library directory (default: $CRDEX_HOME or the per-user directory).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the diff as JSON.")
def diff(
    old: str, new: str, only: tuple[str, ...], no_words: bool, home: str | None, as_json: bool
) -> None:
    """Rules added, removed, moved, split, merged and edited from OLD to NEW.

    OLD and NEW are editions (id, date or 'latest'), any two: the changes of
    the editions in between are followed. Edits are classed as changes of
    wording, of cross-reference numbers only, or of typography only.
    """
    lineage = api.load(home=home)
    if lineage.bundled:
        click.echo(BUNDLED_NOTE, err=True)
    result = lineage.diff(old, new)
    if as_json:
        data = result.to_dict()
        if only:
            data["changes"] = [c for c in data["changes"] if c["kind"] in only]
        click.echo(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        click.echo(render_diff(result, words=not no_words, kinds=set(only) or None))
