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

Besides renames: the words players use for the rules' (see
:mod:`.slang`), other names the rules' own glossary gives (see
:mod:`.aliases`, passed in per index), and numbers written as words
("scry zero" is "scry 0" in the rules). Question words are dropped from
plain queries: "what happens when I scry zero" searches "scry zero".

An alternative is a phrase (a tuple of words), or several phrases joined
by :data:`AND` that a rule must all contain, anywhere.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from .slang import PLAYER_TERMS

__all__ = [
    "AND",
    "LONGEST",
    "NUMBER_WORDS",
    "QUERY_STOP_WORDS",
    "RENAMES",
    "Aliases",
    "Rename",
    "alternatives",
    "form_of",
    "words_of",
]

# joins the phrases of an alternative that a rule must all contain
AND = "+"
# typed words → their alternatives (see :mod:`.aliases`)
Aliases = Mapping[tuple[str, ...], tuple[tuple[str, ...], ...]]


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


def form_of(text: str) -> tuple[str, ...]:
    """An alternative as written in a table ("a + b": both) → its words, parts joined by AND."""
    out: list[str] = []
    for part in text.split(f" {AND} "):
        if out:
            out.append(AND)
        out.extend(words_of(part))
    return tuple(out)


@cache
def _players() -> dict[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    out: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}
    for term in PLAYER_TERMS:
        means = tuple(form_of(m) for m in term.means)
        for said in term.said:
            key = words_of(said)
            out[key] = out.get(key, ()) + means
    return out


# the longest phrase (in words) that has alternatives
LONGEST = max(
    *(len(words_of(p)) for r in RENAMES for p in (*r.new, *r.old)),
    *(len(k) for k in _players()),
)


def alternatives(
    words: tuple[str, ...], date: int | None, aliases: Aliases | None = None
) -> tuple[tuple[str, ...], ...]:
    """Other ways the rules of ``date`` (None: any edition) say ``words``; () if none."""
    out: list[tuple[str, ...]] = []
    for rename, new, old in _renames():
        to_old, to_new = _expand(rename, date)
        if to_old and words in new:
            out.extend(words_of(p) for p in rename.old)
        if to_new and words in old:
            out.extend(words_of(p) for p in rename.new)
    out.extend(_players().get(words, ()))
    if aliases:
        out.extend(aliases.get(words, ()))
    if len(words) == 1 and words[0] in NUMBER_WORDS:
        out.append((NUMBER_WORDS[words[0]],))
    return tuple(dict.fromkeys(o for o in out if o != words))
