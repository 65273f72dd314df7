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
from ..models.token_states import (
    TokenPiece,
    TokenStates,
    load_token_states,
    save_token_states,
    token_paths,
)

__all__ = ["TOKEN_FILES", "read_token_states", "write_token_states"]

TOKEN_FILES = {name: path.name for name, path in token_paths(Path(), PARTS[0]).items()}


def write_token_states(where: Path, pieces: Sequence[TokenPiece | None], width: int) -> None:
    """Write each document's tokens into the generation at ``where``."""
    save_token_states(token_paths(where, PARTS[0]), pieces, width)


def read_token_states(where: Path) -> TokenStates | None:
    """The latest part's tokens (codes mapped); None when the generation has none.

    Files that do not agree with one another are a ``ValueError``.
    """
    return load_token_states(token_paths(where, PARTS[0]))
