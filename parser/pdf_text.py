"""Text extracted from a PDF of the rules: furniture and debris off, broken lines rejoined.

The ``pdf_text`` grammar says what each line is; this module then puts
each rule back on one line, as the text had it before extraction:

- page footers go, whether on their own line or glued to the end of a line,
  and so do running page headers among the rules;
- the two halves of a "<br />" split over two lines go;
- a line that continues the line before it is joined to it, without a
  space when the break fell inside a word ("Bloodthirs" + "t X": the
  joined word is one the document uses elsewhere and the piece before
  the break is not), with a space otherwise.

Every one of these changes is a repair with its line. The rejoined rules
go to the official text's tree builder.
"""

from __future__ import annotations

import re
from collections import Counter

from lark import Token, Transformer
from lark.exceptions import UnexpectedInput

from .blocks import Block, Line, line_of
from .body import build_body
from .errors import NotRulesError
from .grammar import load_grammar
from .ledger import Ledger, mark_gap
from .markdown import build_front_page, gap_before
from .official import check_lines
from .sniff import LinePattern
from .sourcemap import MappedText, parse_error

__all__ = ["FOOTER", "PDF_TEXT_NAMES", "join_broken", "parse_pdf_text", "sniff_pdf_text"]

#: A page footer, wherever it sits on a line.
FOOTER = re.compile(
    r"[ \t]*(?:Magic:?[ \t]+The[ \t]+Gathering[ \t]+)?Comprehensive[ \t]+Rules[ \t]+Page[ \t]+\d+[ \t]*$"
)
PDF_TEXT_NAMES = {
    "PAGE_FOOTER": "a page footer",
    "PAGE_HEADER": "a page header",
    "BR_OPEN": "the '<' of a split '<br />'",
    "BR_RULE_LINE": "a rule after a split '<br />'",
    "BR_TEXT": "text after a split '<br />'",
}
_BR = re.compile(r"^[ \t]*br[ \t]*/?>[ \t]*")
_WORD = re.compile(r"[^\W\d_]+")
_TRAILING_WORD = re.compile(r"([^\W\d_]+)$")
_LEADING_WORD = re.compile(r"^([^\W\d_]+)")
_SNIFF_FOOTER = re.compile(r"Comprehensive[ \t]+Rules[ \t]+Page[ \t]+\d+[ \t]*$", re.M)
_SNIFF_BR = re.compile(r"<[ \t]*\n[ \t]*br[ \t]*/?>")
_RULE = LinePattern(r"[ \t]*\d{3}\.\d{1,3}[a-z]{0,2}\.?[ \t]")


def sniff_pdf_text(text: str, path: str) -> str | None:
    if not _RULE.search(text):
        return None
    if _SNIFF_FOOTER.search(text, 0, 2_000_000):
        return "it has page footers such as 'Comprehensive Rules Page 12'"
    if _SNIFF_BR.search(text, 0, 2_000_000):
        return "it has a '<br />' split over two lines, as text extracted from a PDF does"
    return None


class _PdfTransformer(Transformer):
    """Tokens → blocks (stateless)."""

    def start(self, items: list[object]) -> list[Block]:
        out: list[Block] = []
        for item in items:
            if isinstance(item, Block):
                out.append(item)
            elif isinstance(item, Token):
                out.append(Block("gap", [line_of(item)]))
        return out

    def _lines(self, kind: str, items: list[object]) -> Block:
        lines: list[Line] = []
        for item in items:
            if isinstance(item, Token):
                lines.append(line_of(item))
            elif isinstance(item, Block):
                lines.extend(item.lines)
        return Block(kind, lines)

    def front_text(self, items: list[object]) -> Block:
        return self._lines("front_text", items)

    def heading(self, items: list[object]) -> Block:
        return self._lines("heading", items)

    def rule_para(self, items: list[object]) -> Block:
        return self._lines("rule_para", items)

    def furniture(self, items: list[object]) -> Block:
        return self._lines("furniture", items)


_transformer = _PdfTransformer()


def vocabulary(lines: list[str]) -> Counter[str]:
    """How often each word occurs in the document (case folded)."""
    words: Counter[str] = Counter()
    for line in lines:
        words.update(w.casefold() for w in _WORD.findall(line))
    return words


def join_broken(before: str, after: str, words: Counter[str]) -> tuple[str, bool]:
    """``before`` and ``after`` joined; True when the break fell inside a word.

    "“Bloodthirs" + "t X”" → "“Bloodthirst X”": the document uses the word
    "bloodthirst" and the piece "bloodthirs" occurs nowhere but here.
    """
    before = before.rstrip()
    after = after.strip()
    if before.endswith("-") and not before.endswith(" -"):
        return before + after, False
    head = _TRAILING_WORD.search(before)
    tail = _LEADING_WORD.match(after)
    if head and tail:
        left, right = head.group(1).casefold(), tail.group(1).casefold()
        whole = left + right
        # the pieces were counted where they stand; the whole word must occur elsewhere
        if words[whole] > 0 and words[left] <= 1:
            return before + after, True
    return f"{before} {after}", False


def parse_pdf_text(text: str, path: str = "<pdf-text>") -> tuple[dict[str, object], Ledger]:
    """PDF-extracted text; returns ``Edition`` fields and the line ledger."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    check_lines(path, lines)
    clean, glued = _unglue(lines)
    parser = load_grammar("pdf_text", transformer=_transformer)
    try:
        blocks: list[Block] = parser.parse("".join(ln + "\n" for ln in clean))
    except UnexpectedInput as exc:
        raise parse_error(exc, MappedText.identity(path, lines), PDF_TEXT_NAMES) from None
    ledger = Ledger(path, len(lines))
    for number, kind, reason in glued:
        ledger.repair(Line(number, "TEXT", lines[number - 1]), kind, reason, clean[number - 1])
    words = vocabulary(clean)
    front: list[Block] = []
    body: list[Block] = []
    merged: dict[int, int] = {}  # a rejoined line → the line it now belongs to
    for block in blocks:
        if block.kind == "gap":
            (body if body else front).append(block)
        elif block.kind == "furniture" and block.first.kind == "PAGE_HEADER" and not body:
            front.append(Block("front_text", block.lines))  # the title, not a running header
        elif block.kind == "furniture":
            _furniture(block.first, ledger)
        elif block.kind == "front_text" and not body:
            front.append(block)
        else:
            body.extend(_rejoin(block, ledger, words, merged))
    if not any(b.kind == "rule_para" for b in body):
        first = next((i for i, ln in enumerate(lines, 1) if ln.strip()), 1)
        raise NotRulesError(
            path,
            first,
            1,
            lines[first - 1] if lines else "",
            "no numbered rules found; expected rules such as '502.36. Scry' or '502.36a …'",
        )
    for gap in [b for b in front if b.kind == "gap"]:
        mark_gap(gap.first, ledger)
    title, intro, _ = build_front_page(
        Block("front", [], [b for b in front if b.kind != "gap"]), ledger
    )
    built = build_body(Block("body", [], body), ledger, wrapped=False)
    for line, into in merged.items():
        ledger.mark(line, ledger.kinds[into] or "text")
    return {"title": title, "introduction": intro, "contents": [], "rules": built.rules}, ledger


def _unglue(lines: list[str]) -> tuple[list[str], list[tuple[int, str, str]]]:
    """Lines without the debris glued to them, and a repair for each: done before the
    grammar sees the lines, since a footer or a "<" at the end of a rule's line leaves
    the line a rule line."""
    clean = list(lines)
    repairs: list[tuple[int, str, str]] = []
    for index, line in enumerate(lines):
        text = line
        m = FOOTER.search(text)
        if m and text[: m.start()].strip():
            text = text[: m.start()]
            repairs.append(
                (
                    index + 1,
                    "page-footer",
                    f"page footer {m.group().strip()!r} glued to the end of the line; removed",
                )
            )
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if text.rstrip().endswith("<") and text.strip() != "<" and _BR.match(following):
            text = text.rstrip()[:-1].rstrip()
            repairs.append(
                (
                    index + 1,
                    "html-debris",
                    "'<', the first half of a '<br />' split over two lines; removed",
                )
            )
        clean[index] = text
    return clean, repairs


def _furniture(line: Line, ledger: Ledger) -> None:
    if line.kind == "PAGE_FOOTER":
        ledger.repair(line, "page-footer", f"page footer {line.stripped!r}; removed")
        ledger.mark(line, "footer")
    elif line.kind == "PAGE_HEADER":
        ledger.repair(line, "page-header", f"running page header {line.stripped!r}; removed")
        ledger.mark(line, "header")
    else:
        ledger.repair(
            line, "html-debris", "'<', the first half of a '<br />' split over two lines; removed"
        )
        ledger.mark(line, "debris")


def _rejoin(
    block: Block, ledger: Ledger, words: Counter[str], merged: dict[int, int]
) -> list[Block]:
    """A rule (or heading) with its continuation lines joined back onto the line they continue."""
    out: list[Line] = []
    extra: list[Block] = []
    for line in block.lines:
        kind, text = line.kind, line.text
        if kind in ("BR_RULE_LINE", "BR_TEXT"):
            text = _BR.sub("", text)
            ledger.repair(
                line,
                "html-debris",
                "'br />', the second half of a '<br />' split over two lines; removed",
                text,
            )
            kind = "RULE_LINE" if kind == "BR_RULE_LINE" else "TEXT"
        if kind in ("PAGE_FOOTER", "PAGE_HEADER", "BR_OPEN"):
            _furniture(line, ledger)
            continue
        if kind == "BLANK":
            extra.append(Block("gap", [line]))
            continue
        if kind in ("TEXT", "INDENTED", "BR_TEXT") and out:
            previous = out[-1]
            joined, inside_word = join_broken(previous.text, text, words)
            ledger.repair(
                line,
                "broken-word" if inside_word else "rejoined-line",
                (
                    f"a word broken across lines; rejoined with line {previous.number}"
                    if inside_word
                    else f"continues line {previous.number}; rejoined with a space"
                ),
                joined,
            )
            out[-1] = Line(previous.number, previous.kind, joined)
            merged[line.number] = previous.number
            continue
        out.append(Line(line.number, kind, text))
    if block.kind == "heading":
        head = Block("section_head" if out[0].kind == "SECTION_HEAD" else "rule_head", out[:1])
        rest = [Block("loose_para", [ln]) for ln in out[1:]]
        return [gap_before(out[0]), head, *rest, *extra]
    # one rule per line: a line with a rule number is a rule, in sequence or not
    return [gap_before(out[0]), Block("rule_para", out), *extra]
