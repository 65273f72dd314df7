"""The rules as markdown (mdBook source): one chapter file, or a whole book in SUMMARY order.

The markdown grammar says what each line is; the lines are then rewritten
in the official text's spelling ("**701.2.** Activate" → "701.2. Activate")
and handed to the same tree builder as the official text, so the same rule
gives the same node whichever form it was read from. Examples, which
markdown separates from their rule by a blank line (an indented code block
needs one), are put back under their rule without a repair: that blank line
is how the format is written, not damage.
"""

from __future__ import annotations

import re

from lark import Token, Transformer
from lark.exceptions import UnexpectedInput

from .blocks import Block, Line, line_of
from .body import build_body
from .errors import NotRulesError, ParseError
from .grammar import load_grammar
from .ledger import Ledger, mark_gap
from .official import check_lines
from .sniff import LinePattern
from .sourcemap import MappedText, parse_error, remap_fields, remap_repair
from .text import DATE_LINE
from .tree import ContentsEntry, Span

__all__ = [
    "MARKDOWN_NAMES",
    "build_front_page",
    "gap_before",
    "parse_markdown",
    "parse_markdown_mapped",
    "sniff_markdown",
]

#: How the markdown terminals are named in error messages.
MARKDOWN_NAMES = {
    "MD_RULE_HEAD": "a rule heading such as '# **701.** Keyword Actions'",
    "MD_SECTION_HEAD": "a section heading such as '# **7.** Additional Rules'",
    "MD_RULE": "a rule such as '**701.2.** Activate'",
    "MD_SUBRULE": "a subrule such as '+ **701.2a** …'",
    "MD_TOC_SECTION": "a SUMMARY section entry such as '- [**1.** Game Concepts]()'",
    "MD_TOC_LINK": "a SUMMARY link such as '- [**100.** General](game-concepts/general.md)'",
    "MD_HEADING": "a markdown heading",
    "MD_BROKEN": "a malformed rule line",
}

# "# **701.** Title", "**701.2.** Title", "+ **701.2a** text": the number in bold
_BOLD_RULE = re.compile(
    r"^[ \t]*(?:[+*-][ \t]+|#{1,6}[ \t]+)?\*\*(?P<num>\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?\.?)\*\*[ \t]+(?P<text>.*)$"
)
_TOC_SECTION = re.compile(
    r"^[ \t]*[-*+][ \t]+\[\*\*(?P<num>[1-9])\.\*\*[ \t]+(?P<title>[^\]]+)\]\(\)"
)
_TOC_LINK = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?\[(?P<label>[^\]]*)\]\((?P<target>[^)]*)\)")
# a broken bold rule line whose number can still be read: "**701.2 Activate"
_READABLE = re.compile(
    r"^[ \t]*(?:[+*-][ \t]+|#{1,6}[ \t]+)?\*{1,2}[ \t]*(?P<num>\d{3}(?:\.\d{1,3}[a-z]{0,2})?)\.?\*{0,2}"
    r"(?:[ \t]+|(?=[A-Z\u201c\"]))(?P<text>\S.*)$"
)
_KINDS = {
    "MD_RULE_HEAD": "RULE_HEAD",
    "MD_SECTION_HEAD": "SECTION_HEAD",
    "MD_TOC_SECTION": "SECTION_HEAD",
    "MD_RULE": "RULE_LINE",
    "MD_SUBRULE": "RULE_LINE",
}
_MARKDOWN_RULE = LinePattern(r"(?:[+*-] |# )?\*\*\d{3}\.\d{0,3}[a-z]{0,2}\.?\*\* ")


def sniff_markdown(text: str, path: str) -> str | None:
    count = _MARKDOWN_RULE.count(text)
    if count:
        return f"{count} lines start with a rule number in bold such as '**701.2.**'"
    return None


def plain(token: Token) -> Line:
    """A markdown line as the official text would spell it, under the shared terminal name."""
    line = line_of(token)
    kind = _KINDS.get(token.type)
    if kind is None:
        return line
    if token.type == "MD_TOC_SECTION":
        m = _TOC_SECTION.match(line.text)
        assert m is not None
        return Line(line.number, kind, f"{m.group('num')}. {m.group('title').strip()}")
    m = _BOLD_RULE.match(line.text)
    assert m is not None, line.text
    return Line(line.number, kind, f"{m.group('num')} {m.group('text')}")


class MarkdownTransformer(Transformer):
    """Tokens → the blocks the official tree builder reads (stateless)."""

    def start(self, items: list[object]) -> Block:
        return Block("document", [], [b for b in items if isinstance(b, Block)])

    def _mixed(self, kind: str, items: list[object]) -> Block:
        children: list[Block] = []
        for item in items:
            if isinstance(item, Block):
                children.append(item)
            elif isinstance(item, Token):
                children.append(Block("gap", [line_of(item)]))
        return Block(kind, [], children)

    def front(self, items: list[object]) -> Block:
        return self._mixed("front", items)

    def body(self, items: list[object]) -> Block:
        return self._mixed("body", items)

    def _lines(self, kind: str, items: list[object]) -> Block:
        return Block(kind, [plain(t) for t in items if isinstance(t, Token)])

    def front_text(self, items: list[object]) -> Block:
        return self._lines("front_text", items)

    def section_head(self, items: list[object]) -> Block:
        return self._lines("section_head", items)

    def rule_head(self, items: list[object]) -> Block:
        return self._lines("rule_head", items)

    def rule_para(self, items: list[object]) -> Block:
        return self._lines("rule_para", items)

    def broken(self, items: list[object]) -> Block:
        return self._lines("broken", items)

    def example_para(self, items: list[object]) -> Block:
        return self._lines("example_para", items)

    def loose_para(self, items: list[object]) -> Block:
        return self._lines("loose_para", items)

    def toc_entry(self, items: list[object]) -> Block:
        return self._lines("toc_entry", items)

    def heading(self, items: list[object]) -> Block:
        return self._lines("loose_para", items)


_transformer = MarkdownTransformer()


def parse_markdown(text: str, path: str = "<markdown>") -> tuple[dict[str, object], Ledger]:
    """One markdown file (a chapter such as ``keyword-actions.md``)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return parse_markdown_mapped(MappedText.identity(path, lines), path)


def parse_markdown_mapped(
    mapped: MappedText,
    path: str,
    notes: list[tuple[int, str, str]] | None = None,
) -> tuple[dict[str, object], Ledger]:
    """Markdown lines from one file or several; ``notes`` are repairs found while gathering them.

    Returns ``Edition`` fields and a ledger over the gathered lines (which
    are the source files' lines, each exactly once), with repairs and spans
    pointing into the files.
    """
    lines = mapped.lines
    multi = len(mapped.sources) > 1
    origin_path = mapped.origin(1).path if lines else path
    check_lines(origin_path, lines)
    parser = load_grammar("markdown", transformer=_transformer)
    try:
        document = parser.parse(mapped.text)
    except UnexpectedInput as exc:
        raise parse_error(exc, mapped, MARKDOWN_NAMES) from None
    ledger = Ledger(path, len(lines))
    for number, kind, reason in notes or []:
        ledger.repair(Line(number, "TEXT", lines[number - 1]), kind, reason)
    parts = {child.kind: child for child in document.children}
    title, intro, contents = build_front_page(parts.get("front"), ledger)
    body = parts.get("body")
    if body is None or not any(c.kind != "gap" for c in body.children):
        first = next((i for i, ln in enumerate(lines, 1) if ln.strip()), 1)
        origin = mapped.origin(first)
        raise NotRulesError(
            origin.path,
            origin.line,
            1,
            mapped.source_line(origin),
            "no numbered rules found; expected a rule heading such as '# **701.** Keyword Actions' "
            "or rules such as '**701.2.** Activate'",
        )
    children = _body_children(body, ledger, mapped, contents)
    built = build_body(Block("body", [], children), ledger, wrapped=False)
    fields: dict[str, object] = {
        "title": title,
        "introduction": intro,
        "contents": contents,
        "rules": built.rules,
    }
    remap_fields(fields, mapped)
    ledger.repairs = [remap_repair(r, mapped, path if multi else None) for r in ledger.repairs]
    return fields, ledger


def gap_before(line: Line) -> Block:
    """A separator before a block that its format marks as a new element.

    In the official text a blank line separates rules, and a rule line
    after a blank is a rule even when its number is out of sequence. A
    markdown list item or an HTML element is as clear a separation, but
    has no blank line to stand for it: this zero-width gap, on the line of
    the block it precedes, tells the shared builder the same thing (the
    block marks the line with its own kind afterwards).
    """
    return Block("gap", [Line(line.number, "BLANK", "")])


def build_front_page(
    front: Block | None, ledger: Ledger
) -> tuple[str, list[str], list[ContentsEntry]]:
    """The front page: a title line, the date line, headings, introduction paragraphs."""
    title = ""
    intro: list[str] = []
    contents: list[ContentsEntry] = []
    if front is None:
        return title, intro, contents
    for child in front.children:
        if child.kind == "gap":
            mark_gap(child.first, ledger)
            continue
        line = child.first
        if child.kind == "toc_entry":
            contents.append(_contents_entry(line, ledger))
            continue
        text = line.stripped
        if line.kind in ("MD_HEADING", "HEADING"):
            kind = "heading"
        elif DATE_LINE.search(text) and len(text) < 120:
            kind = "date"
        elif not title and not intro and "comprehensive rules" in text.casefold():
            title, kind = text, "title"
        else:
            intro.append(text)
            kind = "introduction"
        ledger.mark(line, kind)
    return title, intro, contents


def _contents_entry(line: Line, ledger: Ledger) -> ContentsEntry:
    ledger.mark(line, "contents")
    m = _TOC_LINK.match(line.text)
    label = m.group("label") if m else line.stripped
    bold = re.fullmatch(r"\*\*(\d{1,3})\.\*\*\s+(.*)", label.strip())
    span = Span(ledger.path, line.number)
    if bold:
        return ContentsEntry(bold.group(1), bold.group(2).strip(), span)
    return ContentsEntry(None, label.strip(), span)


def _body_children(
    body: Block, ledger: Ledger, mapped: MappedText, contents: list[ContentsEntry]
) -> list[Block]:
    """Blocks for the shared builder: examples back under their rule, broken lines read or refused."""
    out: list[Block] = []
    pending_gaps: list[Block] = []
    for child in body.children:
        if child.kind == "gap":
            pending_gaps.append(child)
            continue
        if child.kind == "toc_entry":
            contents.append(_contents_entry(child.first, ledger))
            continue
        if child.kind == "section_head" and child.first.kind == "SECTION_HEAD":
            raw, _, title = child.first.text.partition(". ")
            contents.append(ContentsEntry(raw, title, Span(ledger.path, child.first.number)))
        if child.kind == "broken":
            child = _read_broken(child, ledger, mapped)
        if child.kind == "example_para" and out and out[-1].kind == "rule_para":
            # "**702.2.** …", blank, "      Example: …": the example belongs to the rule
            for gap in pending_gaps:
                mark_gap(gap.first, ledger)
            pending_gaps = []
            out[-1].lines.extend(child.lines)
            continue
        if child.kind == "example_para":
            child = Block("loose_para", child.lines)
        out.extend(pending_gaps)
        if (
            not pending_gaps
            and child.kind == "rule_para"
            and child.first.kind == "RULE_LINE"
            and _BOLD_RULE.match(mapped.lines[child.first.number - 1])
        ):
            out.append(gap_before(child.first))  # a list item or a bold rule line
        pending_gaps = []
        out.append(child)
    out.extend(pending_gaps)
    return out


def _read_broken(block: Block, ledger: Ledger, mapped: MappedText) -> Block:
    """A rule line with broken bold markup: read its number if it can be read, else say where."""
    first = block.first
    m = _READABLE.match(first.text)
    if m is None:
        origin = mapped.origin(first.number)
        column = len(first.text) - len(first.text.lstrip(" \t+*-#")) + 1
        raise ParseError(
            origin.path,
            origin.line,
            origin.source_column(column),
            mapped.source_line(origin),
            "malformed rule line; expected a rule number in bold such as '**701.2.** Activate' "
            "or '+ **701.2a** …'",
        )
    fixed = f"{m.group('num')} {m.group('text')}"
    ledger.repair(
        first,
        "malformed-markup",
        f"rule line with broken bold markup; read as rule {m.group('num')}",
        fixed,
    )
    return Block("rule_para", [Line(first.number, "RULE_LINE", fixed), *block.lines[1:]])
