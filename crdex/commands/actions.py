"""``crdex actions``: which keyword actions of an edition have executable implementations."""

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

__all__ = ["actions"]


@click.command()
@edition_option(
    "Edition to map: id, date (the edition in force that day) or 'latest'.",
    default="latest",
    show_default=True,
)
@click.option(
    "--check",
    is_flag=True,
    help="List implementations whose rule's meaning changed after the text they were verified against.",
)
@home_option
@json_option
def actions(edition: str, check: bool, home: str | None, as_json: bool) -> None:
    """The keyword-action rules of an edition, each with its implementation or why it has none.

    Every keyword action heading (section 701 today, 501 and 502 before 2009)
    is mapped by its title and the identity graph to an implementation, or
    to the list of actions this game model cannot execute. With --check,
    exit code 1 when an implementation's rule has changed in meaning since
    it was verified.
    """
    from crdex import api
    from crdex.actions.coverage import coverage_summary, coverage_table
    from crdex.actions.drift import check_drift

    lineage = api.load(home=home)
    if check:
        drifts, notes = check_drift(lineage.graph)
        if as_json:
            echo_json({"drifts": [d.to_dict() for d in drifts], "notes": notes})
        else:
            for d in drifts:
                click.echo(
                    f"{d.keyword}: verified against {d.verified_number} ({d.verified_edition}); "
                    f"{d.edition}: {d.reason}"
                )
            for note_text in notes:
                note(note_text)
            if not drifts:
                click.echo("every implementation still follows the latest text of its rule")
        if drifts:
            raise SystemExit(1)
        return
    ref = lineage.edition(edition)
    note_edition(edition, ref.id)
    parsed = lineage.library.edition(ref.sha256)
    rows = coverage_table(parsed)
    summary = coverage_summary(rows)
    if as_json:
        echo_json({"edition": ref.id, "summary": summary, "actions": rows})
        return
    counts = ", ".join(f"{n} {status}" for status, n in summary.items() if status != "total")
    click.echo(f"Keyword actions of {ref.id}: {summary['total']} ({counts})")
    for row in rows:
        status = row["status"]
        if status == "implemented":
            detail = f"implemented (verified against {row['verified_number']} in {row['verified_edition']})"
        else:
            detail = f"{status}: {row['reason']}"
        click.echo(f"  {row['number']:<8} {row['title'] or '':<32} {detail}")
