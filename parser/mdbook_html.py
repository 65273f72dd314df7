"""The rules as an mdBook HTML page: BeautifulSoup → structured text → grammar → tree.

BeautifulSoup (with Python's own HTML parser, which keeps each element's
line and column) walks the page's ``<main>``; every line of text becomes a
line of structured text led by its element ("p", "li", "pre", "h1", "+" for
a further line of the same element), and the sections, which mdBook shows
only in the sidebar, are put before their first chapter. The
``mdbook_html`` grammar then says what each line is, and the lines go to
the official text's tree builder. Errors, spans and repairs point into the
HTML; the accounting counts the HTML's lines, those with nothing but markup
(the head, scripts, list tags) as ``markup``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.element import Comment, Declaration, Doctype, ProcessingInstruction
from lark import Token, Transformer
from lark.exceptions import UnexpectedInput

from .blocks import Block, Line, line_of
from .body import build_body
from .errors import NotRulesError, ParseError
from .grammar import load_grammar
from .ledger import Ledger
from .markdown import build_front_page, gap_before
from .sourcemap import MappedText, Origin, parse_error, remap_fields, remap_ledger
from .tree import ContentsEntry, Span

__all__ = ["HTML_NAMES", "html_to_structured", "parse_mdbook_html", "sniff_html"]

HTML_NAMES = {
    "_NAV": "a sidebar section",
    "_H": "a heading element",
    "_P": "a <p> element",
    "_LI": "an <li> element",
    "_PRE": "a <pre> element",
    "_MORE": "a further line of an element",
}

_HTML = re.compile(r"^\s*(?:<!DOCTYPE\s+html|<html[\s>])", re.I)
_MDBOOK = re.compile(r"mdBook|<main>", re.I)
_SECTION = re.compile(r"^([1-9])\.\s+\S")
_NUMBERED = re.compile(r"^(\d{1,3})\.\s+(.*)$")
_TAGS = {"nav", "h1", "h2", "h3", "h4", "h5", "h6", "p", "li", "pre", "+"}
_NOT_TEXT = (Comment, Declaration, Doctype, ProcessingInstruction)
_CHROME = {"script", "style", "template", "noscript"}
_INLINE = {"strong", "b", "em", "i", "a", "code", "span", "sup", "sub", "small", "u", "s", "mark"}


def sniff_html(text: str, path: str) -> str | None:
    head = text[:4096]
    if not _HTML.search(head):
        return None
    if _MDBOOK.search(text, 0, 200_000):
        return "it is an HTML page made by mdBook"
    return "it is an HTML page"


@dataclass
class _Walker:
    """Structured lines from the elements of ``<main>``, in document order."""

    path: str
    mapped: MappedText
    sections: dict[int, tuple[str, int, int]]
    placed: set[int]

    def emit(self, tag: str, text: str, line: int, column: int, end_line: int = 0) -> None:
        self.mapped.add(
            f"{tag}\t{text}", Origin(self.path, line, column, end_line, len(tag) + 1, False)
        )

    def block(self, element: Tag, tag: str) -> bool:
        """One element's text (see :meth:`text`)."""
        return self.text(
            element.get_text(), tag, element.sourceline or 1, (element.sourcepos or 0) + 1
        )

    def text(self, text: str, tag: str, start: int, column: int) -> bool:
        """Text line by line: the first line under ``tag``, the others under "+".

        Returns whether anything was emitted.
        """
        pieces = text.split("\n")
        end_line = start + text.count("\n")
        first = True
        for offset, piece in enumerate(pieces):
            piece = piece.strip()
            if not piece:
                continue
            if tag.startswith("h") and first:
                self._place_section(piece)
            last = offset == len(pieces) - 1
            self.emit(
                tag if first else "+",
                piece,
                start + offset,
                column if offset == 0 else 1,
                end_line if last else 0,
            )
            first = False
        return not first

    def _place_section(self, heading: str) -> None:
        m = _NUMBERED.match(heading)
        if not m or len(m.group(1)) != 3:
            return
        section = int(m.group(1)) // 100
        if section in self.sections and section not in self.placed:
            title, line, column = self.sections[section]
            self.placed.add(section)
            self.emit("nav", title, line, column)

    def walk(self, parent: Tag) -> None:
        for child in parent.children:
            if isinstance(child, NavigableString):
                if child.strip() and not isinstance(child, _NOT_TEXT):
                    self._stray(parent, str(child))
                continue
            if not isinstance(child, Tag):
                continue
            name = child.name
            if name in _CHROME:
                continue
            if name in ("ul", "ol", "div", "section", "article", "main"):
                self.walk(child)
            elif name == "li":
                self.list_item(child)
            elif name in ("p", "pre") or re.fullmatch(r"h[1-6]", name):
                self.block(child, name)
            elif name in _INLINE:
                if child.get_text().strip():
                    self._stray(parent, child.get_text(), child)
            elif child.get_text().strip():
                self.block(child, name)  # the grammar refuses it, with its position

    def list_item(self, item: Tag) -> None:
        """An ``<li>``: its own text and paragraphs, then code blocks and lists inside it.

        The item's first line of text is an "li" line; further text (a
        second paragraph, text after a nested list) continues it as "+".
        """
        tag = "li"
        run: list[str] = []
        run_at = (item.sourceline or 1, (item.sourcepos or 0) + 1)

        def flush() -> None:
            nonlocal tag, run
            if run and self.text("".join(run), tag, *run_at):
                tag = "+"
            run = []

        for child in item.children:
            if isinstance(child, NavigableString):
                if not isinstance(child, _NOT_TEXT):
                    run.append(str(child))
                continue
            if not isinstance(child, Tag) or child.name in _CHROME:
                continue
            if child.name in _INLINE:
                if not run:
                    run_at = (child.sourceline or run_at[0], (child.sourcepos or 0) + 1)
                run.append(child.get_text())
                continue
            flush()
            if child.name == "p":
                if self.block(child, tag):
                    tag = "+"
            elif child.name in ("ul", "ol"):
                self.walk(child)
            else:
                self.block(child, child.name)
            run_at = (child.sourceline or run_at[0], 1)
        flush()

    def _stray(self, parent: Tag, text: str, element: Tag | None = None) -> None:
        """Text directly inside a container: kept as a paragraph of its own."""
        where = element if element is not None else parent
        line = where.sourceline or 1
        for offset, piece in enumerate(text.split("\n")):
            if piece.strip():
                self.emit("p", piece.strip(), line + offset, 1)


def html_to_structured(text: str, path: str) -> tuple[MappedText, list[ContentsEntry]]:
    """The structured text of an mdBook page, and the table of contents from its sidebar."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    mapped = MappedText()
    mapped.add_source(path, lines)
    soup = BeautifulSoup(text, "html.parser")
    main = soup.find("main")
    if not isinstance(main, Tag):
        body = soup.find("body")
        line = body.sourceline if isinstance(body, Tag) and body.sourceline else 1
        raise ParseError(
            path,
            line,
            1,
            lines[line - 1] if 0 < line <= len(lines) else "",
            "no <main> element; expected an mdBook page whose <main> holds the rules",
        )
    sections: dict[int, tuple[str, int, int]] = {}
    contents: list[ContentsEntry] = []
    sidebar = soup.find(id="sidebar") or soup.find("nav")
    if isinstance(sidebar, Tag):
        for item in sidebar.find_all("li"):
            entry = next((c for c in item.children if isinstance(c, Tag)), None)
            if entry is None or entry.name not in ("a", "div"):
                continue
            label = " ".join(entry.get_text().split())
            line, column = entry.sourceline or 1, (entry.sourcepos or 0) + 1
            m = _NUMBERED.match(label)
            contents.append(
                ContentsEntry(
                    m.group(1) if m else None,
                    m.group(2) if m else label,
                    Span(path, line, column),
                )
            )
            if entry.name == "div" and _SECTION.match(label):
                sections[int(label[0])] = (label, line, column)
    walker = _Walker(path, mapped, sections, set())
    walker.walk(main)
    return mapped, contents


class _HtmlTransformer(Transformer):
    """Each structured line → a ``Block`` holding one ``Line`` (stateless)."""

    def start(self, items: list[object]) -> list[Block]:
        return [b for b in items if isinstance(b, Block)]

    def _one(self, kind: str, items: list[object]) -> Block:
        (token,) = [t for t in items if isinstance(t, Token)]
        return Block(kind, [line_of(token)])

    def section_head(self, items: list[object]) -> Block:
        return self._one("section_head", items)

    def rule_head(self, items: list[object]) -> Block:
        return self._one("rule_head", items)

    def heading(self, items: list[object]) -> Block:
        return self._one("heading", items)

    def rule_start(self, items: list[object]) -> Block:
        return self._one("rule_start", items)

    def example(self, items: list[object]) -> Block:
        return self._one("example", items)

    def text_line(self, items: list[object]) -> Block:
        return self._one("text_line", items)

    def more_text(self, items: list[object]) -> Block:
        return self._one("more_text", items)


_transformer = _HtmlTransformer()


def parse_mdbook_html(text: str, path: str = "<html>") -> tuple[dict[str, object], Ledger]:
    """An mdBook print page; returns ``Edition`` fields and a ledger of the HTML's lines."""
    mapped, contents = html_to_structured(text, path)
    parser = load_grammar("mdbook_html", transformer=_transformer)
    try:
        items: list[Block] = parser.parse(mapped.text)
    except UnexpectedInput as exc:
        raise _refused(exc, mapped) from None
    ledger = Ledger(path, len(mapped.lines))
    front, body = _split(items, mapped)
    if not body:
        source_lines = mapped.sources[path]
        first = next((i for i, ln in enumerate(source_lines, 1) if ln.strip()), 1)
        raise NotRulesError(
            path,
            first,
            1,
            source_lines[first - 1] if source_lines else "",
            "no numbered rules found in <main>; expected headings such as "
            "'<h1>100. General</h1>' and rules such as '<p>100.1. …</p>'",
        )
    title, intro, _ = build_front_page(Block("front", [], front), ledger)
    built = build_body(Block("body", [], body), ledger, wrapped=False)
    fields: dict[str, object] = {
        "title": title,
        "introduction": intro,
        "contents": [],
        "rules": built.rules,
    }
    remap_fields(fields, mapped)
    fields["contents"] = contents
    total = len(mapped.sources[path])
    html_ledger = remap_ledger(ledger, mapped, path, total, filler="markup")
    _note_truncation(text, html_ledger, mapped.sources[path])
    return fields, html_ledger


def _refused(exc: UnexpectedInput, mapped: MappedText) -> ParseError:
    """A grammar error; an element the page should not have is named as such."""
    line = getattr(exc, "line", None)
    if line is not None and 0 < line <= len(mapped.lines):
        tag = mapped.lines[line - 1].split("\t", 1)[0]
        if tag not in _TAGS:
            origin = mapped.origin(line)
            return ParseError(
                origin.path,
                origin.line,
                origin.column,
                mapped.source_line(origin),
                f"unexpected <{tag}> element with text in it; expected the rules in "
                "<h1>, <p>, <li> and <pre> elements",
            )
    return parse_error(exc, mapped, HTML_NAMES)


def _split(items: list[Block], mapped: MappedText) -> tuple[list[Block], list[Block]]:
    """Front-page lines, then the body's blocks grouped into rule paragraphs."""
    front: list[Block] = []
    body: list[Block] = []
    current: Block | None = None
    for item in items:
        line = item.first
        started = bool(body)
        if not started and item.kind not in ("section_head", "rule_head", "rule_start"):
            front.append(Block("front_text", [Line(line.number, _front_kind(item), line.text)]))
            continue
        if item.kind == "heading":
            origin = mapped.origin(line.number)
            raise ParseError(
                origin.path,
                origin.line,
                origin.column,
                mapped.source_line(origin),
                f"a heading that is not a rule heading ({line.text!r}) inside the rules; "
                "expected a rule heading such as '100. General'",
            )
        if item.kind in ("section_head", "rule_head"):
            body.append(gap_before(line))
            body.append(item)
            current = None
        elif item.kind == "rule_start":
            tag = mapped.lines[line.number - 1].split("\t", 1)[0]
            if tag != "+":
                body.append(gap_before(line))
            current = Block("rule_para", [line])
            body.append(current)
        elif item.kind in ("example", "more_text") and current is not None:
            current.lines.append(line)
        else:  # text with no rule number, or an example with no rule before it
            body.append(gap_before(line))
            current = Block("loose_para", [line])
            body.append(current)
    return front, body


def _front_kind(item: Block) -> str:
    return "HEADING" if item.kind == "heading" else item.first.kind


def _note_truncation(text: str, ledger: Ledger, lines: list[str]) -> None:
    """A page that ends inside ``<main>`` was cut short: say so where it ends."""
    if re.search(r"</main\s*>", text, re.I):
        return
    last = len(lines)
    ledger.repair(
        Line(last, "TEXT", lines[-1] if lines else ""),
        "truncated",
        "the page ends inside <main> (no </main> follows): it was cut short, "
        "and its last rule may be incomplete",
    )
