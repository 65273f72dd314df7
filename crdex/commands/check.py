"""``crdex check``: rule citations in code and text files, judged against an edition.

Exit status, as linters have it: 0 all fine, 1 stale or unsettled citations
found (and not fixed; with --strict, mismatches too), 2 the check could
not run as asked (a missing path, a bad edition or date, a file that
cannot be read or written).
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import click

from crdex.commands.errors import CheckFailed
from crdex.commands.options import (
    as_of_option,
    edition_option,
    home_option,
    json_option,
    note,
    progress_reporter,
    warn,
)

if TYPE_CHECKING:
    from crdex.citations import CheckReport, WordsCheck
    from crdex.index.lineage.graph import Graph

__all__ = ["check"]

FOUND = 1


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@edition_option(
    "Edition to check against: id, date or 'latest'.", default="latest", show_default=True
)
@as_of_option(
    "The date every citation written without one was written (instead of --dates); "
    "--at is the same option."
)
@click.option(
    "--dates",
    type=click.Choice(["git", "none"]),
    default=None,
    help="Date undated citations by the commit that last wrote their line (git), or not at "
    "all (none: their only rule, or their words, settle what they mean). "
    "Default: git when the git command is installed.",
)
@click.option("--fix", is_flag=True, help="Rewrite moved citations in place and print the diff.")
@click.option("--dry-run", is_flag=True, help="With --fix: print the diff, change nothing.")
@click.option(
    "--follow-links",
    is_flag=True,
    help="With --fix: also write files that links inside the tree lead to outside it.",
)
@click.option(
    "--strict", is_flag=True, help="Mismatches (words that fit another rule) are findings too."
)
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
    dates: str | None,
    fix: bool,
    dry_run: bool,
    follow_links: bool,
    strict: bool,
    stdin_name: str,
    verbose: bool,
    as_json: bool,
    home: str | None,
) -> None:
    """Find rule citations in PATHS and say which are stale ('-' reads standard input).

    Citations are "CR 601.2f", "rule 601.2a", "rules 119.7–8", "601.2a–h",
    "[702.19b]", lists ("704.5n, 702.14c", "800.4a/800.4d") and date-pinned
    "20100716 - 601.2f", in comments and strings of code and anywhere in
    text files. Each means the rule that held its number when it was
    written: by its pinned date, else by the date git gives its line (or
    --as-of), else as the only rule the number ever named, else by its
    words; when nothing settles it, it is ambiguous. That rule is then ok,
    moved (followed through the identity graph), text changed (since its
    date), removed, or does not exist; a rule whose examples alone changed
    is noted, not a finding. Its words are compared with the rule: when
    they fit another rule much better, it is a mismatch (a warning, never
    fixed). --fix rewrites only moved citations whose meaning is settled,
    only inside the folders named (unless --follow-links), every file
    checked before any is changed. Folders are walked without what the
    project generates (its .gitignore, build output such as Maven's
    target/ beside pom.xml, dependencies), each skip listed.

    Exit status: 0 all fine, 1 stale or ambiguous citations found (and not
    fixed; with --strict, mismatches too), 2 the check could not run (a
    missing path, a bad edition or date, a file that cannot be read or
    written).
    """
    from crdex.citations import GitDates, Judge, check_paths, missing_paths
    from crdex.errors import CrdexError
    from crdex.home import explicit_home, resolve_home
    from crdex.index.answers.questions import open_lineage

    missing = missing_paths(paths)
    if missing:
        raise click.UsageError(f"{missing[0]}: no such file or directory")
    if as_of is not None and dates == "git":
        raise click.UsageError(
            "--as-of dates every citation; --dates git dates them by their lines"
        )
    git = None
    if as_of is None and dates != "none":
        git = GitDates()
        if not git.available:
            if dates == "git":
                raise CheckFailed("--dates git: no git command is installed")
            git = None
    try:
        lineage = open_lineage(resolve_home(home), must_exist=explicit_home(home))
        if lineage.bundled:
            warn(
                "the library is empty; checking against the bundled sample documents "
                "(add the rules with 'crdex build PATH...')"
            )
        words = _words_check(lineage.graph, home)
        judge = Judge(lineage.graph, edition, as_of=as_of, words=words)
        with progress_reporter(quiet=as_json) as progress:
            report = check_paths(
                paths,
                judge,
                fix=fix or dry_run,
                dry_run=dry_run,
                stdin_name=stdin_name,
                dates=git,
                follow_links=follow_links,
                strict=strict,
                progress=progress,
            )
    except CrdexError as exc:
        raise CheckFailed(str(exc)) from None
    if as_json:
        _echo_report(report.to_dict())
    else:
        _print(report, verbose)
    if report.unfixed:
        sys.exit(FOUND)


def _echo_report(data: dict[str, Any]) -> None:
    """The report as JSON, each finding on a line of its own, the rest as ``echo_json`` writes.

    A tree's report holds a finding for every citation, tens of thousands
    of them: json's C encoder writes one line per finding about ten times
    quicker than the indented encoder, which is written in Python (a 500-file
    tree of 63,000 citations: the JSON took a fifth of the check).
    """
    findings = data.pop("findings", [])
    head = json.dumps(data, ensure_ascii=False, indent=1)
    rows = ",\n".join("  " + json.dumps(f, ensure_ascii=False) for f in findings)
    body = f' "findings": [\n{rows}\n ]' if rows else ' "findings": []'
    click.echo(f"{head[:-2]},\n{body}\n}}" if data else f"{{\n{body}\n}}")


def _words_check(graph: Graph, home: str | None) -> WordsCheck:
    """Compares citations' words with their rules through the library's search index."""
    from crdex.citations import RuleWords, WordsCheck
    from crdex.home import explicit_home, resolve_home
    from crdex.index.search import SearchError, open_search

    try:
        index = open_search(resolve_home(home), notice=note, must_exist=explicit_home(home))
    except SearchError as exc:
        note(f"{exc}; words are read, but not compared with other rules")
        index = None
    return WordsCheck(graph, RuleWords.of(graph), index)


def _header(report: CheckReport) -> str:
    files = len(report.files)
    dated = {
        "git": "dates from git (the commit that last wrote each line)",
        "none": "no dates (undated citations are read by their words)",
    }.get(report.dates, report.dates.replace("as-of", "dated as of"))
    undated = [f for f in report.files if f.dates not in ("", "git")]
    if report.dates == "git" and undated:
        dated += f"; {len(undated)} file{'s' * (len(undated) != 1)} not dated"
    return f"checking {files} file{'s' * (files != 1)} against {report.edition}; {dated}"


def _print(report: CheckReport, verbose: bool) -> None:
    from crdex.citations import LABELS, STATUSES

    click.echo(_header(report), err=True)
    written = {f.path for f in report.files if f.written}
    for path, j in report.judgements:
        if j.ok and not j.warned and not verbose:
            continue
        c = j.citation
        done = " (fixed)" if path in written and j.replacement is not None else ""
        click.echo(f"{path}:{c.line}:{c.column}: {j.label}: {c.text}: {j.message}{done}")
    for f in report.files:
        if f.refused:
            click.echo(f"{f.path}: not fixed: {f.refused}", err=True)
        if verbose and f.dates not in ("", "git"):
            click.echo(f"{f.path}: not dated: {f.dates}", err=True)
    for diff in report.diffs.values():
        click.echo(diff, nl=False)
    for skip in report.skipped:
        if skip.kind == "folder" or verbose:
            click.echo(f"skipped {skip.kind} {skip.path}: {skip.reason}", err=True)
    click.echo(_summary(report, verbose, LABELS, STATUSES), err=True)


def _summary(report: CheckReport, verbose: bool, labels: dict, statuses: tuple) -> str:
    counts = report.counts()
    parts = [f"{labels[s]} {counts[s]}" for s in statuses if s != "ok" and counts.get(s)]
    fixed = sum(f.fixed for f in report.files if f.written or not report.written)
    citations, files = len(report.judgements), len(report.files)
    summary = (
        f"{citations} citation{'s' * (citations != 1)} in {files} file{'s' * (files != 1)} "
        f"checked against {report.edition}: " + (", ".join(parts) if parts else "all ok")
    )
    if fixed:
        summary += f"; {fixed} {'fixed' if report.written else 'fixable (dry run)'}"
    if report.unsearched:
        summary += f"; words of {report.unsearched} not compared (search budget spent)"
    skipped_files = sum(1 for s in report.skipped if s.kind == "file")
    skipped_folders = len(report.skipped) - skipped_files
    if skipped_folders:
        summary += f"; {skipped_folders} folder{'s' * (skipped_folders != 1)} skipped"
    if skipped_files:
        summary += f"; {skipped_files} file{'s' * (skipped_files != 1)} skipped"
        if not verbose:
            summary += " (-v lists them)"
    return summary
