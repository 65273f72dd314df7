"""From grammar to blocks: the Transformer shared by the line-oriented grammars.

Methods are named after grammar rules. They turn line tokens into small typed
records (``Block``); :mod:`crdex.parser.body` and its neighbours then make the
tree from the numbers. The transformer holds no per-document state, so one
instance serves every parse (Lark runs it inline, without building a parse
tree first).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lark import Token, Transformer

__all__ = [
    "Block",
    "BlockTransformer",
    "Line",
    "Run",
    "head_kind",
    "line_of",
    "split_blocks",
    "tail_kind",
]


class Line:
    """One physical line: its 1-based number, grammar terminal and text.

    ``count`` is the number of lines a run of blank lines stands for (one
    token). A line is made for every line of every document, so it is a
    plain class with slots, and ``stripped`` is worked out once, when asked.
    """

    __slots__ = ("_stripped", "count", "kind", "number", "text")

    def __init__(self, number: int, kind: str, text: str, count: int = 1) -> None:
        self.number = number
        self.kind = kind
        self.text = text
        self.count = count
        self._stripped: str | None = None

    @property
    def stripped(self) -> str:
        stripped = self._stripped
        if stripped is None:
            # str.strip takes no-break spaces at either end; one inside becomes a space
            stripped = self.text.strip()
            if "\u00a0" in stripped:
                stripped = stripped.replace("\u00a0", " ").strip()
            self._stripped = stripped
        return stripped

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return (self.number, self.kind, self.text, self.count) == (
            other.number,
            other.kind,
            other.text,
            other.count,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Line({self.number}, {self.kind!r}, {self.text!r}, {self.count})"


def line_of(token: Token) -> Line:
    value = token.value
    if token.type == "BLANK":
        return Line(token.line or 0, "BLANK", value.rstrip("\n"), value.count("\n"))
    return Line(token.line or 0, token.type, value.rstrip("\n"))


# What the lexer makes of a line under a rule line (common.lark's EXAMPLE, then
# INDENTED, then TEXT, by their priorities; official.lark's RULE_TAIL lets in
# only lines that are one of the three), and of a run's first lines (RULE_LINE
# before the headings). tests/test_official_blocks.py holds them to the lexer.
_EXAMPLE = re.compile(r"[ \t]*(?:Examples?|EXAMPLES?):")


def head_kind(text: str) -> str:
    """The terminal of a paragraph's first line in a ``RULE_BLOCKS`` token.

    The run's grammar lets in a rule line (its number has a rule part after
    the dot), a rule heading ("100. General") or a section heading ("1. Game
    Concepts"), and nothing else: three digits and a dot make one of the first
    two, and a digit after the dot a rule line (isdecimal is what ``\\d`` matches).
    """
    head = text.lstrip(" \t")
    if head[3:4] != ".":
        return "SECTION_HEAD"
    return "RULE_LINE" if head[4:5].isdecimal() else "RULE_HEAD"


def tail_kind(text: str) -> str:
    """The terminal of a line under a rule line in a ``RULE_BLOCKS`` token."""
    if _EXAMPLE.match(text):
        return "EXAMPLE"
    return "INDENTED" if text[:1] in (" ", "\t", "\u00a0") else "TEXT"


# One paragraph of a run: its first line, the lines under it (each with a
# character that is not blank) and the blank lines that close it. In a run's
# token a blank line is white space alone ([ \t\u00a0]), as BLANK says.
_PARAGRAPH = re.compile(r"([^\n]*)\n((?:[ \t\u00a0]*[^ \t\u00a0\n][^\n]*\n)*)((?:[ \t\u00a0]*\n)+)")


def split_blocks(
    token: Token, head: str | Callable[[str], str], rest: str | Callable[[str], str]
) -> list[tuple[list[Line], Line]]:
    """The paragraphs of a run of blocks (``RULE_BLOCKS``, ``TERM_BLOCKS``), each with its gap.

    The terminal is a run of paragraphs, each a line of kind ``head``, lines of
    kind ``rest`` (each either a kind or what gives a line's kind from its
    text) and the blank lines that close it: its grammar says so, and only
    the closing lines are blank, so each line's kind follows from its place.
    Each paragraph is its lines and the run of blank lines after them.
    """
    kind_of = rest if callable(rest) else lambda _text: rest
    head_of = head if callable(head) else lambda _text: head
    number = token.line or 0
    out: list[tuple[list[Line], Line]] = []
    append = out.append
    for text, under, gap in _PARAGRAPH.findall(token.value):
        lines = [Line(number, head_of(text), text)]  # type: ignore[arg-type]
        number += 1
        if under:
            for line in under[:-1].split("\n"):
                lines.append(Line(number, kind_of(line), line))  # type: ignore[arg-type]
                number += 1
        if gap == "\n":  # most paragraphs: one empty line after them
            append((lines, Line(number, "BLANK", "")))
            number += 1
            continue
        count = gap.count("\n")
        append((lines, Line(number, "BLANK", gap[:-1], count)))
        number += count
    if number != (token.line or 0) + token.value.count("\n"):  # every line is in a paragraph
        raise AssertionError(f"a {token.type} token at line {token.line} is not paragraphs")
    return out


class Run:
    """Paragraphs that the grammar read as one token (a ``RULE_BLOCKS`` or a ``TERM_BLOCKS``):
    each paragraph's lines and the run of blank lines that closes it."""

    __slots__ = ("kind", "paragraphs")

    def __init__(self, kind: str, paragraphs: list[tuple[list[Line], Line]]) -> None:
        self.kind = kind
        self.paragraphs = paragraphs

    def __repr__(self) -> str:
        return f"Run({self.kind!r}, {len(self.paragraphs)} paragraphs)"


def _lines(items: list[object]) -> list[Line]:
    return [line_of(t) for t in items if isinstance(t, Token)]


def _blocks(items: list[object]) -> list[Block]:
    return [b for b in items if isinstance(b, Block)]


class Block:
    """A run of lines the grammar grouped together: a heading, a paragraph, ...

    ``children`` are the blocks inside a zone (the body, the glossary), and
    the :class:`Run` of paragraphs read as one token.
    """

    __slots__ = ("children", "kind", "lines")

    def __init__(
        self, kind: str, lines: list[Line] | None = None, children: list[Block] | None = None
    ) -> None:
        self.kind = kind
        self.lines = lines if lines is not None else []
        self.children = children if children is not None else []

    @property
    def first(self) -> Line:
        return self.lines[0]

    def __repr__(self) -> str:
        return f"Block({self.kind!r}, {self.lines!r}, {self.children!r})"


class BlockTransformer(Transformer):
    """Tokens → blocks. Separator lines are kept as ``gap`` blocks for accounting."""

    def _mixed(self, kind: str, items: list[object]) -> Block:
        children: list[Block] = []
        for item in items:
            if isinstance(item, Block | Run):
                children.append(item)  # type: ignore[arg-type]
            elif isinstance(item, Token):
                children.append(
                    Block(
                        "gap" if item.type in ("BLANK", "DECOR") else item.type.lower(),
                        [line_of(item)],
                    )
                )
        return Block(kind, [], children)

    def start(self, items: list[object]) -> Block:
        return Block("document", [], _blocks(items))

    def front(self, items: list[object]) -> Block:
        return self._mixed("front", items)

    def front_text(self, items: list[object]) -> Block:
        return Block("front_text", _lines(items))

    def contents(self, items: list[object]) -> Block:
        return self._mixed("contents", items)

    def toc_entry(self, items: list[object]) -> Block:
        return Block("toc_entry", _lines(items))

    def body(self, items: list[object]) -> Block:
        return self._mixed("body", items)

    def section_head(self, items: list[object]) -> Block:
        return Block("section_head", _lines(items))

    def rule_head(self, items: list[object]) -> Block:
        return Block("rule_head", _lines(items))

    def rule_para(self, items: list[object]) -> Block:
        return Block("rule_para", _lines(items))

    def rule_blocks(self, items: list[object]) -> Run:
        """Rule paragraphs (a rule line with the lines under it) and headings, each closed by blank lines."""
        (token,) = items
        assert isinstance(token, Token)
        return Run("rule_blocks", split_blocks(token, head_kind, tail_kind))

    def loose_para(self, items: list[object]) -> Block:
        return Block("loose_para", _lines(items))

    def back(self, items: list[object]) -> Block:
        return Block("back", [], _blocks(items))

    def glossary(self, items: list[object]) -> Block:
        return self._mixed("glossary", items)

    def gloss_entry(self, items: list[object]) -> Block:
        return Block("gloss_entry", _lines(items))

    def term_blocks(self, items: list[object]) -> Run:
        """Glossary paragraphs of two lines (a term and its definition), closed by blank lines."""
        (token,) = items
        assert isinstance(token, Token)
        return Run("term_blocks", split_blocks(token, "TEXT", "TEXT"))

    def index(self, items: list[object]) -> Block:
        return self._mixed("index", items)

    def index_line(self, items: list[object]) -> Block:
        return Block("index_line", _lines(items))

    def backmatter(self, items: list[object]) -> Block:
        return self._mixed("backmatter", items)

    def back_line(self, items: list[object]) -> Block:
        return Block("back_line", _lines(items))
