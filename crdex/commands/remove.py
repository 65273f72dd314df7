"""``crdex remove``: take documents or whole editions out of the library."""

from __future__ import annotations

import click

from crdex.commands.options import echo_json, home_option, json_option, note, progress_reporter

__all__ = ["remove"]


@click.command()
@click.argument("names", nargs=-1, required=True)
@home_option
@json_option
def remove(names: tuple[str, ...], home: str | None, as_json: bool) -> None:
    """Take documents or editions out of the library and rebuild what depends on them.

    NAMES are edition ids (every document witnessing that edition), document
    ids (2013-02-01.truncated), file names or sha256 prefixes (8 digits at
    least), as 'crdex documents' lists them.
    """
    from crdex import api

    with progress_reporter(quiet=as_json) as progress:
        report = api.remove(names, home=home, progress=progress, notice=note)
    removed = [{"id": d.id, "name": d.name, "sha256": d.sha256} for d in report.removed]
    if as_json:
        echo_json({"removed": removed, "chain": [e.id for e in report.chain]})
        return
    for doc in report.removed:
        click.echo(f"removed {doc.name} ({doc.id})")
    click.echo(f"library {report.home}: a chain of {len(report.chain)} editions")
