"""Typography folding: the same sentence typed in 1999, 2008 and 2026 compares equal.

Editions differ in quotes (straight, curly, Mac Roman), dashes ("--", en, em),
trademark signs ("(TM)", "™", a lossy bare "r"), underscores marking italics
(``_Magic_``), "?" where a lossy copy lost a character, and spacing. None of
that is a change of meaning; :func:`normalize_text` removes it.
"""

from __future__ import annotations

import functools
import re

__all__ = ["ITALICS", "fold_typography", "normalize_text"]

_TRANSLATE = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u2010": "-",
        "\u2011": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u2026": "...",
        "\u00ae": "",
        "\u2122": "",
        "\u00a9": "(c)",
    }
)
_MARKS = re.compile(r"\((?:TM|R|tm|r)\)")
_DASHES = re.compile(r"\s*-{2,}\s*|\s+-\s+")
# "_Magic_", "_Magic: The Gathering_": the 2008-2010 editions mark titles in italics so;
# the front ends show them as italics
ITALICS = re.compile(r"(?<![\w_])_([^_\n]+)_(?![\w_])")


# the characters folded above, found by one regex scan: str.translate looks every
# character of the text up in the table, which costs more than the scan when, as in
# most rules, only a few characters need folding
_FOLDED = re.compile("[" + re.escape("".join(chr(c) for c in _TRANSLATE)) + "]")


def _fold(match: re.Match[str]) -> str:
    return _TRANSLATE[ord(match.group())]  # type: ignore[return-value]


# a build's worker parses edition after edition whose rules are mostly worded as in
# the one before: the folds of the last few editions' texts are remembered
@functools.lru_cache(maxsize=1 << 14)
def fold_typography(text: str) -> str:
    """Fold quotes, dashes, marks and italics; keeps case and words."""
    # every character folded but the backquote is outside ASCII (isascii reads a flag)
    if not text.isascii() or "`" in text:
        text = _FOLDED.sub(_fold, text)
    # each pass only where its character occurs: most rules need none of them
    if "(" in text:
        text = _MARKS.sub("", text)
    if "_" in text:
        text = ITALICS.sub(r"\1", text)
    if "-" in text:
        text = _DASHES.sub(" - ", text)
    return " ".join(text.split())


def normalize_text(text: str) -> str:
    """Typography folded and spacing collapsed, for equality across editions."""
    return fold_typography(text)
