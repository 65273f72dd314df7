"""From grammar to blocks: the Transformer shared by the line-oriented grammars.

Methods are named after grammar rules. They turn line tokens into small typed
records (``Block``); :mod:`crdex.parser.build` then makes the tree from the
numbers. The transformer holds no per-document state, so one instance serves
every parse (Lark runs it inline, without building a parse tree first).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Transformer

__all__ = ["Block", "BlockTransformer", "Line", "line_of"]


@dataclass(slots=True)
class Line:
    """One physical line: its 1-based number, grammar terminal and text."""

    number: int
    kind: str
    text: str
    count: int = 1  # a run of blank lines is one token

    @property
    def stripped(self) -> str:
        return self.text.strip().replace("\u00a0", " ").strip()


def line_of(token: Token) -> Line:
    value = token.value
    if token.type == "BLANK":
        return Line(token.line or 0, "BLANK", value.rstrip("\n"), value.count("\n"))
    return Line(token.line or 0, token.type, value.rstrip("\n"))


@dataclass(slots=True)
class Block:
    """A run of lines the grammar grouped together: a heading, a paragraph, ..."""

    kind: str
    lines: list[Line] = field(default_factory=list)
    children: list[Block] = field(default_factory=list)

    @property
    def first(self) -> Line:
        return self.lines[0]


def _lines(items: list[object]) -> list[Line]:
    return [line_of(t) for t in items if isinstance(t, Token)]


def _blocks(items: list[object]) -> list[Block]:
    return [b for b in items if isinstance(b, Block)]


class BlockTransformer(Transformer):
    """Tokens → blocks. Separator lines are kept as ``gap`` blocks for accounting."""

    def _mixed(self, kind: str, items: list[object]) -> Block:
        children: list[Block] = []
        for item in items:
            if isinstance(item, Block):
                children.append(item)
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

    def loose_para(self, items: list[object]) -> Block:
        return Block("loose_para", _lines(items))

    def back(self, items: list[object]) -> Block:
        return Block("back", [], _blocks(items))

    def glossary(self, items: list[object]) -> Block:
        return self._mixed("glossary", items)

    def gloss_entry(self, items: list[object]) -> Block:
        return Block("gloss_entry", _lines(items))

    def index(self, items: list[object]) -> Block:
        return self._mixed("index", items)

    def index_line(self, items: list[object]) -> Block:
        return Block("index_line", _lines(items))

    def backmatter(self, items: list[object]) -> Block:
        return self._mixed("backmatter", items)

    def back_line(self, items: list[object]) -> Block:
        return Block("back_line", _lines(items))
