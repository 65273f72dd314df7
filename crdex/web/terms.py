"""Glossary terms found in rule text: which words are a term, in the term's own sense.

The glossary of one edition becomes a set of phrases ("activated ability",
"control", "controller", "as though"); text is read word by word, a phrase
growing only while it is the beginning of some term's phrase, so most words
cost one set lookup. A plural finds its term ("abilities" → Ability).

A word is linked only where it means the term. Magic's subtypes are
proper names, written with a capital letter wherever the rules mean them
("a Case", "Aura spells"), and several are also plain English words ("in
that case", "in some cases", "a class of objects"): a term the glossary
defines as a subtype (or names among the subtypes) is found only where it
is written with its capital. Which terms those are is read from each
edition's own definitions, not listed by hand.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterable, Sequence

from crdex.parser.tree import GlossaryEntry

__all__ = ["TermIndex", "is_proper_name"]

_WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)*")
_PARENTHESIS = re.compile(r"\s*\([^)]*\)")
_LONGEST = 6  # words in the longest phrase looked up
# "An enchantment subtype.", "A battle subtype.", "An artifact type seen only on …",
# "One of the five basic land types.", "Wall is a creature type …" (a card type is not one:
# "A card type.", and neither is "A subtype that's correlated to …" nor "A type of counter")
_SUBTYPE = re.compile(
    r"^(?:\d\.\s*)?(?:\W?[\w -]+?\W? is )?(?:an?|one of the (?:\w+ )*?)\s*"
    r"(?!card\b|super)([\w-]+) (?:sub)?types?\b",
    re.IGNORECASE,
)


def is_proper_name(entry: GlossaryEntry) -> bool:
    """Whether the rules write this term with a capital wherever they mean it: a subtype.

    Read from the definition: it says the term is a subtype ("An enchantment
    subtype", "One of the five basic land types"), or names the term among
    subtypes ("Each one has the Aura and Role subtypes").
    """
    term = _PARENTHESIS.sub("", entry.term).strip()
    if " " in term or not term[:1].isupper():
        return False
    definition = " ".join(entry.definition.split())
    if _SUBTYPE.match(definition):
        return True
    named = re.escape(term)
    return bool(
        re.search(rf"\b{named} (?:sub)?types?\b|\b(?:sub)?types? “?\"?{named}\b", definition)
    )


def _fold(word: str) -> str:
    return word.casefold().replace("’", "'")


def _key(words: Iterable[str]) -> str:
    return " ".join(_fold(w) for w in words)


def _singulars(key: str) -> list[str]:
    """The singular forms a plural phrase may come from ("abilities" → "ability")."""
    out = []
    if key.endswith("ies"):
        out.append(key[:-3] + "y")
    if key.endswith("es"):
        out.append(key[:-2])
    if key.endswith("s") and not key.endswith("ss"):
        out.append(key[:-1])
    return out


class TermIndex:
    """The glossary of one edition as phrases to find in text.

    A term may name several phrases: "Control/Controller", "Respond/Response
    (Informal)", "\u201cAs Though\u201d" give "control", "controller",
    "respond", "response" and "as though"; aliases count too. ``proper``
    holds the terms found only where written with a capital (see above).
    """

    def __init__(self, entries: Iterable[GlossaryEntry]) -> None:
        self.phrases: dict[str, str] = {}
        self.proper: set[str] = set()
        for entry in entries:
            if entry.obsolete:
                continue
            if is_proper_name(entry):
                self.proper.add(entry.term)
            for name in (entry.term, *entry.aliases):
                for part in _PARENTHESIS.sub("", name).split("/"):
                    words = _WORD.findall(part)
                    if words and len(words) <= _LONGEST:
                        self.phrases.setdefault(_key(words), entry.term)
        self._index()

    def _index(self) -> None:
        self._terms: dict[str, str | None] = {}
        self._read: dict[int, Sequence[int]] = {}
        self._names: list[str] = []
        # every phrase, and each with its last word a plural, found by one regex in lowered text
        forms = {key for key in self.phrases}
        forms |= {key[: key.rfind(" ") + 1] + p for key in self.phrases for p in _plurals(key)}
        self._pattern = re.compile(rf"\b(?:{_trie(forms)})\b")

    def _term(self, key: str) -> str | None:
        """The term of a phrase as written, its last word perhaps a plural ("abilities")."""
        try:
            return self._terms[key]
        except KeyError:
            pass
        term = self.phrases.get(key) or next(
            (self.phrases[s] for s in _singulars(key) if s in self.phrases), None
        )
        self._terms[key] = term
        return term

    def read(self, texts: list[str], others: list[str], share: float) -> None:
        """Read an edition: its rules' ``texts`` and ``others`` (examples, definitions).

        Terms found in more than ``share`` of ``texts`` are not linked:
        "Player", "card", "you" and "if" are glossary terms too, and linked
        everywhere they would bury the links that help; which terms are that
        common is read from the edition itself. What is found in each text
        is kept (compactly: three integers a phrase), so that a page of
        the edition, and above all the whole edition on one page, does not
        read the same texts again. It is kept by the text's hash, not the
        text: a server keeps the terms of the editions it was last asked
        about, and holding their texts too (2 MB an edition) kept each
        edition's words in memory long after the edition itself was
        dropped. Two of an edition's 5,000 texts sharing a 64-bit hash is
        a chance of one in 10^12.
        """
        found = {text: self.find(text) for text in (*texts, *others)}
        seen: dict[str, int] = {}
        for text in texts:
            for term in {term for _start, _end, term in found[text]}:
                seen[term] = seen.get(term, 0) + 1
        common = {term for term, n in seen.items() if n > share * len(texts)}
        self.phrases = {k: v for k, v in self.phrases.items() if v not in common}
        self._index()
        names = sorted(set(self.phrases.values()))
        number = {name: i for i, name in enumerate(names)}
        self._names = names
        self._read = {}
        for text, spans in found.items():
            flat = [x for s, e, t in spans if t not in common for x in (s, e, number[t])]
            # most texts link no term: one empty tuple for all of them, not an array each
            self._read[hash(text)] = array("I", flat) if flat else ()

    def flat(self, text: str) -> tuple[Sequence[int], list[str]]:
        """What :meth:`find` gives, flat: start, end and term number by turn, and the names.

        For the page of the whole edition, which links some 4,000 texts and
        so reads what :meth:`read` kept as it was kept.
        """
        known = self._read.get(hash(text))
        if known is not None:
            return known, self._names
        found = self.find(text)
        return [x for i, (s, e, _t) in enumerate(found) for x in (s, e, i)], [
            t for _s, _e, t in found
        ]

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, term) of each phrase found, longest first, not overlapping.

        Words of a phrase are one space apart; a word may carry a possessive
        ("creature’s" finds Creature).
        """
        known = self._read.get(hash(text))
        if known is not None:
            if not known:
                return []
            names, triples = self._names, iter(known)
            return [(s, e, names[t]) for s, e, t in zip(triples, triples, triples, strict=True)]
        term_of, proper = self._term, self.proper
        out: list[tuple[int, int, str]] = []
        for match in self._pattern.finditer(_lowered(text)):
            start, end = match.span()
            term = term_of(match.group())
            if term is None or (term in proper and not text[start].isupper()):
                continue
            out.append((start, end, term))
        return out


def _lowered(text: str) -> str:
    """``text`` in lower case, curly apostrophes straight, underscores (italics) as spaces.

    Each character stays one character, so offsets hold in ``text``.
    """
    low = text.lower()
    if len(low) != len(text):  # "İ" lowers to two characters
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    return low.replace("’", "'").replace("_", " ")


def _plurals(key: str) -> list[str]:
    """The last word of a phrase in the plurals :func:`_singulars` reads back ("abilities")."""
    word = key[key.rfind(" ") + 1 :]
    out = [f"{word}s", f"{word}es"]
    if word.endswith("y"):
        out.append(f"{word[:-1]}ies")
    return out


def _trie(words: Iterable[str]) -> str:
    """A regex matching exactly ``words``, as a trie: "ab(?:andon|ility)" (one scan, no backtracking over alternatives)."""
    root: dict[str, dict] = {}
    for word in words:
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _branch(root) or "(?!)"


def _branch(node: dict[str, dict]) -> str:
    alternatives = [_char(char) + _branch(child) for char, child in sorted(node.items()) if char]
    if not alternatives:
        return ""
    body = "|".join(alternatives)
    if "" in node:
        return f"(?:{body})?"
    return body if len(alternatives) == 1 else f"(?:{body})"


def _char(char: str) -> str:
    return "['’]" if char == "'" else re.escape(char)
