"""A rule or a glossary entry as people read it: ``crdex show``, ``crdex glossary``, MCP's ``rule``.

What to print is made of :class:`~.printer.Line` objects (text with rich
styles) and printed by a :class:`~.printer.Printer`: rich on a terminal,
plain text elsewhere (see :mod:`.printer`); a rich console may be given
instead. Imported only where an answer is printed for people, so that
``--json`` runs and ``--help`` do not pay for it. Wrapped lines are
indented under their heading and carry no trailing spaces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from crdex.parser.normalize import ITALICS

from .pages import more
from .printer import Line, as_printer, drawn, indented
from .rulings import historical_heading, topic_line

if TYPE_CHECKING:
    from rich.console import Console

    from crdex.index.answers.show import GlossaryView, RuleView

__all__ = [
    "glossary_text",
    "print_glossary",
    "print_rule",
    "print_topics",
    "rule_text",
    "styled",
]


def styled(text: str, style: str | None = None) -> Line:
    """Text for a terminal, its underscore italics (``_Magic_``, 2008-2010) as italics."""
    if "_" not in text:
        return Line(text, style=style)
    line = Line("", style=style)
    at = 0
    for match in ITALICS.finditer(text):
        line.append(text[at : match.start()])
        line.append(match.group(1), "italic")
        at = match.end()
    line.append(text[at:])
    return line


def print_glossary(console: Any, view: GlossaryView) -> None:
    console = as_printer(console)
    head = Line(view.term, style="bold")
    head.append(
        f"  glossary, {view.edition}" + (", obsolete" if view.obsolete else ""), style="dim"
    )
    console.print(head)
    if view.aliases:
        indented(console, Line(f"also: {', '.join(view.aliases)}"), 2)
    indented(console, styled(view.definition), 2)
    if view.references:
        indented(console, Line(f"see: {', '.join(view.references)}", style="dim"), 2)


def print_topics(console: Any, view: RuleView) -> None:
    """The rulings summaries' topics on a rule, after it."""
    console = as_printer(console)
    for t in view.topics:
        indented(console, Line(topic_line(t), style="dim"), 0)


def _rulings(console: Any, rulings: list[dict[str, Any]], indent: int) -> None:
    for ruling in rulings:
        source = " ".join(filter(None, [ruling.get("source"), ruling.get("date")]))
        line = f"Ruling: {ruling['text']}" + (f" [{source}]" if source else "")
        indented(console, Line(line), indent)


def print_rule(console: Any, view: RuleView, depth: int) -> None:
    console = as_printer(console)
    pad = 2 * depth
    head = Line(view.number, style="bold cyan")
    if view.title:
        head.append("  ", style="bold")
        head.append_text(styled(view.title, "bold"))
    elif view.text:
        head.append("  ")
        head.append_text(styled(view.text))
    indented(console, head, pad)
    body = pad + 2
    if view.title and view.text:
        indented(console, styled(view.text), body)
    for example in view.examples:
        indented(console, styled(example, "italic"), body)
    _rulings(console, [r for r in view.rulings if not r.get("historical")], body)
    past = [r for r in view.rulings if r.get("historical")]
    for heading in dict.fromkeys(historical_heading(r) for r in past):
        indented(console, Line(f"{heading[0].upper()}{heading[1:]}:", style="dim"), body)
        _rulings(console, [r for r in past if historical_heading(r) == heading], body + 2)
    if view.references:
        indented(console, Line(f"refers to: {', '.join(view.references)}", style="dim"), body)
    if view.cited_by:
        indented(console, Line(f"referred to by: {', '.join(view.cited_by)}", style="dim"), body)
    for child in view.children:
        print_rule(console, child, depth + 1)


def rule_text(view: RuleView, omitted: Sequence[str]) -> str:
    """A rule as one string, its edition first; the rules left out to keep it short named last."""

    def draw(console: Console) -> None:
        from rich.text import Text

        console.print(Text(view.edition))
        print_rule(console, view, 0)

    text = drawn(draw)
    if omitted:
        text += (
            f"\n… left out, to keep this short: {', '.join(omitted)} "
            "(and the rules under them); ask for each by number"
        )
    return text


def glossary_text(views: Sequence[GlossaryView], where: dict[str, Any], edition: str) -> str:
    """Glossary entries as one string; a page of a longer list says where the next one starts."""

    def draw(console: Console) -> None:
        for view in views:
            print_glossary(console, view)

    text = drawn(draw)
    if where["total"] == 1 and len(views) == 1:
        return text
    return f"{text}\n{more(where, f'glossary entries in {edition}')}".lstrip("\n")
