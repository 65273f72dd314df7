"""Blocks → tree: numbers give the nesting, lines give the accounting.

The grammar says what each line is; this module turns the blocks into
``Rule``/``GlossaryEntry`` nodes, nests rules by their parsed numbers, and
keeps a ledger of where every input line went. Anything it changes (a lost
rule number restored, a wrapped line that began with a number put back into
its paragraph) is written to ``repairs`` with the line and the reason.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from .blocks import Block, Line
from .glossary import build_glossary
from .numbers import NUMBER_RE, RuleNumber, letter_at, letter_index
from .references import extract_references
from .tree import Accounting, ContentsEntry, Example, Repair, Rule, Span

__all__ = ["DATE_LINE", "PARAGRAPH_BREAK", "BuiltBody", "Ledger", "build_document", "join_lines"]

# Marks, among the lines of a paragraph, where a new paragraph begins.
PARAGRAPH_BREAK = "\x00paragraph\x00"

DATE_LINE = re.compile(r"\b(?:effective|current)\s+as\s+of\b", re.I)
_RULE_START = re.compile(
    r"\s*(?P<num>\d{3}\.\d{1,3}[a-z]{0,2}|\d{3}\.[a-z]{1,2}|\d{3}\. \d{1,3}[a-z]{0,2}|\d{3}|[1-9])(?:\.?(?:\s+|$)|\.(?=[A-Z\u201c\"]))"
)
_LEADER = re.compile(r"\s*\.{2,}\s*\d*\s*$")
_TITLE_END = re.compile(r"[.!?:;,)\"”’']$")


@dataclass
class Ledger:
    """Where each line went: a kind per line, and the repairs."""

    path: str
    total: int
    kinds: list[str | None] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.kinds = [None] * (self.total + 1)

    def mark(self, line: Line | int, kind: str) -> None:
        number = line if isinstance(line, int) else line.number
        if 0 < number <= self.total:
            self.kinds[number] = kind

    def repair(self, line: Line, kind: str, reason: str, replacement: str | None = None) -> None:
        self.repairs.append(Repair(line.number, kind, reason, line.text, replacement))

    def accounting(self) -> Accounting:
        counts = Counter(k for k in self.kinds[1:] if k is not None)
        return Accounting(self.total, sum(counts.values()), dict(sorted(counts.items())))

    def unaccounted(self) -> list[int]:
        return [i for i in range(1, self.total + 1) if self.kinds[i] is None]


def join_lines(parts: list[str], wrapped: bool) -> str:
    """Rejoin a paragraph: hard wraps become spaces, real line breaks stay.

    In a hard-wrapped edition every line break inside a paragraph is a wrap
    (a word broken at a hyphen or dash is joined without a space); in the
    others a further line is a paragraph of its own.
    """
    out = ""
    pending_break = False
    for raw in parts:
        if raw == PARAGRAPH_BREAK:
            pending_break = True
            continue
        text = raw.strip().replace("\u00a0", " ")
        if not text:
            continue
        if not out:
            out = text
        elif not wrapped or pending_break:
            out += "\n" + text
        elif out.endswith(("-", "\u2014", "\u2013")) and not out.endswith(" -"):
            out += text
        else:
            out += " " + text
        pending_break = False
    return out


@dataclass
class BuiltBody:
    """The rules of a document in document order, indexed by number as they are added.

    Every format's builder adds rules through :meth:`attach`, so nesting,
    children and repeated numbers are handled one way everywhere.
    """

    rules: list[Rule] = field(default_factory=list)
    by_number: dict[str, Rule] = field(default_factory=dict)
    # the latest node with each number: a repeated heading keeps its own subrules
    latest: dict[str, Rule] = field(default_factory=dict)

    def attach(
        self,
        number: RuleNumber,
        text: str,
        title: str | None,
        span: Span,
        ledger: Ledger,
        line: Line,
    ) -> Rule:
        """Add a rule under its nearest present ancestor; a repeated number is a repair."""
        canonical = str(number)
        if canonical in self.by_number:
            ledger.repair(
                line,
                "duplicate-number",
                f"rule {canonical} appears twice; this second one is kept in document order "
                "but lookups by number find the first",
            )
        parent = number.parent
        while parent is not None and str(parent) not in self.latest:
            parent = parent.parent
        rule = Rule(
            number=canonical,
            kind=number.kind,
            text=text,
            title=title,
            parent=str(parent) if parent else None,
            span=span,
        )
        if parent is not None:
            self.latest[str(parent)].children.append(canonical)
        self.rules.append(rule)
        self.by_number.setdefault(canonical, rule)
        self.latest[canonical] = rule
        return rule


def split_number(text: str) -> tuple[str, str]:
    """``"701.22. Scry"`` → ``("701.22", "Scry")``."""
    m = _RULE_START.match(text)
    if not m:
        return "", text.strip()
    return m.group("num"), text[m.end() :].strip()


def looks_like_title(text: str) -> bool:
    """ "Scry", "Two-Headed Giant Variant": a short heading, not a sentence."""
    words = text.split()
    return (
        0 < len(words) <= 8
        and len(text) <= 70
        and not _TITLE_END.search(text)
        and text[:1].isupper()
    )


class _BodyBuilder:
    def __init__(self, ledger: Ledger, wrapped: bool) -> None:
        self.ledger = ledger
        self.wrapped = wrapped
        self.out = BuiltBody()
        self.last: Rule | None = None
        self.last_number: RuleNumber | None = None  # parsed once, not per use
        # the pieces of the last rule, so later lines can still be appended
        self.text_parts: list[str] = []
        self.example_parts: list[str] | None = None

    # -- nodes ---------------------------------------------------------------

    def add(self, number: RuleNumber, text: str, title: str | None, line: Line) -> Rule:
        self.flush()
        canonical = str(number)
        prev = self.last_number
        parent_missing = number.letters is not None and str(number.parent) not in self.out.latest
        if prev is not None and (canonical in self.out.by_number or parent_missing):
            successor = self._successor_of_last(number)
            if successor is not None and successor != number:
                self.ledger.repair(
                    line,
                    "wrong-number",
                    f"subrule {canonical} is out of sequence after {prev}; read as {successor}",
                    str(successor),
                )
                number, canonical = successor, str(successor)
        if prev is not None and number <= prev and canonical not in self.out.by_number:
            self.ledger.repair(
                line,
                "out-of-order",
                f"rule {canonical} comes after {prev} in the document; kept where it stands",
            )
        rule = self.out.attach(
            number,
            text,
            title,
            Span(self.ledger.path, line.number, 1, line.number),
            self.ledger,
            line,
        )
        self.last = rule
        self.last_number = number
        self.text_parts = [text] if text else []
        self.example_parts = None
        return rule

    def _successor_of_last(self, number: RuleNumber) -> RuleNumber | None:
        """The subrule after the last one, when a repeated number is plainly a slip.

        "702.30d" twice in a row (the second is 702.30e), or "502.35b" right
        after 502.36a (it is 502.36b): same letter or the next one, typed
        under the wrong rule or not advanced.
        """
        prev = self.last_number
        if prev is None or not prev.letters or not number.letters or prev.rule is None:
            return None
        following = letter_at(int(letter_index(prev.letters)) + 1)
        if number.letters not in (prev.letters, following):
            return None
        candidate = RuleNumber(prev.section, prev.rule, following)
        return None if str(candidate) in self.out.by_number else candidate

    def flush(self) -> None:
        """Write the pieces collected for the last rule into it."""
        rule = self.last
        if rule is None:
            return
        self._close_example()
        if rule.title is None or self.text_parts[1:]:
            rule.text = join_lines(self.text_parts, self.wrapped)
        if rule.span is not None:
            end = rule.span.end_line or rule.span.line
            rule.span = Span(rule.span.path, rule.span.line, 1, max(end, self._end_line))

    _end_line = 0

    def _close_example(self) -> None:
        if self.last is not None and self.example_parts is not None:
            self.last.examples[-1].text = join_lines(self.example_parts, self.wrapped)
        self.example_parts = None

    def tail_line(self, line: Line, kind_override: str | None = None) -> None:
        """A further line of the current rule: wrapped text, a paragraph or an example."""
        self._end_line = line.number
        if self.last is None:
            raise AssertionError("tail line before any rule")
        if line.kind == "EXAMPLE" and kind_override is None:
            self._close_example()
            self.last.examples.append(Example("", Span(self.ledger.path, line.number)))
            self.example_parts = [line.stripped]
            self.ledger.mark(line, "example")
            return
        if self.example_parts is not None:
            self.example_parts.append(line.text)
            self.ledger.mark(line, "example")
        else:
            self.text_parts.append(line.text)
            self.ledger.mark(line, kind_override or self.last.kind)

    # -- blocks --------------------------------------------------------------

    def heading(self, block: Block) -> None:
        line = block.first
        raw, title = split_number(line.stripped)
        number = RuleNumber.parse(raw)
        self.add(number, "", title, line)
        self.ledger.mark(line, number.kind)

    def rule_para(self, block: Block, after_gap: bool) -> None:
        first = block.first
        raw, text = split_number(first.stripped)
        number = self._number(raw, first)
        if number is None or (not after_gap and not self._fits(number)):
            # Not a rule after all: a wrapped line that began with a number.
            if self.last is None:
                self.loose(block, reason="text before the first rule")
                return
            self.ledger.repair(
                first,
                "wrapped-number",
                f"line begins with {raw!r} but continues rule {self.last.number} "
                "(no blank line before it and the number is out of sequence)",
            )
            for line in block.lines:
                self.tail_line(line)
            return
        if re.match(r"\s*\d{3}\.\d{1,3}[a-z]{0,2}\.(?=[A-Z\u201c\"])", first.text):
            self.ledger.repair(
                first,
                "missing-space",
                f"no space between rule number {number} and its text; read as if there were",
            )
        lines, headings = self._split_trailing_headings(block.lines, number)
        title = None
        if (
            number.kind == "rule"
            and number.rule is not None
            and looks_like_title(text)
            and not any(ln.kind in ("TEXT", "INDENTED") for ln in lines[1:])
        ):
            title, text = text, ""
        self.add(number, text, title, first)
        self.ledger.mark(first, number.kind)
        self._end_line = first.number
        for line in lines[1:]:
            self.tail_line(line)
        for line, heading in headings:
            self.ledger.repair(
                line,
                "heading-without-blank",
                f"heading {heading} has no blank line before it; read as a heading, "
                "not as text of the rule above",
            )
            self.heading(Block("heading", [line]))

    @staticmethod
    def _split_trailing_headings(
        lines: list[Line], first: RuleNumber
    ) -> tuple[list[Line], list[tuple[Line, RuleNumber]]]:
        """Headings at the end of a paragraph whose blank line was lost ("8. Multiplayer Rules").

        Only lines that continue the numbering are taken: the next section
        after the rule's own, or a later rule heading in the same or the next
        section. A wrapped line such as '304. Draw Step") of his' stays text.
        """
        found: list[tuple[Line, RuleNumber]] = []
        prev = first
        end = len(lines)
        for line in reversed(lines[1:]):
            if line.kind not in ("TEXT", "INDENTED"):
                break
            m = re.fullmatch(r"(\d{3}|[1-9])\.\s+([A-Z][^.]*)", line.stripped)
            if not m or not looks_like_title(m.group(2)):
                break
            found.insert(0, (line, RuleNumber.parse(m.group(1))))
            end -= 1
        for _, number in found:
            section = number.section if number.section < 10 else number.section // 100
            own = prev.section if prev.section < 10 else prev.section // 100
            if number <= prev or section > own + 1:
                return lines, []
            prev = number
        return lines[:end], found

    def _number(self, raw: str, line: Line) -> RuleNumber | None:
        m = NUMBER_RE.fullmatch(raw)
        if m and (m.group("b") is not None):
            return RuleNumber.parse(raw)
        spaced = re.fullmatch(r"(\d{3})\. (\d{1,3}[a-z]{0,2})", raw)
        if spaced:
            repaired = RuleNumber.parse(f"{spaced.group(1)}.{spaced.group(2)}")
            self.ledger.repair(
                line,
                "spaced-number",
                f"rule number {raw!r} has a stray space; read as {repaired}",
                str(repaired),
            )
            return repaired
        lost = re.fullmatch(r"(\d{3})\.([a-z]{1,2})", raw)
        prev = self.last_number
        if (
            lost
            and prev is not None
            and prev.section == int(lost.group(1))
            and prev.rule is not None
        ):
            repaired = RuleNumber(prev.section, prev.rule, lost.group(2))
            expected = letter_at(int(letter_index(prev.letters)) + 1) if prev.letters else "a"
            if lost.group(2) == expected:
                self.ledger.repair(
                    line,
                    "lost-number",
                    f"subrule number {raw!r} is missing its rule number; it follows "
                    f"{prev} so it is read as {repaired}",
                    str(repaired),
                )
                return repaired
        return None

    def _fits(self, number: RuleNumber) -> bool:
        """A rule line with no blank line before it must continue the sequence."""
        if self.last is None:
            return True
        prev = self.last_number
        assert prev is not None
        if number <= prev:
            return False
        parent = number.parent
        return parent is not None and str(parent) in self.out.by_number

    def loose(self, block: Block, reason: str | None = None) -> None:
        """A paragraph with no number: the rules put it under the rule before it."""
        if self.last is None:
            for line in block.lines:
                self.ledger.repair(line, "orphan-text", reason or "text before the first rule")
                self.ledger.mark(line, "repair")
            return
        first = block.first
        self.ledger.repair(
            first,
            "unnumbered-paragraph",
            f"paragraph without a rule number after a blank line; kept as part of rule {self.last.number}",
        )
        self._close_example()
        if first.kind != "EXAMPLE":
            # a separate paragraph, even in a hard-wrapped edition
            self.text_parts.append(PARAGRAPH_BREAK)
        for line in block.lines:
            self.tail_line(line)


def build_body(body: Block, ledger: Ledger, wrapped: bool) -> BuiltBody:
    builder = _BodyBuilder(ledger, wrapped)
    after_gap = True
    for child in body.children:
        kind = child.kind
        if kind == "gap":
            mark_gap(child.first, ledger)
            after_gap = True
            continue
        if kind in ("section_head", "rule_head"):
            builder.heading(child)
        elif kind == "rule_para":
            builder.rule_para(child, after_gap)
        elif kind == "loose_para":
            builder.loose(child)
        after_gap = False
    builder.flush()
    out = builder.out
    for rule in out.rules:
        rule.references = extract_references(
            "\n".join([rule.text, *(e.text for e in rule.examples)])
        )
    return out


def mark_gap(line: Line, ledger: Ledger) -> None:
    if line.kind == "DECOR":
        ledger.mark(line, "decoration")
        return
    texts = line.text.split("\n")
    for offset in range(line.count):
        number = line.number + offset
        text = texts[offset] if offset < len(texts) else ""
        if "\u00a0" in text:
            ledger.repairs.append(
                Repair(
                    number,
                    "nbsp-blank",
                    "blank line made of non-breaking spaces read as blank",
                    text,
                )
            )
        ledger.mark(number, "blank")


def paragraphs(block: Block, ledger: Ledger, kind: str, wrapped: bool) -> list[str]:
    """A block's text lines grouped at its gaps, each group joined."""
    out: list[list[str]] = [[]]
    for child in block.children:
        if child.kind == "gap":
            mark_gap(child.first, ledger)
            if out[-1]:
                out.append([])
            continue
        for line in child.lines:
            ledger.mark(line, kind)
            out[-1].append(line.text)
    return [join_lines(p, wrapped) for p in out if p]


def contents_entry(line: Line, ledger: Ledger) -> ContentsEntry:
    ledger.mark(line, "contents")
    text = _LEADER.sub("", line.stripped)
    raw, title = split_number(text)
    if raw and re.fullmatch(r"\d{3}|[1-9]", raw):
        return ContentsEntry(raw, title, Span(ledger.path, line.number))
    return ContentsEntry(None, text, Span(ledger.path, line.number))


def build_front(
    front: Block, ledger: Ledger, wrapped: bool
) -> tuple[str, list[str], list[ContentsEntry]]:
    """Title, introduction paragraphs and the table of contents."""
    contents: list[ContentsEntry] = []
    groups: list[list[Line]] = [[]]
    after_contents = False
    for child in front.children:
        if child.kind == "contents":
            for item in child.children:
                if item.kind == "gap":
                    mark_gap(item.first, ledger)
                else:
                    contents.append(contents_entry(item.first, ledger))
            after_contents = True
            continue
        if child.kind == "gap":
            mark_gap(child.first, ledger)
            if groups[-1]:
                groups.append([])
            continue
        line = child.first
        if after_contents and line.kind in ("BACK_TITLE", "INDEX_TITLE", "GLOSSARY_TITLE"):
            contents.append(contents_entry(line, ledger))
            continue
        after_contents = False
        groups[-1].append(line)
    groups = [g for g in groups if g]
    title = ""
    intro: list[str] = []
    for i, group in enumerate(groups):
        text = join_lines([ln.text for ln in group], True)
        if i == 0 and not DATE_LINE.search(text):
            title = text
            kind = "title"
        elif DATE_LINE.search(text) and len(text) < 120:
            kind = "date"
        elif text.strip().lower() == "introduction":
            kind = "heading"
        else:
            intro.append(join_lines([ln.text for ln in group], wrapped))
            kind = "introduction"
        for ln in group:
            ledger.mark(ln, kind)
    return title, intro, contents


def _note_truncation(ledger: Ledger, has_glossary: bool) -> None:
    """Every complete edition ends with credits; say so when one does not."""
    last = max(
        (i for i in range(1, ledger.total + 1) if ledger.kinds[i] not in (None, "blank")), default=0
    )
    where = "in its glossary" if has_glossary else "in its rules, before the glossary"
    ledger.repairs.append(
        Repair(
            last,
            "truncated",
            f"the document ends {where} (no credits follow): it looks cut short; "
            f"everything up to line {last} was read",
        )
    )


def build_document(document: Block, ledger: Ledger, wrapped: bool) -> dict[str, object]:
    """All parts of an edition, as keyword arguments for ``Edition``."""
    parts: dict[str, Block] = {}
    for child in document.children:
        parts[child.kind] = child
        if child.kind == "back":
            for sub in child.children:
                parts[sub.kind] = sub
    title, intro, contents = build_front(parts["front"], ledger, wrapped)
    body = build_body(parts["body"], ledger, wrapped) if "body" in parts else BuiltBody()
    glossary = []
    if "glossary" in parts:
        glossary = build_glossary(parts["glossary"], ledger, wrapped)
    book_index: list[str] = []
    if "index" in parts:
        block = parts["index"]
        book_index = [line.stripped for c in block.children for line in c.lines]
        for c in block.children:
            if c.kind == "gap":
                mark_gap(c.first, ledger)
            else:
                for line in c.lines:
                    ledger.mark(line, "index")
    credits: list[str] = []
    if "backmatter" in parts:
        credits = paragraphs(parts["backmatter"], ledger, "credits", wrapped)
    elif body.rules:
        _note_truncation(ledger, "glossary" in parts)
    return {
        "title": title,
        "introduction": intro,
        "contents": contents,
        "rules": body.rules,
        "glossary": glossary,
        "book_index": book_index,
        "credits": credits,
    }
