"""Printing answers for people: rich on a terminal, the same text without it elsewhere.

On a terminal rich draws the styles (bold numbers, dim notes). Written to a
pipe or a file, rich prints the same words without styles, wrapped at the
same places; importing and starting rich then costs more than finding the
rule printed. So the renderers (:mod:`.show`, :mod:`.search`) describe what to
print as :class:`Line` objects, and :func:`printer` picks who prints them:
:class:`RichPrinter` on a terminal (or when the environment asks rich for
colour), :class:`PlainPrinter` otherwise, which wraps text as rich does for
unstyled output, with rich's own line breaker (``rich._wrap``) and cell
widths (``rich.cells``), so that the bytes are the same (the tests compare
the two on the rules of whole editions). :func:`drawn` prints the same
lines into a string, unwrapped (the MCP server's text beside its data).
"""

from __future__ import annotations

import io
import itertools
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TextIO

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

__all__ = [
    "Line",
    "PlainPrinter",
    "Printer",
    "RichPrinter",
    "as_printer",
    "console_width",
    "drawn",
    "indented",
    "printer",
]

# the characters rich's Text leaves out (rich.control.STRIP_CONTROL_CODES)
_CONTROL = dict.fromkeys([7, 8, 11, 12, 13])
_TRAILING_SPACE = re.compile(r"\s+$")
_TAB_SIZE = 8
# wide enough that no paragraph of the rules is wrapped in a drawn string
_UNWRAPPED = 100_000


def _clean(text: str) -> str:
    return text.translate(_CONTROL)


class Line:
    """Text with rich styles: a base style, appended pieces, and styled stretches.

    It is made with the same steps as a ``rich.text.Text`` (``Line(text,
    style)``, ``append``, ``append_text``, ``stylize``) and becomes one with
    :meth:`rich`.
    """

    __slots__ = ("_parts", "_spans", "_style")

    def __init__(self, text: str = "", style: str | None = None) -> None:
        self._style = style
        self._parts: list[tuple[str | Line, str | None]] = [(_clean(text), None)]
        self._spans: list[tuple[str, int, int]] = []

    def append(self, text: str, style: str | None = None) -> Line:
        self._parts.append((_clean(text), style))
        return self

    def append_text(self, line: Line) -> Line:
        self._parts.append((line, None))
        return self

    def stylize(self, style: str, start: int, end: int) -> Line:
        self._spans.append((style, start, end))
        return self

    @property
    def plain(self) -> str:
        return "".join(p.plain if isinstance(p, Line) else p for p, _style in self._parts)

    def rich(self) -> Text:
        from rich.text import Text

        text = Text()
        for n, (piece, style) in enumerate(self._parts):
            if isinstance(piece, Line):
                text.append_text(piece.rich())
            elif n:
                text.append(piece, style)
            else:
                text = Text(piece, style=self._style or "")
        for style, start, end in self._spans:
            text.stylize(style, start, end)
        return text


class Printer(Protocol):
    """Where the renderer prints: lines wrapped to a width, or as they are."""

    @property
    def width(self) -> int: ...

    def print(self, line: Line | str | None = None, *, soft_wrap: bool = False) -> None:
        """A line (a ``str`` is rich markup), wrapped to the width unless ``soft_wrap``."""

    def indented(self, line: Line, indent: int, hang: int = 2) -> None:
        """Each paragraph of ``line`` wrapped, at ``indent``, continuations ``hang`` further."""


class RichPrinter:
    """Printing through a rich console (styles on a terminal)."""

    def __init__(self, console: Console) -> None:
        self.console = console

    @property
    def width(self) -> int:
        return self.console.width

    def print(self, line: Line | str | None = None, *, soft_wrap: bool = False) -> None:
        if line is None:
            self.console.print()
        else:
            self.console.print(line.rich() if isinstance(line, Line) else line, soft_wrap=soft_wrap)

    def indented(self, line: Line, indent: int, hang: int = 2) -> None:
        from rich.text import Text

        width = max(20, self.console.width - indent - hang)
        for paragraph in line.rich().split("\n"):
            for n, piece in enumerate(paragraph.wrap(self.console, width)):
                piece.rstrip()
                pad = indent + (hang if n else 0)
                self.console.print(Text(" " * pad).append_text(piece), soft_wrap=True)


def _split(text: str, separator: str, *, keep: bool = False, blank: bool = False) -> list[str]:
    """``rich.text.Text.split``: with ``keep`` each piece ends with its separator; without
    ``blank``, nothing after a last separator."""
    if separator not in text:
        return [text]
    pieces = re.split(f"(?<={re.escape(separator)})", text) if keep else text.split(separator)
    if not blank and text.endswith(separator):
        pieces.pop()
    return pieces


def _expand_tabs(text: str) -> str:
    """``rich.text.Text.expand_tabs``: tab stops every eight cells, line by line."""
    from rich.cells import cell_len

    out: list[str] = []
    for line in _split(text, "\n", keep=True):
        if "\t" not in line:
            out.append(line)
            continue
        position = 0
        for part in _split(line, "\t", keep=True):
            if part.endswith("\t"):
                part = part[:-1] + " "
                position += cell_len(part)
                spaces = (_TAB_SIZE - position % _TAB_SIZE) % _TAB_SIZE
                part += " " * spaces
                position += spaces
            else:
                position += cell_len(part)
            out.append(part)
    return "".join(out)


def _wrap(text: str, width: int) -> Iterator[str]:
    """``rich.text.Text.wrap`` of unstyled text (justify "default", overflow "fold")."""
    from rich._wrap import divide_line
    from rich.cells import cell_len, set_cell_size

    for line in _split(text, "\n", blank=True):
        if "\t" in line:
            line = _expand_tabs(line)
        offsets = [0, *divide_line(line, width, fold=True), len(line)]
        for start, end in itertools.pairwise(offsets):
            piece = line[start:end]
            excess = len(piece) - width
            if excess > 0:  # Text.rstrip_end: spaces past the width go
                trailing = _TRAILING_SPACE.search(piece)
                if trailing is not None:
                    piece = piece[: -min(len(trailing.group()), excess)]
            if cell_len(piece) > width:  # Text.truncate
                piece = set_cell_size(piece, width)
            yield piece


def console_width(environ: Mapping[str, str] | None = None) -> int:
    """The width a rich console gives its output on this system (``Console.size``)."""
    environ = os.environ if environ is None else environ
    columns = environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns)
    for fd in (0, 1, 2):
        try:
            return os.get_terminal_size(fd).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80


class PlainPrinter:
    """Printing unstyled text, as a rich console prints it where there is no terminal."""

    def __init__(self, out: TextIO | None = None, width: int | None = None) -> None:
        self._out = out
        self._width = width
        self.width = console_width() if width is None else width
        self._console: Console | None = None

    def _write(self, text: str) -> None:
        (self._out or sys.stdout).write(text)

    def print(self, line: Line | str | None = None, *, soft_wrap: bool = False) -> None:
        if line is None:
            self._write("\n")
        elif isinstance(line, str):
            # rich markup: rich reads it (the answers with no rule to print)
            if self._console is None:
                from rich.console import Console

                self._console = Console(file=self._out, width=self._width, highlight=False)
            self._console.print(line)
        elif soft_wrap:
            self._write(_expand_tabs(line.plain) + "\n")
        else:
            self._write("".join(f"{piece}\n" for piece in _wrap(line.plain, self.width)))

    def indented(self, line: Line, indent: int, hang: int = 2) -> None:
        width = max(20, self.width - indent - hang)
        out = []
        for paragraph in _split(line.plain, "\n"):
            for n, piece in enumerate(_wrap(paragraph, width)):
                out.append(" " * (indent + (hang if n else 0)) + piece.rstrip() + "\n")
        self._write("".join(out))


def _rich_terminal(environ: Mapping[str, str]) -> bool:
    """Whether rich could draw styles here (a conservative ``Console.is_terminal``)."""
    if sys.platform == "win32" or "TTY_COMPATIBLE" in environ or "FORCE_COLOR" in environ:
        return True
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def printer(**console: Any) -> Printer:
    """Who prints answers on standard output: rich on a terminal, plain text otherwise."""
    if _rich_terminal(os.environ):
        from rich.console import Console

        return RichPrinter(Console(highlight=False, **console))
    return PlainPrinter()


def as_printer(console: Any) -> Printer:
    """A printer, or a rich console to print through."""
    return console if isinstance(console, (PlainPrinter, RichPrinter)) else RichPrinter(console)


def indented(console: Any, text: Line, indent: int, hang: int = 2) -> None:
    """Print ``text`` wrapped to the console's width: indented, continuations ``hang`` further.

    Each paragraph of ``text`` starts at ``indent``; its wrapped lines start
    ``hang`` columns further in, so a wrapped rule reads as one block under
    its number. No line ends in spaces.
    """
    as_printer(console).indented(text, indent, hang)


def drawn(draw: Callable[[Console], None]) -> str:
    """What ``draw`` prints, as a string: no colour, no wrapping, no trailing spaces.

    A reader that is a program (an assistant over MCP) reads long lines as
    well as short ones, so nothing is wrapped.
    """
    from rich.console import Console

    out = io.StringIO()
    draw(Console(file=out, width=_UNWRAPPED, color_system=None, highlight=False, emoji=False))
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())
