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
        # the versions numbered so, read once a search: across all editions, the entries
        # found are often versions of one term, or terms naming one rule (of 73 entries
        # a question's candidates held on average, most named a rule another had named)
        self._numbered: dict[str, list[tuple[int, dict[str, Any]]]] = {}

    def _when(self, entry: Candidate) -> int:
        return self.date if self.date is not None else entry.fields["spans"]["ranges"][-1][0]

    def rule(self, entry: Candidate, number: str) -> Candidate | None:
        """The rule numbered ``number`` where ``entry`` is in force."""
        when = self._when(entry)
        for docnum, fields in self._numbered_so(number):
            spans = fields["spans"]
            if in_force(spans["ranges"], when) and number_at(spans, when) == number:
                return Candidate(docnum, 0.0, fields, number if self.date is not None else "")
        return None

    def _numbered_so(self, number: str) -> list[tuple[int, dict[str, Any]]]:
        """Each document numbered ``number`` in some edition, with its fields."""
        if number not in self._numbered:
            # the term's postings alone, unscored: a search cost three times as much
            reader = self.searcher.reader()
            found = (
                reader.postings("number", number).all_ids() if ("number", number) in reader else ()
            )
            self._numbered[number] = [
                (doc, self.searcher.stored_fields(doc))
                for doc in sorted(found)
                if self.docs is None or doc in self.docs
            ]
        return self._numbered[number]

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
