"""Dense vectors for texts from static word embeddings that ship inside a package.

The model is WordLlama's ``l2_supercat`` at 256 dimensions: one vector per
token of a Llama-2 tokenizer, and a text's vector is the average of its
tokens' vectors (what :meth:`wordllama.WordLlamaInference.embed` computes),
here weighted by how rare each token is in the rules (see :mod:`..vectors`)
and scaled to unit length, so that a dot product is the cosine.

Nothing is downloaded, ever. The ``wordllama`` wheel carries the weights
(``weights/l2_supercat_256.safetensors``) and the tokenizer
(``tokenizers/l2_supercat_tokenizer_config.json``); they are read straight
from the package's directory, found without importing the package (its
import configures the root logger and pulls in pydantic and requests,
none of which searching needs); ``tests/test_search_vectors.py`` checks
the result against WordLlama's own ``embed``.

Texts are split on white space and each distinct word is tokenized once:
the tokenizer prefixes every word with its word-boundary mark and never
merges across words, so this gives the same tokens as tokenizing the whole
text, an order of magnitude faster over the corpus.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import SearchError
from . import installed

if TYPE_CHECKING:  # numpy is imported when vectors are first needed
    import numpy as np
    from tokenizers import Tokenizer

    from .tokens import WordTokens

__all__ = ["DIMENSIONS", "Embedder", "embedder", "model_id", "query_embedder"]

PACKAGE = "wordllama"
CONFIG = "l2_supercat"
DIMENSIONS = 256
WEIGHTS = f"weights/{CONFIG}_{DIMENSIONS}.safetensors"
TOKENIZER = f"tokenizers/{CONFIG}_tokenizer_config.json"
TENSOR = "embedding.weight"
# texts tokenized at once when many are embedded (see Embedder.batches)
_BATCH = 1024


def package_dir() -> Path:
    """The installed ``wordllama`` package's directory (the package is not imported)."""
    where = installed.package_dir(PACKAGE)
    if where is None:
        raise SearchError(
            f"the word vectors of the search index come from the {PACKAGE!r} package, "
            f"which is not installed; install it with: pip install {PACKAGE}"
        )
    return where


@functools.cache
def model_id() -> str:
    """Names the model and its version: vectors made by another model are rebuilt."""
    return f"{PACKAGE} {_version()} {CONFIG} {DIMENSIONS}"


def _version() -> str:
    """The installed package's version (see :mod:`.installed`).

    :mod:`importlib.metadata` is asked only when the distribution's folder
    is not beside the package (or not alone).
    """
    try:
        version = installed.version_beside(package_dir().parent, PACKAGE)
    except SearchError:  # not installed: metadata says so too
        version = None
    if version is not None:
        return version
    from importlib import metadata

    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return "?"


class TokenRows:
    """The rows of the token table a text needs, read from the weights file when asked for.

    A query is a handful of tokens out of 32 000: reading (and widening to
    float32) the whole table for it costs more than the rest of the search,
    and 48 MB. Rows are widened exactly as the whole table is, so a text's
    vector is the same either way.
    """

    def __init__(self, path: Path) -> None:
        from safetensors import safe_open

        self._file = safe_open(str(path), framework="np")
        self._slice = self._file.get_slice(TENSOR)
        self.shape = tuple(self._slice.get_shape())

    def __getitem__(self, ids: list[int]) -> np.ndarray:
        import numpy as np

        rows = [self._slice[i : i + 1] for i in ids]
        return np.concatenate(rows).astype(np.float32)


class Embedder:
    """Token vectors and the tokenizer, loaded once; texts to unit vectors."""

    def __init__(
        self, table: np.ndarray | TokenRows, tokenizer: Tokenizer | Callable[[], Tokenizer]
    ) -> None:
        self.table = table
        self._tokenizer = tokenizer
        self._load_tokenizer = tokenizer if callable(tokenizer) else None
        self._words: dict[str, list[int]] = {}

    @property
    def tokenizer(self) -> Tokenizer:
        """The tokenizer, loaded when a word first needs it (see :mod:`.tokens`)."""
        if callable(self._tokenizer):
            self._tokenizer = self._tokenizer()
        return self._tokenizer

    def drop_tokenizer(self) -> None:
        """Let the tokenizer go (about 25 MB); it is loaded again if a new word comes.

        A build embeds every text at once, then keeps the model for the
        words it tokenized while its index's workers write.
        """
        if self._load_tokenizer is not None:
            self._tokenizer = self._load_tokenizer

    @property
    def known_words(self) -> dict[str, list[int]]:
        """Every word tokenized so far, with its ids (what :func:`.tokens.write_tokens` keeps)."""
        return self._words

    def remember(self, words: Iterable[tuple[str, list[int]]]) -> None:
        """Take these words' ids as known (the tokenizer's output kept by a generation)."""
        self._words.update(words)

    @classmethod
    def load(cls, where: Path | None = None, *, whole: bool = True) -> Embedder:
        """The model; ``whole``: the whole token table in memory (to embed many texts),
        else its rows read as texts need them (see :class:`TokenRows`)."""
        import numpy as np
        from safetensors import safe_open

        where = where or package_dir()
        weights, tokenizer = where / WEIGHTS, where / TOKENIZER
        for path in (weights, tokenizer):
            if not path.is_file():
                raise SearchError(
                    f"the {PACKAGE} package at {where} has no {path.relative_to(where)}; "
                    f"reinstall it with: pip install --force-reinstall {PACKAGE}"
                )
        table: np.ndarray | TokenRows
        if whole:
            # kept as stored (float16, 16 MB): a text's rows are widened when it is embedded
            with safe_open(str(weights), framework="np") as fh:
                table = np.ascontiguousarray(fh.get_tensor(TENSOR))
        else:
            table = TokenRows(weights)
        return cls(table, functools.partial(_tokenizer, tokenizer))

    @property
    def vocabulary(self) -> int:
        return int(self.table.shape[0])

    def token_ids(self, texts: Sequence[str], known: WordTokens | None = None) -> list[list[int]]:
        """Each text's token ids (words tokenized once each, see the module docstring).

        ``known`` holds words already tokenized (a generation's, see
        :mod:`.tokens`): a word found there is not given to the tokenizer.
        """
        words = self._words
        split = [text.split() for text in texts]
        new = sorted(set(chain.from_iterable(split)) - words.keys())
        if known is not None and new:
            found = [(word, known.get(word)) for word in new]
            words.update((w, ids) for w, ids in found if ids is not None)
            new = [w for w, ids in found if ids is None]
        if new:
            for word, enc in zip(
                new, self.tokenizer.encode_batch(new, add_special_tokens=False), strict=True
            ):
                words[word] = enc.ids
        # each text's words' ids chained in C: a Python loop over two million words took a second
        ids_of = words.__getitem__
        return [list(chain.from_iterable(map(ids_of, each))) for each in split]

    def batches(
        self, texts: Sequence[str], known: WordTokens | None = None
    ) -> Iterator[tuple[int, list[list[int]]]]:
        """(where a batch starts in ``texts``, its texts' token ids), batch after batch.

        The token ids of a whole corpus's texts at once are two million
        Python integers in lists. By batches, and with the token table kept
        as stored, what embedding the whole corpus adds at its peak to the
        memory a build holds (traced) fell from 145 to 77 MB.
        """
        for start in range(0, len(texts), _BATCH):
            yield start, self.token_ids(texts[start : start + _BATCH], known)

    def embed(
        self,
        texts: Sequence[str],
        weights: np.ndarray | None = None,
        known: WordTokens | None = None,
    ) -> np.ndarray:
        """Unit vectors (float32, one row per text): token vectors averaged by ``weights``.

        ``weights`` holds one weight per token id (None: all 1, a plain
        average). A text without tokens gets the zero vector. ``known``: see
        :meth:`token_ids`.
        """
        import numpy as np

        out = np.zeros((len(texts), self.table.shape[1]), dtype=np.float32)
        for start, lists in self.batches(texts, known):
            for row, ids in enumerate(lists, start):
                if not ids:
                    continue
                vectors = np.asarray(self.table[ids], dtype=np.float32)
                if weights is None:
                    out[row] = vectors.sum(axis=0)
                else:  # einsum, not @: see .vectors.cosines
                    out[row] = np.einsum("i,ij->j", weights[ids], vectors)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        out /= norms
        return out


def _tokenizer(path: Path) -> Tokenizer:
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(path))
    tok.no_padding()
    tok.no_truncation()
    return tok


@functools.cache
def embedder() -> Embedder:
    """The model, loaded once per process."""
    return Embedder.load()


@functools.cache
def query_embedder() -> Embedder:
    """The model for queries (a few texts): token rows read as needed, once per process."""
    return Embedder.load(whole=False)
