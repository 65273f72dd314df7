"""Snippets: the passage of a rule that shows why it matched, with the matched words marked."""

from __future__ import annotations

from typing import Any

from whoosh import highlight

from ..results import Snippet
from ..schema import analyzer
from .hits import SNIPPET_CHARS, plain_snippet

__all__ = ["SNIPPET_CHARS", "marked_snippet", "plain_snippet"]

_ANALYZER = analyzer()
_OPEN = "\x02"
_CLOSE = "\x03"


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
                return Snippet.parse(" ".join(marked.split()), _OPEN, _CLOSE)
    return plain_snippet(fields)
