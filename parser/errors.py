"""Errors raised while turning a document into a tree.

Each class's docstring is its meaning. Every message names the file, the
line and column, shows the source line with a caret under the column, and
says what was expected there.
"""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = [
    "CutShortError",
    "FormatError",
    "LineTooLongError",
    "NotRulesError",
    "ParseError",
    "UnknownFormat",
    "render_position",
]


def render_position(
    path: str, line: int, column: int, source_line: str, message: str, offset: int = 0
) -> str:
    """``path:line:column: message`` then the line and a caret under the column.

    ``source_line`` may be a slice of a very long line starting at column
    ``offset + 1``; at most 120 characters around the column are shown.
    """
    text = source_line.rstrip("\n")
    at = max(0, column - 1 - offset)  # caret position within text
    start = max(0, min(at - 60, len(text) - 120))
    shown = text[start : start + 120]
    lead = "…" if start > 0 or offset > 0 else ""
    tail = "…" if start + 120 < len(text) else ""
    caret = " " * (len(lead) + min(at - start, len(shown))) + "^"
    return f"{path}:{line}:{column}: {message}\n    {lead}{shown}{tail}\n    {caret}"


class ParseError(CrdexError):
    """The document does not follow the grammar of the format it was read as."""

    def __init__(
        self, path: str, line: int, column: int, source_line: str, message: str, offset: int = 0
    ) -> None:
        self.path, self.line, self.column = path, line, column
        self.source_line = source_line
        self.reason = message
        super().__init__(render_position(path, line, column, source_line, message, offset))


class NotRulesError(ParseError):
    """The text was read, but nothing in it is a numbered rule."""


class LineTooLongError(ParseError):
    """A line is far longer than any line of a rules document."""


class FormatError(CrdexError):
    """The document is not in the format it was read as, or no format fits it."""


class UnknownFormat(FormatError, LookupError):
    """No format has the name asked for."""


class CutShortError(CrdexError):
    """The document was read, but it stops before its end: it is cut short.

    What was read is kept (and a ``truncated`` repair says where it stops);
    a command that reads one document reports it, and fails, after showing it.
    """
