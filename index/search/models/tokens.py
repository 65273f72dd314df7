"""The token ids of every word a generation's vectors were made from, kept beside them.

A query's vector needs its words' token ids. Loading the tokenizer for
that takes about 50 ms (its 1.8 MB JSON of vocabulary and merges), more
than the rest of a search; a question's words are nearly always words the
rules use, whose ids the build already had. So a generation keeps them:

    tokens.txt   every word (white-space separated) of the texts embedded, sorted, one a line
    tokens.npy   int32: ``len(words) + 1`` offsets, then the ids of every word in order

Reading both takes a few milliseconds; a word of a query found there gets
exactly the ids the tokenizer gives it (they are its output), and only a
word the rules never use sends the query to the tokenizer. The files are a
cache: a generation without them (written before they existed) is read
as before, through the tokenizer.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["IDS_FILE", "WORDS_TEXT", "WordTokens", "read_tokens", "write_tokens"]

WORDS_TEXT = "tokens.txt"
IDS_FILE = "tokens.npy"


class WordTokens:
    """Word → token ids, looked up in the sorted words (no dictionary is built)."""

    def __init__(self, words: list[str], table: np.ndarray) -> None:
        self._words = words
        self._table = table

    def __len__(self) -> int:
        return len(self._words)

    def get(self, word: str) -> list[int] | None:
        """The token ids of ``word``; None when the rules never use it."""
        at = bisect_left(self._words, word)
        if at == len(self._words) or self._words[at] != word:
            return None
        n = len(self._words)
        start, end = int(self._table[at]), int(self._table[at + 1])
        return self._table[n + 1 + start : n + 1 + end].tolist()

    def items(self) -> list[tuple[str, list[int]]]:
        """Every word with its ids (for an update to carry them into its generation)."""
        n = len(self._words)
        offsets = self._table[: n + 1].tolist()
        ids = self._table[n + 1 :].tolist()
        return [(w, ids[offsets[i] : offsets[i + 1]]) for i, w in enumerate(self._words)]


def write_tokens(where: Path, known: Mapping[str, list[int]]) -> None:
    """Write the words and their ids into the generation being built at ``where``."""
    import numpy as np

    words = sorted(known)
    lengths = np.fromiter((len(known[w]) for w in words), dtype=np.int64, count=len(words))
    offsets = np.zeros(len(words) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    ids = np.fromiter((i for w in words for i in known[w]), dtype=np.int32, count=int(offsets[-1]))
    np.save(where / IDS_FILE, np.concatenate([offsets.astype(np.int32), ids]), allow_pickle=False)
    (where / WORDS_TEXT).write_text("\n".join(words), "utf-8")


def read_tokens(where: Path) -> WordTokens | None:
    """The words of the generation at ``where`` with their ids; None if it has none kept."""
    import numpy as np

    words_file, ids_file = where / WORDS_TEXT, where / IDS_FILE
    if not (words_file.is_file() and ids_file.is_file()):
        return None
    text = words_file.read_text("utf-8")
    words = text.split("\n") if text else []
    table = np.load(ids_file, allow_pickle=False)
    if (
        table.ndim != 1
        or len(table) < len(words) + 1
        or int(table[len(words)]) != len(table) - len(words) - 1
    ):
        raise ValueError(f"{ids_file} does not match {words_file}")
    return WordTokens(words, table)
