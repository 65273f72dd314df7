"""How well a citation's words fit a rule: the share of their weight that the rule's words carry.

A comment says what its author meant in words of their own: ``CR 704.5k
"legend rule"``, ``Rule 724: The Monarch``, ``scrying happens before you
draw``. :class:`RuleWords` compares those words with a rule as it stood in
one edition, with what a reader sees of it: its number's heading (the
title of the nearest titled rule above it: "Trample" for 702.19b), its own
title and text and, for a titled rule (a heading such as "605. Mana
Abilities"), the texts of every rule under it.

Words are folded (lower case, camelCase and snake_case split) and stemmed
with Whoosh's Porter stemmer, as the search does; "+1/+1" and "-1/-1" are
words too (a comment on counters that cancel says little else). Each word weighs its
inverse document frequency among the rules of every edition (each rule
counted once, whatever its versions); a word no rule ever used
("enchantedPermanent", "log") tells nothing about which rule is meant and
weighs nothing. The fit of words to a rule is the weight of
the words the rule uses over the weight of all of them: 1.0 when the rule
says every informative word, 0.0 when it says none.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from whoosh.lang.porter import stem

from crdex.index.lineage.graph import Graph, Identity
from crdex.parser.numbers import RuleNumber

__all__ = ["RuleWords", "stems"]

# a word, a camelCase part, or a power/toughness change ("+1/+1", "-1/-1"): counters are words
_TOKEN = re.compile(r"[+-]\d+/[+-]\d+|[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
_LOWER = re.compile(r"[+-]\d+/[+-]\d+|[a-z][a-z]+")
# words every sentence has, and the words a citation is written with
_STOP_WORDS = """a an and are as at be but by can do does for from has have how if in into is
it its may must not of on or so such than that the their them then there these this those to
was were what when where which while who will with would cr rule rules comprehensive comp
section see per mtg magic also only just each any all you your they them"""
_STOP = frozenset(_STOP_WORDS.split())


# graph key → its words (a check, a web worker and its requests share one)
_MADE: dict[str, RuleWords] = {}


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    return stem(word)


def stems(text: str) -> list[str]:
    """The stemmed words of ``text``, without stop words and one-letter words."""
    out: list[str] = []
    for token in _TOKEN.findall(text):
        word = token.lower()
        if len(word) > 1 and word not in _STOP:
            out.append(_stem(word) if word[0].isalpha() else word)
    return out


def _rule_stems(text: str) -> set[str]:
    """:func:`stems` of a rule's text, as a set: rules write no camelCase, so quicker."""
    return {
        _stem(w) if w[0].isalpha() else w for w in _LOWER.findall(text.lower()) if w not in _STOP
    }


@dataclass(slots=True)
class RuleWords:
    """The words of a graph's rules, and how much each word tells (see the module docstring)."""

    graph: Graph
    _idf: dict[str, float] = field(default_factory=dict)
    _kids: dict[int, dict[str, list[tuple[Identity, int]]]] = field(default_factory=dict)
    _family: dict[tuple[str, int, bool], frozenset[str]] = field(default_factory=dict)
    top: float = 1.0

    def __post_init__(self) -> None:
        df: Counter[str] = Counter()
        texts = self.graph.texts
        rules = [i for i in self.graph.identities if not i.glossary]
        for ident in rules:
            seen = {t for run in ident.runs for t in (run.title, run.text)}
            df.update(_rule_stems(" ".join(texts[t] for t in seen)))
        n = len(rules) + 1
        self._idf = {w: math.log(n / (c + 0.5)) for w, c in df.items()}
        # the weight of a word no rule but one uses: weights are measured in it, so that a
        # threshold means the same in a corpus of 3,600 rules and in a library of twelve
        self.top = math.log(n / 0.5)

    @classmethod
    def of(cls, graph: Graph) -> RuleWords:
        """The words of ``graph``'s rules, made once per graph (the last few are kept)."""
        found = _MADE.get(graph.key)
        if found is None or found.graph is not graph:
            if len(_MADE) >= 4:
                _MADE.pop(next(iter(_MADE)))
            found = _MADE[graph.key] = cls(graph)
        return found

    def weight(self, words: Iterable[str]) -> float:
        """The weight of ``words`` (stems), each counted once, in units of :attr:`top`."""
        return sum(self._idf.get(w, 0.0) for w in set(words)) / self.top

    def informative(self, words: Iterable[str]) -> set[str]:
        """The stems that some rule uses (the others weigh nothing)."""
        return {w for w in words if w in self._idf}

    def fit(self, words: Iterable[str], rule: frozenset[str], *, strict: bool = False) -> float:
        """The share of the weight of ``words`` that ``rule``'s words carry (0 to 1).

        ``strict`` counts the words no rule uses too, each at the weight of a
        word one rule alone uses: a sentence about code ("the shield's upper
        bound on iterations") is then mostly not about any rule, however
        well one rare word of it fits one.
        """
        words = set(words)
        own = self.informative(words)
        total = self.weight(own) + (len(words - own) if strict else 0)
        return self.weight(own & rule) / total if total else 0.0

    def reach(self, words: Iterable[str]) -> float:
        """The strict fit the best possible rule could have: the share of words rules use."""
        words = set(words)
        own = self.informative(words)
        total = self.weight(own) + len(words - own)
        return self.weight(own) / total if total else 0.0

    def children(self, edition: int) -> dict[str, list[tuple[Identity, int]]]:
        """Parent number → the rules right under it in ``edition`` (made once per edition)."""
        kids = self._kids.get(edition)
        if kids is None:
            kids = {}
            for ident, run in self.graph.present(edition).values():
                try:
                    parent = RuleNumber.parse(run.key).parent
                except ValueError:
                    continue
                if parent is not None:
                    kids.setdefault(str(parent), []).append((ident, edition))
            self._kids[edition] = kids
        return kids

    def _heading(self, number: str, edition: int) -> str:
        """The title of the nearest titled rule above ``number`` in ``edition``."""
        try:
            parent = RuleNumber.parse(number).parent
        except ValueError:
            return ""
        while parent is not None:
            holder = self.graph.holder(str(parent), edition)
            run = holder.run_at(edition) if holder is not None else None
            if run is not None and self.graph.texts[run.title]:
                return self.graph.texts[run.title]
            parent = parent.parent
        return ""

    def title(self, ident: Identity, edition: int) -> frozenset[str]:
        """The stems of what a rule is called: its own title, or its nearest heading's."""
        run = ident.run_at(edition)
        if run is None:
            return frozenset()
        named = self.graph.texts[run.title] or self._heading(run.key, edition)
        return frozenset(_rule_stems(named))

    def family(self, ident: Identity, edition: int, *, below: bool = True) -> frozenset[str]:
        """The stems a reader sees of ``ident`` in ``edition`` (see the module docstring).

        ``below`` False leaves out the rules under a heading: what the rule
        itself says, for a rule offered as better than a cited one (a
        heading's whole section fits any words about its subject).
        """
        key = (ident.id, edition, below)
        cached = self._family.get(key)
        if cached is not None:
            return cached
        run = ident.run_at(edition)
        if run is None:
            return frozenset()
        texts = self.graph.texts
        parts = [self._heading(run.key, edition), texts[run.title], texts[run.text]]
        # a heading ("605. Mana Abilities", "702.19. Trample") says what its rules say
        under = [run.key] if texts[run.title] and below else []
        while under:
            for kid, at in self.children(edition).get(under.pop(), ()):
                kid_run = kid.run_at(at)
                if kid_run is not None:
                    parts.append(texts[kid_run.text])
                    under.append(kid_run.key)
        words = frozenset(_rule_stems(" ".join(parts)))
        self._family[key] = words
        return words
