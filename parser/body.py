"""The rules body: blocks into ``Rule`` nodes, nested by their parsed numbers.

The grammar says what each line is; this module turns headings and rule
paragraphs into nodes, nests them by number (never by string prefix), and
writes to the ledger what became of every line. What it changes (a lost
rule number restored, a wrapped line that began with a number put back into
its paragraph) is a repair with the line and the reason.

A line under a rule line, with no blank line between them, is read by the
edition's own layout:

- an ``Example:`` line is an example, and an indented line a further
  paragraph (the documents indent second paragraphs: 205.3i, 810.7b);
- in a hard-wrapped edition (2001–2004: no line longer than 160
  characters) any other line continues the paragraph above: a wrap;
- in an edition whose rules are one line each, a line of text at the
  margin is none of these. It is joined to the rule as a further paragraph
  so nothing is lost, but it is *absorbed*, not understood, and recorded
  as an anomaly (:data:`~.ledger.ABSORBED_INTO_RULE`), as is any other line
  joined to a rule because nothing else fitted.
"""

from __future__ import annotations

import re

from .blocks import Block, Line
from .built import BuiltBody
from .ledger import ABSORBED_INTO_RULE, Ledger, mark_gap
from .numbers import RuleNumber, letter_at, letter_index
from .references import references_of
from .text import PARAGRAPH_BREAK, join_lines, looks_like_title, split_number
from .tree import Example, Rule, Span

__all__ = ["build_body"]

_CAPITAL_OR_QUOTE = frozenset('ABCDEFGHIJKLMNOPQRSTUVWXYZ\u201c"')
_SPACED = re.compile(r"(\d{3})\. (\d{1,3}[a-z]{0,2})")
_LOST = re.compile(r"(\d{3})\.([a-z]{1,2})")
_HEADING = re.compile(r"(\d{3}|[1-9])\.\s+([A-Z][^.]*)")


class _BodyBuilder:
    def __init__(self, ledger: Ledger, wrapped: bool, one_line_rules: bool) -> None:
        self.ledger = ledger
        self.path = ledger.path
        self.wrapped = wrapped
        self.one_line_rules = one_line_rules
        self.out = BuiltBody()
        self.last: Rule | None = None
        self.last_number: RuleNumber | None = None  # parsed once, not per use
        # the pieces of the last rule, so later lines can still be appended
        self.text_parts: list[str] = []
        self.example_parts: list[str] | None = None
        self.end_line = 0

    # -- nodes ---------------------------------------------------------------

    def add(self, number: RuleNumber, text: str, title: str | None, line: Line) -> Rule:
        self.flush()
        canonical = number.canonical
        prev = self.last_number
        out = self.out
        if prev is not None and (
            canonical in out.by_number
            or (number.letters is not None and number.parent.canonical not in out.latest)  # type: ignore[union-attr]
        ):
            successor = self._successor_of_last(number)
            if successor is not None and successor != number:
                self.ledger.repair(
                    line,
                    "wrong-number",
                    f"subrule {canonical} is out of sequence after {prev}; read as {successor}",
                    str(successor),
                )
                number, canonical = successor, successor.canonical
        if prev is not None and number <= prev and canonical not in out.by_number:
            self.ledger.repair(
                line,
                "out-of-order",
                f"rule {canonical} comes after {prev} in the document; kept where it stands",
            )
        at = line.number
        rule = out.attach(number, text, title, Span(self.path, at, 1, at), self.ledger, line)
        self.last = rule
        self.last_number = number
        self.text_parts = [text] if text else []
        self.example_parts = None
        self.end_line = at
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
        if self.example_parts is not None:
            self._close_example()
        parts = self.text_parts
        # one piece that is the rule's own text (stripped by split_number) needs no joining
        if (rule.title is None or len(parts) > 1) and not (
            len(parts) == 1 and parts[0] is rule.text
        ):
            rule.text = join_lines(parts, self.wrapped)
        if rule.span is not None and self.end_line > (rule.span.end_line or rule.span.line):
            rule.span = Span(rule.span.path, rule.span.line, 1, self.end_line)

    def _close_example(self) -> None:
        if self.last is not None and self.example_parts is not None:
            self.last.examples[-1].text = join_lines(self.example_parts, self.wrapped)
        self.example_parts = None

    def tail_line(self, line: Line, absorbed: tuple[str, str] | None = None) -> None:
        """A further line of the current rule: an example, a paragraph, a wrap, or absorbed.

        ``absorbed`` is the repair (kind, reason) of a line that is joined to
        the rule only because nothing else fitted; a line of text at the
        margin in an edition whose rules are one line each is such a line.
        """
        self.end_line = line.number
        rule = self.last
        if rule is None:
            raise AssertionError("tail line before any rule")
        if line.kind == "EXAMPLE":
            self._close_example()
            rule.examples.append(Example("", Span(self.ledger.path, line.number)))
            self.example_parts = [line.stripped]
        else:
            into = "example" if self.example_parts is not None else rule.kind
            if absorbed is None and self.one_line_rules and line.kind == "TEXT":
                absorbed = (
                    ABSORBED_INTO_RULE,
                    f"a line of text at the margin right under rule {rule.number}"
                    f"{' (in its example)' if into == 'example' else ''}, with no rule number "
                    "and no blank line before it; rules in this edition are one line each, "
                    "so it was joined to the rule as a further paragraph",
                )
            if self.example_parts is not None:
                self.example_parts.append(line.text)
            else:
                self.text_parts.append(line.text)
        if absorbed is not None:
            self.ledger.absorb(line, *absorbed)
        else:
            self.ledger.kinds[line.number] = (
                "example" if self.example_parts is not None else rule.kind
            )

    # -- blocks --------------------------------------------------------------

    def heading(self, block: Block) -> None:
        line = block.first
        raw, title = split_number(line.stripped)
        number = RuleNumber.parse(raw)
        self.add(number, "", title, line)
        self.ledger.kinds[line.number] = number.kind

    def rule_para(self, lines: list[Line], after_gap: bool) -> None:
        first = lines[0]
        stripped = first.stripped
        raw, text = split_number(stripped)
        # "701.22a": split_number read a whole number (most lines); else see _number
        number = RuleNumber.parse(raw) if raw[4:5].isdigit() else self._number(raw, first)
        if number is None or (not after_gap and not self._fits(number)):
            self._wrapped_number(lines, raw)
            return
        after = stripped[len(raw) : len(raw) + 2]
        if after[:1] == "." and after[1:] in _CAPITAL_OR_QUOTE:
            # "901.4.All players": the number runs into the text
            self.ledger.repair(
                first,
                "missing-space",
                f"no space between rule number {number} and its text; read as if there were",
            )
        headings: list[tuple[Line, RuleNumber]] = []
        if len(lines) > 1:
            lines, headings = self._split_trailing_headings(lines, number)
        title = None
        if (
            number.rule is not None
            and not number.letters
            and looks_like_title(text)
            and not any(ln.kind in ("TEXT", "INDENTED") for ln in lines[1:])
        ):
            title, text = text, ""
        self.add(number, text, title, first)
        self.ledger.kinds[first.number] = number.kind
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

    def _wrapped_number(self, lines: list[Line], raw: str) -> None:
        """A line that begins with a number but is no rule: the wrap of the paragraph above."""
        first = lines[0]
        if self.last is None:
            self.loose(lines, reason="text before the first rule")
            return
        reason = (
            f"line begins with {raw!r} but continues rule {self.last.number} "
            "(no blank line before it and the number is out of sequence)"
        )
        if self.one_line_rules:
            self.tail_line(
                first, (ABSORBED_INTO_RULE, f"{reason}; rules in this edition are one line each")
            )
        else:
            self.ledger.repair(first, "wrapped-number", reason)
            self.tail_line(first)
        for line in lines[1:]:
            self.tail_line(line)

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
            m = _HEADING.fullmatch(line.stripped)
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
        if raw[4:5].isdigit():  # "701.22a": split_number read a whole number
            return RuleNumber.parse(raw)
        spaced = _SPACED.fullmatch(raw)
        if spaced:
            repaired = RuleNumber.parse(f"{spaced.group(1)}.{spaced.group(2)}")
            self.ledger.repair(
                line,
                "spaced-number",
                f"rule number {raw!r} has a stray space; read as {repaired}",
                str(repaired),
            )
            return repaired
        lost = _LOST.fullmatch(raw)
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

    def _rule_within(self, lines: list[Line]) -> int | None:
        """Where a later line of a paragraph without a number begins the next rule, if one does.

        Only a whole rule number that continues the sequence counts, as for a
        rule line with no blank line before it; a hard-wrapped line that
        merely begins with a number does not.
        """
        for k, line in enumerate(lines[1:], 1):
            raw, _text = split_number(line.stripped)
            if not raw[4:5].isdigit():
                continue
            try:
                number = RuleNumber.parse(raw)
            except ValueError:
                continue
            if self._fits(number):
                return k
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

    def loose(self, lines: list[Line], reason: str | None = None) -> None:
        """A paragraph with no number: the rules put it under the rule before it (absorbed)."""
        ledger = self.ledger
        if self.last is None:
            for line in lines:
                ledger.absorb(line, "orphan-text", reason or "text before the first rule")
            return
        first = lines[0]
        self._close_example()
        if first.kind == "EXAMPLE":
            # an example, though a blank line stands between it and its rule (2025-11-14,
            # under 701.67b): read as the rule's example, as every example is
            ledger.repair(
                first,
                "example-after-blank",
                f"a blank line stands between rule {self.last.number} and this example; "
                "read as its example",
            )
            for line in lines:
                self.tail_line(line)
            return
        start = self._rule_within(lines)
        if start is not None:
            # a stray line right above a rule (no blank line between): the rule is
            # read as a rule, not swallowed as the stray paragraph's continuation
            self.loose(lines[:start], reason)
            self.rule_para(lines[start:], after_gap=False)
            return
        kind = ABSORBED_INTO_RULE if self.one_line_rules else "unnumbered-paragraph"
        why = f"paragraph without a rule number after a blank line; kept as part of rule {self.last.number}"
        # a separate paragraph, even in a hard-wrapped edition
        self.text_parts.append(PARAGRAPH_BREAK)
        for line in lines:
            self.tail_line(line, (kind, why))
            why = (
                f"continues the paragraph without a rule number at line {first.number}; "
                f"kept as part of rule {self.last.number}"
            )


def build_body(
    body: Block, ledger: Ledger, wrapped: bool, one_line_rules: bool = False
) -> BuiltBody:
    """The rules of a body block; ``one_line_rules`` when the edition writes each rule on one line."""
    builder = _BodyBuilder(ledger, wrapped, one_line_rules)
    after_gap = True
    for child in body.children:
        kind = child.kind
        if kind == "gap":
            mark_gap(child.lines[0], ledger)
            after_gap = True
            continue
        if kind == "rule_blocks":
            rule_para = builder.rule_para
            for lines, gap in child.paragraphs:
                if lines[0].kind == "RULE_LINE":
                    rule_para(lines, after_gap)
                else:  # a heading (the run's grammar puts one only after blank lines)
                    builder.heading(Block(lines[0].kind.lower(), lines))
                mark_gap(gap, ledger)
                after_gap = True
            continue
        if kind in ("section_head", "rule_head"):
            builder.heading(child)
        elif kind == "rule_para":
            builder.rule_para(child.lines, after_gap)
        elif kind == "loose_para":
            builder.loose(child.lines)
        after_gap = False
    builder.flush()
    out = builder.out
    texts = [
        "\n".join([rule.text, *(e.text for e in rule.examples)]) if rule.examples else rule.text
        for rule in out.rules
    ]
    for rule, references in zip(out.rules, references_of(texts), strict=True):
        rule.references = references
    return out
