"""``crdex identify``: which edition a document is, by its text."""

from __future__ import annotations

import sys

import click

from crdex.commands.options import (
    echo_json,
    format_option,
    home_option,
    json_option,
    note,
)
from crdex.text.notes import BUNDLED_NOTE

__all__ = ["identify"]

# read from standard input at most this much: more than any edition of the rules
MAX_STDIN = 16 * 1024 * 1024


@click.command()
@click.argument("path", type=click.Path(dir_okay=True, allow_dash=True, path_type=str))
@home_option
@json_option
@format_option
def identify(path: str, home: str | None, as_json: bool, fmt: str | None) -> None:
    """Which editions of the library a document's text is.

    PATH is a rules document in any supported format (or - for standard
    input): an excerpt pasted from a page, a printed copy typed out, a PDF
    found on an old drive. Its rules are compared with every edition's,
    number by number, typography apart: the answer is the run of editions
    whose text it is, how many of its rules are identical, and every rule
    that differs, with why (typography, cut short, other words, and which
    editions have its wording). When no edition matches, the nearest ones,
    or the two editions its text lies between.
    """
    from crdex.api import Reader

    reader = Reader(home)
    if path == "-":
        data = sys.stdin.buffer.read(MAX_STDIN + 1)
        if len(data) > MAX_STDIN:
            from crdex.index.placement import TextTooLarge

            raise TextTooLarge(
                f"standard input holds more than {MAX_STDIN // (1024 * 1024)} MB, more than "
                "any edition of the rules: give a file instead"
            )
        placement = reader.identify(text=data, name="<stdin>", format=fmt)
    else:
        placement = reader.identify(path, format=fmt)
    if reader.bundled:
        note(BUNDLED_NOTE)
    if as_json:
        echo_json(placement.to_dict())
        return
    from crdex.text.placement import render_placement

    click.echo(render_placement(placement))
