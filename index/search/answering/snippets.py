"""Snippets: the passage of a rule that shows why it matched, with the matched words marked.

Of a snippet of several sentences, the one that holds more of the
question's words (as stems: "creatures" and "creature" are one) than any
other is the deciding sentence, highlighted by the command line and the
pages. It is chosen by words, not by the sentence model: scoring a rule by
its best-matching sentence or window of the model was measured on the
development questions and ranked no better than the whole rule's vector
(see :mod:`.fusion`), and reading each shown sentence with the model would
cost a search more than its ranking does. A tie names no sentence.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from whoosh import highlight

from ..results import Snippet
from ..schema import analyzer
from .hits import SNIPPET_CHARS, plain_snippet
from .rank import stems

__all__ = ["SNIPPET_CHARS", "deciding_sentence", "marked_snippet", "plain_snippet"]

_ANALYZER = analyzer()
_OPEN = "\x02"
_CLOSE = "\x03"
# where a sentence ends: after . ! or ? (and a closing quote or bracket) before a space, or at
# the " … " between the passages of a long text's snippet
_BREAK = re.compile(r"(?<=[.!?])([\"”’)]*)\s+(?:…\s+)?|\s+…\s+")


class _Marks(highlight.Formatter):
    """Matched words between two control characters, parsed into Snippet marks."""

    between = " … "

    def format_token(self, text: str, token: Any, replace: bool = False) -> str:
        return f"{_OPEN}{highlight.get_text(text, token, replace)}{_CLOSE}"


def marked_snippet(fields: dict[str, Any], terms: frozenset[str]) -> Snippet:
    """The best passage of the rule's text (or examples, rulings) with the query's words marked.

    ``terms`` are indexed (stemmed) terms. A short text is shown whole; a long
    one by its best sentences, or failing that (one very long sentence) by
    the words around the matches.
    """
    for name in ("text", "examples", "rulings"):
        text = fields.get(name)
        if not text or not terms:
            continue
        if len(text) <= SNIPPET_CHARS:
            tries = [(highlight.WholeFragmenter(), 1)]
        else:
            tries = [
                (highlight.SentenceFragmenter(maxchars=SNIPPET_CHARS), 2),
                (highlight.ContextFragmenter(maxchars=SNIPPET_CHARS, surround=70), 2),
            ]
        for fragmenter, top in tries:
            marked = highlight.highlight(text, terms, _ANALYZER, fragmenter, _Marks(), top=top)
            if marked:
                snippet = Snippet.parse(" ".join(marked.split()), _OPEN, _CLOSE)
                return replace(snippet, sentence=deciding_sentence(snippet))
    return plain_snippet(fields)


def sentences(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each sentence of ``text``, without the spaces between them."""
    spans = []
    at = 0
    for gap in _BREAK.finditer(text):
        spans.append((at, gap.start() + len(gap.group(1) or "")))
        at = gap.end()
    spans.append((at, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


def deciding_sentence(snippet: Snippet) -> tuple[int, int] | None:
    """The sentence of ``snippet`` with more of the question's marked words than any other."""
    if not snippet.marks:
        return None
    spans = sentences(snippet.text)
    if len(spans) < 2:
        return None
    counts = []
    for start, end in spans:
        words: set[str] = set()
        for a, b in snippet.marks:
            if start <= a and b <= end:
                words |= stems(snippet.text[a:b])
        counts.append(len(words))
    best = max(counts)
    if best == 0 or counts.count(best) > 1:
        return None
    return spans[counts.index(best)]
