"""``crdex check``: rule citations in code and text files, judged against an edition."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from crdex.commands.options import echo_json, edition_option, home_option, json_option, warn

if TYPE_CHECKING:
    from crdex.index.citations import CheckReport

__all__ = ["check"]


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@edition_option(
    "Edition to check against: id, date or 'latest'.", default="latest", show_default=True
)
@click.option(
    "--as-of",
    metavar="DATE",
    help="Read citations written without a date as of this date (default: as of --edition).",
)
@click.option("--fix", is_flag=True, help="Rewrite moved citations in place and print the diff.")
@click.option("--dry-run", is_flag=True, help="With --fix: print the diff, change nothing.")
@click.option("--verbose", "-v", is_flag=True, help="Also list the citations that are fine.")
@json_option
@home_option
def check(
    paths: tuple[str, ...],
    edition: str,
    as_of: str | None,
    fix: bool,
    dry_run: bool,
    verbose: bool,
    as_json: bool,
    home: str | None,
) -> None:
    """Find rule citations in PATHS and say which are stale.

    Citations are "CR 601.2f", "rule 601.2a", "rules 119.7–8", "601.2a–h",
    "[702.19b]" and date-pinned "20100716 - 601.2f" (the number as of that
    date), in comments and strings of code and anywhere in text files. Each
    is ok, does not exist, moved (renumbered: followed through the identity
    graph), text changed (since its pinned date) or removed. Exit status 1
    when any is not ok (and not fixed).
    """
    from crdex.home import resolve_home
    from crdex.index.citations import Judge, check_paths
    from crdex.index.questions import open_lineage

    lineage = open_lineage(resolve_home(home))
    if lineage.bundled:
        warn(
            "the library is empty; checking against the bundled sample documents "
            "(add the rules with 'crdex build PATH...')"
        )
    judge = Judge(lineage.graph, edition, as_of=as_of)
    report = check_paths(paths, judge, fix=fix or dry_run, dry_run=dry_run)
    if as_json:
        echo_json(report.to_dict())
    else:
        _print(report, verbose)
    if report.unfixed:
        sys.exit(1)


def _print(report: CheckReport, verbose: bool) -> None:
    from crdex.index.citations import LABELS, STATUSES

    for path, j in report.judgements:
        if j.ok and not verbose:
            continue
        c = j.citation
        done = " (fixed)" if report.written and j.replacement is not None else ""
        click.echo(f"{path}:{c.line}:{c.column}: {j.label}: {c.text}: {j.message}{done}")
    for diff in report.diffs.values():
        click.echo(diff, nl=False)
    counts = report.counts()
    parts = [f"{LABELS[s]} {counts[s]}" for s in STATUSES if s != "ok" and counts.get(s)]
    fixed = sum(f.fixed for f in report.files)
    citations, files = len(report.judgements), len(report.files)
    summary = (
        f"{citations} citation{'s' * (citations != 1)} in {files} file{'s' * (files != 1)} "
        f"checked against {report.edition}: " + (", ".join(parts) if parts else "all ok")
    )
    if fixed:
        summary += f"; {fixed} {'fixed' if report.written else 'fixable (dry run)'}"
    if report.skipped:
        summary += f"; {len(report.skipped)} binary file{'s' * (len(report.skipped) != 1)} skipped"
    click.echo(summary, err=True)
