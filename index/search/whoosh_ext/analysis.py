"""The one text analyzer of the search index, as a single pass.

What it does is declared by Whoosh's own steps (:func:`chain`): a regex
tokenizer that keeps a ``^boost`` suffix, the boost read into the token,
lower case, articles dropped (later positions renumbered), English stems.
Run as five chained generators that costs a generator hop per step per
token, and indexing the whole corpus analyses about a million tokens, so
:class:`RuleAnalyzer` does the same steps in one loop. Calls it does not
specialise (``keeporiginal``, untokenized values, no stemming) go through
the chain itself; ``tests/test_search_analysis.py`` checks the two agree
token for token on real rule text, with every option.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator

from whoosh.analysis import (
    Analyzer,
    CompositeAnalyzer,
    DelimitedAttributeFilter,
    LowercaseFilter,
    RegexTokenizer,
    StemFilter,
    StopFilter,
    Token,
)
from whoosh.lang import stemmer_for_language

__all__ = ["RuleAnalyzer", "chain"]


def chain(word: str, stops: frozenset[str]) -> CompositeAnalyzer:
    """Tokens (with an optional ``^boost``) → lower case → minus ``stops`` → English stems."""
    return (
        RegexTokenizer(word + r"(?:\^\d+(?:\.\d+)?)?")
        | DelimitedAttributeFilter("^", "boost", 1.0, float)
        | LowercaseFilter()
        | StopFilter(stoplist=stops, minsize=1)
        | StemFilter(lang="en", cachesize=-1)
    )


@functools.lru_cache(maxsize=1)
def _stemmer() -> Callable[[str], str]:
    return functools.lru_cache(maxsize=None)(stemmer_for_language("en"))


class RuleAnalyzer(Analyzer):
    """:func:`chain` in one loop: the same tokens, positions, offsets and boosts."""

    def __init__(self, word: str, stops: frozenset[str]) -> None:
        self.items = chain(word, stops).items  # what the schema's fingerprint describes
        self.word, self.stops = word, stops
        self._expression = re.compile(word + r"(?:\^\d+(?:\.\d+)?)?")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleAnalyzer) and (self.word, self.stops) == (
            other.word,
            other.stops,
        )

    def __hash__(self) -> int:
        return hash((self.word, self.stops))

    def __getstate__(self) -> dict[str, object]:
        return {"word": self.word, "stops": self.stops}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__init__(state["word"], state["stops"])  # type: ignore[misc,arg-type]

    def has_morph(self) -> bool:
        return True

    def __call__(
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        no_morph: bool = False,
        **kwargs: object,
    ) -> Iterator[Token]:
        if keeporiginal or not tokenize or no_morph:
            return CompositeAnalyzer(*self.items)(
                value,
                positions=positions,
                chars=chars,
                keeporiginal=keeporiginal,
                removestops=removestops,
                start_pos=start_pos,
                start_char=start_char,
                tokenize=tokenize,
                mode=mode,
                no_morph=no_morph,
                **kwargs,
            )
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        return self._tokens(value, token, positions, chars, removestops, start_pos, start_char)

    def _tokens(
        self,
        value: str,
        t: Token,
        positions: bool,
        chars: bool,
        removestops: bool,
        start_pos: int,
        start_char: int,
    ) -> Iterator[Token]:
        stops, stem = self.stops, _stemmer()
        pos: int | None = None
        for n, match in enumerate(self._expression.finditer(value)):
            text = match.group()
            boost, cut = 1.0, text.find("^")
            if cut > -1:
                boost = float(text[cut + 1 :])
            word = (text[:cut] if cut > -1 else text).lower()
            stopped = not word or word in stops
            if stopped and removestops:
                continue
            t.boost = boost
            if chars:
                t.startchar = start_char + match.start()
                t.endchar = start_char + match.end() - (len(text) - cut if cut > -1 else 0)
            if stopped:
                t.text, t.stopped = word, True
                if positions:
                    t.pos = start_pos + n
                yield t
                continue
            if positions:
                pos = start_pos + n if pos is None else pos + 1
                t.pos = pos
            t.text, t.stopped = stem(word), False
            yield t
