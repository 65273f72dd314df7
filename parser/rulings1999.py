"""The 1999 rulings summary (Crystal Keep, Fifth Edition era): a page in its own numbering.

Stephen D'Angelo's "Rulings Summary" files are the ancestors of the 2008
rulings pages (:mod:`.rulings`), but of another generation: they predate
the Comprehensive Rules and number everything themselves, in lettered
chapters (``A.27`` is the topic Trample, ``A.27.2`` its second rule,
``A.27.Ruling.6`` its sixth ruling). The two generations are told apart by
their numbers alone, and a page that mixes them is refused at the first
line of the generation it has fewer of.

The page's numbered nodes go to ``Edition.items``, never to
``Edition.rules``; ``Edition.numbering`` says :data:`NUMBERING`, so nothing
that follows Comprehensive Rules numbers across editions can take ``A.27``
for one of them.

preprocess (line checks, the generations) → Lark (``rulings_1999.lark``)
→ lines by section (the Transformer below) → tree
(:mod:`.rulings1999_build`).
"""

from __future__ import annotations

import re

from lark import Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .blocks import Line, line_of
from .errors import ParseError
from .grammar import load_grammar
from .ledger import Ledger
from .official import check_lines
from .rulings1999_build import NUMBERING, build_summary
from .sniff import LinePattern
from .sourcemap import MappedText, parse_error

__all__ = ["NAMES", "NUMBERING", "parse_rulings_1999", "sniff_rulings_1999"]

NAMES = {
    "CONTENTS_TITLE": "the 'Table of Contents:' heading",
    "INDEX_TITLE": "the 'Index' heading",
    "CREDITS_TITLE": "the 'Acknowledgements and Disclaimers' heading",
    "CHAPTER": "a chapter such as 'A - Abilities'",
    "TOPIC": "a topic such as 'A.27 - Trample:'",
    "RULE": "a rule such as 'A.27.2 - …'",
    "RULING": "a ruling such as 'A.27.Ruling.6 - …'",
    "NOTE": "a note such as 'Note - …'",
    "LETTER": "a line of the letter before the contents",
    "INDEX_SEE": "an index entry such as 'Deck, see Library'",
    "INDEX_ENTRY": "an index entry such as 'Trample, A.27'",
    "INDEX_HEADING": "an index heading such as 'Abilities'",
    "CREDIT_LINE": "a line of the acknowledgements",
}

# lines numbered like this page ("A.27.2 - ", "o A.27.2 - ", "Note - ") and like
# the 2008 pages ("501.1 - ", "  501.10.Ruling.1 - ")
_OURS_BODY = r"(?:[o\u25cb\u25e6\u00b0][ \t]+)?[A-Z]\.\d{1,3}(?:\.(?:Rulings?\.)?\d{1,3})? - "
_OURS = re.compile(_OURS_BODY)
# the same at every line's start, found without trying the pattern at every character
_OURS_LINES = LinePattern(_OURS_BODY)
_THEIRS = re.compile(r"^[ \t]*\d{3}(?:\.\d{1,3}[a-z]{0,2})?(?:\.Ruling\.\d+)? - ", re.M)
# Phrases of the letter these pages open with, looked for in lower case in the
# first 20,000 characters: a case-blind regex cannot scan for a literal and
# tries each character (0.4 ms an edition, for every document sniffed).
_LETTER_SIGNS = (
    "rulings are collected from many sources",
    "rulings summar",
    "open circle is used to mark changes",
)
_SCAN = 2_000_000


def sniff_rulings_1999(text: str, path: str) -> str | None:
    ours = _OURS_LINES.count(text, _SCAN)
    if ours:
        return (
            f"{ours} lines are numbered like a rulings summary of the 1990s "
            "('A.27 - ', 'A.27.2 - ', 'A.27.Ruling.6 - ')"
        )
    head = text[:20_000].lower()
    if any(sign in head for sign in _LETTER_SIGNS):
        return "it begins like a rulings summary of the 1990s ('Rulings are collected …')"
    return None


class _SummaryTransformer(Transformer):
    """Tokens → (section, lines) pairs; each method is named after its grammar rule."""

    @staticmethod
    def _lines(items: list[object]) -> list[Line]:
        out: list[Line] = []
        for item in items:
            if isinstance(item, Token):
                out.append(line_of(item))
            elif isinstance(item, Line):
                out.append(item)
            elif isinstance(item, list):
                out.extend(x for x in item if isinstance(x, Line))
        return out

    def start(self, items: list[object]) -> list[tuple[str, list[Line]]]:
        out: list[tuple[str, list[Line]]] = []
        for item in items:
            if isinstance(item, tuple):
                out.append(item)
            elif isinstance(item, list):
                out.extend(item)
        return out

    def letter(self, items: list[object]) -> tuple[str, list[Line]]:
        return ("letter", self._lines(items))

    def contents(self, items: list[object]) -> tuple[str, list[Line]]:
        return ("contents", self._lines(items))

    def contents_entry(self, items: list[object]) -> Line:
        return self._lines(items)[0]

    def body(self, items: list[object]) -> tuple[str, list[Line]]:
        return ("body", self._lines(items))

    def chapter(self, items: list[object]) -> list[Line]:
        return self._lines(items)

    def topic(self, items: list[object]) -> list[Line]:
        return self._lines(items)

    def rule(self, items: list[object]) -> Line:
        return self._lines(items)[0]

    ruling = note = index_entry = index_see = index_heading = rule

    def back(self, items: list[object]) -> list[tuple[str, list[Line]]]:
        return [item for item in items if isinstance(item, tuple)]

    def index(self, items: list[object]) -> tuple[str, list[Line]]:
        return ("index", self._lines(items))

    def credits(self, items: list[object]) -> tuple[str, list[Line]]:
        return ("credits", self._lines(items))


_transformer = _SummaryTransformer()


def _check_generations(path: str, lines: list[str]) -> None:
    """A page numbered both ways is refused at the first line of the rarer numbering."""
    ours = [i for i, ln in enumerate(lines, 1) if _OURS.match(ln)]
    theirs = [i for i, ln in enumerate(lines, 1) if _THEIRS.match(ln)]
    if not ours or not theirs:
        return
    if len(theirs) <= len(ours):
        at = theirs[0]
        message = (
            "this line is numbered like a 2008 rulings page, in Comprehensive Rules numbers "
            f"('501.1 - '), but the page is a rulings summary of the 1990s in its own "
            f"numbering ({len(ours)} lines such as 'A.27.2 - '); a page cannot mix the two "
            "generations"
        )
    else:
        at = ours[0]
        message = (
            "this line is numbered like a rulings summary of the 1990s ('A.27.2 - '), but "
            f"the page is a 2008 rulings page in Comprehensive Rules numbers ({len(theirs)} "
            "lines such as '501.1 - '); a page cannot mix the two generations"
        )
    text = lines[at - 1]
    column = len(text) - len(text.lstrip()) + 1
    raise ParseError(path, at, column, text, message)


def _as_stray_line(exc: UnexpectedInput, source: str) -> UnexpectedInput:
    """A line no terminal of its place reads, as such.

    The contextual lexer only tries the lines that can stand where the
    parser is; when none fits, Lark tries every terminal and reports the
    first that matches, so that a cut line "A.27.R" would be called an
    index heading. What the user needs to hear is that the line cannot
    stand there, and what could.
    """
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        token = exc.token
        return UnexpectedCharacters(
            source,
            token.start_pos or 0,
            token.line or exc.line,
            token.column or exc.column,
            allowed=set(exc.expected),
        )
    return exc


def parse_rulings_1999(text: str, path: str = "<rulings>") -> tuple[dict[str, object], Ledger]:
    """A 1999 rulings summary; returns ``Edition`` fields and the line ledger."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    check_lines(path, lines)
    _check_generations(path, lines)
    parser = load_grammar("rulings_1999", transformer=_transformer)
    source = "".join(ln + "\n" for ln in lines)
    try:
        sections: list[tuple[str, list[Line]]] = parser.parse(source)
    except UnexpectedInput as exc:
        stray = _as_stray_line(exc, source)
        raise parse_error(stray, MappedText.identity(path, lines), NAMES) from None
    ledger = Ledger(path, len(lines))
    return build_summary(sections, ledger), ledger
