"""The numbering of the 1999 rulings summary, and the cross-references written in it.

The page numbers everything itself: "A" is a chapter (Abilities), "A.27" a
topic (Trample), "A.27.2" a rule of the topic and "A.27.Ruling.6" a ruling
filed under it. These numbers are not Comprehensive Rules numbers and are
never read as such: they are parsed here, into :class:`ItemNumber`, and
nowhere else.

Cross-references are written "see Rule A.1.2", "Rule A.11.3 through Rule
A.11.10", "Rule A.8.11 and A.8.12", "see Phase P.5", "see T.9", and once
bare ("the first wording in A.6.1"). Every number of the page's shape in
running text is a reference to an item of the page: the page writes no
other capital letter followed by a dot and a number. "Rule D.*.*" is a
placeholder the editor never filled in; it is kept as a reference of kind
``placeholder``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import total_ordering

from .tree import Reference

__all__ = ["ITEM_NUMBER", "ItemNumber", "page_references"]

#: An item number as written: "A", "A.27", "A.27.2", "A.27.Ruling.6"
#: (once "K.14.Rulings.7").
ITEM_NUMBER = re.compile(
    r"(?P<chapter>[A-Z])(?:\.(?P<topic>\d{1,3})(?:\.(?:(?P<ruling>Rulings?)\.)?(?P<n>\d{1,3}))?)?"
)

# a number in running text; "*" stands for a digit the editor left out
_IN_TEXT = re.compile(
    r"(?<![\w.*])(?P<num>[A-Z]\.(?:\d{1,3}|\*)(?:\.(?:Rulings?\.)?(?:\d{1,3}|\*))?)(?![\w*])"
)
_KEYWORD = re.compile(r"(?:\b(?:[Rr]ules?|Phase|[Ss]ee)\s+)$")
_THROUGH = re.compile(r"\s+through\s+(?:[Rr]ules?\s+)?")

# a range is expanded only this far: a slip such as "A.1.2 through A.1.200"
# must not become hundreds of links
MAX_RANGE = 40


@total_ordering
@dataclass(frozen=True, slots=True)
class ItemNumber:
    """A number of the page's own numbering, as a value: "A.27.Ruling.6" is (A, 27, ruling 6)."""

    chapter: str
    topic: int | None = None
    n: int | None = None
    ruling: bool = False

    @classmethod
    def parse(cls, text: str) -> ItemNumber:
        m = ITEM_NUMBER.fullmatch(text.strip())
        if m is None:
            raise ValueError(f"not a number of the rulings summary: {text!r}")
        topic, n = m.group("topic"), m.group("n")
        return cls(
            m.group("chapter"),
            int(topic) if topic is not None else None,
            int(n) if n is not None else None,
            m.group("ruling") is not None,
        )

    @property
    def kind(self) -> str:
        if self.topic is None:
            return "chapter"
        if self.n is None:
            return "topic"
        return "ruling" if self.ruling else "rule"

    @property
    def parent(self) -> ItemNumber | None:
        if self.topic is None:
            return None
        if self.n is None:
            return ItemNumber(self.chapter)
        return ItemNumber(self.chapter, self.topic)

    def _key(self) -> tuple[str, int, int, int]:
        return (self.chapter, self.topic or 0, int(self.ruling), self.n or 0)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, ItemNumber):
            return NotImplemented
        return self._key() < other._key()

    def __str__(self) -> str:
        if self.topic is None:
            return self.chapter
        if self.n is None:
            return f"{self.chapter}.{self.topic}"
        middle = ".Ruling" if self.ruling else ""
        return f"{self.chapter}.{self.topic}{middle}.{self.n}"


def _members(first: ItemNumber, last: ItemNumber) -> list[str]:
    """ "A.11.3 through A.11.10": every rule between, when both are rules of one topic."""
    same_topic = (first.chapter, first.topic, first.ruling) == (
        last.chapter,
        last.topic,
        last.ruling,
    )
    if (
        not same_topic
        or first.n is None
        or last.n is None
        or last.n < first.n
        or last.n - first.n > MAX_RANGE
    ):
        return [str(first), str(last)]
    return [
        str(ItemNumber(first.chapter, first.topic, n, first.ruling))
        for n in range(first.n, last.n + 1)
    ]


def page_references(text: str) -> list[Reference]:
    """Every reference in ``text`` in the page's numbering, typed by what it points at.

    ``kind`` is ``chapter``, ``topic``, ``rule`` or ``ruling`` (the shape of
    the target), or ``placeholder`` for a number with "*" in it; members of
    a range share the range's text and start.
    """
    out: list[Reference] = []
    previous: tuple[re.Match[str], ItemNumber | None] | None = None
    for m in _IN_TEXT.finditer(text):
        raw = m.group("num")
        keyword = _KEYWORD.search(text, 0, m.start())
        start = keyword.start() if keyword else m.start()
        written = text[start : m.end()]
        if "*" in raw:
            out.append(Reference(raw, "placeholder", written, start))
            previous = (m, None)
            continue
        number = ItemNumber.parse(raw.replace("Rulings.", "Ruling."))
        if (
            previous is not None
            and previous[1] is not None
            and _THROUGH.fullmatch(text, previous[0].end(), m.start())
        ):
            first = out.pop()
            range_text = text[first.start : m.end()]
            for target in _members(previous[1], number):
                kind = ItemNumber.parse(target).kind
                out.append(Reference(target, kind, range_text, first.start))
            previous = (m, None)
            continue
        out.append(Reference(str(number), number.kind, written, start))
        previous = (m, number)
    return out
