"""The latest part's tokens as the sentence model read them, in a generation's files.

Files (rows in the latest part's document order, as its sentence vectors)::

    token-codes-latest.npy    int8, one row per token (see :mod:`..models.token_states`)
    token-scales-latest.npy   float16, each token's scale
    token-ids-latest.npy      int32, each token's WordPiece id
    token-starts-latest.npy   int64, where each document's tokens start (documents + 1)

The codes are mapped, not read: a search reads the few thousand tokens of
its candidates, not the 75 MB of them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..meta import PARTS
from ..models.token_states import TokenPiece, TokenStates

__all__ = ["TOKEN_FILES", "read_token_states", "write_token_states"]

_NAMES = ("codes", "scales", "ids", "starts")
TOKEN_FILES = {name: f"token-{name}-{PARTS[0]}.npy" for name in _NAMES}


def write_token_states(where: Path, pieces: Sequence[TokenPiece | None], width: int) -> None:
    """Write each document's tokens end to end, a document at a time into the mapped file:
    the latest part's 75 MB are not copied into one array first."""
    import numpy as np

    codes = np.lib.format.open_memmap(
        where / TOKEN_FILES["codes"],
        mode="w+",
        dtype=np.int8,
        shape=(TokenStates.count(pieces), width),
    )
    joined = TokenStates.joined(pieces, width, codes)
    codes.flush()
    np.save(where / TOKEN_FILES["scales"], joined.scales.astype(np.float16), allow_pickle=False)
    np.save(where / TOKEN_FILES["ids"], joined.ids, allow_pickle=False)
    np.save(where / TOKEN_FILES["starts"], joined.starts, allow_pickle=False)


def read_token_states(where: Path) -> TokenStates | None:
    """The latest part's tokens (codes mapped); None when the generation has none.

    Files that do not agree with one another are a ``ValueError``.
    """
    import numpy as np

    if not (where / TOKEN_FILES["starts"]).is_file():
        return None
    codes = np.load(where / TOKEN_FILES["codes"], mmap_mode="r", allow_pickle=False)
    scales = np.load(where / TOKEN_FILES["scales"], allow_pickle=False).astype(np.float32)
    ids = np.load(where / TOKEN_FILES["ids"], allow_pickle=False)
    starts = np.load(where / TOKEN_FILES["starts"], allow_pickle=False)
    tokens = len(codes)
    if codes.ndim != 2 or codes.dtype != np.int8 or len(scales) != tokens or len(ids) != tokens:
        raise ValueError("the token files disagree on the number of tokens")
    if starts.ndim != 1 or len(starts) < 1 or starts[0] != 0 or starts[-1] != tokens:
        raise ValueError("the token starts do not cover the tokens")
    if np.any(np.diff(starts) < 0):
        raise ValueError("the token starts go backwards")
    return TokenStates(codes, scales, ids, starts)
