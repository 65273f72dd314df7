"""The library: one directory holding everything crdex learned about a corpus.

Layout of the home directory::

    documents.json          every document added: sha256 → path, edition id, date, tag
    editions/<parser>/<sha256>.json.gz   the full parse (crdex.parser.serialize), per document
    snapshots/<parser>/<sha256>.json     the slice lineage reads (index.snapshot), per document
    lineage/<key>.json          the identity graph, keyed by the chain's document hashes

Documents are cached by the sha256 of their bytes, so adding the same file
twice (or a byte-identical copy under another name) parses nothing; the
caches sit under the parser's fingerprint (:mod:`crdex.parser.fingerprint`),
so a new parser parses each document again, from its registered path, the
first time it is needed. The
identity graph is keyed by the hashes of the documents in the chain, the
graph format version, the overrides and the matching code, so it is
rebuilt only when one of those changes; commands then load the graph
alone, never the editions. A snapshot of an older format is remade from
the parse cache, without parsing again.

The **chain** is one document per effective date: the untagged copy when
there is one, else a ``.derived`` copy, else another tagged copy
(``.truncated`` last); among untagged copies of one date, the official text
before Word, PDF, RTF and then unofficial renderings (markdown, HTML).
Copies left out of the chain stay addressable by their id.

A directory is one document when it is a markdown book (it has a
``SUMMARY.md``, which is what the directory reader needs); any other
directory is read file by file.

A library without a home (``Library(None)``) keeps everything in memory:
that is what commands use on the bundled sample documents when the real
library is empty.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from crdex.errors import CrdexError
from crdex.parser import parse_path
from crdex.parser.fingerprint import parser_fingerprint
from crdex.parser.serialize import edition_from_dict, edition_to_dict
from crdex.parser.tree import Edition

from .errors import LibraryError
from .lineage import build_graph
from .lineage.graph import GRAPH_FORMAT, Graph
from .lineage.overrides import Overrides, load_overrides
from .lineage.snapshot import SNAPSHOT_FORMAT, Snapshot, snapshot_of

__all__ = [
    "AddReport",
    "DocumentInfo",
    "Library",
    "LibraryError",
    "Skipped",
    "chain_of",
    "iter_files",
]

LIBRARY_FORMAT = 1
Progress = Callable[[str, int, int], None]

# tags that stand in for an edition, best first; any other tag comes after
# these, and "truncated" last of all
_TAG_RANK = {"": 0, "derived": 1}
_WORST_TAGS = {"truncated"}
# among copies with equal tags: the official text first, unofficial renderings last
_FORMAT_RANK = {"official": 0, "docx": 1, "pdf": 2, "rtf": 3}
_BOOK_MARKER = "SUMMARY.md"


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """One document in the library."""

    sha256: str
    path: str
    id: str
    date: str | None
    tag: str
    format: str
    title: str
    rules: int
    glossary: int

    @property
    def rank(self) -> tuple[int, int, str]:
        """Sort key among copies of one edition: lower stands in for the edition."""
        fmt = _FORMAT_RANK.get(self.format, len(_FORMAT_RANK))
        if self.tag in _TAG_RANK:
            return (_TAG_RANK[self.tag], fmt, self.tag)
        return (3 if self.tag.split("-")[0] in _WORST_TAGS else 2, fmt, self.tag)


@dataclass(frozen=True, slots=True)
class Skipped:
    path: str
    reason: str


@dataclass(slots=True)
class AddReport:
    """What ``Library.add`` did with each file it was given."""

    added: list[DocumentInfo] = field(default_factory=list)
    known: list[DocumentInfo] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)


def chain_of(documents: Iterable[DocumentInfo]) -> list[DocumentInfo]:
    """One document per effective date, in date order (see the module docstring)."""
    best: dict[str, DocumentInfo] = {}
    for doc in documents:
        if doc.date is None:
            continue
        cur = best.get(doc.date)
        if cur is None or (doc.rank, doc.sha256) < (cur.rank, cur.sha256):
            best[doc.date] = doc
    return [best[d] for d in sorted(best)]


def is_book(path: Path) -> bool:
    """A directory read as one document (a markdown book)."""
    return path.is_dir() and (path / _BOOK_MARKER).is_file()


def iter_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """Every document candidate under the given paths: files, and book directories whole.

    Directories are walked recursively in sorted order; hidden entries are
    skipped, and a book directory is yielded instead of its files.
    """
    for path in paths:
        p = Path(path)
        if not p.is_dir():
            yield p
            continue
        if is_book(p):
            yield p
            continue
        for root, dirs, files in os.walk(p):
            here = Path(root)
            books = sorted(d for d in dirs if not d.startswith(".") and is_book(here / d))
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in books)
            for name in sorted(files):
                if not name.startswith("."):
                    yield here / name
            for name in books:
                yield here / name


def book_files(path: Path) -> list[Path]:
    """The files of a book directory (for reading them one by one if the book fails)."""
    return [
        f
        for f in iter_files([p for p in sorted(path.iterdir()) if not p.is_dir() or not is_book(p)])
    ]


def _sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _info(edition: Edition, path: str) -> DocumentInfo:
    from crdex.parser import file_tag

    return DocumentInfo(
        sha256=edition.source.sha256,
        path=path,
        id=edition.id,
        date=edition.effective_date.isoformat() if edition.effective_date else None,
        tag=file_tag(path) or "",
        format=edition.source.format,
        title=edition.title,
        rules=len(edition.rules),
        glossary=len(edition.glossary),
    )


def _parse_job(path: str, home: str | None) -> tuple[str, dict[str, Any] | None, str | None]:
    """Parse one file (in a worker process); write its caches; return its info or why not."""
    try:
        edition = parse_path(path)
    except CrdexError as exc:
        return path, None, str(exc)
    except Exception as exc:  # a parser bug must not stop a whole corpus from building
        return path, None, f"the parser failed unexpectedly ({type(exc).__name__}: {exc})"
    if not edition.rules:
        return path, None, "no numbered rules found"
    info = _info(edition, os.path.abspath(path))
    snap = snapshot_of(edition)
    if home is not None:
        _write_caches(Path(home), edition, snap)
        return path, {"info": asdict(info), "snapshot": snap}, None
    return path, {"info": asdict(info), "edition": edition, "snapshot": snap}, None


def _cache_dir(home: Path, kind: str) -> Path:
    """``editions/`` or ``snapshots/`` for the parser in use: a changed parser parses afresh."""
    return home / kind / parser_fingerprint()


def _write_caches(home: Path, edition: Edition, snap: Snapshot) -> None:
    sha = edition.source.sha256
    editions, snapshots = _cache_dir(home, "editions"), _cache_dir(home, "snapshots")
    editions.mkdir(parents=True, exist_ok=True)
    snapshots.mkdir(parents=True, exist_ok=True)
    data = json.dumps(edition_to_dict(edition), ensure_ascii=False, separators=(",", ":"))
    _atomic_write(editions / f"{sha}.json.gz", gzip.compress(data.encode(), 3))
    data = json.dumps(snap.to_dict(), ensure_ascii=False, separators=(",", ":"))
    _atomic_write(snapshots / f"{sha}.json", data.encode())


# the modules whose code decides what the graph says: a change to any of them
# makes cached graphs stale even when GRAPH_FORMAT was not bumped
_GRAPH_CODE = ("classify", "content", "graph", "build", "match", "snapshot")


@functools.cache
def _code_digest() -> str:
    h = hashlib.sha256()
    here = Path(__file__).parent / "lineage"
    for name in _GRAPH_CODE:
        try:
            h.update((here / f"{name}.py").read_bytes())
        except OSError:  # an installation without sources: the format version decides
            h.update(name.encode())
    return h.hexdigest()[:16]


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


class Library:
    """The documents, parse caches and identity graph of one home directory."""

    def __init__(self, home: Path | None, overrides: Overrides | None = None) -> None:
        self.home = home
        self.overrides = overrides if overrides is not None else load_overrides()
        self._docs: dict[str, DocumentInfo] = {}
        self._editions: dict[str, Edition] = {}
        self._snapshots: dict[str, Snapshot] = {}
        self._graph: Graph | None = None
        if home is not None:
            self._docs = self._read_registry()

    # -- documents -----------------------------------------------------------

    @property
    def documents(self) -> dict[str, DocumentInfo]:
        return dict(self._docs)

    @property
    def empty(self) -> bool:
        return not self._docs

    def chain(self) -> list[DocumentInfo]:
        return chain_of(self._docs.values())

    def _registry_path(self) -> Path:
        assert self.home is not None
        return self.home / "documents.json"

    def _read_registry(self) -> dict[str, DocumentInfo]:
        path = self._registry_path()
        if not path.is_file():
            return {}
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise LibraryError(
                f"{path}: cannot be read ({exc}); remove it and build again"
            ) from None
        if data.get("format") != LIBRARY_FORMAT:
            return {}
        return {sha: DocumentInfo(**d) for sha, d in data["documents"].items()}

    def _write_registry(self) -> None:
        assert self.home is not None
        self.home.mkdir(parents=True, exist_ok=True)
        docs = {sha: asdict(d) for sha, d in sorted(self._docs.items())}
        data = json.dumps({"format": LIBRARY_FORMAT, "documents": docs}, indent=1)
        _atomic_write(self._registry_path(), data.encode())

    def add(
        self,
        paths: Iterable[str | os.PathLike[str]],
        *,
        progress: Progress | None = None,
        workers: int | None = None,
    ) -> AddReport:
        """Parse and cache every rules document under ``paths``; skip (and report) the rest."""
        report = AddReport()
        todo: list[str] = []
        seen: set[str] = set()
        for path in paths:
            if not Path(path).exists():
                report.skipped.append(Skipped(str(path), "no such file or directory"))
        files = list(iter_files(p for p in paths if Path(p).exists()))
        for file in files:
            if file.is_dir():
                todo.append(str(file))  # a book: its hash is known only once read
                continue
            sha = _sha256_file(file)
            if sha in seen:
                continue
            seen.add(sha)
            known = self._docs.get(sha)
            if known is not None and self._cached(sha):
                report.known.append(known)
            else:
                todo.append(str(file))
        if progress:
            progress("parse", 0, len(todo))
        for done, (path, result, why) in enumerate(self._parse_all(todo, workers), 1):
            if result is None and Path(path).is_dir():
                # not a book after all: read its files one by one
                for sub, sub_result, sub_why in self._parse_all(
                    [str(f) for f in book_files(Path(path))], workers
                ):
                    self._record(report, sub, sub_result, sub_why)
            else:
                self._record(report, path, result, why)
            if progress:
                progress("parse", done, len(todo))
        if self.home is not None and report.added:
            self._write_registry()
        self._graph = None
        return report

    def _record(
        self, report: AddReport, path: str, result: dict[str, Any] | None, why: str | None
    ) -> None:
        if result is None:
            # parse errors quote the source line under a caret; the first line says it all
            reason = (why or "not a rules document").strip().split("\n", 1)[0]
            report.skipped.append(Skipped(path, reason))
            return
        info = DocumentInfo(**result["info"])
        if info.sha256 in self._docs and any(d.sha256 == info.sha256 for d in report.added):
            return
        if info.sha256 in self._docs and Path(path).is_dir():
            report.known.append(self._docs[info.sha256])
            return
        self._docs[info.sha256] = info
        if "edition" in result:
            self._editions[info.sha256] = result["edition"]
        self._snapshots[info.sha256] = result["snapshot"]
        report.added.append(info)

    def _cached(self, sha: str) -> bool:
        if self.home is None:
            return sha in self._snapshots
        return (_cache_dir(self.home, "snapshots") / f"{sha}.json").is_file()

    def _parse_all(
        self, todo: list[str], workers: int | None
    ) -> Iterator[tuple[str, dict[str, Any] | None, str | None]]:
        home = str(self.home) if self.home is not None else None
        workers = workers if workers is not None else min(os.cpu_count() or 1, 8)
        if home is None or workers <= 1 or len(todo) < 4:
            for path in todo:
                yield _parse_job(path, home)
            return
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_parse_job, path, home) for path in todo]
            for future in futures:
                yield future.result()

    # -- cached data -----------------------------------------------------------

    def snapshot(self, sha: str) -> Snapshot:
        """The lineage slice of a document; remade from the parse cache if its format is old."""
        snap = self._snapshots.get(sha)
        if snap is None:
            assert self.home is not None
            path = _cache_dir(self.home, "snapshots") / f"{sha}.json"
            try:
                data = json.loads(path.read_text("utf-8"))
            except (OSError, ValueError):
                data = None
            if data is not None and data.get("format") == SNAPSHOT_FORMAT:
                snap = Snapshot.from_dict(data)
            else:
                snap = snapshot_of(self.edition(sha))
                text = json.dumps(snap.to_dict(), ensure_ascii=False, separators=(",", ":"))
                _atomic_write(path, text.encode())
            self._snapshots[sha] = snap
        return snap

    def edition_dict(self, sha: str) -> dict[str, Any]:
        """A parsed edition as plain data (``edition_to_dict``), straight from the parse cache.

        Exports want the plain data: reading it as stored is a third of the
        time of rebuilding the tree and serializing it again.
        """
        if self.home is None or sha in self._editions:
            return edition_to_dict(self.edition(sha))
        path = _cache_dir(self.home, "editions") / f"{sha}.json.gz"
        try:
            return json.loads(gzip.decompress(path.read_bytes()))
        except (OSError, ValueError, EOFError):
            return edition_to_dict(self.edition(sha))

    def edition(self, sha: str) -> Edition:
        """The full parsed edition of a document (from the parse cache)."""
        ed = self._editions.get(sha)
        if ed is None:
            assert self.home is not None
            path = _cache_dir(self.home, "editions") / f"{sha}.json.gz"
            try:
                ed = edition_from_dict(json.loads(gzip.decompress(path.read_bytes())))
            except (OSError, ValueError) as exc:
                ed = self._reparse(sha, path, exc)
            self._editions[sha] = ed
        return ed

    def _reparse(self, sha: str, cached: Path, why: Exception) -> Edition:
        """Parse a registered document again: the parser changed, or its cache was lost."""
        assert self.home is not None
        info = self.documents.get(sha)
        if info is None or not Path(info.path).exists():
            raise LibraryError(
                f"{cached}: the cached document cannot be read ({why}) and its source "
                f"{info.path if info else sha} is gone; run 'crdex build' on it again"
            )
        _path, result, error = _parse_job(info.path, str(self.home))
        if result is None:
            raise LibraryError(f"{info.path}: cannot be parsed again: {error}")
        return edition_from_dict(json.loads(gzip.decompress(cached.read_bytes())))

    # -- the identity graph ------------------------------------------------------

    def graph_key(self) -> str:
        """The chain's document hashes, the graph format, the overrides, the matching code and the parser."""
        chain = [d.sha256 for d in self.chain()]
        blob = json.dumps(
            [GRAPH_FORMAT, _code_digest(), parser_fingerprint(), self.overrides.digest, chain]
        ).encode()
        return hashlib.sha256(blob).hexdigest()[:32]

    def graph_path(self) -> Path | None:
        if self.home is None:
            return None
        return self.home / "lineage" / f"{self.graph_key()}.json"

    def graph(self, *, progress: Progress | None = None) -> Graph:
        """The identity graph of the chain: loaded from its cache, or built and cached."""
        if self._graph is not None:
            return self._graph
        path = self.graph_path()
        if path is not None and path.is_file():
            try:
                self._graph = Graph.load(path)
                return self._graph
            except (OSError, ValueError, KeyError, TypeError):
                pass  # a damaged cache is rebuilt below
        self._refresh(progress)
        chain = [self.snapshot(d.sha256) for d in self.chain()]
        if not chain:
            raise LibraryError("the library holds no dated rules documents")

        def step(done: int, total: int) -> None:
            if progress:
                progress("match", done, total)

        graph = build_graph(chain, self.overrides, key=self.graph_key(), progress=step)
        if path is not None:
            graph.save(path)
            for old in path.parent.glob("*.json"):
                if old != path:
                    old.unlink(missing_ok=True)
        self._graph = graph
        return graph

    def _refresh(self, progress: Progress | None) -> None:
        """Parse again, in parallel, the chain's documents whose caches a new parser made stale.

        Without this, the first command after an upgrade would re-parse them
        one by one as the graph asks for them.
        """
        if self.home is None:
            return
        stale = [
            d
            for d in self.chain()
            if not self._cached(d.sha256)
            and d.sha256 not in self._snapshots
            and Path(d.path).exists()
        ]
        if len(stale) < 2:
            return
        if progress:
            progress("parse", 0, len(stale))
        for done, _result in enumerate(self._parse_all([d.path for d in stale], None), 1):
            if progress:
                progress("parse", done, len(stale))

    def has_graph(self) -> bool:
        path = self.graph_path()
        return self._graph is not None or (path is not None and path.is_file())
