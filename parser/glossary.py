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

from .blocks import Block
from .tree import GlossaryEntry, Span

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


def build_glossary(block: Block, ledger, wrapped: bool) -> list[GlossaryEntry]:  # noqa: ANN001
    from .build import join_lines, mark_gap

    raw: list[tuple[str, list[str], int]] = []
    for child in block.children:
        if child.kind == "gap":
            mark_gap(child.first, ledger)
            continue
        if child.kind == "glossary_title":
            ledger.mark(child.first, "heading")
            continue
        lines = child.lines
        for line in lines:
            ledger.mark(line, "glossary")
        raw.append((lines[0].stripped, [ln.text for ln in lines[1:]], lines[0].number))

    known = set()
    for term, _, _ in raw:
        known.add(_OBSOLETE.sub("", term).casefold())
    entries: list[GlossaryEntry] = []
    definitions = [join_lines(d, wrapped) for _, d, _ in raw]
    cited = "\n".join(definitions).casefold()
    from .references import extract_references

    for (term, _, line), definition in zip(raw, definitions, strict=True):
        obsolete = bool(_OBSOLETE.search(term))
        clean = _OBSOLETE.sub("", term)
        others = known - {clean.casefold()}
        names = split_term(clean, others, cited)
        entries.append(
            GlossaryEntry(
                term=names[0],
                definition=definition,
                aliases=names[1:],
                references=extract_references(definition),
                obsolete=obsolete,
                span=Span(ledger.path, line),
            )
        )
    return entries
