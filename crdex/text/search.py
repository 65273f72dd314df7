"""A search result as people read it: ``crdex search`` and MCP's ``search``.

Rules first (numbered hits in one edition, or one group per rule across
editions), then the rulings summaries' items; what was asked is echoed cut
to a bound. Printed as :class:`~.printer.Line` objects (see :mod:`.printer`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from crdex.errors import ECHO, cut
from crdex.errors import shown as echoed

from .printer import Line, Printer, as_printer, drawn, indented

if TYPE_CHECKING:
    from crdex.index.search import Group, Hit, SearchResult, Snippet

__all__ = ["print_search", "search_text"]

# editions listed one by one up to this many; more are shown as a range
_LIST_EDITIONS = 3


def _snippet(snippet: Snippet) -> Line:
    """The snippet, its matched words bold, its deciding sentence underlined."""
    text = Line(snippet.text)
    if snippet.sentence:
        text.stylize("underline", *snippet.sentence)
    for start, end in snippet.marks:
        text.stylize("bold", start, end)
    return text


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
    console = as_printer(console)
    if result.source != "summary":
        _print_rules(console, result)
    if result.source != "cr":
        if result.source == "all":
            console.print()
        _print_summary(console, result)


def search_text(result: SearchResult) -> str:
    """The same as :func:`print_search`, as one unwrapped string."""
    return drawn(lambda console: print_search(console, result))


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
