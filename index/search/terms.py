"""The words people search with, and the words each edition of the rules uses.

The rules renamed things: local enchantments became Auras in 2005; the Magic 2010 rewrite (first edition
2009-07-11) turned "removed from the game" into exile, "in play" into the
battlefield, playing a spell into casting it, state-based effects into
state-based actions; "dies" arrived in 2011, "mana value" replaced
"converted mana cost" in 2021, "kindred" replaced "tribal" in 2024. Each
:class:`Rename` says when (the first edition in the corpus with the new
words). A query for an edition before the rename also searches the old
words; for one after it, the new words; across all editions, both. Renames
whose old word is still in use for something else ("play" a land) only go
from new to old.

Besides renames: common abbreviations, and numbers written as words
("scry zero" is "scry 0" in the rules). Question words are dropped from
plain queries: "what happens when I scry zero" searches "scry zero".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

__all__ = [
    "ABBREVIATIONS",
    "LONGEST",
    "NUMBER_WORDS",
    "QUERY_STOP_WORDS",
    "RENAMES",
    "Rename",
    "alternatives",
    "words_of",
]


@dataclass(frozen=True, slots=True)
class Rename:
    """``new`` words replaced ``old`` ones in the edition effective ``since`` (YYYYMMDD)."""

    new: tuple[str, ...]
    old: tuple[str, ...]
    since: int
    both_ways: bool = True


RENAMES: tuple[Rename, ...] = (
    Rename(("aura", "auras"), ("local enchantment", "local enchantments"), 20050801),
    Rename(
        ("exile", "exiled", "exiles", "exiling"),
        (
            "removed from the game",
            "remove from the game",
            "removes from the game",
            "removing from the game",
            "removed-from-the-game",
        ),
        20090711,
    ),
    Rename(
        ("battlefield",),
        ("in play", "into play", "from play", "leaves play", "left play", "leave play"),
        20090711,
    ),
    Rename(
        ("enters the battlefield", "enter the battlefield", "entered the battlefield"),
        ("comes into play", "come into play", "came into play"),
        20090711,
    ),
    Rename(
        ("cast", "casts", "casting"),
        ("play", "plays", "playing", "played"),
        20090711,
        both_ways=False,
    ),
    Rename(
        ("activate", "activates", "activating", "activated"),
        ("play", "plays", "playing", "played"),
        20090711,
        both_ways=False,
    ),
    Rename(
        ("state-based action", "state-based actions"),
        ("state-based effect", "state-based effects"),
        20090711,
    ),
    Rename(("end step",), ("end of turn step",), 20090711),
    Rename(
        ("dies", "die", "died", "dying"),
        ("put into a graveyard from the battlefield", "put into a graveyard from play"),
        20110617,
        both_ways=False,
    ),
    Rename(("mana value",), ("converted mana cost",), 20210422),
    Rename(("kindred",), ("tribal",), 20240607),
)

# what players type for what the rules spell out: abbreviations and everyday
# words for the rules' formal ones
ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "same time": ("simultaneously",),
    "at once": ("simultaneously",),
    "everyone": ("all players", "each player"),
    "everybody": ("all players", "each player"),
    "empty library": ("library with no cards",),
    "decking": ("library with no cards",),
    "plus one": ("+1/+1",),
    "minus one": ("-1/-1",),
    "kill": ("destroy",),
    "need": ("require",),
    "needs": ("requires",),
    "pick": ("choose",),
    "picks": ("chooses",),
    "come back": ("return",),
    "comes back": ("returns",),
    "bounce": ("return to its owner's hand",),
    "etb": ("enters the battlefield", "enters"),
    "ltb": ("leaves the battlefield",),
    "cmc": ("converted mana cost", "mana value"),
    "mv": ("mana value",),
    "sba": ("state-based actions",),
    "sbas": ("state-based actions",),
    "edh": ("commander",),
    "eot": ("end of turn",),
    "dfc": ("double-faced card",),
    "mdfc": ("modal double-faced card",),
    "pw": ("planeswalker",),
}

NUMBER_WORDS: dict[str, str] = {
    word: str(n)
    for n, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}

# dropped from plain (operator-free) queries: they ask, they do not describe
QUERY_STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "what",
        "whats",
        "what's",
        "happens",
        "happen",
        "happened",
        "how",
        "does",
        "do",
        "did",
        "doing",
        "done",
        "who",
        "whom",
        "whose",
        "which",
        "when",
        "where",
        "why",
        "i",
        "me",
        "my",
        "mine",
        "we",
        "us",
        "our",
        "you",
        "your",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "it",
        "its",
        "it's",
        "if",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "and",
        "or",
        "that",
        "this",
        "these",
        "those",
        "there",
        "about",
        "can",
        "could",
        "should",
        "would",
        "will",
        "shall",
        "may",
        "might",
        "must",
        "get",
        "gets",
        "got",
        "mean",
        "means",
        "meaning",
        "explain",
        "explained",
        "work",
        "works",
        "rule",
        "rules",
    ]
)


_WORDS = re.compile(r"\w+(?:\.\w+)*")


def words_of(text: str) -> tuple[str, ...]:
    """Lower-case words as the index splits them ("state-based" → "state", "based")."""
    return tuple(_WORDS.findall(text.lower()))


def _expand(rename: Rename, date: int | None) -> tuple[bool, bool]:
    """(new → old, old → new) for a query about ``date`` (None: all editions)."""
    if date is None:
        return True, rename.both_ways
    if date < rename.since:
        return True, False
    return False, rename.both_ways


@cache
def _renames() -> list[tuple[Rename, frozenset[tuple[str, ...]], frozenset[tuple[str, ...]]]]:
    return [(r, frozenset(map(words_of, r.new)), frozenset(map(words_of, r.old))) for r in RENAMES]


@cache
def _abbreviations() -> dict[tuple[str, ...], tuple[str, ...]]:
    return {words_of(k): v for k, v in ABBREVIATIONS.items()}


# the longest phrase (in words) that has alternatives
LONGEST = max(len(words_of(p)) for r in RENAMES for p in (*r.new, *r.old))


def alternatives(words: tuple[str, ...], date: int | None) -> tuple[tuple[str, ...], ...]:
    """Other ways the rules of ``date`` (None: any edition) say ``words``; () if none."""
    out: list[tuple[str, ...]] = []
    for rename, new, old in _renames():
        to_old, to_new = _expand(rename, date)
        if to_old and words in new:
            out.extend(words_of(p) for p in rename.old)
        if to_new and words in old:
            out.extend(words_of(p) for p in rename.new)
    out.extend(words_of(p) for p in _abbreviations().get(words, ()))
    if len(words) == 1 and words[0] in NUMBER_WORDS:
        out.append((NUMBER_WORDS[words[0]],))
    return tuple(dict.fromkeys(o for o in out if o != words))
