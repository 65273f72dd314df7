"""Blocks → tree: the parts of an official-text document put together.

The grammar says what each line is; :mod:`.front`, :mod:`.body` and
:mod:`.glossary` turn each part into nodes and mark in the ledger where
every line went. This module only assembles them, and says when a document
is cut short.
"""

from __future__ import annotations

from .blocks import Block
from .body import build_body
from .built import BuiltBody
from .front import build_front, build_index, paragraphs
from .glossary import build_glossary
from .ledger import Ledger
from .tree import Repair

__all__ = ["build_document"]


def _note_truncation(ledger: Ledger, has_glossary: bool) -> None:
    """Every complete edition ends with credits; say so when one does not."""
    last = max(
        (i for i in range(1, ledger.total + 1) if ledger.kinds[i] not in (None, "blank")), default=0
    )
    where = "in its glossary" if has_glossary else "in its rules, before the glossary"
    ledger.repairs.append(
        Repair(
            last,
            "truncated",
            f"the document ends {where} (no credits follow): it looks cut short; "
            f"everything up to line {last} was read",
        )
    )


def build_document(document: Block, ledger: Ledger, wrapped: bool) -> dict[str, object]:
    """All parts of an edition, as keyword arguments for ``Edition``.

    ``wrapped``: the edition is hard-wrapped (a line continues the paragraph
    above it); otherwise its rules are one line each.
    """
    parts: dict[str, Block] = {}
    for child in document.children:
        parts[child.kind] = child
        if child.kind == "back":
            for sub in child.children:
                parts[sub.kind] = sub
    title, intro, contents = build_front(parts["front"], ledger, wrapped)
    body = (
        build_body(parts["body"], ledger, wrapped, one_line_rules=not wrapped)
        if "body" in parts
        else BuiltBody()
    )
    glossary = []
    if "glossary" in parts:
        glossary = build_glossary(parts["glossary"], ledger, wrapped)
    book_index: list[str] = []
    if "index" in parts:
        book_index = build_index(parts["index"], ledger)
    credits: list[str] = []
    if "backmatter" in parts:
        credits = paragraphs(parts["backmatter"], ledger, "credits", wrapped)
    elif body.rules:
        _note_truncation(ledger, "glossary" in parts)
    return {
        "title": title,
        "introduction": intro,
        "contents": contents,
        "rules": body.rules,
        "glossary": glossary,
        "book_index": book_index,
        "credits": credits,
    }
