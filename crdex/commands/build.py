"""``crdex build``: add documents to the library; bring the identity graph and search index up to date."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from crdex.commands.options import (
    echo_json,
    home_option,
    json_option,
    note,
    progress_reporter,
    warn,
)

if TYPE_CHECKING:
    from crdex.index.library import BuildReport, Skipped
    from crdex.index.search import IndexReport

__all__ = ["build"]

# more skipped files than this in one directory are reported as one line
_GROUP = 3

_HOW = {
    "new": "built",
    "forced": "rebuilt",
    "format": "rebuilt (it was written by another crdex version)",
    "damaged": "rebuilt (its files could not be read)",
    "update": "updated",
    "up to date": "up to date",
}


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=str))
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Processes that parse documents and write a new search index "
    "(default: one per core, at most 8); 1 holds the least memory.",
)
@home_option
@json_option
def build(paths: tuple[str, ...], workers: int | None, home: str | None, as_json: bool) -> None:
    """Add rules documents to the library; update its editions, identity graph and search index.

    PATHS are files or directories (read recursively; a markdown book is one
    document); with none, the bundled sample documents. Files that are not
    rules documents are skipped with a warning; documents already in the
    library (same bytes) are not parsed again. One build runs at a time: a
    second one waits for it. Readers keep answering from the last complete
    build meanwhile, and a build stopped at any point changes nothing.
    """
    from crdex import api
    from crdex.corpus import bundled_documents
    from crdex.home import resolve_home

    if "-" in paths:
        raise click.UsageError(
            "a build reads documents from files, not from standard input ('-'): it keeps "
            "where each one came from, to read it again for a new parser; save it to a file"
        )
    where = resolve_home(home)
    paths = paths or tuple(str(p) for p in bundled_documents())
    with progress_reporter(quiet=as_json) as progress:
        report = api.build(paths, home=where, progress=progress, notice=note, workers=workers)
    for line in _skipped([s for s in report.documents.skipped if not s.unreadable]):
        warn(line)
    for line in report.warnings:
        warn(line)
    if as_json:
        echo_json(_summary(report))
    else:
        _print_report(report)
    _fail_on_unreadable(report.documents.skipped)


def _fail_on_unreadable(skipped: list[Skipped]) -> None:
    """Exit 1 naming every file that could not be read: a build that did not read them all failed."""
    unread = [s for s in skipped if s.unreadable]
    if unread:
        from crdex.corpus.errors import DocumentUnreadable

        what = "1 file" if len(unread) == 1 else f"{len(unread)} files"
        raise DocumentUnreadable(
            f"{what} could not be read and {'was' if len(unread) == 1 else 'were'} not added "
            "(the rest was):\n" + "\n".join(f"  {s.path}: {s.reason}" for s in unread)
        )


def _print_report(report: BuildReport) -> None:
    docs = report.documents
    unread = sum(1 for s in docs.skipped if s.unreadable)
    counts = [
        f"{len(docs.added)} documents added",
        f"{len(docs.known)} already in the library",
        f"{len(docs.skipped) - unread} skipped",
    ]
    if unread:
        counts.append(f"{unread} could not be read")
    if docs.reparsed:
        counts.append(f"{len(docs.reparsed)} read again for a new parser")
    click.echo(", ".join(counts))
    chain, graph = report.chain, report.graph
    if graph is None:
        click.echo(f"library {report.home}: no dated rules documents yet")
        return
    partial = sum(1 for e in chain if not e.complete)
    partial_note = f", {partial} known only in part" if partial else ""
    click.echo(
        f"library {report.home}: a chain of {len(chain)} editions "
        f"({chain[0].id} … {chain[-1].id}{partial_note})"
    )
    took = f" ({report.graph_seconds:.1f} s)" if report.graph_rebuilt else ""
    state = "built" if report.graph_rebuilt else "up to date"
    click.echo(
        f"identity graph {state}: {len(graph.identities)} rules and glossary entries, "
        f"{len(graph.links)} split/merge links{took}"
    )
    if report.search is not None:
        click.echo(_describe_index(report.search))
    click.echo(f"build done in {report.seconds:.1f} s")


def _describe_index(report: IndexReport) -> str:
    return (
        f"search index {_HOW.get(report.reason, report.reason)}: {report.documents} rule "
        f"versions, {report.added} added, {report.removed} removed ({report.seconds:.1f} s)"
    )


def _skipped(skipped: list[Skipped]) -> list[str]:
    by_dir: dict[str, list[Skipped]] = defaultdict(list)
    for s in skipped:
        by_dir[str(Path(s.path).parent)].append(s)
    lines = []
    for folder, items in by_dir.items():
        if len(items) > _GROUP:
            first = items[0]
            lines.append(
                f"skipped {len(items)} files in {folder} that are not rules documents "
                f"(first: {Path(first.path).name}: {first.reason})"
            )
        else:
            lines.extend(f"skipped {s.path}: {s.reason}" for s in items)
    return lines


def _summary(report: BuildReport) -> dict[str, Any]:
    docs, graph = report.documents, report.graph
    return {
        "home": str(report.home),
        "added": [d.id for d in docs.added],
        "known": [d.id for d in docs.known],
        "reparsed": [d.id for d in docs.reparsed],
        "skipped": [s.to_dict() for s in docs.skipped],
        "warnings": report.warnings,
        "chain": [e.id for e in report.chain],
        "partial": [e.id for e in report.chain if not e.complete],
        "graph": None
        if graph is None
        else {
            "key": graph.key,
            "rebuilt": report.graph_rebuilt,
            "identities": len(graph.identities),
            "links": len(graph.links),
        },
        "search": report.search.to_dict() if report.search is not None else None,
        "generation": report.generation.name if report.generation else None,
        "seconds": round(report.seconds, 3),
        "graph_seconds": round(report.graph_seconds, 3),
    }
