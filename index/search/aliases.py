"""Other names the rules' own glossary gives, read from the indexed glossary entries.

Three kinds, each taken from the glossary's wording, in any edition indexed:

- **cross-references**: an entry whose definition is only "See X." names
  X ("APNAP Order" → "Active Player, Nonactive Player Order", "Islandwalk"
  → "Landwalk");
- **obsolete terms and older names**: "An obsolete term for X", "An older
  name for X" ("Casting Cost" → mana cost, "EDH" → Commander); X is cut to
  its longest leading part that is itself a glossary term ("the Commander
  casual variant" → Commander);
- **initialisms** of terms of two or more words ("SBA" → State-Based
  Actions, "MDFC" → Modal Double-Faced Cards; "ETB" → Enters the
  Battlefield, small words counted or not), of three letters or more
  (two-letter ones name a dozen terms each), kept only when a single
  term gives them and they are not a word the rules use.

Only terms written as plain words are read (letters, spaces, hyphens,
commas, apostrophes; at most six words): "Legend/Legend Rule" or "Fizzle
(Informal)" are labels, not names anyone types.

They are computed when the index is written and stored with it, so they
follow the documents indexed, editions never seen included.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Iterable

from .documents import GLOSSARY_KIND, IndexDoc
from .terms import QUERY_STOP_WORDS, Aliases, words_of

__all__ = ["ALIASES_FILE", "derive", "from_json", "of_documents"]

ALIASES_FILE = "aliases.json"

_SEE = re.compile(r"^See (?P<x>[^.]+)\.$")
_OLDER = re.compile(
    r"^An? (?:obsolete term|older name|former name) for (?:the |an? )?(?P<x>[^.,;:(“\"]+)",
    re.IGNORECASE,
)
# counted in initialisms or not: "End of Turn" is EOT, "Active Player, Nonactive Player" APNAP
_SMALL = frozenset({"the", "of", "a", "an", "and", "or", "to", "s"})
_LETTERS = re.compile(r"[A-Za-z]+")
_PLAIN = re.compile(r"^[A-Za-z][A-Za-z’' ,-]*$")
_MAX_WORDS = 6
_MIN_INITIALS = 3


def _plain(term: str) -> bool:
    return bool(_PLAIN.match(term)) and len(term.split()) <= _MAX_WORDS


def _initials(term: str) -> set[str]:
    words = _LETTERS.findall(term)
    if len([w for w in words if w.lower() not in _SMALL]) < 2:
        return set()
    every = "".join(w[0] for w in words).lower()
    content = "".join(w[0] for w in words if w.lower() not in _SMALL).lower()
    return {i for i in (every, content) if len(i) >= _MIN_INITIALS}


def _leading_term(phrase: str, terms: Collection[str]) -> str:
    words = phrase.split()
    for end in range(len(words), 0, -1):
        if " ".join(words[:end]).casefold() in terms:
            return " ".join(words[:end])
    return phrase


def derive(glossary: Iterable[tuple[str, str]], words: Collection[str]) -> dict[str, list[str]]:
    """Typed words (space-joined) → other names, from (term, definition) pairs.

    ``words`` are the words the rules use (lower case): an initialism that is
    one of them is not an alias.
    """
    entries = {(term.strip(), " ".join(definition.split())) for term, definition in glossary}
    terms = {term.casefold() for term, _d in entries}
    out: dict[str, list[str]] = defaultdict(list)

    def add(key: str, target: str) -> None:
        typed = " ".join(words_of(key))
        if len(typed) < 2 or all(w in QUERY_STOP_WORDS for w in typed.split()):
            return
        if words_of(target) != words_of(key) and target not in out[typed]:
            out[typed].append(target)

    by_initials: dict[str, set[str]] = defaultdict(set)
    for term, definition in sorted(entries):
        if not _plain(term):
            continue
        if m := _SEE.match(definition):
            if "rule" not in m["x"]:
                add(term, m["x"].strip())
        elif m := _OLDER.match(definition):
            add(term, _leading_term(m["x"].strip(), terms))
        for initials in _initials(term):
            by_initials[initials].add(term)
    for initials, named in sorted(by_initials.items()):
        if len(named) == 1 and initials not in words and initials not in QUERY_STOP_WORDS:
            add(initials, next(iter(named)))
    return {k: v for k, v in out.items() if v}


def of_documents(docs: Iterable[IndexDoc], words: Collection[str]) -> dict[str, list[str]]:
    """The aliases the glossary entries among ``docs`` give (see :func:`derive`)."""
    return derive(((d.title, d.text) for d in docs if d.kind == GLOSSARY_KIND), words)


def from_json(data: dict[str, list[str]]) -> Aliases:
    """Aliases as stored (see :func:`derive`) → as query planning reads them."""
    return {tuple(k.split()): tuple(words_of(t) for t in v) for k, v in data.items()}
