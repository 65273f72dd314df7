"""What a search answers: hits (one edition) or groups of versions (all editions)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["SOURCES", "Group", "Hit", "SearchResult", "Snippet", "SummaryHit"]

# what a search can search: the Comprehensive Rules, the rulings summaries, both
SOURCES = ("cr", "summary", "all")


@dataclass(frozen=True, slots=True)
class Snippet:
    """A piece of a rule's text; ``marks`` are (start, end) offsets of matched words.

    ``sentence`` is the (start, end) of the sentence that holds more of the
    question's words than any other sentence of the snippet, shown
    highlighted (see :func:`.answering.snippets.deciding_sentence`); None
    when the snippet is one sentence or no sentence stands out.
    """

    text: str
    marks: tuple[tuple[int, int], ...] = ()
    sentence: tuple[int, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "marks": [list(m) for m in self.marks],
            "sentence": list(self.sentence) if self.sentence else None,
        }

    @classmethod
    def parse(cls, marked: str, start: str = "\x02", end: str = "\x03") -> Snippet:
        """A snippet from text with matched words between ``start`` and ``end`` characters."""
        out: list[str] = []
        marks: list[tuple[int, int]] = []
        length = 0
        opened = -1
        for ch in marked:
            if ch == start:
                opened = length
            elif ch == end:
                if opened >= 0:
                    marks.append((opened, length))
                opened = -1
            else:
                out.append(ch)
                length += 1
        return cls("".join(out), tuple(marks))


@dataclass(slots=True)
class Hit:
    """One version of a rule (or glossary entry) that answers the query.

    ``number`` is its number in the edition searched (for an all-editions
    search, its number in the last edition of this version); ``title`` its
    own title, or for a subrule its heading's ("Trample" for 702.19b);
    ``heading`` the title of the nearest titled heading above it; ``editions``
    are the ids of the editions in which it has this wording; ``numbers``
    the (edition id, number) from which on it had each number. ``term`` and
    ``definition`` are those of a glossary entry that was found and stands
    for this rule, which it points to (see :mod:`.answering.glossary_hits`).
    """

    number: str
    kind: str
    title: str
    heading: str
    text: str
    examples: list[str]
    rulings: list[str]
    snippet: Snippet
    score: float
    identity: str
    editions: list[str] = field(default_factory=list)
    numbers: list[tuple[str, str]] = field(default_factory=list)
    term: str = ""
    definition: str = ""

    @property
    def label(self) -> str:
        """How a person cites it: "702.19b", "glossary: Trample"."""
        return f"glossary: {self.title}" if self.kind == "glossary" else self.number

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["snippet"] = self.snippet.to_dict()
        data["numbers"] = [list(n) for n in self.numbers]
        data["score"] = round(self.score, 4)
        return data


@dataclass(slots=True)
class Group:
    """Every matching version of one rule, across editions.

    ``number`` is the rule's number in ``last``, the last edition of the
    versions found.
    """

    identity: str
    number: str
    title: str
    kind: str
    score: float
    versions: list[Hit]
    last: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "identity": self.identity,
            "number": self.number,
            "last": self.last,
            "title": self.title,
            "kind": self.kind,
            "score": round(self.score, 4),
            "versions": [v.to_dict() for v in self.versions],
        }


@dataclass(frozen=True, slots=True)
class SummaryHit:
    """One item of a rulings summary that answers the query, in the summary's own numbering.

    ``number`` is the summary's (``A.27.Ruling.6``; a note is numbered by
    its topic and place, ``A.27 note 1``); ``topic`` and ``topic_title``
    the topic it is filed under; ``sources`` the citations the page gives
    for it as written ("D'Angelo 10/08/98"); ``document``, ``page`` and
    ``date`` the summary it comes from.
    """

    source: str
    document: str
    page: str
    date: str | None
    number: str
    kind: str
    topic: str
    topic_title: str
    text: str
    sources: list[str]
    snippet: Snippet
    score: float

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["snippet"] = self.snippet.to_dict()
        data["score"] = round(self.score, 4)
        return data


@dataclass(slots=True)
class SearchResult:
    """The answer to one query.

    ``mode`` is "lookup" (the query was a rule number) or "text";
    ``edition`` the id of the edition searched (None: all editions);
    ``total`` how many rules the search ranked (whatever the limit; the
    hits are the first ``limit`` of them); ``suggestion`` a respelled query
    when words were not found; ``corrected`` that respelled query when the
    query as typed found nothing and the hits are the respelled query's. ``source`` is what was
    searched: the CR (``"cr"``), the rulings summaries (``"summary"``) or
    both (``"all"``); the summaries' items found are in ``summary``, in their
    own numbering, ``summary_total`` of them before the limit.
    """

    query: str
    mode: str
    edition: str | None
    asked: str | None
    hits: list[Hit] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    total: int = 0
    suggestion: str | None = None
    source: str = "cr"
    corrected: str | None = None
    summary: list[SummaryHit] = field(default_factory=list)
    summary_total: int = 0

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "query": self.query,
            "mode": self.mode,
            "edition": self.edition,
            "asked": self.asked,
            "total": self.total,
            "suggestion": self.suggestion,
            "corrected": self.corrected,
        }
        if self.edition is None:
            data["groups"] = [g.to_dict() for g in self.groups]
        else:
            data["hits"] = [h.to_dict() for h in self.hits]
        if self.source != "cr":
            data["source"] = self.source
            data["summary_total"] = self.summary_total
            data["summary"] = [h.to_dict() for h in self.summary]
        return data
