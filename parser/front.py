"""Front and back matter of the official text: title, introduction, contents, index, credits.

These parts are prose or lists; the grammar names each (``front_text``,
``contents``, ``index``, ``backmatter``) and every line of them is read as
what its part holds.
"""

from __future__ import annotations

import re

from .blocks import Block, Line
from .ledger import Ledger, mark_gap
from .text import DATE_LINE, join_lines, split_number
from .tree import ContentsEntry, Span

__all__ = ["build_front", "build_index", "contents_entry", "paragraphs"]

_LEADER = re.compile(r"\s*\.{2,}\s*\d*\s*$")
_CONTENTS_NUMBER = re.compile(r"\d{3}|[1-9]")


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
    if raw and _CONTENTS_NUMBER.fullmatch(raw):
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


def build_index(block: Block, ledger: Ledger) -> list[str]:
    """The 1999 editions' index: its lines as written."""
    out = [line.stripped for c in block.children for line in c.lines]
    for c in block.children:
        if c.kind == "gap":
            mark_gap(c.first, ledger)
        else:
            for line in c.lines:
                ledger.mark(line, "index")
    return out
