"""BERT's tokenizer in plain Python: normalize, split on spaces and punctuation, WordPiece.

This is what the ``tokenizers`` library does for a BERT ``tokenizer.json``
(``BertNormalizer``, ``BertPreTokenizer``, ``WordPiece``, then ``[CLS] … [SEP]``),
from the model's ``vocab.txt``. Reading 30 000 lines into a dict takes a
few milliseconds, where loading the library's tokenizer costs 35 ms, which
a search would pay for a handful of words. ``tests/test_search_sentences.py``
checks it against ``tokenizers`` on every word of the corpus's latest edition.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

__all__ = ["WordPiece"]

_CONTINUED = "##"
_LONGEST_WORD = 100  # characters: a longer word is unknown, as in BERT


def _is_punctuation(ch: str) -> bool:
    code = ord(ch)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_chinese(code: int) -> bool:
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0x20000 <= code <= 0x2A6DF
        or 0x2A700 <= code <= 0x2B73F
        or 0x2B740 <= code <= 0x2B81F
        or 0x2B820 <= code <= 0x2CEAF
        or 0xF900 <= code <= 0xFAFF
        or 0x2F800 <= code <= 0x2FA1F
    )


def _clean(text: str, lower: bool) -> str:
    """BertNormalizer: controls dropped, white space made spaces, CJK spaced, lower, no accents."""
    out = []
    for ch in text:
        code = ord(ch)
        if code == 0 or code == 0xFFFD:
            continue
        cat = unicodedata.category(ch)
        if ch in "\t\n\r" or cat == "Zs":
            out.append(" ")
        elif cat in ("Cc", "Cf"):
            continue
        elif _is_chinese(code):
            out.append(f" {ch} ")
        else:
            out.append(ch)
    cleaned = "".join(out)
    if lower:
        cleaned = cleaned.lower()
        cleaned = "".join(
            c for c in unicodedata.normalize("NFD", cleaned) if unicodedata.category(c) != "Mn"
        )
    return cleaned


def _words(text: str) -> list[str]:
    """BertPreTokenizer: split on white space, every punctuation mark a word of its own."""
    words = []
    for chunk in text.split():
        start = 0
        for at, ch in enumerate(chunk):
            if _is_punctuation(ch):
                if at > start:
                    words.append(chunk[start:at])
                words.append(ch)
                start = at + 1
        if start < len(chunk):
            words.append(chunk[start:])
    return words


class WordPiece:
    """Text to token ids, as the model's own tokenizer gives them."""

    def __init__(self, vocab: dict[str, int], lower: bool = True) -> None:
        self.vocab = vocab
        self.lower = lower
        self.unknown = vocab["[UNK]"]
        self.first = vocab["[CLS]"]
        self.last = vocab["[SEP]"]
        self._pieces = functools.lru_cache(maxsize=65536)(self._word)

    @classmethod
    def read(cls, path: Path, lower: bool = True) -> WordPiece:
        lines = path.read_text("utf-8").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        return cls({token: n for n, token in enumerate(lines)}, lower)

    def _word(self, word: str) -> tuple[int, ...]:
        """Greedy longest-match pieces of one word; an unmatched rest makes it unknown."""
        if len(word) > _LONGEST_WORD:
            return (self.unknown,)
        vocab, pieces, start = self.vocab, [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else _CONTINUED + word[start:end]
                found = vocab.get(piece)
                if found is not None:
                    pieces.append(found)
                    break
                end -= 1
            else:
                return (self.unknown,)
            start = end
        return tuple(pieces)

    def ids(self, text: str, limit: int) -> list[int]:
        """``[CLS]``, the text's tokens, ``[SEP]``: at most ``limit`` in all."""
        out = [self.first]
        room = limit - 1
        for word in _words(_clean(text, self.lower)):
            out.extend(self._pieces(word))
            if len(out) >= room:
                del out[room:]
                break
        out.append(self.last)
        return out
