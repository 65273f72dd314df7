"""``crdex build``: add documents to the library; bring the identity graph and search index up to date."""

from __future__ import annotations

import time
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
    from crdex.index.library import AddReport, Library, Skipped
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
@home_option
@json_option
def build(paths: tuple[str, ...], home: str | None, as_json: bool) -> None:
    """Add rules documents to the library; update the identity graph and search index.

    PATHS are files or directories (read recursively); with none, the
    bundled sample documents. Files that are not rules documents are skipped
    with a warning; documents already in the library (same bytes) are not
    parsed again, and only the rule versions that changed are re-indexed.
    """
    from crdex.corpus import bundled_documents
    from crdex.home import resolve_home
    from crdex.index.library import Library
    from crdex.index.search import update_index

    where = resolve_home(home)
    paths = paths or tuple(str(p) for p in bundled_documents())
    library = Library(where)
    started = time.perf_counter()
    with progress_reporter(quiet=as_json) as progress:
        report = library.add(list(paths), progress=progress)
        rebuilt = not library.has_graph()
        graph = library.graph(progress=progress) if library.chain() else None
        search = update_index(library, progress=progress, notice=note) if library.chain() else None
    elapsed = time.perf_counter() - started
    for line in _warnings(report.skipped):
        warn(line)
    chain = library.chain()
    if as_json:
        summary = _summary(where, report, library, graph, rebuilt, elapsed)
        summary["search"] = search.to_dict() if search else None
        echo_json(summary)
        return
    click.echo(
        f"{len(report.added)} documents added, {len(report.known)} already in the library, "
        f"{len(report.skipped)} skipped"
    )
    if graph is None:
        click.echo(f"library {where}: no dated rules documents yet")
        return
    click.echo(
        f"library {where}: {len(library.documents)} documents, "
        f"a chain of {len(chain)} editions ({chain[0].id} … {chain[-1].id})"
    )
    state = "built" if rebuilt else "up to date"
    click.echo(
        f"identity graph {state}: {len(graph.identities)} rules and glossary entries, "
        f"{len(graph.links)} split/merge links ({elapsed:.1f} s)"
    )
    if search is not None:
        click.echo(_describe_index(search))


def _describe_index(report: IndexReport) -> str:
    return (
        f"search index {_HOW.get(report.reason, report.reason)}: {report.documents} rule "
        f"versions, {report.added} added, {report.removed} removed ({report.seconds:.1f} s)"
    )


def _warnings(skipped: list[Skipped]) -> list[str]:
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


def _summary(
    where: Path, report: AddReport, library: Library, graph: Any, rebuilt: bool, elapsed: float
) -> dict[str, Any]:
    chain = library.chain()
    return {
        "home": str(where),
        "added": [d.id for d in report.added],
        "known": [d.id for d in report.known],
        "skipped": [{"path": s.path, "reason": s.reason} for s in report.skipped],
        "documents": len(library.documents),
        "chain": [d.id for d in chain],
        "graph": None
        if graph is None
        else {
            "key": graph.key,
            "rebuilt": rebuilt,
            "identities": len(graph.identities),
            "links": len(graph.links),
        },
        "seconds": round(elapsed, 3),
    }
