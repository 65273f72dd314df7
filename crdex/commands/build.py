"""``crdex build``: add documents to the library; bring the identity graph and search index up to date."""

from __future__ import annotations

import json
import time
from collections import defaultdict
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from crdex.commands.search import describe_index, index_library
from crdex.corpus import bundled_documents
from crdex.home import resolve_home
from crdex.index.library import AddReport, Library, Skipped

__all__ = ["build"]

_STAGES = {"parse": "parsing documents", "match": "matching editions", "index": "indexing rules"}
# more skipped files than this in one directory are reported as one line
_GROUP = 3


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=str))
@click.option(
    "--home",
    metavar="DIR",
    help="Library directory (default: $CRDEX_HOME or the per-user directory).",
)
@click.option("--index", "index_dir", metavar="DIR", help="Same as --home.")
@click.option("--json", "as_json", is_flag=True, help="Print what was done as JSON.")
def build(paths: tuple[str, ...], home: str | None, index_dir: str | None, as_json: bool) -> None:
    """Add rules documents to the library; update the identity graph and search index.

    PATHS are files or directories (read recursively); with none, the
    bundled sample documents. Files that are not rules documents are skipped
    with a warning; documents already in the library (same bytes) are not
    parsed again, and only the rule versions that changed are re-indexed.
    """
    where = resolve_home(home or index_dir)
    paths = paths or tuple(str(p) for p in bundled_documents())
    library = Library(where)
    console = Console(stderr=True)
    started = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=as_json or not console.is_terminal,
    ) as bar:
        tasks: dict[str, int] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(_STAGES.get(stage, stage), total=total)
            bar.update(tasks[stage], completed=done, total=total)

        report = library.add(list(paths), progress=progress)
        rebuilt = not library.has_graph()
        graph = library.graph(progress=progress) if library.chain() else None
        search = index_library(library, progress, lambda m: click.echo(f"note: {m}", err=True))
    elapsed = time.perf_counter() - started
    for line in _warnings(report.skipped):
        click.echo(f"warning: {line}", err=True)
    chain = library.chain()
    if as_json:
        summary = _summary(where, report, library, graph, rebuilt, elapsed)
        summary["search"] = search.to_dict() if search else None
        click.echo(json.dumps(summary, indent=1))
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
        click.echo(describe_index(search))


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
    where: Path, report: AddReport, library: Library, graph, rebuilt: bool, elapsed: float
) -> dict:
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
