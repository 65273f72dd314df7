"""The short text beside each structured answer: what ``crdex`` prints for people.

Rules, glossary entries and search results are drawn by the command
line's own renderer (:mod:`crdex.commands.render`) on a console that
writes to a string, without colour and without wrapping (an assistant
reads long lines as well as short ones); history and resolve use the
lineage renderer, so the text matches ``crdex history`` and ``crdex
resolve``. A page of a longer answer says where the next page starts.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from crdex.commands.options import BUNDLED_NOTE

if TYPE_CHECKING:
    from rich.console import Console

    from crdex.citations import Judgement
    from crdex.index.answers.show import GlossaryView, RuleView
    from crdex.index.lineage.diff import DiffItem, EditionDiff
    from crdex.index.search import SearchResult

__all__ = [
    "BUNDLED",
    "check",
    "contents",
    "diff",
    "editions",
    "glossary",
    "rule",
    "search",
]

BUNDLED = f"note: {BUNDLED_NOTE}"

# wide enough that no paragraph of the rules is wrapped
_WIDTH = 100_000


def _drawn(draw: Callable[[Console], None]) -> str:
    from rich.console import Console

    out = io.StringIO()
    draw(Console(file=out, width=_WIDTH, color_system=None, highlight=False, emoji=False))
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())


def _more(where: dict[str, Any], what: str) -> str:
    """``"showing 1–25 of 1034 changes; the next page starts at offset 25"``."""
    total, offset = where["total"], where["offset"]
    if not total:
        return f"no {what}"
    last = offset + min(where["limit"], max(0, total - offset))
    shown = (
        f"showing {offset + 1}–{last} of {total} {what}"
        if last > offset
        else (f"nothing at offset {offset}: there are {total} {what}")
    )
    if where["next_offset"] is not None:
        shown += f"; the next page starts at offset {where['next_offset']}"
    return shown


def _document(doc: dict[str, Any]) -> str:
    tag = f" {doc['tag']}" if doc["tag"] else ""
    second = "" if doc["in_chain"] else ", a second copy"
    return f"{doc['id']} ({doc['format']}{tag}, {PurePath(doc['path']).name}{second})"


def editions(data: dict[str, Any]) -> str:
    eds = data["editions"]
    lines = [f"{len(eds)} edition{'s' * (len(eds) != 1)}, oldest first:"]
    for e in eds:
        copies = f", {e['copies']} copies" if e["copies"] > 1 else ""
        line = f"  {e['id']}  {e['rules']} rules, {e['glossary']} glossary entries{copies}"
        if "documents" in e:
            line += ": " + "; ".join(_document(doc) for doc in e["documents"])
        lines.append(line)
    if "undated_documents" in data:
        names = sorted({PurePath(doc["path"]).name for doc in data["undated_documents"]})
        if names:
            lines.append(f"documents with no date of their own: {', '.join(names)}")
    elif data["undated"]:
        lines.append(
            f"and {data['undated']} documents with no date of their own (listed with documents)"
        )
    return "\n".join(lines)


def contents(data: dict[str, Any]) -> str:
    lines = [f"{data['edition']}: {data['title']}"]
    for section in data["sections"]:
        lines.append(f"{section['number']}. {section['title']}")
        lines.extend(f"  {r['number']}. {r['title']}" for r in section["rules"])
    lines.append(f"Glossary: {data['glossary']} entries")
    return "\n".join(lines)


def rule(view: RuleView, omitted: Sequence[str]) -> str:
    from rich.text import Text

    from crdex.commands.render import print_rule

    def draw(console: Console) -> None:
        console.print(Text(view.edition))
        print_rule(console, view, 0)

    text = _drawn(draw)
    if omitted:
        text += (
            f"\n… left out, to keep this short: {', '.join(omitted)} "
            "(and the rules under them); ask for each by number"
        )
    return text


def glossary(views: Sequence[GlossaryView], where: dict[str, Any], edition: str) -> str:
    from crdex.commands.render import print_glossary

    def draw(console: Console) -> None:
        for view in views:
            print_glossary(console, view)

    text = _drawn(draw)
    if where["total"] == 1 and len(views) == 1:
        return text
    return f"{text}\n{_more(where, f'glossary entries in {edition}')}".lstrip("\n")


def search(result: SearchResult) -> str:
    from crdex.commands.render import print_search

    return _drawn(lambda console: print_search(console, result))


def check(data: dict[str, Any], judgements: Sequence[Judgement]) -> str:
    from crdex.citations import LABELS, STATUSES

    lines = [
        f"line {j.citation.line}, column {j.citation.column}: {j.label}: "
        f"{j.citation.text}: {j.message}"
        for j in judgements
    ]
    counts = data["counts"]
    parts = [f"{LABELS[s]} {counts[s]}" for s in STATUSES if counts.get(s)]
    n = data["citations"]
    lines.append(
        f"{n} citation{'s' * (n != 1)} checked against {data['edition']}"
        + (f": {', '.join(parts)}" if parts else "")
    )
    return "\n".join(lines)


def diff(
    result: EditionDiff,
    items: Sequence[DiffItem],
    reused: Sequence[dict[str, Any]],
    where: dict[str, Any],
    words: bool,
) -> str:
    from crdex.index.lineage.render import render_change, render_diff_summary, render_reused

    lines = [*render_diff_summary(result), ""]
    for item in items:
        lines.extend(render_change(item, words))
    if reused:
        lines.append("reused numbers:")
        lines.extend(render_reused(r) for r in reused)
    lines.append(_more(where, "changes"))
    return "\n".join(lines)
