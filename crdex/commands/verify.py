"""``crdex verify``: check that the library's documents, caches, graph and index agree."""

from __future__ import annotations

import sys

import click

from crdex.commands.options import echo_json, home_option, json_option, note, progress_reporter

__all__ = ["verify"]


@click.command()
@click.option("--repair", is_flag=True, help="Rebuild whatever is damaged, then check again.")
@home_option
@json_option
def verify(repair: bool, home: str | None, as_json: bool) -> None:
    """Check every file of the library against its recorded checksum, and that it reads.

    The live generation's files, the parse caches it relies on, the
    identity graph and the search index are checked. Exit status 1 when a
    problem remains; --repair parses damaged documents again from where they
    were added and rebuilds the rest, as 'crdex build' would.
    """
    from crdex import api

    with progress_reporter(quiet=as_json) as progress:
        report = api.verify(home=home, repair=repair, progress=progress, notice=note)
    if as_json:
        echo_json(report.to_dict())
    else:
        for line in report.repaired:
            click.echo(f"repaired: {line}")
        for line in report.problems:
            click.echo(f"problem: {line}")
        for line in report.notes:
            note(line)
        state = "ok" if report.ok else f"{len(report.problems)} problem(s)"
        click.echo(
            f"library {report.home}: {state} ({report.documents} documents, "
            f"{report.editions} editions, generation {report.generation or 'none'})"
        )
    if not report.ok:
        sys.exit(1)
