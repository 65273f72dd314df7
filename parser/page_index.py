"""The 1999 rulings summary's own index and table of contents, checked against its body.

The index is alphabetical: "Trample, A.27" names a topic (or a rule,
"Combat Damage, C.1.8", or a ruling, "Mono Artifact, K.6.Ruling.2");
"Deck, see Library" sends the reader to another entry; a line with
nothing after it ("Abilities") heads the entries below it. The original
file indented those sub-entries; the copy we have lost the indentation
when its lines were rejoined, and where a group ends cannot be told from
the text ("Mana Burn" follows the sub-entries "Colorless" and "Generic"
of "Mana" in alphabetical order whether or not it is one of them), so
entries are kept flat, in page order, headings included.

The contents list every chapter and topic; each must be in the body
under the same title (the body's "A.27 - Trample:" ends with a colon the
contents leave out), and every topic of the body must be in them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .blocks import Line
from .ledger import Ledger, mark_gap
from .page_numbers import ItemNumber
from .tree import ContentsEntry, IndexEntry, Rule, Span

__all__ = ["marked_lines", "read_contents", "read_index"]


def marked_lines(lines: list[Line], ledger: Ledger, kind: str) -> Iterator[Line]:
    """The lines with text, each put in the ledger as ``kind``; blank lines as gaps."""
    for line in lines:
        if line.kind in ("BLANK", "DECOR"):
            mark_gap(line, ledger)
            continue
        ledger.mark(line, kind)
        yield line


_ENTRY = re.compile(r"^(?P<term>.+?),\s*(?P<targets>[A-Z]\.\d.*)$")
_SEE = re.compile(r"^(?P<term>.+?),\s*[Ss]ee\s+(?P<see>.+?)\s*$")


def read_index(lines: list[Line], ledger: Ledger, known: set[str]) -> list[IndexEntry]:
    """Every line of the index as an entry, in page order; ``known`` are the page's numbers.

    A number that is not on the page, and a "see" that names no entry of
    the index, are recorded as repairs of their line.
    """
    out: list[IndexEntry] = []
    where: list[Line] = []
    for line in marked_lines(lines, ledger, "index"):
        if line.kind == "INDEX_TITLE":
            continue
        span = Span(ledger.path, line.number)
        text = line.stripped
        if line.kind == "INDEX_SEE":
            m = _SEE.match(text)
            assert m is not None, text
            out.append(IndexEntry(m.group("term").strip(), see=m.group("see"), span=span))
            where.append(line)
        elif line.kind == "INDEX_ENTRY":
            m = _ENTRY.match(text)
            assert m is not None, text
            targets = []
            for raw in (t.strip() for t in m.group("targets").split(",")):
                if not raw:
                    ledger.repair(line, "index-target", "an empty place in the list of numbers")
                    continue
                try:
                    targets.append(str(ItemNumber.parse(raw)))
                except ValueError:
                    ledger.repair(
                        line,
                        "index-target",
                        f"{raw!r} is not a number of the page; the entry keeps its other numbers",
                    )
            out.append(IndexEntry(m.group("term").strip(), targets, span=span))
            where.append(line)
        else:
            term = text
            if term.endswith(","):
                term = term.rstrip(",").strip()
                ledger.repair(
                    line,
                    "index-comma",
                    f"index heading {term!r} ends with a comma and no number; read as a heading",
                    term,
                )
            out.append(IndexEntry(term, span=span))
            where.append(line)
    terms = {entry.term.casefold() for entry in out}
    for entry, line in zip(out, where, strict=True):
        for target in entry.targets:
            if target not in known:
                ledger.repair(
                    line,
                    "dangling-index-entry",
                    f"index entry {entry.term!r} points at {target}, which is not on the page",
                )
        if entry.see is not None:
            missing = [p for p in entry.see.split(",") if p.strip().casefold() not in terms]
            if missing:
                ledger.repair(
                    line,
                    "dangling-index-entry",
                    f"index entry {entry.term!r} sends the reader to {entry.see!r}, which the "
                    "index does not have",
                )
    return out


def read_contents(
    lines: list[Line], ledger: Ledger, items: list[Rule], numbered: dict[str, Line]
) -> list[ContentsEntry]:
    """The table of contents, each entry checked against the body.

    A chapter or topic the contents list but the body lacks, a title they
    spell otherwise, and a topic of the body they leave out are recorded
    as repairs (``numbered`` gives the line of each number of the body).
    """
    body = {item.number: item for item in items if item.kind in ("chapter", "topic")}
    contents: list[ContentsEntry] = []
    for line in marked_lines(lines, ledger, "contents"):
        span = Span(ledger.path, line.number)
        if line.kind not in ("CHAPTER", "TOPIC"):
            if line.kind != "CONTENTS_TITLE":
                contents.append(ContentsEntry(None, line.stripped, span))
            continue
        number, title = (part.strip() for part in line.text.split(" - ", 1))
        contents.append(ContentsEntry(number, title, span))
        item = body.get(number)
        if item is None:
            ledger.repair(
                line,
                "contents-only",
                f"the contents list {number} {title!r}, which is not in the body",
            )
        elif (item.title or "").casefold() != title.rstrip(":").casefold():
            ledger.repair(
                line,
                "contents-title",
                f"the contents call {number} {title!r} and the body {item.title!r}; the body's "
                "title is the node's",
            )
    if not contents:
        return contents
    listed = {entry.number for entry in contents}
    for number, item in body.items():
        if number not in listed and number in numbered:
            ledger.repair(
                numbered[number],
                "not-in-contents",
                f"{item.kind} {number} {item.title!r} is not in the contents",
            )
    return contents
