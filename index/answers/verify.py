"""Verifying a library: its documents, parse caches, graph and search index agree.

Every file of the live generation is checked against the sha256 its
manifest recorded, every parse cache it relies on likewise, the graph and
the registry are read, and the search index generation it names is opened.
A problem found is said plainly, with the file. ``repair`` makes a new
generation from the documents (parsing again those whose caches are
damaged, from where they were added), which is what ``crdex build`` would
do, and verifies again: nothing a repair can rebuild is lost.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crdex.index.errors import LibraryError
from crdex.index.library import build_library
from crdex.index.library.build import Indexer, Notice, Progress
from crdex.index.library.generation import Generation
from crdex.index.library.home import check_readable, is_legacy
from crdex.index.search.answering.engine import SearchIndex
from crdex.index.search.errors import SearchError
from crdex.index.search.store import IndexStore
from crdex.index.storage.generations import GenerationStore
from crdex.index.storage.packed import MAX_UNPACKED, claimed_size

__all__ = ["VerifyReport", "verify_library"]


@dataclass(slots=True)
class VerifyReport:
    """What verification found (and what a repair did)."""

    home: Path
    generation: str | None = None
    documents: int = 0
    editions: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)
    damaged_documents: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {
            "home": str(self.home),
            "ok": self.ok,
            "generation": self.generation,
            "documents": self.documents,
            "editions": self.editions,
            "problems": self.problems,
            "notes": self.notes,
            "repaired": self.repaired,
        }


def _check_caches(gen: Generation, home: Path, report: VerifyReport) -> None:
    parser = gen.manifest.get("parser", "")
    root = home / "cache" / parser
    for name, digest in sorted(gen.manifest.get("caches", {}).items()):
        path = root / name
        sha = name.split(".", 1)[0]
        why = _cache_problem(path, digest)
        if why is None:
            continue
        report.problems.append(f"{path}: {why}")
        if sha not in report.damaged_documents:
            report.damaged_documents.append(sha)


def _cache_problem(path: Path, digest: str) -> str | None:
    """What is wrong with one parse cache file, or None.

    Besides its checksum, what its frame claims to hold is held against
    what a reader accepts (:data:`~crdex.index.storage.packed.MAX_UNPACKED`): a file
    a reader would refuse is damaged, and a repair parses its document again.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return "the parse cache is missing"
    except OSError as exc:
        return f"the parse cache cannot be read ({exc.strerror or exc})"
    if hashlib.sha256(raw).hexdigest() != digest:
        return "the parse cache is damaged (checksum)"
    claimed = claimed_size(raw)
    if claimed is not None and claimed > MAX_UNPACKED:
        return (
            f"the parse cache is damaged (it claims to hold {claimed:,} bytes, more than a "
            f"packed file can: {MAX_UNPACKED:,})"
        )
    return None


def _check_search(gen: Generation, home: Path, report: VerifyReport) -> None:
    name = gen.search
    if not name:
        report.notes.append("the library was built without a search index")
        return
    store = IndexStore(home / "search")
    try:
        index = SearchIndex.open_generation(store, store.root / name)
        # its files are read as searches need them: one search of the latest
        # edition and one of all editions read every one
        index.search("rule", limit=1)
        index.search("rule", limit=1, all_editions=True)
    except (SearchError, OSError) as exc:
        report.problems.append(f"the search index {store.root / name} cannot be used: {exc}")


def _check(home: Path, report: VerifyReport) -> None:
    store = GenerationStore(home)
    live = store.current()
    if live is None:
        if is_legacy(home):
            report.problems.append(f"{home} was made by an older crdex; run 'crdex build'")
        elif (home / "CURRENT").exists():
            report.problems.append(f"{home / 'CURRENT'} names a generation that is not there")
        else:
            report.notes.append("the library is empty")
        return
    report.generation = live.name
    try:
        gen = Generation(live)
        report.problems.extend(gen.check())
        report.documents = len(gen.documents)
        report.editions = len(gen.chain)
        if gen.chain:
            gen.full_graph  # noqa: B018 - must load
    except LibraryError as exc:
        report.problems.append(str(exc))
        return
    _check_caches(gen, home, report)
    _check_search(gen, home, report)
    for doc in gen.documents.values():
        if not Path(doc.path).exists():
            report.notes.append(
                f"{doc.name} ({doc.id}) is no longer at {doc.path}; its parse cache holds it, "
                "but a new parser could not read it again"
            )
    leftovers = [p.name for p in home.iterdir() if p.name.startswith("tmp-")]
    if leftovers:
        report.notes.append(
            f"{len(leftovers)} unfinished build(s) left files behind; the next build removes them"
        )


def verify_library(
    home: Path,
    *,
    repair: bool = False,
    index: Indexer | None = None,
    progress: Progress | None = None,
    notice: Notice | None = None,
) -> VerifyReport:
    """Check the library at ``home``; with ``repair``, rebuild what is damaged and check again."""
    check_readable(home, must_exist=True)
    report = VerifyReport(home)
    _check(home, report)
    if not repair or report.ok:
        return report
    found = list(report.problems)
    build_library(
        home,
        [],
        progress=progress,
        notice=notice,
        index=index,
        damaged=report.damaged_documents,
        force=True,
    )
    again = VerifyReport(home)
    _check(home, again)
    again.repaired = found if again.ok else []
    return again
