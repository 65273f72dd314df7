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

__all__ = ["Lines", "WordPiece"]

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


class Lines:
    """A vocabulary's tokens looked up in its text, as a dict would be, without building one.

    Building the dict of 30 000 tokens takes 5 ms, more than a question's
    few dozen lookups take in the text itself (a search for the line, then
    the lines before it counted); each token found is kept.
    """

    def __init__(self, text: str) -> None:
        self._text = "\n" + text if text.endswith("\n") else "\n" + text + "\n"
        self._found: dict[str, int | None] = {}

    def get(self, token: str) -> int | None:
        found = self._found.get(token, -1)
        if found == -1:
            at = self._text.find(f"\n{token}\n") if "\n" not in token else -1
            found = self._found[token] = None if at < 0 else self._text.count("\n", 0, at)
        return found

    def __getitem__(self, token: str) -> int:
        found = self.get(token)
        if found is None:
            raise KeyError(token)
        return found


class WordPiece:
    """Text to token ids, as the model's own tokenizer gives them."""

    def __init__(self, vocab: dict[str, int] | Lines, lower: bool = True) -> None:
        self.vocab = vocab
        self.lower = lower
        self.unknown = vocab["[UNK]"]
        self.first = vocab["[CLS]"]
        self.last = vocab["[SEP]"]
        self._pieces = functools.lru_cache(maxsize=65536)(self._word)

    @classmethod
    def read(cls, path: Path, lower: bool = True, *, whole: bool = True) -> WordPiece:
        """The tokenizer of a ``vocab.txt``; ``whole``: its tokens in a dict (to tokenize
        many texts), else looked up in the text as needed (a question's few words)."""
        text = path.read_text("utf-8")
        if not whole:
            return cls(Lines(text), lower)
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        return cls(dict(zip(lines, range(len(lines)), strict=True)), lower)

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
