"""The official Comprehensive Rules text, 1999–2026: preprocess → Lark → blocks → tree."""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .blocks import BlockTransformer
from .build import build_document
from .errors import LineTooLongError, NotRulesError, ParseError
from .grammar import load_grammar
from .ledger import Ledger

__all__ = ["MAX_LINE", "describe_expected", "is_hard_wrapped", "parse_official"]

# No rules document has a line anywhere near this long (the longest rule in
# 2026 is under 2,000 characters); a longer line is not rules text.
MAX_LINE = 100_000

# Hard-wrapped editions (1999, 2001–2004) never have a line longer than
# about 120 characters; every other edition has rules several hundred long.
WRAP_WIDTH = 160

_EXPECTED = {
    "BLANK": "a blank line",
    "DECOR": "a row of dashes",
    "SECTION_HEAD": "a section heading such as '1. Game Concepts'",
    "RULE_HEAD": "a rule heading such as '100. General'",
    "RULE_LINE": "a numbered rule such as '100.1. …' or '100.1a …'",
    "MALFORMED_RULE": "a numbered rule",
    "EXAMPLE": "an 'Example:' line",
    "INDENTED": "an indented line",
    "TEXT": "a line of text",
    "CONTENTS_TITLE": "the 'Contents' heading",
    "GLOSSARY_TITLE": "the 'Glossary' heading",
    "INDEX_TITLE": "the 'Index' heading",
    "BACK_TITLE": "the 'Credits' heading",
    "$END": "the end of the document",
}

_transformer = BlockTransformer()
_RULE_LIKE = re.compile(r"\s*\d{3}\.\d")


def describe_expected(names: set[str] | frozenset[str]) -> str:
    described = sorted({_EXPECTED.get(n, n) for n in names})
    if not described:
        return "nothing more"
    if len(described) == 1:
        return described[0]
    return ", ".join(described[:-1]) + " or " + described[-1]


def is_hard_wrapped(longest: int) -> bool:
    """Whether an edition whose longest line is ``longest`` characters is hard-wrapped."""
    return 0 < longest <= WRAP_WIDTH


def check_lines(path: str, lines: list[str], longest: int | None = None) -> None:
    """No line longer than :data:`MAX_LINE` (``longest``: the longest line's length, if known)."""
    if longest is None:
        longest = max(map(len, lines), default=0)
    if longest <= MAX_LINE:
        return
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise LineTooLongError(
                path,
                number,
                MAX_LINE + 1,
                line[MAX_LINE - 60 : MAX_LINE + 60],
                f"line {number} is {len(line):,} characters long; expected lines of rules text "
                f"(at most {MAX_LINE:,} characters)",
                offset=MAX_LINE - 60,
            )


def parse_official(
    text: str, path: str = "<text>", grammar: str = "official"
) -> tuple[dict[str, object], Ledger]:
    """Parse official-format text; returns ``Edition`` fields and the line ledger."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    longest = max(map(len, lines), default=0)
    check_lines(path, lines, longest)
    # the lines, each ended by a newline: the text itself when its last line has one
    source = "" if not lines else text if text.endswith("\n") else text + "\n"
    parser = load_grammar(grammar, transformer=_transformer)
    try:
        document = parser.parse(source)
    except UnexpectedInput as exc:
        raise _parse_error(exc, path, lines) from None
    ledger = Ledger(path, len(lines))
    wrapped = is_hard_wrapped(longest)
    fields = build_document(document, ledger, wrapped)
    if not fields["rules"]:
        # point at the first rule-like line (it needed a section heading before
        # it), else at the first line with text
        first = next(
            (i for i, ln in enumerate(lines, 1) if _RULE_LIKE.match(ln)),
            next((i for i, ln in enumerate(lines, 1) if ln.strip()), 1),
        )
        raise NotRulesError(
            path,
            first,
            1,
            lines[first - 1] if lines else "",
            "no numbered rules found; expected a section heading such as '1. Game Concepts' "
            "followed by rules such as '100.1. …'",
        )
    return fields, ledger


def _parse_error(exc: UnexpectedInput, path: str, lines: list[str]) -> ParseError:
    line = getattr(exc, "line", None) or len(lines)
    column = getattr(exc, "column", None) or 1
    if isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        line = max(1, len(lines))
        source = lines[-1] if lines else ""
        column = len(source) + 1
        expected = describe_expected(set(exc.expected))
        message = f"the document ends too early; expected {expected}"
    elif isinstance(exc, UnexpectedToken):
        source = lines[line - 1] if 0 < line <= len(lines) else ""
        what = _EXPECTED.get(exc.token.type, exc.token.type)
        message = f"unexpected {what}; expected {describe_expected(set(exc.expected))}"
    elif isinstance(exc, UnexpectedCharacters):
        source = lines[line - 1] if 0 < line <= len(lines) else ""
        message = (
            f"this line cannot stand here; expected {describe_expected(set(exc.allowed or ()))}"
        )
    else:  # pragma: no cover - lark has no other kinds today
        source = lines[line - 1] if 0 < line <= len(lines) else ""
        message = str(exc).splitlines()[0]
    return ParseError(path, line, column, source, message)
