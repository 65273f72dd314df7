"""The dense vectors of an index generation, beside its Whoosh files.

One vector per indexed document (a distinct version of a rule or glossary
entry), made from what the version says and what it is under: its title,
the titles of the headings above it, the glossary terms naming it and its
text (see :func:`vector_text`). Examples and rulings are left out: measured
on the development questions they pull a rule's vector towards the cards
they mention.

A token's weight in the average is its inverse document frequency over the
texts indexed (``log((N + 1) / (df + 1))``): words every rule uses ("the",
"player") say little about which rule a question is after. The weights are
computed when an index is written anew and kept by updates, so every
vector of a generation, and every query, is weighed alike.

Files, per part (``latest``, ``earlier``; see :mod:`.building.indexer`)::

    vectors-<part>.npy   float16, one row per Whoosh document number
    digests-<part>.npy   the digest of each row's text ("" for deleted documents)
    weights.npy          float32, the weight of each token id

An update reuses the vector of every text it has already embedded (by
digest), so a version is embedded once, whatever its dates or numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING

from .documents import IndexDoc
from .models.embedding import Embedder
from .models.tokens import WordTokens

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "VectorTable",
    "cosines",
    "digest",
    "nearest_rows",
    "read_part",
    "read_vectors",
    "read_weights",
    "rows_for",
    "token_weights",
    "vector_text",
    "vectors_for",
    "write_part",
]

WEIGHTS_FILE = "weights.npy"
_DIGEST_BYTES = 16


def cosines(matrix: np.ndarray, vector: np.ndarray) -> np.ndarray:
    """Each row of ``matrix`` dotted with ``vector`` (unit vectors: their cosines).

    ``einsum`` rather than ``@``: a matrix-vector product goes to BLAS,
    whose threads wait for each other on a busy machine (28 ms instead of
    1.7 ms for the latest edition's 3 700 rows, measured on two cores).
    """
    import numpy as np

    return np.einsum("ij,j->i", matrix, vector)


def vectors_file(part: str) -> str:
    return f"vectors-{part}.npy"


def digests_file(part: str) -> str:
    return f"digests-{part}.npy"


def vector_text(doc: IndexDoc) -> str:
    """What a version's vector is made of: title, headings above, glossary terms, text."""
    return " ".join(f"{doc.title} {doc.heading} {doc.glossary} {doc.text}".split())


def digest(text: str) -> bytes:
    import hashlib  # building's work: a search reads the vectors, never digests a text

    return hashlib.blake2b(text.encode(), digest_size=_DIGEST_BYTES).digest()


def token_weights(texts: Sequence[str], model: Embedder) -> np.ndarray:
    """Inverse document frequency of every token id over ``texts``."""
    import numpy as np

    vocabulary = model.vocabulary
    df = np.zeros(vocabulary, dtype=np.int64)
    for _start, lists in model.batches(texts):
        lengths = np.fromiter(map(len, lists), dtype=np.int64, count=len(lists))
        ids = np.fromiter(chain.from_iterable(lists), dtype=np.int64, count=int(lengths.sum()))
        # each (text, token) pair once (sorted, then the first of each run: np.unique's
        # own way is several times slower), then how many texts each token is in
        pairs = np.sort(
            np.repeat(np.arange(len(lists), dtype=np.int64), lengths) * vocabulary + ids
        )
        first = np.ones(len(pairs), dtype=bool)
        first[1:] = pairs[1:] != pairs[:-1]
        df += np.bincount(pairs[first] % vocabulary, minlength=vocabulary)
    return np.log((len(texts) + 1) / (df.astype(np.float64) + 1)).astype(np.float32)


def vectors_for(
    docs: Sequence[IndexDoc | None],
    model: Embedder,
    weights: np.ndarray,
    known: dict[bytes, np.ndarray] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """(vectors, digests) for documents by number; None (deleted) gets a zero row.

    ``known`` maps digests to vectors already computed; new ones are added to it.
    """
    return rows_for(docs, lambda texts: model.embed(texts, weights), model.table.shape[1], known)


def rows_for(
    docs: Sequence[IndexDoc | None],
    embed: Callable[[list[str]], np.ndarray],
    dimensions: int,
    known: dict[bytes, np.ndarray] | None = None,
    text_of: Callable[[IndexDoc], str] = vector_text,
) -> tuple[np.ndarray, np.ndarray]:
    """(vectors, digests) for documents by number, texts embedded by ``embed`` once each.

    None (deleted) gets a zero row. ``known`` maps digests (of ``text_of``
    each document) to vectors already computed; new ones are added to it.
    """
    import numpy as np

    known = {} if known is None else known
    texts = [text_of(d) if d is not None else None for d in docs]
    digests = [digest(t) if t is not None else b"" for t in texts]
    todo: dict[bytes, str] = {}
    for t, d in zip(texts, digests, strict=True):
        if t is not None and d not in known:
            todo.setdefault(d, t)
    if todo:
        # kept as they are stored (float16): half the memory, the same rows written
        fresh = embed(list(todo.values())).astype(np.float16)
        known.update(zip(todo, fresh, strict=True))
    vectors = np.zeros((len(docs), dimensions), dtype=np.float16)
    for row, d in enumerate(digests):
        if d:
            vectors[row] = known[d]
    return vectors, np.array(digests, dtype=f"S{_DIGEST_BYTES}")


def write_part(where: Path, part: str, vectors: np.ndarray, digests: np.ndarray) -> None:
    import numpy as np

    np.save(where / vectors_file(part), vectors, allow_pickle=False)
    np.save(where / digests_file(part), digests, allow_pickle=False)


def read_vectors(where: Path, part: str) -> np.ndarray:
    import numpy as np

    return np.load(where / vectors_file(part), allow_pickle=False)


def read_part(where: Path, part: str) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np

    digests = np.load(where / digests_file(part), allow_pickle=False)
    return read_vectors(where, part), digests


def known_vectors(where: Path, parts: Sequence[str]) -> dict[bytes, np.ndarray]:
    """Digest → vector of every text a generation has embedded (for an update to reuse)."""
    known: dict[bytes, np.ndarray] = {}
    for part in parts:
        vectors, digests = read_part(where, part)
        for d, v in zip(digests.tolist(), vectors, strict=True):
            if d:
                known[d] = v.astype("float32")
    return known


def write_weights(where: Path, weights: np.ndarray) -> None:
    import numpy as np

    np.save(where / WEIGHTS_FILE, weights, allow_pickle=False)


def read_weights(where: Path) -> np.ndarray:
    import numpy as np

    return np.load(where / WEIGHTS_FILE, allow_pickle=False)


class VectorTable:
    """The vectors of one generation, for searching: parts in the order Whoosh reads them.

    A part is read (and widened to float32) when a search first needs it: a
    search of the latest edition reads the latest part only, a quarter of
    the whole.
    """

    def __init__(
        self,
        parts: Sequence[np.ndarray | Callable[[], np.ndarray]],
        weights: np.ndarray,
        model: Embedder | Callable[[], Embedder],
        known: WordTokens | None = None,
    ) -> None:
        self._parts = list(parts)
        self._all: np.ndarray | None = None
        self.weights = weights
        self._model = model
        self._known = known

    def _part(self, at: int) -> np.ndarray:
        """Part ``at``, read if it was not, as float32 (kept so: widened once)."""
        import numpy as np

        part = self._parts[at]
        if callable(part):
            part = part()
        part = self._parts[at] = np.ascontiguousarray(part, dtype=np.float32)
        return part

    @property
    def latest(self) -> np.ndarray:
        """The rows of the latest part (the latest edition's documents)."""
        return self._part(0)

    @property
    def all(self) -> np.ndarray:
        """The rows of every part, numbered as the searcher of both parts numbers them."""
        import numpy as np

        if self._all is None:
            parts = [self._part(at) for at in range(len(self._parts))]
            self._all = np.concatenate(parts)
            # each part is now a view of the whole, not a second copy of its rows (18 MB of
            # the whole corpus's)
            start = 0
            for at, part in enumerate(parts):
                self._parts[at] = self._all[start : start + len(part)]
                start += len(part)
        return self._all

    def rows(self, docnums: Sequence[int]) -> np.ndarray:
        """The vectors of these document numbers (of the latest part alone when they are in it)."""
        latest = self.latest
        if all(d < len(latest) for d in docnums):
            return latest[list(docnums)]
        return self.all[list(docnums)]

    @property
    def model(self) -> Embedder:
        if not isinstance(self._model, Embedder):
            self._model = self._model()
        return self._model

    def query(self, text: str) -> np.ndarray:
        """The unit vector of a query."""
        return self.model.embed([" ".join(text.split())], self.weights, self._known)[0]


def nearest_rows(
    query: np.ndarray, matrix: np.ndarray, rows: np.ndarray | None, depth: int
) -> list[tuple[int, float]]:
    """(document number, cosine) of the ``depth`` rows of ``matrix`` nearest to ``query``.

    ``rows`` numbers the rows (None: row n is document n).
    """
    import numpy as np

    if not len(matrix):
        return []
    sims = cosines(matrix, query)
    depth = min(depth, len(sims))
    top = np.argpartition(-sims, depth - 1)[:depth]
    top = top[np.argsort(-sims[top], kind="stable")]
    numbers = top if rows is None else rows[top]
    return [(int(d), float(sims[i])) for d, i in zip(numbers, top, strict=True)]
