"""A rulings page (Crystal Keep style): rules with their citations, and rulings filed under them.

The page was a two-column table scraped to text, so each heading of the
left column ("501.2 - Attach") stands on the line of the rule before it
("501.1 - Most actions …"). The builder takes the rule on such a line
first and holds the heading back until the first rule it heads
(501.2a), so that each heading is paired with its own rule. Wrapped lines
are joined; each rule's citation "[CompRules 2007/05/01]" becomes
``Rule.citations`` and each ruling "501.10.Ruling.1 - … [Lorwyn FAQ
2007/09/25]" a ``Ruling`` of the rule it was filed under. A ruling filed
under a number other than the rule it sits beside (505.5.Ruling.1 among
the rules of 501.5) stays where the page put it, flagged with
``filed_under``. Dates are written ISO style (2007-09-25).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lark import Token, Transformer
from lark.exceptions import UnexpectedInput

from .blocks import Line, line_of
from .built import BuiltBody
from .errors import NotRulesError
from .grammar import load_grammar
from .ledger import Ledger, mark_gap
from .numbers import RuleNumber
from .official import check_lines
from .references import extract_references
from .sniff import LinePattern
from .sourcemap import MappedText, parse_error
from .text import join_lines
from .tree import Rule, Ruling, Span

__all__ = ["RULINGS_NAMES", "parse_rulings", "sniff_rulings", "split_citations"]

RULINGS_NAMES = {
    "CELLS": "table-cell debris ('|')",
    "BASED_ON": "the line naming the release ('This search based on …')",
    "SECTION_ROW": "a rule heading such as '501 - Keyword Actions'",
    "HEADED_ROW": "a heading and a rule on one line ('501.2 - Attach  501.1 - …')",
    "HEADING_ROW": "a heading such as '501.10 - Clash'",
    "RULE_ROW": "a rule such as '  501.2b - …'",
    "RULING_ROW": "a ruling such as '  501.10.Ruling.1 - …'",
    "WRAPPED": "a wrapped line",
    "TEXT": "a line of text",
}

_CELL = re.compile(
    r"(?P<num>\d{3}\.\d{1,3}[a-z]{0,2}|\d{3})(?P<ruling>\.Ruling\.(?P<k>\d+))? - (?P<text>.*)$"
)
_HEADED = re.compile(
    r"^(?P<indent>[ \t]*)(?P<head>\d{3}\.\d{1,3}[a-z]{0,2} - .*?)[ \t]{2,}"
    r"(?P<cell>\d{3}\.\d{1,3}[a-z]{0,2}(?:\.Ruling\.\d+)? - .*)$"
)
_CITATION = re.compile(
    r"\s*\[(?P<source>[^\[\]]+?)\s+(?P<date>\d{4})/(?P<month>\d{1,2})/(?P<day>\d{1,2})\]\s*$"
)
_SNIFF_RULING = LinePattern(r"[ \t]*\d{3}\.\d{1,3}[a-z]{0,2}\.Ruling\.\d+ - ")
_SNIFF_ROW = LinePattern(r"[ \t]*\d{3}\.\d{1,3}[a-z]{0,2} - ")
_SNIFF_PAGE = re.compile(r"release of the Rulings", re.I)


def sniff_rulings(text: str, path: str) -> str | None:
    rulings = _SNIFF_RULING.count(text)
    if rulings:
        return f"{rulings} lines start with a ruling number such as '501.10.Ruling.1 - '"
    if _SNIFF_PAGE.search(text, 0, 20_000) and _SNIFF_ROW.search(text):
        return "it is based on a release of the Rulings and has rules such as '501.1 - '"
    return None


def split_citations(text: str) -> tuple[str, list[tuple[str, str]]]:
    """``"… effect. [CompRules 2007/05/01]"`` → ``("… effect.", [("CompRules", "2007-05-01")])``."""
    found: list[tuple[str, str]] = []
    while m := _CITATION.search(text):
        date = f"{m.group('date')}-{int(m.group('month')):02d}-{int(m.group('day')):02d}"
        found.insert(0, (m.group("source").strip(), date))
        text = text[: m.start()]
    return text.rstrip(), found


class _RulingsTransformer(Transformer):
    """Tokens → ("head", lines), ("entry", lines) and ("tail", lines) items (stateless)."""

    def start(self, items: list[object]) -> list[tuple[str, list[Line]]]:
        out: list[tuple[str, list[Line]]] = []
        in_section = False
        for item in items:
            if isinstance(item, Token):
                out.append(("tail" if in_section else "head", [line_of(item)]))
            else:
                assert isinstance(item, list)
                out.extend(item)
                in_section = True
        return out

    def section(self, items: list[object]) -> list[tuple[str, list[Line]]]:
        out: list[tuple[str, list[Line]]] = []
        for item in items:
            if isinstance(item, Token):
                out.append(("section" if item.type == "SECTION_ROW" else "blank", [line_of(item)]))
            else:
                assert isinstance(item, tuple)
                out.append(item)
        return out

    def entry(self, items: list[object]) -> tuple[str, list[Line]]:
        return ("entry", [line_of(t) for t in items if isinstance(t, Token)])


_transformer = _RulingsTransformer()


@dataclass
class _Item:
    """A rule or ruling as written: its number, text lines and where it starts."""

    number: str
    ruling: int | None
    parts: list[str]
    line: Line
    column: int
    lines: list[Line] = field(default_factory=list)


class _Builder:
    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.body = BuiltBody()
        self.group: Rule | None = None  # the latest rule without a letter (501.5)
        self.pending: tuple[RuleNumber, str, Line] | None = None  # a heading held back
        self.last_ruling: tuple[Ruling, _Item] | None = None

    @property
    def rules(self) -> list[Rule]:
        return self.body.rules

    @property
    def by_number(self) -> dict[str, Rule]:
        return self.body.by_number

    def add_rule(
        self, number: RuleNumber, text: str, title: str | None, line: Line, column: int
    ) -> Rule:
        span = Span(self.ledger.path, line.number, column, line.number)
        rule = self.body.attach(number, text, title, span, self.ledger, line)
        if number.rule is not None and not number.letters:
            self.group = rule
        return rule

    def heading(self, raw: str, line: Line) -> None:
        """A left-column heading: held back until the rule it heads comes."""
        m = _CELL.match(raw.strip())
        assert m is not None
        self.release()
        self.pending = (RuleNumber.parse(m.group("num")), m.group("text").strip(), line)

    def release(self, before: RuleNumber | None = None) -> None:
        """Put the held heading in the tree, if the next rule is (or follows) its own."""
        if self.pending is None:
            return
        number, title, line = self.pending
        if before is not None and before < number:
            return
        self.pending = None
        self.add_rule(number, "", title, line, 1)

    def item(self, item: _Item) -> None:
        text = join_lines(item.parts, True)
        if item.ruling is None:
            number = RuleNumber.parse(item.number)
            self.release(number)
            body, citations = split_citations(text)
            if self.pending is not None and number == self.pending[0]:
                # the heading and its rule are one node: "501.1 - General" + "501.1 - text"
                _, title, _ = self.pending
                self.pending = None
                rule = self.add_rule(number, body, title, item.line, item.column)
            else:
                rule = self.add_rule(number, body, None, item.line, item.column)
            rule.citations = tuple(citations)
            rule.span = Span(self.ledger.path, item.line.number, item.column, item.lines[-1].number)
            self.last_ruling = None
            return
        body, citations = split_citations(text)
        source, date = citations[-1] if citations else (None, None)
        ruling = Ruling(
            body,
            source=source,
            date=date,
            number=f"{item.number}.Ruling.{item.ruling}",
            span=Span(self.ledger.path, item.line.number, item.column, item.lines[-1].number),
        )
        target = self._target(item.number, item.line)
        if target is None:
            return
        if not _same_rule(item.number, target.number):
            ruling.filed_under = item.number
            self.ledger.repair(
                item.line,
                "filed-elsewhere",
                f"ruling {ruling.number} is filed under {item.number} but stands among the "
                f"rules of {target.number}; kept there and flagged",
            )
        if source is None:
            self.ledger.repair(item.line, "no-citation", f"ruling {ruling.number} has no citation")
        target.rulings += (ruling,)
        self.last_ruling = (ruling, item)

    def _target(self, filed: str, line: Line) -> Rule | None:
        """The rule a ruling goes with: its own number if it stands among that rule's rules."""
        group = self.group
        own = self.by_number.get(str(RuleNumber.parse(filed)))
        if own is not None and group is not None and _in_group(own.number, group.number):
            return own
        if group is not None:
            return group
        if own is not None:
            return own
        if self.rules:
            return self.rules[-1]
        self.ledger.repair(
            line, "orphan-ruling", "a ruling before any rule; kept as page text only"
        )
        return None


def _same_rule(filed: str, number: str) -> bool:
    return str(RuleNumber.parse(filed)) == number


def _in_group(number: str, group: str) -> bool:
    value, head = RuleNumber.parse(number), RuleNumber.parse(group)
    return (value.section, value.rule) == (head.section, head.rule)


def _cell(text: str, line: Line, column: int) -> _Item:
    m = _CELL.match(text.strip())
    assert m is not None, text
    k = m.group("k")
    return _Item(m.group("num"), int(k) if k else None, [m.group("text")], line, column, [line])


def parse_rulings(text: str, path: str = "<rulings>") -> tuple[dict[str, object], Ledger]:
    """A rulings page; returns ``Edition`` fields and the line ledger."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    check_lines(path, lines)
    parser = load_grammar("rulings", transformer=_transformer)
    try:
        items: list[tuple[str, list[Line]]] = parser.parse("".join(ln + "\n" for ln in lines))
    except UnexpectedInput as exc:
        raise parse_error(exc, MappedText.identity(path, lines), RULINGS_NAMES) from None
    ledger = Ledger(path, len(lines))
    builder = _Builder(ledger)
    title = ""
    trailer = False
    for kind, group in items:
        line = group[0]
        if kind in ("head", "tail", "blank"):
            trailer = trailer or kind == "tail"
            if line.kind == "BASED_ON":
                ledger.mark(line, "date")
                title = title or line.stripped.strip("| ").strip()
            elif line.kind == "CELLS":
                ledger.mark(line, "decoration")
            elif line.kind == "BLANK":
                mark_gap(line, ledger)
            else:
                ledger.mark(line, "title")
                title = title or line.stripped
            continue
        if kind == "section":
            m = _CELL.match(line.stripped)
            assert m is not None
            rule = builder.add_rule(
                RuleNumber.parse(m.group("num")), "", m.group("text").strip(), line, 1
            )
            ledger.mark(line, rule.kind)
            continue
        # an entry: its first line, then wrapped lines
        head: str | None = None
        if line.kind == "HEADING_ROW":
            builder.heading(line.text, line)
            ledger.mark(line, "rule")
            continue
        if line.kind == "HEADED_ROW":
            m = _HEADED.match(line.text)
            assert m is not None
            head = m.group("head")
            current = _cell(m.group("cell"), line, m.start("cell") + 1)
        else:
            current = _cell(line.text, line, len(line.text) - len(line.text.lstrip()) + 1)
        for wrapped in group[1:]:
            current.parts.append(wrapped.text)
            current.lines.append(wrapped)
        # the rule beside a heading belongs to the heading before, so it goes in first
        builder.item(current)
        kind_name = "ruling" if current.ruling is not None else builder.rules[-1].kind
        for ln in current.lines:
            ledger.mark(ln, kind_name)
        if head is not None:
            builder.heading(head, line)
    builder.release()
    if not builder.rules:
        raise NotRulesError(path, 1, 1, lines[0] if lines else "", "no rules found on the page")
    _check_end(builder, ledger, trailer)
    for rule in builder.rules:
        rule.references = extract_references(
            "\n".join([rule.text, *(r.text for r in rule.rulings)])
        )
    return {"title": title, "rules": builder.rules}, ledger


def _check_end(builder: _Builder, ledger: Ledger, trailer: bool) -> None:
    """A page without its closing lines was cut short: say where, and what is incomplete."""
    if trailer:
        return
    last = builder.last_ruling
    if last is not None and last[0].source is None:
        ruling, item = last
        ledger.repairs = [
            r
            for r in ledger.repairs
            if not (r.kind == "no-citation" and r.line == item.line.number)
        ]
        ledger.repair(
            item.lines[-1],
            "truncated",
            f"the page ends inside ruling {ruling.number}, before its citation: the ruling "
            "is kept as far as it goes, with no source or date",
        )
        return
    end = max((n for n in range(1, ledger.total + 1) if ledger.kinds[n]), default=1)
    ledger.repair(
        Line(end, "TEXT", ""),
        "truncated",
        "the page ends without its closing lines ('This search based on …'): it may be cut short",
    )
