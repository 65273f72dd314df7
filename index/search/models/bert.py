"""A BERT sentence encoder's forward pass in numpy: token ids to mean-pooled unit vectors.

The sentence model (see :mod:`.sentences`) is a BERT encoder, six layers
of 384 wide for all-MiniLM-L6-v2, whose sentence vector is the mean of its
last layer over the text's tokens. That is a handful of matrix products per
layer, which numpy hands to BLAS: no deep-learning framework is needed to
run it, and none is installed. ``tests/test_search_sentences.py`` checks the
vectors against the model's reference implementation.

Texts are encoded in batches of similar length (sorted by token count), so
that little of a batch is padding; attention ignores the padding either way.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Bert", "BertConfig"]

# tokens per batch: 1,024 read the latest edition's texts as fast as 4,096
# (22.5 against 23.2 s) and peaked 90 MB lower (163 against 254 MB resident)
_BATCH_TOKENS = 1024
_SQRT_2_OVER_PI = math.sqrt(2 / math.pi)
# up to this many tokens, a product is computed the other way round (see _product)
_FEW_TOKENS = 32


class Rows(Protocol):
    """The token embedding table (the checkpoint's own, mapped from its file)."""

    def __getitem__(self, ids: np.ndarray) -> np.ndarray: ...


@dataclass(frozen=True, slots=True)
class BertConfig:
    """What the forward pass needs of a model's ``config.json``."""

    hidden: int
    heads: int
    layers: int
    eps: float

    @classmethod
    def of(cls, config: Mapping[str, object]) -> BertConfig:
        return cls(
            int(config["hidden_size"]),  # type: ignore[call-overload]
            int(config["num_attention_heads"]),  # type: ignore[call-overload]
            int(config["num_hidden_layers"]),  # type: ignore[call-overload]
            float(config.get("layer_norm_eps", 1e-12)),  # type: ignore[arg-type]
        )


class Bert:
    """The encoder over its weights as the checkpoint stores them.

    ``tensors`` are the model's own, by their names in the checkpoint
    (``encoder.layer.0.attention.self.query.weight`` …), each a matrix of
    (outputs × inputs) as PyTorch keeps it: a product with its transpose
    is handed to BLAS as is, so the weights can be the checkpoint file's
    own bytes, mapped and never copied (see :mod:`.sentences`). ``words``
    gives the rows of the word embedding table for token ids.
    """

    def __init__(self, config: BertConfig, tensors: Mapping[str, np.ndarray], words: Rows) -> None:
        self.config = config
        self.words = words
        self.scale = 1 / math.sqrt(config.hidden // config.heads)
        self.positions = tensors["embeddings.position_embeddings.weight"]
        self.token_type = tensors["embeddings.token_type_embeddings.weight"][0]
        self.norm = (tensors["embeddings.LayerNorm.weight"], tensors["embeddings.LayerNorm.bias"])
        self.layers = []
        for n in range(config.layers):
            p = f"encoder.layer.{n}."
            a = p + "attention."
            names = (
                "self.query.weight", "self.query.bias", "self.key.weight", "self.key.bias",
                "self.value.weight", "self.value.bias", "output.dense.weight", "output.dense.bias",
                "output.LayerNorm.weight", "output.LayerNorm.bias",
            )  # fmt: skip
            attention = tuple(tensors[a + name] for name in names)
            names = (
                "intermediate.dense.weight", "intermediate.dense.bias", "output.dense.weight",
                "output.dense.bias", "output.LayerNorm.weight", "output.LayerNorm.bias",
            )  # fmt: skip
            self.layers.append((attention, tuple(tensors[p + name] for name in names)))

    def _norm(self, x: np.ndarray, scale_shift: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """Layer normalization, in place."""
        import numpy as np

        x -= x.mean(axis=1, keepdims=True)
        variance = np.einsum("ij,ij->i", x, x) / x.shape[1]
        x *= (1 / np.sqrt(variance + self.config.eps))[:, None]
        x *= scale_shift[0]
        x += scale_shift[1]
        return x

    def forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Unit sentence vectors of a batch: ``ids`` (texts × tokens), ``mask`` true on tokens."""
        return self.pooled(self.states(ids, mask), mask)

    def pooled(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Unit sentence vectors from the last layer ``x`` (texts × tokens × width): its mean."""
        import numpy as np

        weights = mask.astype(np.float32)
        pooled = np.einsum("btd,bt->bd", x, weights)
        pooled /= np.maximum(weights.sum(axis=1, keepdims=True), 1.0)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        return pooled / norms

    def states(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The last layer of a batch (texts × tokens × width): each token read in its context."""
        import numpy as np

        cfg = self.config
        texts, length = ids.shape
        heads, width = cfg.heads, cfg.hidden // cfg.heads
        x = np.asarray(self.words[ids.reshape(-1)], dtype=np.float32).reshape(texts, length, -1)
        x = x + self.positions[:length]
        x += self.token_type
        x = self._norm(x.reshape(texts * length, cfg.hidden), self.norm)
        # padding gets no attention: exp(-1e4) is 0 in float32
        padding = np.where(mask, 0.0, -1e4).astype(np.float32)[:, None, None, :]

        def split(h: np.ndarray) -> np.ndarray:  # (texts, heads, tokens, width)
            return np.ascontiguousarray(
                h.reshape(texts, length, heads, width).transpose(0, 2, 1, 3)
            )

        for attention, feed in self.layers:
            qw, qb, kw, kb, vw, vb, ow, ob, n1w, n1b = attention
            q = _product(x, qw)
            q += qb
            q *= self.scale
            k = _product(x, kw)
            k += kb
            v = _product(x, vw)
            v += vb
            a = split(q) @ split(k).transpose(0, 1, 3, 2)
            a += padding
            a -= a.max(axis=-1, keepdims=True)
            np.exp(a, out=a)
            a /= a.sum(axis=-1, keepdims=True)
            c = (a @ split(v)).transpose(0, 2, 1, 3).reshape(texts * length, cfg.hidden)
            o = _product(c, ow)
            o += ob
            o += x
            x = self._norm(o, (n1w, n1b))
            uw, ub, dw, db, n2w, n2b = feed
            f = _product(x, uw)
            f += ub
            _gelu(f)
            o = _product(f, dw)
            o += db
            o += x
            x = self._norm(o, (n2w, n2b))
        return x.reshape(texts, length, cfg.hidden)

    def encode(
        self,
        token_ids: Sequence[Sequence[int]],
        done: Callable[[int], None] | None = None,
        keep: Callable[[int, np.ndarray], None] | None = None,
    ) -> np.ndarray:
        """Unit vectors (float32), one row per text, batched by length.

        ``done`` is told how many texts are encoded after each batch (a
        build's progress: the latest edition's texts take some 22 s in one
        process). ``keep``, if given, is handed each text's number and its
        tokens' last layer (tokens × width), from the same pass.
        """
        import numpy as np

        out = np.zeros((len(token_ids), self.config.hidden), dtype=np.float32)
        order = sorted(range(len(token_ids)), key=lambda i: len(token_ids[i]))
        start = 0
        while start < len(order):
            end = start + 1  # sorted: the last text of a batch is its longest
            while (
                end < len(order) and (end + 1 - start) * len(token_ids[order[end]]) <= _BATCH_TOKENS
            ):
                end += 1
            batch = order[start:end]
            length = max(1, len(token_ids[batch[-1]]))
            ids = np.zeros((len(batch), length), dtype=np.int64)
            mask = np.zeros((len(batch), length), dtype=bool)
            for row, i in enumerate(batch):
                these = token_ids[i]
                ids[row, : len(these)] = these
                mask[row, : len(these)] = True
            states = self.states(ids, mask)
            out[batch] = self.pooled(states, mask)
            if keep is not None:
                for row, i in enumerate(batch):
                    keep(i, states[row, : len(token_ids[i])])
            start += len(batch)
            if done is not None:
                done(start)
        return out


def _product(x: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """``x @ weight.T``; for a few tokens (a question) computed as ``(weight @ x.T).T``.

    BLAS packs the right-hand matrix of a product: for a question's dozen
    tokens that is the weight, 1.7× slower than packing the tokens (0.23
    against 0.13 ms for a 1536 × 384 weight). The result is its transpose,
    a view: the next operations take it as it is.
    """
    if len(x) <= _FEW_TOKENS:
        return (weight @ x.T).T
    return x @ weight.T


def _gelu(f: np.ndarray) -> None:
    """GELU in place, in its tanh form: numpy has no ``erf``, and the vectors agree with the
    reference's (exact GELU) to a cosine of 0.999999 (``tests/test_search_sentences.py``)."""
    import numpy as np

    t = f * f
    t *= 0.044715
    t += 1
    t *= f
    t *= _SQRT_2_OVER_PI
    np.tanh(t, out=t)
    t += 1
    f *= t
    f *= 0.5
