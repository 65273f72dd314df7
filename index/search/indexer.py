"""Building and updating the search index of a library.

The index has two parts, two Whoosh indexes side by side: ``latest``
holds the versions in force in the last edition (what most searches ask
about, about a fifth of the documents), ``earlier`` every other version.
A search of the latest edition reads the small part alone; any other
search reads both as one.

:func:`update_index` brings the index in line with the library's identity
graph. When the live index has this crdex's format, only documents whose
content changed are deleted and added, in a copy of the live generation;
otherwise (no index yet, another format, unreadable files) the index is
written anew. Either way the result is published as a new generation (see
:mod:`.store`), so a build killed halfway changes nothing readers see.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.filedb.filestore import RamStorage, Storage
from whoosh.index import Index

from crdex.index.library import Library
from crdex.index.lineage.graph import Graph

from .documents import IndexDoc, documents_from
from .errors import IndexDamaged
from .schema import SEARCH_FORMAT, make_schema, schema_fingerprint
from .store import IndexStore, write_atomic

__all__ = [
    "PARTS",
    "RULINGS_FORMATS",
    "Cover",
    "IndexReport",
    "collect_rulings",
    "cover_file",
    "crdex_version",
    "incompatibility",
    "memory_index",
    "update_index",
    "vocabulary",
]

# document formats whose rules carry rulings
RULINGS_FORMATS = frozenset({"rulings"})
PARTS = ("latest", "earlier")
WORDS_FILE = "words.json"
_WRITER_MB = 128
_STEP = 250  # documents between progress reports
_WORD = re.compile(r"[^\W\d_]{2,}")

Progress = Callable[[str, int, int], None]
Notice = Callable[[str], None]
# document number → the date ranges it is in force (None: deleted)
Cover = list[list[list[int]] | None]


def crdex_version() -> str:
    try:
        return metadata.version("crdex")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        return "unknown"


def index_name(part: str) -> str:
    return part.upper()


def cover_file(part: str) -> str:
    return f"cover-{part}.json"


def part_of(doc: IndexDoc) -> str:
    return PARTS[0] if doc.current else PARTS[1]


@dataclass(slots=True)
class IndexReport:
    """What :func:`update_index` did."""

    path: str | None
    documents: int
    added: int
    removed: int
    rebuilt: bool
    reason: str
    editions: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def incompatibility(meta: dict[str, Any] | None) -> str | None:
    """Why an index with this meta cannot be read by this crdex, or None if it can."""
    if meta is None:
        return "its description (meta.json) is missing or unreadable"
    if meta.get("format") != SEARCH_FORMAT:
        return (
            f"it was written by crdex {meta.get('crdex', 'of an unknown version')} "
            f"(index format {meta.get('format', '?')}); this is crdex {crdex_version()} "
            f"(index format {SEARCH_FORMAT})"
        )
    if meta.get("schema") != schema_fingerprint():
        return (
            f"it was written by crdex {meta.get('crdex', 'of an unknown version')} "
            "with other fields or analyzers than this crdex uses"
        )
    return None


def collect_rulings(library: Library, graph: Graph) -> dict[tuple[str, int], list[str]]:
    """Rulings from the library's rulings pages, by (rule identity, chain index).

    A page's rulings attach to the rules as numbered in the edition in force
    on the page's date.
    """
    out: dict[tuple[str, int], list[str]] = defaultdict(list)
    dates = [e.date for e in graph.editions]
    for doc in sorted(library.documents.values(), key=lambda d: (d.date or "", d.sha256)):
        if doc.format not in RULINGS_FORMATS or doc.date is None or doc.date < dates[0]:
            continue
        index = max(i for i, d in enumerate(dates) if d <= doc.date)
        for rule in library.edition(doc.sha256).rules:
            if not rule.rulings:
                continue
            ident = graph.holder(rule.number, index)
            if ident is not None:
                out[(ident.id, index)].extend(r.text for r in rule.rulings if r.text)
    return out


def vocabulary(docs: Iterable[IndexDoc]) -> dict[str, int]:
    """Words as written (lower case) with their counts: the spelling dictionary."""
    counts: Counter[str] = Counter()
    for doc in docs:
        for part in (doc.title, doc.text, doc.examples, doc.glossary, doc.rulings):
            counts.update(w.lower() for w in _WORD.findall(part))
    return dict(counts.most_common())


def cover_table(ix: Index, docs: Iterable[IndexDoc]) -> Cover:
    """Document number → the date ranges it is in force (None for deleted documents).

    Written beside each generation, whose document numbers never change.
    """
    ranges = {doc.key: [list(r) for r in doc.ranges] for doc in docs}
    with ix.reader() as reader:
        table: Cover = [None] * reader.doc_count_all()
        if not table:
            return table
        keys = reader.column_reader("key")
        for docnum in reader.all_doc_ids():
            table[docnum] = ranges.get(keys[docnum])
    return table


def _meta(library: Library, graph: Graph, docs: list[IndexDoc], seconds: float) -> dict[str, Any]:
    chain = {d.sha256 for d in library.chain()}
    return {
        "format": SEARCH_FORMAT,
        "schema": schema_fingerprint(),
        "crdex": crdex_version(),
        "graph_key": graph.key,
        "editions": [[e.id, e.date, e.sha256, e.title] for e in graph.editions],
        "others": {
            d.id: [d.date, d.sha256] for d in library.documents.values() if d.sha256 not in chain
        },
        "documents": {p: sum(1 for d in docs if part_of(d) == p) for p in PARTS},
        "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "seconds": round(seconds, 3),
    }


class _Counter:
    """Progress over several writers."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress, self.total, self.done = progress, total, 0
        if progress:
            progress("index", 0, total)

    def step(self, n: int = 1) -> None:
        self.done += n
        if self.progress and (self.done % _STEP == 0 or self.done == self.total):
            self.progress("index", self.done, self.total)


def _write(
    storage: Storage | Path,
    part: str,
    docs: list[IndexDoc],
    stale: Iterable[str],
    counter: _Counter,
    *,
    create: bool,
) -> Index:
    name = index_name(part)
    if create:
        if isinstance(storage, Path):
            ix = whoosh_index.create_in(storage, make_schema(), indexname=name)
        else:
            ix = storage.create_index(make_schema(), indexname=name)
    else:
        ix = whoosh_index.open_dir(storage, indexname=name)
    stale = list(stale)
    if docs or stale or create:
        with ix.writer(limitmb=_WRITER_MB) as writer:
            for key in stale:
                writer.delete_by_term("key", key)
                counter.step()
            for doc in docs:
                writer.add_document(**doc.fields())
                counter.step()
    return ix


def memory_index(
    library: Library,
) -> tuple[dict[str, tuple[Index, Cover]], dict[str, Any], dict[str, int]]:
    """An index of a library kept in memory (the bundled samples): parts, meta, words."""
    started = time.perf_counter()
    graph = library.graph()
    docs = documents_from(graph, collect_rulings(library, graph))
    storage = RamStorage()
    counter = _Counter(None, len(docs))
    parts = {}
    for part in PARTS:
        mine = [d for d in docs if part_of(d) == part]
        ix = _write(storage, part, mine, (), counter, create=True)
        parts[part] = (ix, cover_table(ix, mine))
    meta = _meta(library, graph, docs, time.perf_counter() - started)
    return parts, meta, vocabulary(docs)


def update_index(
    library: Library,
    *,
    force: bool = False,
    progress: Progress | None = None,
    notice: Notice | None = None,
) -> IndexReport:
    """Bring the search index of ``library`` (a library with a home) up to date.

    ``force`` writes it anew even when an update would do. ``notice`` is told
    why an existing index is being replaced rather than updated.
    """
    if library.home is None:
        raise ValueError("update_index needs a library with a home directory")
    started = time.perf_counter()
    graph = library.graph(progress=progress)
    docs = documents_from(graph, collect_rulings(library, graph))
    store = IndexStore(Path(library.home) / "search")
    with store.lock():
        store.clean()
        live = store.current()
        reason = "new"
        if live is not None:
            why = incompatibility(store.meta(live))
            if why is None and force:
                reason = "forced"
            elif why is not None:
                reason = "format"
                if notice:
                    notice(f"the search index at {live} cannot be read: {why}; rebuilding it")
        if live is not None and reason == "new":
            try:
                return _update(store, live, library, graph, docs, started, progress)
            except IndexDamaged as exc:
                reason = "damaged"
                if notice:
                    notice(f"{exc}; rebuilding it")
        scratch = store.scratch()
        counter = _Counter(progress, len(docs))
        indexes = {
            part: _write(
                scratch, part, [d for d in docs if part_of(d) == part], (), counter, create=True
            )
            for part in PARTS
        }
        return _finish(
            store, scratch, indexes, library, graph, docs, started, (len(docs), 0), True, reason
        )


def _existing_keys(live: Path, part: str) -> set[str]:
    ix = whoosh_index.open_dir(live, indexname=index_name(part), readonly=True)
    try:
        with ix.reader() as reader:
            if not reader.doc_count_all():
                return set()
            keys = reader.column_reader("key")
            return {keys[d] for d in reader.all_doc_ids()}
    finally:
        ix.close()


def _update(
    store: IndexStore,
    live: Path,
    library: Library,
    graph: Graph,
    docs: list[IndexDoc],
    started: float,
    progress: Progress | None,
) -> IndexReport:
    try:
        existing = {part: _existing_keys(live, part) for part in PARTS}
    except Exception as exc:  # any unreadable file means: write it anew
        raise IndexDamaged(f"the search index at {live} cannot be read ({exc})") from None
    changes: dict[str, tuple[list[IndexDoc], set[str]]] = {}
    for part in PARTS:
        wanted = {d.key: d for d in docs if part_of(d) == part}
        fresh = [d for k, d in wanted.items() if k not in existing[part]]
        changes[part] = (fresh, existing[part] - wanted.keys())
    added = sum(len(f) for f, _s in changes.values())
    removed = sum(len(s) for _f, s in changes.values())
    if not added and not removed and (store.meta(live) or {}).get("graph_key") == graph.key:
        return IndexReport(
            str(live),
            len(docs),
            0,
            0,
            False,
            "up to date",
            len(graph.editions),
            round(time.perf_counter() - started, 3),
        )
    scratch = store.scratch(start_from=live)
    counter = _Counter(progress, added + removed)
    indexes = {
        part: _write(scratch, part, fresh, stale, counter, create=False)
        for part, (fresh, stale) in changes.items()
    }
    return _finish(
        store, scratch, indexes, library, graph, docs, started, (added, removed), False, "update"
    )


def _finish(
    store: IndexStore,
    scratch: Path,
    indexes: dict[str, Index],
    library: Library,
    graph: Graph,
    docs: list[IndexDoc],
    started: float,
    counts: tuple[int, int],
    rebuilt: bool,
    reason: str,
) -> IndexReport:
    for part, ix in indexes.items():
        try:
            table = cover_table(ix, (d for d in docs if part_of(d) == part))
        finally:
            ix.close()
        write_atomic(scratch / cover_file(part), json.dumps(table, separators=(",", ":")).encode())
    write_atomic(scratch / WORDS_FILE, json.dumps(vocabulary(docs)).encode())
    seconds = time.perf_counter() - started
    generation = store.publish(scratch, _meta(library, graph, docs, seconds))
    return IndexReport(
        path=str(generation),
        documents=len(docs),
        added=counts[0],
        removed=counts[1],
        rebuilt=rebuilt,
        reason=reason,
        editions=len(graph.editions),
        seconds=round(seconds, 3),
    )
