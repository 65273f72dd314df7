"""Each token of a text as the sentence model read it, kept small: for matching word by word.

A rule's sentence vector is the mean of its tokens' last layer (see
:mod:`.bert`): it says what the rule is about, but a question's particular
words are averaged away in it, and BM25 matches only their stems. The last
layer itself holds each token read in its context, where a question's
"activation" lies nearest 113.7a's "activated" and "stuff" nearest 800.4a's
"objects". A question then matches a rule token by token (see
:mod:`..answering.token_match`).

The states are kept as the model wrote them, 384 wide, each token's unit
vector in int8 with a scale of its own (its largest component over 127): a
fifth of float32, and the development questions' figures were the same as
with float16. Measured on them (fused, top 1 / top 3 / MRR, against 60.7 /
78.9 / 0.707), with tokens projected to fewer dimensions: 128 by their
principal directions 63.6 / 81.5 / 0.727, by a random orthonormal basis 64.5
/ 81.5 / 0.734, 192 by principal directions 65.2 / 80.8 / 0.737; all 384,
centred, 65.2 / 81.5 / 0.739. The latest edition's 194,000 tokens take 75 MB.

A text's tokens are those of all its windows (the rule read to its end),
without the ``[CLS]`` and ``[SEP]`` each window adds, with their WordPiece
ids: a question's tokens are weighed by how rare they are among the rules'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "FORMAT",
    "TokenPiece",
    "TokenStates",
    "load_token_states",
    "quantized",
    "save_token_states",
    "token_paths",
]

# what a generation's meta records of its tokens: a generation with sentence vectors and
# another (or no) number is given its tokens by the next build (see meta.sentences_changed)
FORMAT = 1

# a text's tokens: int8 codes (tokens × width), float32 scales, int32 WordPiece ids
TokenPiece = tuple["np.ndarray", "np.ndarray", "np.ndarray"]


def quantized(states: np.ndarray, ids: Sequence[int]) -> TokenPiece:
    """A text's token ``states`` (tokens × width, float) as unit vectors in int8, and their ``ids``."""
    import numpy as np

    x = np.asarray(states, dtype=np.float32)
    x = x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)
    scales = np.maximum(np.abs(x).max(axis=1), 1e-12) / 127
    codes = np.rint(x / scales[:, None]).astype(np.int8)
    return codes, scales.astype(np.float32), np.asarray(ids, dtype=np.int32)


@dataclass(frozen=True, slots=True)
class TokenStates:
    """The tokens of many texts, end to end: text ``i``'s are rows ``starts[i]:starts[i + 1]``."""

    codes: np.ndarray  # int8, tokens × width
    scales: np.ndarray  # float32 (float16 as stored), per token
    ids: np.ndarray  # int32, per token
    starts: np.ndarray  # int64, texts + 1

    def __len__(self) -> int:
        return len(self.starts) - 1

    def piece(self, i: int) -> TokenPiece:
        """Text ``i``'s tokens (views)."""
        a, b = int(self.starts[i]), int(self.starts[i + 1])
        return self.codes[a:b], self.scales[a:b], self.ids[a:b]

    def vectors(self, i: int) -> np.ndarray:
        """Text ``i``'s token vectors, float32 (unit length, but for the rounding)."""
        codes, scales, _ids = self.piece(i)
        return codes.astype("float32") * scales[:, None].astype("float32")

    @classmethod
    def joined(
        cls, pieces: Sequence[TokenPiece | None], width: int, codes: np.ndarray | None = None
    ) -> TokenStates:
        """The texts' ``pieces`` end to end (None: a text with no tokens, a deleted document).

        ``codes``, if given, is where the codes go (tokens × width: a file's mapped array,
        which the codes are written into a text at a time, never copied whole first).
        """
        import numpy as np

        counts = [0 if p is None else len(p[0]) for p in pieces]
        starts = np.zeros(len(pieces) + 1, dtype=np.int64)
        np.cumsum(counts, out=starts[1:])
        total = int(starts[-1])
        if codes is None:
            codes = np.zeros((total, width), dtype=np.int8)
        scales = np.zeros(total, dtype=np.float32)
        ids = np.zeros(total, dtype=np.int32)
        for p, a, b in zip(pieces, starts[:-1], starts[1:], strict=True):
            if p is not None and b > a:
                codes[a:b], scales[a:b], ids[a:b] = p
        return cls(codes, scales, ids, starts)

    @staticmethod
    def count(pieces: Sequence[TokenPiece | None]) -> int:
        """How many tokens ``pieces`` hold in all."""
        return sum(0 if p is None else len(p[0]) for p in pieces)


_NAMES = ("codes", "scales", "ids", "starts")


def token_paths(where: Path, suffix: str) -> dict[str, Path]:
    """The four files of a set of tokens in the folder ``where``, by what each holds::

    token-codes-SUFFIX.npy    int8, one row per token
    token-scales-SUFFIX.npy   float16, each token's scale
    token-ids-SUFFIX.npy      int32, each token's WordPiece id
    token-starts-SUFFIX.npy   int64, where each text's tokens start (texts + 1)
    """
    return {name: where / f"token-{name}-{suffix}.npy" for name in _NAMES}


def save_token_states(
    paths: Mapping[str, Path], pieces: Sequence[TokenPiece | None], width: int
) -> None:
    """Write each text's tokens end to end, a text at a time into the mapped codes file:
    the latest edition's 75 MB are not copied into one array first."""
    import numpy as np

    codes = np.lib.format.open_memmap(
        paths["codes"], mode="w+", dtype=np.int8, shape=(TokenStates.count(pieces), width)
    )
    joined = TokenStates.joined(pieces, width, codes)
    codes.flush()
    np.save(paths["scales"], joined.scales.astype(np.float16), allow_pickle=False)
    np.save(paths["ids"], joined.ids, allow_pickle=False)
    np.save(paths["starts"], joined.starts, allow_pickle=False)


def load_token_states(paths: Mapping[str, Path]) -> TokenStates | None:
    """Tokens written by :func:`save_token_states` (codes mapped, not read); None when there
    are none. Files that do not agree with one another are a ``ValueError``."""
    import numpy as np

    if not paths["starts"].is_file():
        return None
    codes = np.load(paths["codes"], mmap_mode="r", allow_pickle=False)
    scales = np.load(paths["scales"], allow_pickle=False).astype(np.float32)
    ids = np.load(paths["ids"], allow_pickle=False)
    starts = np.load(paths["starts"], allow_pickle=False)
    tokens = len(codes)
    if codes.ndim != 2 or codes.dtype != np.int8 or len(scales) != tokens or len(ids) != tokens:
        raise ValueError("the token files disagree on the number of tokens")
    if starts.ndim != 1 or len(starts) < 1 or starts[0] != 0 or starts[-1] != tokens:
        raise ValueError("the token starts do not cover the tokens")
    if np.any(np.diff(starts) < 0):
        raise ValueError("the token starts go backwards")
    return TokenStates(codes, scales, ids, starts)
