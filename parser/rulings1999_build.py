"""Lines of the 1999 rulings summary → the tree: chapters, topics, rules, rulings and notes.

The grammar has said what each line is; this module reads the lines'
numbers, titles, sources and cross-references, puts each node under its
topic, and keeps the ledger: every line is a node, part of the letter,
the contents, the index or the acknowledgements, or a repair with its
reason. The page's slips are repaired and recorded, never silently: a
number used twice, "K.14.Rulings.7", a note run into the line of a rule,
a source name with two letters swapped, a title the contents spell
otherwise. Cross-references and index entries that point at nothing on
the page are reported the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .blocks import Line
from .ledger import Ledger, mark_gap
from .page_index import marked_lines, read_contents, read_index
from .page_numbers import ITEM_NUMBER, ItemNumber, page_references
from .page_sources import Credits, read_credits, take_sources
from .text import join_lines
from .tree import Citation, Note, Reference, Repair, Rule, Ruling, Span

__all__ = ["NUMBERING", "build_summary"]

#: ``Edition.numbering`` of a 1999 rulings summary.
NUMBERING = "crystal-keep-1999"

_MARK = re.compile(r"^(?P<mark>[o\u25cb\u25e6\u00b0])[ \t]+")
_LINE = re.compile(rf"^(?P<num>{ITEM_NUMBER.pattern}|Note) - (?P<text>.*)$")
_INLINE_NOTE = re.compile(r"\s+(?=Note - )")
_CHANGES = re.compile(
    r"changes since the (?:last|previous) release[ds]? version on (?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{2,4})",
    re.I,
)
_TITLE = re.compile(r"\bRul(?:es|ings) Summar(?:y|ies)\b")


@dataclass
class _Text:
    """A line's text taken apart: prose, sources, references, notes run into it."""

    text: str
    sources: list[Citation]
    references: list[Reference]
    notes: list[Note] = field(default_factory=list)


class _Builder:
    def __init__(self, ledger: Ledger, credits: Credits) -> None:
        self.ledger = ledger
        self.credits = credits
        self.items: list[Rule] = []
        self.numbers: dict[str, Line] = {}  # every number given so far (rulings too)
        self.chapter: Rule | None = None
        self.topic: Rule | None = None
        self.last: ItemNumber | None = None
        # every node that can hold cross-references, with its line
        self.referring: list[tuple[Rule | Ruling | Note, Line]] = []

    def span(self, line: Line, column: int = 1) -> Span:
        return Span(self.ledger.path, line.number, column, line.number)

    # -- numbers -------------------------------------------------------------

    def _split(self, line: Line) -> tuple[bool, str, str, int]:
        """``(changed, number, text, column)`` of a numbered line."""
        raw = line.text
        mark = _MARK.match(raw)
        rest = raw[mark.end() :] if mark else raw
        m = _LINE.match(rest)
        assert m is not None, raw
        return mark is not None, m.group("num"), m.group("text"), (mark.end() if mark else 0) + 1

    def _number(self, raw: str, line: Line) -> ItemNumber:
        number = ItemNumber.parse(raw)
        if ".Rulings." in raw:
            self.ledger.repair(
                line,
                "misspelled-number",
                f"{raw} is written with 'Rulings'; read as ruling {number}",
                str(number),
            )
        canonical = str(number)
        if canonical in self.numbers:
            first = self.numbers[canonical].number
            self.ledger.repair(
                line,
                "duplicate-number",
                f"{canonical} is used twice (first on line {first}); this one is kept in "
                "document order, and lookups by number find the first",
            )
        elif self.last is not None and number.kind == self.last.kind and number < self.last:
            self.ledger.repair(
                line,
                "out-of-order",
                f"{canonical} comes after {self.last} on the page; kept where it stands",
            )
        self.numbers.setdefault(canonical, line)
        self.last = number
        return number

    def _misplaced(self, number: ItemNumber, holder: Rule | None, line: Line, what: str) -> None:
        expected = str(number.parent)
        if holder is not None and holder.number != expected:
            self.ledger.repair(
                line,
                "misplaced",
                f"{what} {number} stands under {holder.number}, not under {expected}; kept "
                f"where the page put it",
            )

    # -- nodes ---------------------------------------------------------------

    def add_chapter(self, line: Line) -> None:
        letter, title = line.text.split(" - ", 1)
        number = self._number(letter, line)
        rule = Rule(str(number), "chapter", "", title=title.strip(), span=self.span(line))
        self.items.append(rule)
        self.chapter, self.topic = rule, None
        self.ledger.mark(line, "chapter")

    def add_topic(self, line: Line) -> None:
        raw, title = line.text.split(" - ", 1)
        number = self._number(raw, line)
        self._misplaced(number, self.chapter, line, "topic")
        parent = self.chapter.number if self.chapter else None
        rule = Rule(
            str(number), "topic", "", title=title.strip().rstrip(":").strip(), parent=parent
        )
        rule.span = self.span(line)
        if self.chapter is not None:
            self.chapter.children.append(rule.number)
        self.items.append(rule)
        self.topic = rule
        self.ledger.mark(line, "topic")

    def add_entry(self, line: Line) -> None:
        changed, raw, text, column = self._split(line)
        topic = self.topic
        assert topic is not None  # the grammar puts every entry in a topic
        if raw == "Note":
            read = self.read(text, line, inline_notes=False)
            note = Note(read.text, read.sources, read.references, changed, self.span(line, column))
            topic.notes += (note,)
            self.referring.append((note, line))
            self.ledger.mark(line, "note")
            return
        number = self._number(raw, line)
        read = self.read(text, line, inline_notes=True)
        if number.kind == "ruling":
            self._misplaced(number, topic, line, "ruling")
            first = read.sources[0] if read.sources else None
            ruling = Ruling(
                read.text,
                first.name if first else None,
                first.date if first else None,
                str(number),
                filed_under=str(number.parent) if str(number.parent) != topic.number else None,
                span=self.span(line, column),
                sources=read.sources,
                references=read.references,
                changed=changed,
            )
            topic.rulings += (ruling,)
            self.referring.append((ruling, line))
            kind = "ruling"
        else:
            self._misplaced(number, topic, line, "rule")
            rule = Rule(str(number), "rule", read.text, parent=topic.number)
            rule.span = self.span(line, column)
            rule.sources, rule.notes = tuple(read.sources), tuple(read.notes)
            rule.references = read.references
            rule.changed = changed
            topic.children.append(rule.number)
            self.items.append(rule)
            self.referring.append((rule, line))
            kind = "rule"
        if read.notes and number.kind == "ruling":
            topic.notes += tuple(read.notes)
        self.ledger.mark(line, kind)

    def read(self, text: str, line: Line, inline_notes: bool) -> _Text:
        parts = _INLINE_NOTE.split(text) if inline_notes else [text]
        main = self._read_part(parts[0], line)
        for part in parts[1:]:
            note_text = part[len("Note - ") :]
            self.ledger.repair(
                line,
                "note-in-rule",
                "a note ('Note - …') is run into this line; read as a note of its own",
            )
            read = self._read_part(note_text, line)
            note = Note(read.text, read.sources, read.references, False, self.span(line))
            main.notes.append(note)
            self.referring.append((note, line))
        return main

    def _read_part(self, text: str, line: Line) -> _Text:
        clean, sources, problems = take_sources(text, self.credits)
        for kind, reason in problems:
            self.ledger.repair(line, kind, reason)
        return _Text(clean, sources, page_references(clean))


def _letter(lines: list[Line], ledger: Ledger) -> tuple[str, list[str], str | None]:
    """Title, paragraphs and the date of the previous release, from the letter to the reader."""
    paragraphs: list[list[str]] = [[]]
    title = ""
    since = None
    for line in lines:
        if line.kind in ("BLANK", "DECOR"):
            mark_gap(line, ledger)
            if paragraphs[-1]:
                paragraphs.append([])
            continue
        kind = "introduction"
        if m := _CHANGES.search(line.text):
            year = int(m.group("y"))
            year += 1900 if year < 100 and year >= 70 else 2000 if year < 100 else 0
            since = f"{year:04d}-{int(m.group('m')):02d}-{int(m.group('d')):02d}"
            kind = "date"
        elif not title and _TITLE.search(line.text) and len(line.stripped) <= 80:
            title = line.stripped
            kind = "title"
        ledger.mark(line, kind)
        paragraphs[-1].append(line.text)
    return title, [join_lines(p, False) for p in paragraphs if p], since


def build_summary(sections: list[tuple[str, list[Line]]], ledger: Ledger) -> dict[str, object]:
    """``Edition`` fields for a 1999 rulings summary, every line in the ledger."""
    parts = dict(sections)
    credit_lines = [
        ln
        for ln in marked_lines(parts.get("credits", []), ledger, "credits")
        if ln.kind == "CREDIT_LINE"
    ]
    credits = read_credits([ln.text for ln in credit_lines])
    title, introduction, since = _letter(parts.get("letter", []), ledger)
    builder = _Builder(ledger, credits)
    for line in parts.get("body", []):
        if line.kind == "CHAPTER":
            builder.add_chapter(line)
        elif line.kind == "TOPIC":
            builder.add_topic(line)
        elif line.kind in ("RULE", "RULING", "NOTE"):
            builder.add_entry(line)
        else:
            mark_gap(line, ledger)
    contents = read_contents(parts.get("contents", []), ledger, builder.items, builder.numbers)
    index = read_index(parts.get("index", []), ledger, set(builder.numbers))
    _check_targets(builder, ledger, credits)
    if not credit_lines:
        _note_truncation(ledger, "index" in parts, "credits" in parts)
    return {
        "title": title,
        "introduction": introduction,
        "contents": contents,
        "credits": [ln.text for ln in credit_lines],
        "numbering": NUMBERING,
        "items": builder.items,
        "index_entries": index,
        "changes_since": since,
    }


def _check_targets(builder: _Builder, ledger: Ledger, credits: Credits) -> None:
    """Every cross-reference points at a node of the page, or is reported."""
    known = set(builder.numbers)
    for node, line in builder.referring:
        for ref in node.references:
            if ref.kind == "placeholder":
                ledger.repair(
                    line,
                    "placeholder-reference",
                    f"{ref.text!r} is a cross-reference the page never filled in; kept as written",
                )
            elif ref.target not in known:
                ledger.repair(
                    line,
                    "dangling-reference",
                    f"{ref.text!r} points at {ref.target}, which is not on the page",
                )
    if not credits.found:
        ledger.repairs.append(
            _repair_at_end(
                ledger,
                "sources-unclassified",
                "the acknowledgements, which say which sources are people, are missing: "
                "sources with a name and a date are kept without saying whether the name is a "
                "person or a document",
            )
        )


def _repair_at_end(ledger: Ledger, kind: str, reason: str) -> Repair:
    last = max((n for n in range(1, ledger.total + 1) if ledger.kinds[n]), default=1)
    return Repair(last, kind, reason)


def _note_truncation(ledger: Ledger, has_index: bool, has_heading: bool) -> None:
    if has_heading:
        where = "at the heading of its acknowledgements and disclaimers, before their text"
    elif has_index:
        where = "in its index, without its acknowledgements and disclaimers"
    else:
        where = "in its chapters, before the index and the acknowledgements and disclaimers"
    ledger.repairs.append(
        _repair_at_end(
            ledger,
            "truncated",
            f"the page ends {where}: it looks cut short; everything up to here was read",
        )
    )
