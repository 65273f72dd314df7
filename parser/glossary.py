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

from .blocks import Block, Line
from .ledger import Ledger, mark_gap
from .references import references_of
from .text import PARAGRAPH_BREAK, join_lines, looks_like_title
from .tree import GlossaryEntry, Span

__all__ = ["build_glossary", "split_term"]

_OBSOLETE = re.compile(r"\s*\((?:obsolete|Obsolete|OBSOLETE)\)\s*$")
# "2. A counter is …": a numbered sense of the term; "See rule 701.22.": where the rules say more
_SENSE = re.compile(r"\d+\.\s")
_SEE = re.compile(r"See\b")


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
    return len(lines) == 1 or first.kind == "INDENTED" or bool(_SENSE.match(first.stripped))


def _looks_like_term(line: Line, after: str) -> bool:
    term = _OBSOLETE.sub("", line.stripped)
    return line.kind == "TEXT" and looks_like_title(term) and term.casefold() > after.casefold()


def _stated(line: Line) -> bool:
    """A further line of a definition in a form the glossary uses: an example, an indented
    paragraph, a numbered sense ("2. …") or a pointer into the rules ("See rule …")."""
    if line.kind in ("EXAMPLE", "INDENTED"):
        return True
    text = line.stripped
    return bool(_SENSE.match(text) or _SEE.match(text))


class _Reader:
    """Paragraphs of the glossary regrouped into one list of lines per entry, with every
    line's place in the ledger: a term, a definition, or absorbed into the entry above."""

    def __init__(self, ledger: Ledger, wrapped: bool) -> None:
        self.ledger = ledger
        self.wrapped = wrapped
        self.entries: list[list[Line]] = []

    def definition_line(self, line: Line, entry: list[Line], position: int) -> None:
        """Line ``position`` (1 = the first after the term) of an entry's definition."""
        if self.wrapped or position == 1 or _stated(line):
            self.ledger.kinds[line.number] = "glossary"
            return
        self.ledger.absorb(
            line,
            "joined-line",
            f"a further line at the margin in the definition of {entry[0].stripped!r} that is "
            "not an example, an indented paragraph, a numbered sense or a 'See' line; "
            "definitions in this edition are one line each, so it was joined to the definition",
        )

    def paragraph(self, lines: list[Line]) -> None:
        entries, ledger = self.entries, self.ledger
        if entries and _is_continuation(lines):
            entry = entries[-1]
            entry.append(Line(0, "BREAK", PARAGRAPH_BREAK))
            if len(lines) == 1 and lines[0].kind == "TEXT" and not _SENSE.match(lines[0].stripped):
                ledger.absorb(
                    lines[0],
                    "joined-line",
                    "a paragraph of one line at the margin in the glossary, not a term with its "
                    f"definition; joined to the definition of {entry[0].stripped!r}",
                )
            else:
                ledger.kinds[lines[0].number] = "glossary"
                for line in lines[1:]:
                    self.definition_line(line, entry, 2)
            entry.extend(lines)
            return
        if (
            entries
            and not self.wrapped
            and len(lines) > 2
            and not looks_like_title(_without_mark(lines[0].stripped)[0])
            and _looks_like_term(lines[1], "")
        ):
            # A sentence, then a term and its definition: the term is the second line,
            # and the first (which no term in the glossary looks like) is a stray line.
            entry = entries[-1]
            entry.append(Line(0, "BREAK", PARAGRAPH_BREAK))
            entry.append(lines[0])
            ledger.absorb(
                lines[0],
                "joined-line",
                f"a line at the margin right before the glossary term {lines[1].stripped!r} "
                "that is no term itself (a term is a short title); joined to the definition "
                f"of {entry[0].stripped!r}",
            )
            lines = lines[1:]
        current = [lines[0]]
        entries.append(current)
        ledger.kinds[lines[0].number] = "glossary-term"
        for i, line in enumerate(lines[1:], 1):
            # A term whose blank line was lost ("Floor Rules", 2008-05-01):
            # a title-like line at the margin, in alphabetical order, with a
            # definition after it. Hard-wrapped editions are left alone.
            if (
                not self.wrapped
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
                ledger.kinds[line.number] = "glossary-term"
                continue
            self.definition_line(line, current, len(current))
            current.append(line)


def _entries(block: Block, ledger: Ledger, wrapped: bool) -> list[list[Line]]:
    reader = _Reader(ledger, wrapped)
    for child in block.children:
        if child.kind == "gap":
            mark_gap(child.first, ledger)
            continue
        if child.kind == "glossary_title":
            ledger.mark(child.first, "heading")
            continue
        if child.kind == "term_blocks":
            for lines, gap in child.paragraphs:
                reader.paragraph(lines)
                mark_gap(gap, ledger)
            continue
        reader.paragraph(child.lines)
    return reader.entries


def _without_mark(term: str) -> tuple[str, bool]:
    """The term without its "(Obsolete)" mark, and whether it had one."""
    if "(" not in term:
        return term, False
    clean = _OBSOLETE.sub("", term)
    return clean, clean != term


def build_glossary(block: Block, ledger: Ledger, wrapped: bool) -> list[GlossaryEntry]:
    raw = _entries(block, ledger, wrapped)
    terms = [_without_mark(e[0].stripped) for e in raw]
    known = {clean.casefold() for clean, _ in terms}
    definitions = [join_lines([ln.text for ln in e[1:]], wrapped) for e in raw]
    cited = "\n".join(definitions).casefold()
    entries: list[GlossaryEntry] = []
    for lines, definition, (clean, obsolete), references in zip(
        raw, definitions, terms, references_of(definitions), strict=True
    ):
        names = split_term(clean, known - {clean.casefold()}, cited) if "," in clean else [clean]
        entries.append(
            GlossaryEntry(
                term=names[0],
                definition=definition,
                aliases=names[1:],
                references=references,
                obsolete=obsolete,
                span=Span(ledger.path, lines[0].number),
            )
        )
    return entries
