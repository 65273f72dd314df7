"""What a glossary entry found by a search points to, looked up where it is in force.

A definition names a rule ("See rule 700.4") or another entry ("APNAP
Order: See Active Player, Nonactive Player Order."); :mod:`.glossary_hits`
reads which, and asks this module for the rule or the entry in the
documents searched, in force where the entry found is.
"""

from __future__ import annotations

from typing import Any

from whoosh import query as wq
from whoosh.searching import Searcher

from ..schema import analyzer
from ..versions import GLOSSARY_KIND
from .hits import in_force, number_at
from .rank import Candidate

__all__ = ["Referents", "same_term"]

_ANALYZER = analyzer()


def same_term(a: str, b: str) -> bool:
    """Whether two glossary terms are one, whatever their case and quotation marks."""

    def folded(term: str) -> str:
        for curly, plain in (("“", '"'), ("”", '"'), ("‘", "'"), ("’", "'")):
            term = term.replace(curly, plain)
        return " ".join(term.casefold().split())

    return folded(a) == folded(b)


class Referents:
    """Rules and glossary entries of the documents ``docs`` of ``searcher`` (None: all).

    ``date`` is the edition searched (None: all editions, where a thing is
    looked up where the entry pointing to it was last in force).
    """

    def __init__(self, searcher: Searcher, docs: set[int] | None, date: int | None) -> None:
        self.searcher = searcher
        self.docs = docs
        self.date = date

    def _when(self, entry: Candidate) -> int:
        return self.date if self.date is not None else entry.fields["spans"]["ranges"][-1][0]

    def rule(self, entry: Candidate, number: str) -> Candidate | None:
        """The rule numbered ``number`` where ``entry`` is in force."""
        when = self._when(entry)
        found = self.searcher.search(wq.Term("number", number), filter=self.docs, limit=None)
        for hit in found:
            fields = hit.fields()
            spans = fields["spans"]
            if in_force(spans["ranges"], when) and number_at(spans, when) == number:
                return Candidate(hit.docnum, 0.0, fields, number if self.date is not None else "")
        return None

    def entry(self, entry: Candidate, term: str) -> dict[str, Any] | None:
        """The fields of the glossary entry ``term`` where ``entry`` is in force."""
        words = [t.text for t in _ANALYZER(term)]
        if not words:
            return None
        when = self._when(entry)
        asked = wq.And([wq.Term("title", w) for w in words])
        for hit in self.searcher.search(asked, filter=self.docs, limit=None):
            fields = hit.fields()
            if (
                fields.get("kind") == GLOSSARY_KIND
                and same_term(fields.get("title") or "", term)
                and in_force(fields["spans"]["ranges"], when)
            ):
                return fields
        return None
