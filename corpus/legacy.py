"""Which single-byte encoding makes a document's high bytes plausible text.

Some files are ASCII except for a few accented names typed in DOS cp437 or
Mac Roman, or are wholly cp1252 or Mac Roman. Every candidate encoding reads
every byte as some character; the one that makes each high byte plausible
where it sits (a letter inside a word, a quote before or after a word, a
dash between words, a trademark sign after a name) wins. The judging lives
here; :mod:`.decode` decides when it is needed and applies the choice.
"""

from __future__ import annotations

import unicodedata
from collections import Counter

__all__ = [
    "CODECS",
    "TABLES",
    "Triple",
    "ambiguity",
    "choose",
    "describe",
    "dominant",
    "line_of",
    "neighbour",
]

# Accented letters of Western European languages: plausible inside an English
# document's names (Dandân, Æther, Juzám). Other letters (ƒ, ª, Greek) are not.
_COMMON_LETTERS = frozenset("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿŒœŠšŽžŸß")

# --- legacy single-byte candidates ---------------------------------------------

CODECS = {"cp1252": "cp1252", "mac-roman": "mac_roman", "cp437": "cp437", "latin-1": "latin-1"}
_LEGACY = ("cp1252", "mac-roman", "cp437")  # in order of preference when tied


def _table(codec: str) -> tuple[str | None, ...]:
    chars: list[str | None] = []
    for value in range(256):
        try:
            chars.append(bytes([value]).decode(codec))
        except UnicodeDecodeError:
            chars.append(None)  # cp1252 leaves five bytes undefined
    return tuple(chars)


TABLES = {name: _table(codec) for name, codec in CODECS.items()}
_LETTER_CAP = 40.0  # most credit one byte value earns as a letter (see _judge)
_AMBIGUOUS_MARGIN = 1.5


# --- judging legacy bytes -----------------------------------------------------------

Triple = tuple[object, int, object]  # (previous, high byte, next); neighbours: int byte or str


def neighbour(text: str, i: int) -> object:
    """The character next to a stray byte: a str, or an int for another stray byte."""
    if i < 0 or i >= len(text):
        return "\n"
    ch = text[i]
    return ord(ch) - 0xDC00 if "\udc80" <= ch <= "\udcff" else ch


def dominant(eol: tuple[int, int, int]) -> str:
    """The commonest line ending: a hint at which platform wrote the file."""
    count, kind = max(zip(eol, ("CRLF", "CR", "LF"), strict=True))
    return kind if count else ""


def _prior(candidate: str, endings: str) -> float:
    """Small tie-breakers: cp1252 is the commonest; CR-only files come from Macs, CRLF from DOS."""
    if candidate == "cp1252":
        return 0.5
    if candidate == "mac-roman":
        return 1.0 if endings == "CR" else 0.0
    if candidate == "cp437":
        return 0.25 if endings == "CRLF" else 0.0
    return 0.0


def choose(triples: Counter[Triple], endings: str) -> tuple[str, list[tuple[float, str]]]:
    """The legacy encoding that makes the high bytes most plausible, and the ranking."""
    ranked = []
    for candidate in _LEGACY:
        score = _judge(triples, TABLES[candidate])
        if score is not None:
            ranked.append((score + _prior(candidate, endings), candidate))
    ranked.sort(key=lambda item: (-item[0], _LEGACY.index(item[1])))
    if not ranked or ranked[0][0] <= 0:
        return "latin-1", ranked
    return ranked[0][1], ranked


def _judge(triples: Counter[Triple], table: tuple[str | None, ...]) -> float | None:
    """Total plausibility of the high bytes read with one table; None if a byte is undefined.

    A letter is credited at most ``_LETTER_CAP`` per byte value: accented
    names occur a few times, so a byte seen thousands of times between
    letters is an apostrophe, not "í".
    """
    total = 0.0
    letters: dict[int, float] = {}
    for (prev, value, nxt), count in triples.items():
        char = table[value]
        if char is None:
            return None
        score = _score(char, _kind(prev, table), _kind(nxt, table))
        if score > 0 and char.isalpha():
            letters[value] = letters.get(value, 0.0) + score * count
        else:
            total += score * count
    return total + sum(min(v, _LETTER_CAP) for v in letters.values())


def _kind(neighbour: object, table: tuple[str | None, ...]) -> str:
    """Class of a neighbouring character: l(ower), u(pper), d(igit), s(pace), p(unctuation)."""
    ch = table[neighbour] if isinstance(neighbour, int) else neighbour
    if not isinstance(ch, str):
        return "p"
    if ch.isalpha():
        return "u" if ch.isupper() else "l"
    if ch.isdigit():
        return "d"
    if ch.isspace():
        return "s"
    return "p"


def _score(c: str, p: str, n: str) -> float:
    """How plausible character ``c`` is between neighbours of kinds ``p`` and ``n``."""
    word_p, word_n = p in "lu", n in "lu"
    alnum_p, alnum_n = word_p or p == "d", word_n or n == "d"
    if c.isalpha():
        common = c in _COMMON_LETTERS
        if c.isupper() and p == "l":
            return -2.0  # a capital inside a lowercase word: "DandÉn"
        if c.islower() and n == "u" and not word_p:
            return -2.0  # "ìMagic"
        if word_p or word_n:
            return (2.0 if word_p and word_n else 1.0) if common else -1.0
        return -2.0  # a letter standing alone
    if c in "’ʼ":
        if word_p and word_n:
            return 2.5  # don’t
        if alnum_p:
            return 1.0  # players’
        return 0.5 if word_n else -1.0  # ’tis
    if c == "‘":
        if word_p and word_n:
            return 1.0
        return 1.5 if alnum_n and not alnum_p else -1.0
    if c in "“„«‹":
        return 2.0 if not alnum_p and (alnum_n or n == "p") else -1.0
    if c in "”»›":
        return 2.0 if (alnum_p or p == "p") and not alnum_n else -1.0
    if c in "–—―‒":
        if p == "s" and n == "s":
            return 2.0
        if alnum_p and alnum_n:
            return 2.0 if c == "—" else 1.5
        return 1.0 if "s" in (p, n) else 0.0
    if c in "™®℠":
        return 2.0 if (alnum_p or p == "p") and not alnum_n else -1.0
    if c == "©":
        return 1.5 if not word_p else -1.0
    if c == "…":
        return -1.0 if word_p and word_n else 1.0
    if c in "•·":
        return 1.0 if p == "s" or n == "s" else -1.0
    if c == "°":
        return 1.0 if p == "d" else -1.0
    if c == "\xa0":
        return -2.0 if alnum_p and alnum_n else 0.0
    if c == "\xad":
        return 0.5 if word_p and word_n else -1.0
    if unicodedata.category(c)[0] == "C" or "\u2500" <= c <= "\u259f":
        return -3.0  # control characters and box drawing
    return -2.0 if word_p and word_n else -1.0


def ambiguity(ranked: list[tuple[float, str]], endings: str) -> list[str]:
    """A note when the runner-up encoding read the bytes almost as plausibly."""
    if len(ranked) < 2 or ranked[0][0] - ranked[1][0] >= _AMBIGUOUS_MARGIN or ranked[0][0] <= 0:
        return []
    (best, winner), (second, runner_up) = ranked[0], ranked[1]
    why = {
        ("mac-roman", "CR"): " because the file has CR-only line endings, as Mac files do",
        ("cp437", "CRLF"): " because the file has CRLF line endings, as DOS files do",
    }.get((winner, endings), "")
    return [
        f"ambiguous: {runner_up} would also give plausible characters "
        f"(score {second:g} against {best:g} for {winner}); {winner} was preferred{why}"
    ]


def describe(
    what: str,
    counts: Counter[int],
    offsets: list[int],
    source: bytes | str,
    chars: dict[int, str | None],
) -> str:
    """``N bytes <what>: 0x83 'â' (line 1234), …`` or, for many bytes, counts per value.

    ``offsets`` are the sorted positions of the bytes; they must all be
    there when there are twelve bytes or fewer.
    """
    total = sum(counts.values())
    head = f"{total:g} {'byte' if total == 1 else 'bytes'} {what}"
    if total <= 12:
        values = [
            ord(source[i]) - 0xDC00 if isinstance(source, str) else source[i] for i in offsets
        ]
        lines = _lines_of(source, offsets)
        parts = [
            f"0x{v:02X} {chars[v]!r} (line {line})" for v, line in zip(values, lines, strict=True)
        ]
        return f"{head}: " + ", ".join(parts)
    parts = [f"0x{v:02X} {chars[v]!r} ×{k}" for v, k in counts.most_common(10)]
    more = f", and {len(counts) - 10} other values" if len(counts) > 10 else ""
    return f"{head}: " + ", ".join(parts) + more


def _lines_of(source: bytes | str, offsets: list[int]) -> list[int]:
    """1-based physical lines of sorted offsets, each counted on from the previous one.

    The offsets are those of high bytes (never CR or LF), so no CRLF pair
    straddles two counting windows.
    """
    lines, line, start = [], 1, 0
    for offset in offsets:
        if isinstance(source, str):
            line += (
                source.count("\n", start, offset)
                + source.count("\r", start, offset)
                - source.count("\r\n", start, offset)
            )
        else:
            line += (
                source.count(b"\n", start, offset)
                + source.count(b"\r", start, offset)
                - source.count(b"\r\n", start, offset)
            )
        lines.append(line)
        start = offset
    return lines


def line_of(source: bytes | str, offset: int) -> int:
    """1-based physical line of an offset, counting CRLF, CR and LF each as one ending."""
    return _lines_of(source, [offset])[0]
