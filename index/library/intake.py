"""What a build reads: the files to parse, their parsing into the registry, damaged caches.

A build parses only what is new: documents it has not seen, and known ones
whose parse caches are gone (a new parser, lost or damaged files). A known
document whose source has gone away leaves the library with a warning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from crdex.corpus.errors import CorpusError
from crdex.index.storage.faults import fault_point

from .caches import ParseCache, file_digest
from .documents import AddReport, DocumentInfo, Skipped
from .files import iter_files, sha256_file
from .parsing import parse_all

__all__ = ["damaged_caches", "gather", "parse_into", "stale_documents"]

Progress = Callable[[str, int, int], None]


def gather(
    paths: Iterable[str], registry: dict[str, DocumentInfo], cache: ParseCache, report: AddReport
) -> list[str]:
    """The files to parse: new documents, and known ones whose caches are gone."""
    todo: list[str] = []
    seen: set[str] = set()
    for file in iter_files(paths):
        if file.is_dir():
            todo.append(str(file))  # a book: its hash is known only once read
            continue
        try:
            sha = sha256_file(file)
        except CorpusError as exc:  # not a regular file, too large, unreadable
            report.skipped.append(Skipped.of(str(file), exc))
            continue
        if sha in seen:
            continue
        seen.add(sha)
        known = registry.get(sha)
        if known is not None and cache.has(sha):
            if known.path != str(file) and not Path(known.path).exists():
                known = registry[sha] = moved_to(known, str(file))
            report.known.append(known)
        else:
            todo.append(str(file))
    return todo


def moved_to(doc: DocumentInfo, path: str) -> DocumentInfo:
    data = doc.to_dict()
    data["path"] = path
    return DocumentInfo.from_dict(data)


def stale_documents(
    registry: dict[str, DocumentInfo], cache: ParseCache, todo: list[str]
) -> list[str]:
    """Known documents whose parse caches are missing (a new parser, or lost files)."""
    asked = set(todo)
    return sorted(
        d.path for d in registry.values() if not cache.has(d.sha256) and d.path not in asked
    )


def _unreachable(stale: list[str]) -> tuple[list[str], list[str]]:
    """Stale documents that can be read again, and those whose source is gone."""
    return [p for p in stale if Path(p).exists()], [p for p in stale if not Path(p).exists()]


def parse_into(
    todo: list[str],
    stale: list[str],
    registry: dict[str, DocumentInfo],
    home: Path,
    docs: AddReport,
    warnings: list[str],
    progress: Progress | None,
    workers: int | None,
) -> None:
    """Parse new and stale documents into the caches and the registry."""
    stale, gone = _unreachable(stale)
    again = set(stale)
    by_path = {d.path: d for d in registry.values()}
    total = len(todo) + len(stale)
    if progress and total:
        progress("parse", 0, total)

    def done(n: int, of: int) -> None:
        if progress:
            progress("parse", n, of)

    results = parse_all([*todo, *stale], str(home), workers=workers, done=done)
    for n, (path, info, _memory, why) in enumerate(results):
        if n == 1:
            fault_point("parsing")
        if info is None:
            assert why is not None
            reason = why.reason
            if path in again:
                gone = by_path[path]
                del registry[gone.sha256]
                warnings.append(
                    f"{gone.name} ({gone.id}) can no longer be read from {path} ({reason}); "
                    "it is no longer in the library"
                )
            else:
                docs.skipped.append(why)
            continue
        known = info.sha256 in registry
        registry[info.sha256] = info
        if path in again:
            docs.reparsed.append(info)
        elif known:
            docs.known.append(info)
        else:
            docs.added.append(info)
    for path in gone:
        doc = by_path.get(path)
        if doc is not None and doc.sha256 in registry:
            del registry[doc.sha256]
            warnings.append(
                f"{doc.name} ({doc.id}) is gone from {path} and its parse cache is stale; "
                "it is no longer in the library: build it again from where it is now"
            )


def damaged_caches(
    cache: ParseCache, registry: dict[str, DocumentInfo], recorded: dict[str, str]
) -> list[str]:
    """Documents whose parse cache files differ from the checksums the last generation recorded."""
    out = []
    for sha in registry:
        for path in (cache.tree_path(sha), cache.snapshot_path(sha)):
            digest = recorded.get(path.name)
            if digest is not None and path.is_file() and file_digest(path) != digest:
                out.append(sha)
                break
    return out
