"""``crdex check``: rule citations in code and text files, judged against an edition.

Exit status, as linters have it: 0 all fine, 1 stale citations found (and
not fixed), 2 the check could not run as asked (a missing path, a bad
edition or date, a file that cannot be read or written).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from crdex.commands.options import (
    as_of_option,
    echo_json,
    edition_option,
    home_option,
    json_option,
    warn,
)

if TYPE_CHECKING:
    from crdex.index.citations import CheckReport

__all__ = ["check"]

FOUND = 1
CANNOT = 2


class CheckFailed(click.ClickException):
    """The check could not run: ``Error: …`` and exit status 2, apart from "citations found"."""

    exit_code = CANNOT


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@edition_option(
    "Edition to check against: id, date or 'latest'.", default="latest", show_default=True
)
@as_of_option(
    "Read citations written without a date as of this date (default: as of --edition); "
    "--at is the same option."
)
@click.option("--fix", is_flag=True, help="Rewrite moved citations in place and print the diff.")
@click.option("--dry-run", is_flag=True, help="With --fix: print the diff, change nothing.")
@click.option(
    "--stdin-name",
    metavar="NAME",
    default="<stdin>",
    help="The file name standard input ('-') stands for: it picks the syntax and is shown.",
)
@click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help="Also list the citations that are fine, and every file skipped.",
)
@json_option
@home_option
def check(
    paths: tuple[str, ...],
    edition: str,
    as_of: str | None,
    fix: bool,
    dry_run: bool,
    stdin_name: str,
    verbose: bool,
    as_json: bool,
    home: str | None,
) -> None:
    """Find rule citations in PATHS and say which are stale ('-' reads standard input).

    Citations are "CR 601.2f", "rule 601.2a", "rules 119.7–8", "601.2a–h",
    "[702.19b]", lists ("704.5n, 702.14c", "800.4a/800.4d") and date-pinned
    "20100716 - 601.2f" (the number as of that date), in comments and
    strings of code and anywhere in text files. Each is ok, does not exist,
    moved (renumbered: followed through the identity graph), text changed
    (since its pinned date), removed, or has a bad date; a rule whose
    examples alone changed is noted, not a finding. Folders are walked
    without what the project generates (its .gitignore, build output such
    as Maven's target/ beside pom.xml, dependencies), each skip listed.

    Exit status: 0 all fine, 1 stale citations found (and not fixed), 2 the
    check could not run (a missing path, a bad edition or date, a file that
    cannot be read or written).
    """
    from crdex.errors import CrdexError
    from crdex.home import explicit_home, resolve_home
    from crdex.index.citations import Judge, check_paths, missing_paths
    from crdex.index.questions import open_lineage

    missing = missing_paths(paths)
    if missing:
        raise click.UsageError(f"{missing[0]}: no such file or directory")
    try:
        lineage = open_lineage(resolve_home(home), must_exist=explicit_home(home))
        if lineage.bundled:
            warn(
                "the library is empty; checking against the bundled sample documents "
                "(add the rules with 'crdex build PATH...')"
            )
        judge = Judge(lineage.graph, edition, as_of=as_of)
        report = check_paths(
            paths, judge, fix=fix or dry_run, dry_run=dry_run, stdin_name=stdin_name
        )
    except CrdexError as exc:
        raise CheckFailed(str(exc)) from None
    if as_json:
        echo_json(report.to_dict())
    else:
        _print(report, verbose)
    if report.unfixed:
        sys.exit(FOUND)


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
    for skip in report.skipped:
        if skip.kind == "folder" or verbose:
            click.echo(f"skipped {skip.kind} {skip.path}: {skip.reason}", err=True)
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
    skipped_files = sum(1 for s in report.skipped if s.kind == "file")
    skipped_folders = len(report.skipped) - skipped_files
    if skipped_folders:
        summary += f"; {skipped_folders} folder{'s' * (skipped_folders != 1)} skipped"
    if skipped_files:
        summary += f"; {skipped_files} file{'s' * (skipped_files != 1)} skipped"
        if not verbose:
            summary += " (-v lists them)"
    click.echo(summary, err=True)
