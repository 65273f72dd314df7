"""The three ways two versions of a rule's wording are compared.

Matching and edit classification ask the same question at three strengths:

* :func:`typography_key` — the same words in the same order, whatever the
  typing: quotes, dashes, (TM)/(R), underscore italics, a lossy copy's "?"
  for a lost character, letter case, accents, punctuation, contractions
  ("isn't" / "is not"). Equal keys mean an edit was only typography or
  spelling.
* :func:`masked_key` — the typography key with every cross-reference number
  replaced by ``#``. Equal masked keys with different typography keys mean
  only the numbers a rule cites changed (renumbering elsewhere).
* :func:`words` — the text as word tokens, for similarity scores and
  word-level differences.

And two questions of their own: :func:`lossy_copy` — is a wording the same
wording as it reached a damaged copy, which put "?" for every quote,
apostrophe, dash or other character it could not keep? — and
:func:`marks_alike` — do two wordings differ only in how their trademark
signs are typed ("™", "(TM)", "(tm)")? Neither makes a new version of a
rule: the first is damage, the second a copy's transliteration.

Reference numbers are masked on the folded text, before punctuation is
dropped, so that "rule 502.36" and "rule 701.16" both become "rule #".
Keys are cached per wording: one wording is compared in two pairs of
editions, and most wordings do not change for years.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from crdex.parser.normalize import normalize_text

__all__ = [
    "fold",
    "lossy_copy",
    "marks_alike",
    "mask_references",
    "masked_key",
    "typography_key",
    "words",
]

# "502.36a", "100.1-8", "601.2a-h", then "rule 502" / "rules 100-109", "section 5"
_DOTTED = re.compile(
    r"(?<![\w.])\d{3}\.\d{1,3}[a-z]{0,2}"
    r"(?:\s*(?:[-\u2013\u2014]|through|to)\s*(?:\d{3}\.)?\d{0,3}[a-z]{0,2})?(?![\w])"
)
_KEYWORD = re.compile(
    r"\b(rules?|sections?)\s+\d{1,3}(?:\s*[-\u2013\u2014]\s*\d{1,3})?\b", re.IGNORECASE
)
_WORD = re.compile(r"[\w#]+")
# contractions are spelling: "isn't" and "is not" are the same words
_CONTRACTIONS = {
    "isn't": "is not",
    "aren't": "are not",
    "wasn't": "was not",
    "weren't": "were not",
    "doesn't": "does not",
    "don't": "do not",
    "didn't": "did not",
    "can't": "cannot",
    "won't": "will not",
    "wouldn't": "would not",
    "couldn't": "could not",
    "shouldn't": "should not",
    "hasn't": "has not",
    "haven't": "have not",
    "hadn't": "had not",
    "it's": "it is",
    "that's": "that is",
    "there's": "there is",
    "they're": "they are",
    "you're": "you are",
    "who's": "who is",
}
_CONTRACTION = re.compile(r"\b(?:" + "|".join(map(re.escape, _CONTRACTIONS)) + r")(?!\w)")
# a lossy copy turned every non-ASCII character into "?"; "who?ve" is "who've"
_LOSSY = re.compile(r"(?<=\w)\?(?=\w)")
_DIGIT = re.compile(r"\d")
# what a lossy copy turns into "?": a dash with the spaces around it (" -- ", "—"), a
# quote or an apostrophe, any other character that is not ASCII
_LOSSY_SPOT = re.compile(r"\s*(?:--|[-\u2010-\u2015\u2212])\s*|[\"'`]|[^\x00-\x7f]")
# a trademark sign as the editions and their copies type it: "™", "(TM)", "(tm)"; "®",
# "(R)", "(r)" (2008-02-01 has "Ravnica(r)", the clean copy of 2008-05-01 "Ravnica(R)")
_MARK = re.compile(r"\((?:[Tt][Mm]|[Rr])\)|[\u2122\u00ae]")


# 16,384 texts: matching the whole corpus's chain, pair by pair, holds at most 14,124 at
# once; a server's diffs between any editions would fill a larger cache with every text
# of the library
@lru_cache(maxsize=1 << 14)
def fold(text: str) -> str:
    """Typography folded (crdex.parser.normalize) and accents removed, case kept."""
    if "?" in text:
        text = _LOSSY.sub("'", text)
    text = normalize_text(text)
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text.replace("Æ", "Ae").replace("æ", "ae"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def mask_references(text: str) -> str:
    """Replace cross-reference numbers with ``#`` (the words around them stay)."""
    if _DIGIT.search(text) is None:
        return text
    text = _DOTTED.sub("#", text)
    return _KEYWORD.sub(lambda m: f"{m.group(1)} #", text)


@lru_cache(maxsize=1 << 14)  # as fold's
def typography_key(text: str, *, folded: bool = False) -> str:
    """Words only: what is left when typing, case and punctuation are ignored.

    ``folded`` says that ``text`` already went through :func:`fold`.
    """
    text = (text if folded else fold(text)).casefold()
    if "'" in text:
        text = _CONTRACTION.sub(lambda m: _CONTRACTIONS[m.group(0)], text)
    return " ".join(_WORD.findall(text))


@lru_cache(maxsize=1 << 14)  # as fold's
def masked_key(text: str, *, folded: bool = False) -> str:
    """The typography key with cross-reference numbers masked."""
    text = mask_references(text if folded else fold(text)).casefold()
    if "'" in text:
        text = _CONTRACTION.sub(lambda m: _CONTRACTIONS[m.group(0)], text)
    return " ".join(_WORD.findall(text))


def words(text: str) -> list[str]:
    """Word tokens as written (punctuation attached), for word-level diffs."""
    return text.split()


@lru_cache(maxsize=1 << 12)
def _lossy_pattern(clean: str) -> re.Pattern[str]:
    """``clean`` as a pattern in which each lossy spot may also read "?"."""
    parts, at = [], 0
    for m in _LOSSY_SPOT.finditer(clean):
        parts.append(re.escape(clean[at : m.start()]))
        # a dash's spaces are kept around its "?" ("Basic Land ? Mountain" for " - ")
        lost = r"\s*\?\s*" if m.group() != m.group().strip() else r"\?"
        parts.append(f"(?:{re.escape(m.group())}|{lost})")
        at = m.end()
    parts.append(re.escape(clean[at:]))
    return re.compile("".join(parts))


def lossy_copy(clean: str, other: str) -> bool:
    """Whether ``other`` is ``clean`` as a damaged copy has it: "?" where some of its quotes,
    apostrophes, dashes or other non-ASCII characters were (``?Deathtouch?`` for
    ``"Deathtouch"``, ``cards?even`` for ``cards -- even``), and otherwise the same."""
    if "?" not in other or clean == other or other.count("?") <= clean.count("?"):
        return False
    return _lossy_pattern(clean).fullmatch(other) is not None


def _sign(match: re.Match[str]) -> str:
    """One trademark sign written one way: "®" or "™"."""
    return "\u00ae" if match.group() in ("\u00ae", "(R)", "(r)") else "\u2122"


def marks_alike(held: str, other: str) -> bool:
    """Whether ``other`` differs from ``held`` only in how its trademark signs are typed.

    "™", "(TM)" and "(tm)" are one sign, "®", "(R)" and "(r)" another: an
    edition's copy that transliterates them (the clean copy of 2008-05-01
    has "Odyssey(TM)" where 2008-02-01 has "Odyssey(tm)") repeats the
    wording. A sign added or taken away is no such difference.
    """
    if held == other or _MARK.search(other) is None or _MARK.search(held) is None:
        return False
    return _MARK.sub(_sign, held) == _MARK.sub(_sign, other)
