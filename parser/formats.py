"""The source formats crdex reads, declared as data: name, sniffer, parser.

Each format module provides ``sniff(text, path) -> str | None`` (a reason it
looks like this format, or None) and ``parse(text, path) -> (fields, ledger)``
returning ``Edition`` fields and the line ledger. Detection tries the formats
in order and takes the first that claims the text; ``--format`` skips
detection, and a format that then fails says which format was tried.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .build import Ledger
from .errors import FormatError

__all__ = ["FORMATS", "Format", "detect_format", "format_names", "get_format", "register"]

Sniffer = Callable[[str, str], str | None]
Parser = Callable[[str, str], tuple[dict[str, object], Ledger]]


@dataclass(frozen=True, slots=True)
class Format:
    name: str
    description: str
    sniff: Sniffer
    parse: Parser


FORMATS: list[Format] = []


def register(fmt: Format, *, before: str | None = None) -> None:
    """Add a format; ``before`` puts it ahead of a more general one."""
    if any(f.name == fmt.name for f in FORMATS):
        raise ValueError(f"format {fmt.name!r} is registered twice")
    if before is None:
        FORMATS.append(fmt)
        return
    index = next(i for i, f in enumerate(FORMATS) if f.name == before)
    FORMATS.insert(index, fmt)


def format_names() -> list[str]:
    return [f.name for f in FORMATS]


def get_format(name: str) -> Format:
    for fmt in FORMATS:
        if fmt.name == name:
            return fmt
    raise FormatError(f"unknown format {name!r}; known formats: {', '.join(format_names())}")


def detect_format(text: str, path: str) -> tuple[Format, str]:
    """The first format that claims the text, with its reason."""
    for fmt in FORMATS:
        reason = fmt.sniff(text, path)
        if reason:
            return fmt, reason
    raise FormatError(
        f"{path}: not a rules document in any known format "
        f"({', '.join(format_names())}); expected numbered rules such as '100.1. …'"
    )


_OFFICIAL_RULE = re.compile(r"^[ \t]*\d{3}\.\d{1,3}[a-z]{0,2}\.?[ \t]", re.M)
_OFFICIAL_HEAD = re.compile(r"^[ \t]*\d{3}\.[ \t]+[A-Z]", re.M)
_OFFICIAL_TITLE = re.compile(r"comprehensive\s+rules", re.I)


def _sniff_official(text: str, path: str) -> str | None:
    count = len(_OFFICIAL_RULE.findall(text, 0, 2_000_000))
    if count >= 1:
        return f"{count} lines start with a rule number such as '100.1.'"
    # a document cut short before its first rule still says what it is
    if _OFFICIAL_HEAD.search(text, 0, 200_000) or _OFFICIAL_TITLE.search(text, 0, 4_000):
        return "it is titled or laid out like the Comprehensive Rules, but has no numbered rule"
    return None


def _parse_official(text: str, path: str) -> tuple[dict[str, object], Ledger]:
    from .official import parse_official

    return parse_official(text, path)


register(
    Format(
        "official",
        "the official Comprehensive Rules text (1999–today), also text extracted from Word, RTF and PDF originals",
        _sniff_official,
        _parse_official,
    )
)
