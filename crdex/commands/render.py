"""How answers look for people in a terminal: rules, glossary entries and search results.

What to print is made of :class:`~.printer.Line` objects (text with rich
styles) and printed by a :class:`~.printer.Printer`: rich on a terminal,
plain text elsewhere (see :mod:`.printer`); a rich console may be given
instead. This module is imported only by commands that print for people,
so that ``--json`` runs and ``--help`` do not pay for it. Wrapped lines are
indented under their heading and carry no trailing spaces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from crdex.errors import ECHO, cut
from crdex.errors import shown as echoed
from crdex.index.lineage.render import historical_heading, topic_line
from crdex.parser.normalize import ITALICS

from .printer import Line, PlainPrinter, Printer, RichPrinter

if TYPE_CHECKING:
    from crdex.index.answers.show import GlossaryView, RuleView
    from crdex.index.search import Group, Hit, SearchResult, Snippet

__all__ = ["indented", "print_glossary", "print_rule", "print_search", "print_topics"]

# editions listed one by one up to this many; more are shown as a range
_LIST_EDITIONS = 3


def _printer(console: Any) -> Printer:
    """A printer, or a rich console to print through."""
    return console if isinstance(console, (PlainPrinter, RichPrinter)) else RichPrinter(console)


def _styled(text: str, style: str | None = None) -> Line:
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


def _snippet(snippet: Snippet) -> Line:
    text = Line(snippet.text)
    for start, end in snippet.marks:
        text.stylize("bold", start, end)
    return text


def indented(console: Any, text: Line, indent: int, hang: int = 2) -> None:
    """Print ``text`` wrapped to the console's width: indented, continuations ``hang`` further.

    Each paragraph of ``text`` starts at ``indent``; its wrapped lines start
    ``hang`` columns further in, so a wrapped rule reads as one block under
    its number. No line ends in spaces.
    """
    _printer(console).indented(text, indent, hang)


def _editions(ids: list[str]) -> str:
    if not ids:
        return ""
    if len(ids) <= _LIST_EDITIONS:
        return ", ".join(ids)
    return f"{ids[0]} … {ids[-1]} ({len(ids)} editions)"


def _head(hit: Hit) -> Line:
    head = Line(hit.label, style="bold cyan")
    name = hit.title if hit.kind != "glossary" else ""
    context = name or hit.heading
    if context:
        # a subrule's title is its heading's: shown, but not as its own
        own = bool(name) and name != hit.heading
        head.append(f"  {context}", style="bold" if own else "dim")
    return head


def print_search(console: Any, result: SearchResult) -> None:
    """Print a search result for people: the rules, then the rulings summaries' items."""
    console = _printer(console)
    if result.source != "summary":
        _print_rules(console, result)
    if result.source != "cr":
        if result.source == "all":
            console.print()
        _print_summary(console, result)


def _print_summary(console: Printer, result: SearchResult) -> None:
    if not result.summary:
        console.print(f"No rulings summary item matches {echoed(result.query)}.")
        return
    for n, hit in enumerate(result.summary, 1):
        head = Line(f"{n:>2}. ")
        head.append(hit.number, style="bold magenta")
        head.append(f"  {hit.kind} under {hit.topic} {hit.topic_title}".rstrip(), style="dim")
        console.print(head)
        indented(console, _snippet(hit.snippet), 4)
        where = f"{hit.page}, {hit.date}" if hit.date else hit.page
        cited = f" [{'; '.join(hit.sources)}]" if hit.sources else ""
        indented(console, Line(f"{where}{cited}", style="dim"), 4)
    console.print(
        Line(
            f"{len(result.summary)} of {result.summary_total} rulings summary items "
            "(their own numbering, not CR rule numbers)",
            style="dim",
        )
    )


def _print_rules(console: Printer, result: SearchResult) -> None:
    where = f"in {result.edition}" if result.edition else "in all editions"
    if result.asked and result.asked not in (result.edition, "latest"):
        where += f" (in force on {result.asked})"
    if not result.hits and not result.groups:
        console.print(f"No rules match {echoed(result.query)} {where}.")
        if result.suggestion:
            console.print(f"Did you mean: {cut(result.suggestion, ECHO * 2)}?")
        return
    if result.corrected:
        console.print(
            f"No rules match {echoed(result.query)}; showing results for: {cut(result.corrected, ECHO * 2)}"
        )
    elif result.suggestion:
        console.print(Line(f"(did you mean: {cut(result.suggestion, ECHO * 2)}?)", style="dim"))
    if result.edition is not None:
        for n, hit in enumerate(result.hits, 1):
            line = Line(f"{n:>2}. ") if result.mode == "text" else Line("")
            line.append_text(_head(hit))
            console.print(line)
            indented(console, _snippet(hit.snippet), 4)
            if hit.term:  # a glossary entry found, answering as the rule it points to
                indented(console, Line(f"glossary: {hit.term}: {hit.definition}", style="dim"), 4)
        shown = len(result.hits)
    else:
        for n, group in enumerate(result.groups, 1):
            _group(console, n, group, result.mode == "text")
        shown = len(result.groups)
    what = "rules" if result.mode == "text" else "rules under that number"
    console.print(Line(f"{shown} of {result.total} {what} {where}", style="dim"))


def _group(console: Printer, n: int, group: Group, numbered: bool) -> None:
    head = Line(f"{n:>2}. " if numbered else "")
    if group.kind == "glossary":
        head.append(f"glossary: {group.title}", style="bold cyan")
    else:
        head.append(group.number, style="bold cyan")
        if group.title:
            head.append(f"  {group.title}", style="bold")
    head.append(f"  (in {group.last}; rule {group.identity})", style="dim")
    console.print(head)
    for version in group.versions:
        numbers = ", ".join(dict.fromkeys(num for _ed, num in version.numbers)) or version.label
        line = Line(numbers, style="cyan")
        line.append(f"  {_editions(version.editions)}", style="dim")
        indented(console, line, 4)
        indented(console, _snippet(version.snippet), 6)


def print_glossary(console: Any, view: GlossaryView) -> None:
    console = _printer(console)
    head = Line(view.term, style="bold")
    head.append(
        f"  glossary, {view.edition}" + (", obsolete" if view.obsolete else ""), style="dim"
    )
    console.print(head)
    if view.aliases:
        indented(console, Line(f"also: {', '.join(view.aliases)}"), 2)
    indented(console, _styled(view.definition), 2)
    if view.references:
        indented(console, Line(f"see: {', '.join(view.references)}", style="dim"), 2)


def print_topics(console: Any, view: RuleView) -> None:
    """The rulings summaries' topics on a rule, after it."""
    console = _printer(console)
    for t in view.topics:
        indented(console, Line(topic_line(t), style="dim"), 0)


def _rulings(console: Printer, rulings: list[dict[str, Any]], indent: int) -> None:
    for ruling in rulings:
        source = " ".join(filter(None, [ruling.get("source"), ruling.get("date")]))
        line = f"Ruling: {ruling['text']}" + (f" [{source}]" if source else "")
        indented(console, Line(line), indent)


def print_rule(console: Any, view: RuleView, depth: int) -> None:
    console = _printer(console)
    pad = 2 * depth
    head = Line(view.number, style="bold cyan")
    if view.title:
        head.append("  ", style="bold")
        head.append_text(_styled(view.title, "bold"))
    elif view.text:
        head.append("  ")
        head.append_text(_styled(view.text))
    indented(console, head, pad)
    body = pad + 2
    if view.title and view.text:
        indented(console, _styled(view.text), body)
    for example in view.examples:
        indented(console, _styled(example, "italic"), body)
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
