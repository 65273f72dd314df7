"""Glossary entries: a term line, then its definition.

A term line may name several spellings of one term ("Control, Controller",
"You, Your"): the first is the term, the others its aliases. But a comma can
also belong to the term itself: "Active Player, Nonactive Player Order" is
one term, as the glossary shows by citing it whole ("See Active Player,
Nonactive Player Order.") and by defining "Active Player" on its own. Terms
marked "(Obsolete)" are flagged and the mark is dropped from the term.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .blocks import Block, Line
from .tree import GlossaryEntry, Span

if TYPE_CHECKING:
    from .build import Ledger

__all__ = ["build_glossary", "split_term"]

_OBSOLETE = re.compile(r"\s*\((?:obsolete|Obsolete|OBSOLETE)\)\s*$")


def split_term(term: str, known_terms: set[str], cited: str) -> list[str]:
    """``[term, *aliases]`` for a term line, given the other terms and all definitions."""
    parts = [p for p in _split_commas(term) if p]
    if len(parts) < 2:
        return [term]
    if f"see {term.casefold()}" in cited:
        return [term]
    if any(p.casefold() in known_terms for p in parts):
        return [term]
    return parts


def _split_commas(term: str) -> list[str]:
    """Split at commas outside quotes: 'Partner, “Partner—[text],” “Partner with [name]”'."""
    out: list[str] = []
    cur = ""
    quoted = False
    for ch in term:
        if ch == "\u201c":
            quoted = True
        elif ch == "\u201d":
            quoted = False
        elif ch == '"':
            quoted = not quoted
        if ch == "," and not quoted:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return [p.strip().strip(",").strip().strip('"\u201c\u201d').strip(",").strip() for p in out]


def _is_continuation(lines: list[Line]) -> bool:
    """A glossary paragraph that continues the entry above rather than starting one.

    A term is a line at the margin followed by its definition; a paragraph
    that is indented (1999-04-23 indents definitions), opens with a numbered
    sense ("2. A counter is …", 1999-11-01) or is a lone line (the set list
    under "Expansion Symbol", 2001) belongs to the entry before it.
    """
    first = lines[0]
    return len(lines) == 1 or first.kind == "INDENTED" or bool(re.match(r"\d+\.\s", first.stripped))


def _looks_like_term(line: Line, after: str) -> bool:
    from .build import looks_like_title

    term = _OBSOLETE.sub("", line.stripped)
    return line.kind == "TEXT" and looks_like_title(term) and term.casefold() > after.casefold()


def _entries(block: Block, ledger: Ledger, wrapped: bool) -> list[list[Line]]:
    """Paragraphs of the glossary regrouped into one list of lines per entry."""
    from .build import PARAGRAPH_BREAK, mark_gap

    entries: list[list[Line]] = []
    for child in block.children:
        if child.kind == "gap":
            mark_gap(child.first, ledger)
            continue
        if child.kind == "glossary_title":
            ledger.mark(child.first, "heading")
            continue
        for line in child.lines:
            ledger.mark(line, "glossary")
        if entries and _is_continuation(child.lines):
            entries[-1].append(Line(0, "BREAK", PARAGRAPH_BREAK))
            entries[-1].extend(child.lines)
            continue
        current = [child.lines[0]]
        entries.append(current)
        lines = child.lines
        for i, line in enumerate(lines[1:], 1):
            # A term whose blank line was lost ("Floor Rules", 2008-05-01):
            # a title-like line at the margin, in alphabetical order, with a
            # definition after it. Hard-wrapped editions are left alone.
            if (
                not wrapped
                and i >= 2
                and i + 1 < len(lines)
                and _looks_like_term(line, current[0].stripped)
            ):
                ledger.repair(
                    line,
                    "term-without-blank",
                    f"glossary term {line.stripped!r} has no blank line before it",
                )
                current = [line]
                entries.append(current)
                continue
            current.append(line)
    return entries


def build_glossary(block: Block, ledger: Ledger, wrapped: bool) -> list[GlossaryEntry]:
    from .build import join_lines
    from .references import extract_references

    raw = _entries(block, ledger, wrapped)
    known = {_OBSOLETE.sub("", e[0].stripped).casefold() for e in raw}
    definitions = [join_lines([ln.text for ln in e[1:]], wrapped) for e in raw]
    cited = "\n".join(definitions).casefold()
    entries: list[GlossaryEntry] = []
    for lines, definition in zip(raw, definitions, strict=True):
        term = lines[0].stripped
        obsolete = bool(_OBSOLETE.search(term))
        clean = _OBSOLETE.sub("", term)
        names = split_term(clean, known - {clean.casefold()}, cited)
        entries.append(
            GlossaryEntry(
                term=names[0],
                definition=definition,
                aliases=names[1:],
                references=extract_references(definition),
                obsolete=obsolete,
                span=Span(ledger.path, lines[0].number),
            )
        )
    return entries
