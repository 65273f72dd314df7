"""Spelling suggestions: query words the rules never use, respelled as words they do.

The dictionary is every word of the indexed rules (as written, lower case)
with its count, saved with each generation. A word is respelled to the
closest dictionary word (edit distance 1 for words of up to four letters,
2 for longer ones), the more frequent word winning ties.
"""

from __future__ import annotations

import re

from ..terms import QUERY_STOP_WORDS

__all__ = ["Speller"]

_MIN_LENGTH = 3  # shorter words are not respelled ("X", "of")


class Speller:
    def __init__(self, words: dict[str, int]) -> None:
        self.words = words
        self._vocab = list(words)

    def closest(self, word: str) -> str | None:
        """The dictionary word closest to ``word``, or None if none is close."""
        # imported here: most searches spell every word as the rules do
        from rapidfuzz import process
        from rapidfuzz.distance import Levenshtein

        limit = 1 if len(word) <= 4 else 2
        found = process.extract(
            word, self._vocab, scorer=Levenshtein.distance, score_cutoff=limit, limit=8
        )
        if not found:
            return None
        return min(found, key=lambda f: (f[1], -self.words[f[0]]))[0]

    def suggest(self, raw: str, words: list[str]) -> str | None:
        """``raw`` with its unknown ``words`` respelled, or None when all are known."""
        fixes: dict[str, str] = {}
        for word in dict.fromkeys(words):
            if (
                word in self.words
                or word in QUERY_STOP_WORDS
                or not word.isalpha()
                or len(word) < _MIN_LENGTH
            ):
                continue
            best = self.closest(word)
            if best:
                fixes[word] = best
        if not fixes:
            return None
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, fixes)) + r")\b", re.IGNORECASE)
        return pattern.sub(lambda m: fixes[m.group(1).lower()], raw)
