"""Errors raised while turning a document into a tree.

Each class's docstring is its meaning. Every message names the file, the
line and column, shows the source line with a caret under the column, and
says what was expected there.
"""

from __future__ import annotations

from crdex.corpus.errors import CrdexError

__all__ = ["FormatError", "LineTooLongError", "NotRulesError", "ParseError", "render_position"]


def render_position(path: str, line: int, column: int, source_line: str, message: str) -> str:
    """``path:line:column: message`` then the line and a caret under the column."""
    shown = source_line.rstrip("\n")
    cut = 0
    if len(shown) > 120:
        cut = max(0, min(column - 60, len(shown) - 120))
        shown = (
            ("…" if cut else "") + shown[cut : cut + 120] + ("…" if cut + 120 < len(shown) else "")
        )
    caret = " " * (column - 1 - cut + (1 if cut else 0)) + "^"
    return f"{path}:{line}:{column}: {message}\n    {shown}\n    {caret}"


class ParseError(CrdexError):
    """The document does not follow the grammar of the format it was read as."""

    def __init__(self, path: str, line: int, column: int, source_line: str, message: str) -> None:
        self.path, self.line, self.column = path, line, column
        self.source_line = source_line
        self.reason = message
        super().__init__(render_position(path, line, column, source_line, message))


class NotRulesError(ParseError):
    """The text was read, but nothing in it is a numbered rule."""


class LineTooLongError(ParseError):
    """A line is far longer than any line of a rules document."""


class FormatError(CrdexError):
    """The document is not in the format it was read as, or no format fits it."""
