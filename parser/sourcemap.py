"""Lines made from a source, each remembering where in the source it came from.

Some formats cannot be handed to a grammar as they are: an HTML page is
turned into lines of structured text first, a markdown book is read file by
file in the order of its ``SUMMARY.md``. The grammar then sees lines that
are not the user's lines. A :class:`MappedText` keeps, for every line it
holds, the file, line and column it came from, so that errors, spans and
repairs point into the user's files and the accounting counts the user's
lines, never the intermediate ones.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .errors import ParseError
from .ledger import Ledger
from .official import describe_expected
from .tree import ContentsEntry, Example, GlossaryEntry, Repair, Rule, Ruling, Span

__all__ = ["MappedText", "Origin", "parse_error", "remap_fields", "remap_ledger"]


@dataclass(frozen=True, slots=True)
class Origin:
    """Where one intermediate line came from.

    ``prefix`` characters at the start of the intermediate line are not in
    the source (a tag such as ``"p\\t"``); ``exact`` says whether the rest of
    the line is the source text column for column, so that an error column
    can be carried over (in HTML it cannot: markup sits between the words).
    ``end_line`` is the last source line the intermediate line stands for.
    """

    path: str
    line: int
    column: int = 1
    end_line: int = 0
    prefix: int = 0
    exact: bool = True

    @property
    def last_line(self) -> int:
        return max(self.line, self.end_line)

    def source_column(self, column: int) -> int:
        if not self.exact:
            return self.column
        return self.column + max(0, column - 1 - self.prefix)


@dataclass
class MappedText:
    """Intermediate lines, their origins, and the source files' own lines."""

    lines: list[str] = field(default_factory=list)
    origins: list[Origin] = field(default_factory=list)
    sources: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def identity(cls, path: str, lines: list[str]) -> MappedText:
        """A file's own lines, each standing for itself."""
        mapped = cls([], [], {path: lines})
        for number, line in enumerate(lines, 1):
            mapped.add(line, Origin(path, number))
        return mapped

    def add(self, text: str, origin: Origin) -> None:
        if "\n" in text:
            raise ValueError("one line at a time")
        self.lines.append(text)
        self.origins.append(origin)

    def add_source(self, path: str, lines: list[str]) -> None:
        self.sources[path] = lines

    @property
    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)

    def origin(self, number: int) -> Origin:
        """The origin of 1-based intermediate line ``number`` (clamped)."""
        if not self.origins:
            return Origin("<empty>", 1)
        return self.origins[min(max(number, 1), len(self.origins)) - 1]

    def source_line(self, origin: Origin) -> str:
        lines = self.sources.get(origin.path, [])
        return lines[origin.line - 1] if 0 < origin.line <= len(lines) else ""


def parse_error(
    exc: UnexpectedInput, mapped: MappedText, names: dict[str, str] | None = None
) -> ParseError:
    """A Lark error on intermediate text, reported at its place in the source.

    ``names`` describes this format's own terminals for the "expected …"
    part of the message; shared terminals are described by the official
    format's wording.
    """
    names = names or {}

    def describe(terminals: Iterable[str]) -> str:
        own = {names[t] for t in terminals if t in names}
        rest = {t for t in terminals if t not in names}
        text = describe_expected(rest) if rest else ""
        parts = sorted(own) + ([text] if text and text != "nothing more" else [])
        if not parts:
            return "nothing more"
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]

    count = len(mapped.lines)
    if isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        origin = mapped.origin(count)
        source = mapped.source_line(replace(origin, line=origin.last_line))
        return ParseError(
            origin.path,
            origin.last_line,
            len(source) + 1,
            source,
            f"the document ends too early; expected {describe(set(exc.expected))}",
        )
    line = getattr(exc, "line", None) or count
    column = getattr(exc, "column", None) or 1
    origin = mapped.origin(line)
    source = mapped.source_line(origin)
    if isinstance(exc, UnexpectedToken):
        what = names.get(exc.token.type) or describe([exc.token.type])
        message = f"unexpected {what}; expected {describe(set(exc.expected))}"
    elif isinstance(exc, UnexpectedCharacters):
        message = f"this line cannot stand here; expected {describe(set(exc.allowed or ()))}"
    else:  # pragma: no cover - lark has no other kinds today
        message = str(exc).splitlines()[0]
    return ParseError(origin.path, origin.line, origin.source_column(column), source, message)


def _span(span: Span | None, mapped: MappedText) -> Span | None:
    if span is None:
        return None
    start = mapped.origin(span.line)
    end = mapped.origin(span.end_line or span.line)
    end_line = end.last_line if end.path == start.path else start.last_line
    return Span(start.path, start.line, start.column, end_line)


def remap_fields(fields: dict[str, object], mapped: MappedText) -> None:
    """Point every span in the built fields at the source instead of the intermediate lines."""
    for rule in fields.get("rules", []):  # type: ignore[union-attr]
        assert isinstance(rule, Rule)
        rule.span = _span(rule.span, mapped)
        for example in rule.examples:
            assert isinstance(example, Example)
            example.span = _span(example.span, mapped)
        for ruling in rule.rulings:
            assert isinstance(ruling, Ruling)
            ruling.span = _span(ruling.span, mapped)
    for entry in [*fields.get("glossary", []), *fields.get("contents", [])]:  # type: ignore[misc]
        assert isinstance(entry, GlossaryEntry | ContentsEntry)
        entry.span = _span(entry.span, mapped)


def remap_ledger(
    ledger: Ledger,
    mapped: MappedText,
    path: str,
    total: int,
    filler: str | None = None,
) -> Ledger:
    """The ledger of intermediate lines, as a ledger of the source file's lines.

    Every source line an intermediate line stands for gets its kind (the
    first one wins where several intermediate lines share a source line).
    Source lines no intermediate line stands for get ``filler`` (for HTML:
    markup that carries no text) or stay unaccounted.
    """
    out = Ledger(path, total)
    for number, kind in enumerate(ledger.kinds[1:], 1):
        if kind is None:
            continue
        origin = mapped.origin(number)
        if origin.path != path:
            continue
        for line in range(origin.line, origin.last_line + 1):
            if 0 < line <= total and out.kinds[line] is None:
                out.kinds[line] = kind
    if filler is not None:
        for line in range(1, total + 1):
            if out.kinds[line] is None:
                out.kinds[line] = filler
    out.repairs = [remap_repair(r, mapped) for r in ledger.repairs]
    return out


def remap_repair(repair: Repair, mapped: MappedText, book: str | None = None) -> Repair:
    """A repair at its source position; for a book of several files (``book`` is its
    directory) the reason starts with the file's path within the book."""
    origin = mapped.origin(repair.line)
    reason = repair.reason
    if book is not None:
        reason = f"{os.path.relpath(origin.path, book)}: {reason}"
    return replace(
        repair,
        line=origin.line,
        column=origin.source_column(repair.column),
        reason=reason,
        path=os.path.relpath(origin.path, book) if book is not None else repair.path,
    )
