"""One generation of the search index, opened for reading.

It holds two Whoosh searchers: one over the ``latest`` part (the versions
in force in the last edition: a search of the latest edition needs no
filter and reads a fifth of the postings) and one over both parts read as
one index (any other edition, filtered by the table of which documents are
in force on which dates, or all editions). Its vectors (see :mod:`..vectors`)
are rows in the same order: the latest part's documents, then the earlier
part's. It also knows the editions the index was built from, to name them,
and holds the spelling dictionary.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import orjson
from whoosh.index import Index
from whoosh.reading import MultiReader
from whoosh.searching import Searcher

from crdex.index.lineage.editions import EditionRef
from crdex.index.lineage.graph import EditionInfo, Graph

from ..aliases import ALIASES_FILE, from_json
from ..building.sentence_rows import read_sentences
from ..errors import IndexDamaged
from ..layout import WORDS_FILE, Cover, cover_file, index_name
from ..meta import PARTS, incompatibility
from ..models.embedding import query_embedder
from ..models.sentences import SentenceModel, query_sentence_model, sentence_model_id
from ..models.tokens import read_tokens
from ..store import IndexStore
from ..vectors import VectorTable, read_vectors, read_weights
from ..whoosh_ext.mapped import MappedStorage
from ..whoosh_ext.weighting import WEIGHTING
from .hits import EditionNames, find_indexed
from .spelling import Speller
from .token_match import TokenMatch

if TYPE_CHECKING:
    import numpy as np

    from ..models.token_states import TokenStates

__all__ = ["Generation", "SentenceScope"]

T = TypeVar("T")
# the latest part's sentence vectors, and its tokens (None: written before they were kept)
Sentences = tuple["np.ndarray", "TokenStates | None"]


class SentenceScope(NamedTuple):
    """What a search of the latest edition reads with the sentence model."""

    matrix: np.ndarray
    model: SentenceModel
    tokens: TokenMatch | None  # None: a generation written before tokens were kept


# editions whose documents in force are remembered: a set of one edition's documents is
# some 200 KB, and a server asked about all 126 editions of the corpus held 25 MB of them
_DATES_KEPT = 32


def _damaged(path: Path, exc: Exception) -> IndexDamaged:
    return IndexDamaged(
        f"the search index at {path} cannot be read ({type(exc).__name__}: {exc}); "
        "run 'crdex build' to build it again"
    )


class Generation:
    """Searchers, edition names and spelling of one index generation (or an in-memory index)."""

    def __init__(
        self,
        parts: dict[str, tuple[Index | Callable[[], Index], Cover | Callable[[], Cover]]],
        meta: dict[str, Any],
        words: dict[str, int],
        aliases: dict[str, list[str]],
        vectors: VectorTable | Callable[[], VectorTable],
        path: Path | None = None,
        sentences: Sentences | Callable[[], Sentences | None] | None = None,
    ) -> None:
        self.path = path
        self.meta = meta
        # the latest part's sentence vectors and tokens (see :mod:`..building.sentence_rows`),
        # read when a search of the latest edition first needs them
        self._sentences = sentences
        self._match: TokenMatch | None = None
        self.speller = Speller(words)
        self.aliases = from_json(aliases)
        # the vectors are read (and numpy loaded) when a search first needs them: a
        # rule number looked up never does
        self._vectors = vectors
        first = parts[PARTS[0]][0]
        self._indexes = [first if isinstance(first, Index) else self._checked(first)]
        self._readers = [self._checked(self._indexes[0].reader)]
        self.latest = Searcher(self._readers[0], weighting=WEIGHTING, closereader=False)
        # the other parts are opened when a search first goes beyond the latest edition
        self._later = [parts[p][0] for p in PARTS[1:]]
        self._both: Searcher | None = None
        self._opening = threading.Lock()  # a server's threads may search at once
        # the table of which documents are in force when, by part: read when first
        # needed (a search of the latest edition needs the latest part's alone)
        self._covers = [parts[p][1] for p in PARTS]
        self._whole_cover: Cover | None = None
        # the documents in force on an edition's date, for the last editions asked (bounded)
        self._in_force_cache: dict[int, set[int]] = {}
        self._rows_cache: dict[int, np.ndarray] = {}
        # (document, start, until) of every date range of the cover, as three arrays
        self._ranges: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        # the latest edition and all editions: searched most, kept whole
        self._scopes: dict[int | None, tuple[np.ndarray, np.ndarray]] = {}
        self._graph = Graph(
            key=str(meta.get("graph_key", "")),
            editions=[EditionInfo(i, d, s, t, "", 0, 0) for i, d, s, t in meta["editions"]],
            identities=[],
            links=[],
            texts=[],
        )
        self.names = EditionNames(self._graph.editions)
        self._dates = self.names.dates

    @classmethod
    def open(cls, store: IndexStore, path: Path) -> Generation:
        """Open a published generation; raise IndexDamaged if it cannot be read."""
        meta = store.meta(path)
        why = incompatibility(meta)
        if why is not None or meta is None:
            raise IndexDamaged(f"the search index at {path} cannot be read: {why}")
        try:
            words = orjson.loads((path / WORDS_FILE).read_bytes())
            aliases = orjson.loads((path / ALIASES_FILE).read_bytes())
            parts = {}
            # read where it is mapped, not copied into each process (see whoosh_ext.mapped)
            storage = MappedStorage(str(path))
            for part in PARTS:
                # a part's table of contents is read when a search first needs the part
                ix = functools.partial(storage.open_index, index_name(part))
                parts[part] = (ix, functools.partial(_read_cover, path, part))
            return cls(
                parts,
                meta,
                words,
                aliases,
                lambda: _open_vectors(path),
                path,
                functools.partial(_read_sentences, path),
            )
        except Exception as exc:
            raise _damaged(path, exc) from None

    def _checked(self, read: Callable[[], T]) -> T:
        """``read()`` (a part opened, a reader made); IndexDamaged if its files cannot be read."""
        try:
            return read()
        except Exception as exc:
            if self.path is None:  # an index in memory: nothing on disk can be damaged
                raise
            raise _damaged(self.path, exc) from None

    @property
    def both(self) -> Searcher:
        """A searcher over every part, read as one index."""
        with self._opening:
            if self._both is None:
                readers = self._readers[:1]
                try:
                    for at, ix in enumerate(self._later):
                        if not isinstance(ix, Index):
                            ix = self._later[at] = self._checked(ix)
                            self._indexes.append(ix)
                        readers.append(self._checked(ix.reader))
                except IndexDamaged:
                    for reader in readers[1:]:
                        reader.close()
                    raise
                self._readers = readers
                leaves = [r for reader in readers for r, _offset in reader.leaf_readers()]
                self._both = Searcher(MultiReader(leaves), weighting=WEIGHTING, closereader=False)
            return self._both

    @property
    def vectors(self) -> VectorTable:
        if callable(self._vectors):
            self._vectors = self._vectors()
        return self._vectors

    def _latest(self, date: int | None) -> bool:
        """Whether ``date`` is the latest edition's (whose documents are the latest part)."""
        return date is not None and bool(self._dates) and date == self._dates[-1]

    def sentence_scope(self, date: int | None) -> SentenceScope | None:
        """The sentence vectors of the documents in scope for ``date``, the model, the tokens.

        None unless ``date`` is the latest edition's and the generation's
        sentence vectors come from the sentence model in use: the search
        then uses the static vectors, which every generation has.
        """
        if not self._latest(date):
            return None
        had = self.meta.get("sentences")
        if had is None or had != sentence_model_id():
            return None
        if callable(self._sentences):
            self._sentences = self._sentences()
        if self._sentences is None:
            return None
        matrix, tokens = self._sentences
        self._count("sentence vectors", len(matrix))
        if tokens is not None and self._match is None:
            self._count("token lists", len(tokens))
            self._match = TokenMatch(tokens)
        model = query_sentence_model()
        return SentenceScope(matrix, model, self._match) if model is not None else None

    def _count(self, what: str, count: int) -> None:
        """IndexDamaged unless ``count`` rows of ``what`` stand for the latest part's documents."""
        documents = len(self._cover(1))
        if count != documents:
            raise IndexDamaged(
                f"the search index at {self.path} cannot be read: {count} "
                f"{what} for {documents} documents; run 'crdex build' to build it again"
            )

    def close(self) -> None:
        for searcher in (self.latest, self._both):
            if searcher is not None:
                searcher.close()
        for reader in self._readers:
            reader.close()
        for ix in self._indexes:
            ix.close()

    # -- editions ------------------------------------------------------------------

    @property
    def editions(self) -> list[EditionInfo]:
        return list(self._graph.editions)

    def find(self, name: str) -> EditionRef:
        """An edition by id, date (the one in force) or ``latest``."""
        others = {k: (v[0], v[1]) for k, v in self.meta.get("others", {}).items()}
        return find_indexed(name, self._graph, others)

    # -- scope -----------------------------------------------------------------------

    def scope(self, date: int | None) -> tuple[Searcher, set[int] | None]:
        """The searcher and the documents (None: all it has) to search for ``date``."""
        if self._latest(date):
            return self.latest, None
        return self.both, (self._docs_in_force(date) if date is not None else None)

    def vector_scope(self, date: int | None) -> tuple[np.ndarray, np.ndarray]:
        """The vectors of the documents in scope for ``date`` (None: all), and their numbers."""
        import numpy as np

        scope = self._scopes.get(date)
        if scope is not None:
            return scope
        if date is None or self._latest(date):
            # the latest edition's documents are the latest part's (read alone)
            parts = None if date is None else 1
            table, cover = self._vector_rows(parts), self._cover(parts)
            rows = np.fromiter((d for d, c in enumerate(cover) if c is not None), dtype=np.int64)
            # every document of the part in scope (the usual case): its table itself, not a
            # copy of it (1.8 ms of a word search); nothing writes into either
            scope = self._scopes[date] = (table if len(rows) == len(table) else table[rows], rows)
            return scope
        rows = self._rows_in_force(date)
        return self._vector_rows(None)[rows], rows

    def _vector_rows(self, parts: int | None) -> np.ndarray:
        """The vectors of the first ``parts`` parts (None: all), one per document of their cover."""
        table = self.vectors.all if parts is None else self.vectors.latest
        documents = len(self._cover(parts))
        if len(table) != documents:  # the files of two different writings
            raise IndexDamaged(
                f"the search index at {self.path} cannot be read: {len(table)} vectors "
                f"for {documents} documents; run 'crdex build' to build it again"
            )
        return table

    def _cover(self, parts: int | None = None) -> Cover:
        """The cover of the first ``parts`` parts (None: all), in document number order."""
        if parts is None and self._whole_cover is not None:
            return self._whole_cover
        wanted = self._covers[:parts]
        for at, cover in enumerate(wanted):
            if callable(cover):
                wanted[at] = self._covers[at] = cover()
        if len(wanted) == 1:
            return wanted[0]  # type: ignore[return-value]
        whole: Cover = [c for cover in wanted for c in cover]  # type: ignore[union-attr]
        if parts is None:
            self._whole_cover = whole
        return whole

    def _docs_in_force(self, date: int) -> set[int]:
        """The documents in force on ``date`` (a Whoosh filter is a set)."""
        docs = self._in_force_cache.get(date)
        if docs is None:
            docs = set(self._rows_in_force(date).tolist())
            _keep(self._in_force_cache, date, docs)
        return docs

    def _rows_in_force(self, date: int) -> np.ndarray:
        """The documents in force on ``date``, in order.

        Read from the cover's date ranges as arrays (one row a range), made
        once: measured on the whole corpus's index (17,334 documents, 126
        editions), 0.5 ms an edition where reading the cover in Python took
        11 ms, so no more than the last few editions' answers need be
        remembered.
        """
        import numpy as np

        rows = self._rows_cache.get(date)
        if rows is not None:
            return rows
        if self._ranges is None:
            spans = [(d, s, u) for d, ranges in enumerate(self._cover()) for s, u in ranges or ()]
            table = np.array(spans or [(0, 0, 0)], dtype=np.int64).reshape(-1, 3)
            self._ranges = (table[:, 0].copy(), table[:, 1].copy(), table[:, 2].copy())
        docs, starts, ends = self._ranges
        rows = np.unique(docs[(starts <= date) & (date < ends)])
        _keep(self._rows_cache, date, rows)
        return rows


def _keep(cache: dict[int, T], key: int, value: T) -> None:
    """Remember ``value``, the oldest first forgotten beyond :data:`_DATES_KEPT` dates."""
    if len(cache) >= _DATES_KEPT:
        # a server's threads share the cache: another may have changed it meanwhile
        with contextlib.suppress(StopIteration, RuntimeError, KeyError):
            del cache[next(iter(cache))]
    cache[key] = value


def _read_cover(path: Path, part: str) -> Cover:
    """A part's cover table; IndexDamaged if it cannot be read."""
    try:
        return orjson.loads((path / cover_file(part)).read_bytes())
    except Exception as exc:
        raise _damaged(path, exc) from None


def _read_vectors(path: Path, part: str) -> np.ndarray:
    """A part's vectors (read when a search first needs them); IndexDamaged if unreadable."""
    try:
        return read_vectors(path, part)
    except Exception as exc:
        raise _damaged(path, exc) from None


def _read_sentences(path: Path) -> Sentences | None:
    """The latest part's sentence vectors and tokens (None: none); IndexDamaged if unreadable."""
    try:
        return read_sentences(path)
    except Exception as exc:
        raise _damaged(path, exc) from None


def _open_vectors(path: Path) -> VectorTable:
    """The vectors of a published generation; IndexDamaged if they cannot be read.

    The model is loaded on the first query, each part's vectors when a search
    first needs them.
    """
    try:
        readers = [functools.partial(_read_vectors, path, part) for part in PARTS]
        return VectorTable(readers, read_weights(path), query_embedder, read_tokens(path))
    except Exception as exc:
        raise _damaged(path, exc) from None
