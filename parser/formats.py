"""The source formats crdex reads, declared as data: name, sniffer, parser.

Each text format provides ``sniff(text, path) -> str | None`` (a reason it
looks like this format, or None) and ``parse(text, path) -> (fields,
ledger)`` returning ``Edition`` fields and the line ledger. Detection tries
the formats in order, the most particular first, and takes the first that
claims the text; ``--format`` skips detection, and a format that then
fails says which format was tried and why it was chosen.

Word, PDF and RTF originals are not text: they are recognised by their
first bytes (:func:`detect_binary`), turned into text by a converter from
:mod:`crdex.corpus.convert`, then parsed as official text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .errors import FormatError, UnknownFormat
from .ledger import Ledger
from .sniff import LinePattern

__all__ = [
    "FORMATS",
    "Format",
    "claimed_by",
    "detect_binary",
    "detect_format",
    "format_names",
    "get_format",
    "register",
]

Sniffer = Callable[[str, str], str | None]
Parser = Callable[[str, str], tuple[dict[str, object], Ledger]]


@dataclass(frozen=True, slots=True)
class Format:
    """A source format.

    ``binary`` formats are not text: detection goes by the file's bytes
    (``crdex.corpus.convert.sniff_binary``) and the converter of the same
    name makes the text that ``parse`` reads. ``tags`` are file-name tags
    that only name the format ("cr-2022-10-07.mdbook.html"), so they do not
    make the file a second copy of its edition.
    """

    name: str
    description: str
    sniff: Sniffer
    parse: Parser
    binary: bool = False
    tags: tuple[str, ...] = ()
    #: what the sniffer looks for, said to someone who forced the format on a text without it
    expects: str = ""


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
    raise UnknownFormat(f"unknown format {name!r}; known formats: {', '.join(format_names())}")


def claimed_by(text: str, path: str, besides: Format | None = None) -> tuple[Format, str] | None:
    """The first text format (other than ``besides``) that claims the text, with its reason."""
    for fmt in FORMATS:
        if fmt.binary or fmt is besides:
            continue
        reason = fmt.sniff(text, path)
        if reason:
            return fmt, reason
    return None


def detect_format(text: str, path: str) -> tuple[Format, str]:
    """The first text format that claims the text, with its reason."""
    claimed = claimed_by(text, path)
    if claimed is not None:
        return claimed
    raise FormatError(
        f"{path}: not a rules document in any known format "
        f"({', '.join(format_names())}); expected numbered rules such as '100.1. …'"
    )


def detect_binary(data: bytes) -> tuple[str, str] | None:
    """``(kind, reason)`` for a Word, PDF, RTF or .doc file, judged by its bytes."""
    from crdex.corpus.convert import sniff_binary

    kind = sniff_binary(data)
    if kind is None:
        return None
    return kind, _BINARY_REASONS[kind]


_BINARY_REASONS = {
    "docx": "it is a Word document (.docx, a ZIP archive with word/document.xml)",
    "pdf": "it is a PDF file (it starts with %PDF-)",
    "rtf": "it is an RTF file (it starts with {\\rtf)",
    "doc": "it is a Word 97-2003 document (.doc, an OLE2 file)",
}

# ---- the official text --------------------------------------------------------------

_OFFICIAL_RULE = LinePattern(r"[ \t]*\d{3}\.\d{1,3}[a-z]{0,2}\.?[ \t]")
_OFFICIAL_HEAD = LinePattern(r"[ \t]*\d{3}\.[ \t]+[A-Z]")
_OFFICIAL_TITLE = re.compile(r"comprehensive\s+rules", re.I)


def _sniff_official(text: str, path: str) -> str | None:
    count = _OFFICIAL_RULE.count(text)
    if count >= 1:
        return f"{count} lines start with a rule number such as '100.1.'"
    # a document cut short before its first rule still says what it is
    if _OFFICIAL_HEAD.search(text, 200_000) or _OFFICIAL_TITLE.search(text, 0, 4_000):
        return "it is titled or laid out like the Comprehensive Rules, but has no numbered rule"
    return None


def _parse_official(text: str, path: str) -> tuple[dict[str, object], Ledger]:
    from .official import parse_official

    return parse_official(text, path)


# ---- the other text formats ------------------------------------------------------------


def _sniff_markdown(text: str, path: str) -> str | None:
    from .markdown import sniff_markdown

    return sniff_markdown(text, path)


def _parse_markdown(text: str, path: str) -> tuple[dict[str, object], Ledger]:
    from .markdown import parse_markdown

    return parse_markdown(text, path)


def _sniff_html(text: str, path: str) -> str | None:
    from .mdbook_html import sniff_html

    return sniff_html(text, path)


def _parse_html(text: str, path: str) -> tuple[dict[str, object], Ledger]:
    from .mdbook_html import parse_mdbook_html

    return parse_mdbook_html(text, path)


def _sniff_pdf_text(text: str, path: str) -> str | None:
    from .pdf_text import sniff_pdf_text

    return sniff_pdf_text(text, path)


def _parse_pdf_text(text: str, path: str) -> tuple[dict[str, object], Ledger]:
    from .pdf_text import parse_pdf_text

    return parse_pdf_text(text, path)


def _sniff_excerpt(text: str, path: str) -> str | None:
    from .excerpt import sniff_excerpt

    return sniff_excerpt(text, path)


def _parse_excerpt(text: str, path: str) -> tuple[dict[str, object], Ledger]:
    from .excerpt import parse_excerpt

    return parse_excerpt(text, path)


def _sniff_rulings(text: str, path: str) -> str | None:
    from .rulings import sniff_rulings

    return sniff_rulings(text, path)


def _parse_rulings(text: str, path: str) -> tuple[dict[str, object], Ledger]:
    from .rulings import parse_rulings

    return parse_rulings(text, path)


def _sniff_rulings_1999(text: str, path: str) -> str | None:
    from .rulings1999 import sniff_rulings_1999

    return sniff_rulings_1999(text, path)


def _parse_rulings_1999(text: str, path: str) -> tuple[dict[str, object], Ledger]:
    from .rulings1999 import parse_rulings_1999

    return parse_rulings_1999(text, path)


def _never(text: str, path: str) -> str | None:
    return None


# Most particular first: a rulings page or an HTML page also has lines that
# start with rule numbers, which is all the official format asks. The 1999
# summary comes before the 2008 page so that a page mixing the two
# generations is refused by the reader that can say so.
register(
    Format(
        "rulings-1999",
        "a rulings summary of the 1990s (Crystal Keep, Fifth Edition era) in its own "
        "numbering: topics A.27, rules A.27.2, rulings A.27.Ruling.6; not the Comprehensive Rules",
        _sniff_rulings_1999,
        _parse_rulings_1999,
    )
)
register(
    Format(
        "rulings",
        "a rulings page (Crystal Keep style): rules with citations, rulings numbered 501.10.Ruling.1",
        _sniff_rulings,
        _parse_rulings,
        expects="a rulings page has rulings numbered like '501.10.Ruling.1 - ', or names "
        "the release of the Rulings it is based on",
    )
)
register(
    Format(
        "mdbook-html",
        "the rules as an mdBook HTML page (ancestral.vision print.html)",
        _sniff_html,
        _parse_html,
        tags=("mdbook",),
        expects="an mdBook page is HTML, with '<!DOCTYPE html>' or '<html>' at its top",
    )
)
register(
    Format(
        "markdown",
        "the rules as markdown (mdBook source): one chapter file, or a whole book directory",
        _sniff_markdown,
        _parse_markdown,
        expects="markdown rules are numbered in bold, such as '**701.2.** Activate'",
    )
)
register(
    Format(
        "pdf-text",
        "text extracted from a PDF: one rule per line, page footers, broken words",
        _sniff_pdf_text,
        _parse_pdf_text,
        expects="text extracted from a PDF has page footers such as 'Comprehensive Rules "
        "Page 12', or a '<br />' split over two lines",
    )
)
register(
    Format(
        "excerpt",
        "a run of rules cut from the rules text (pasted or typed out): no title, no date, "
        "no section heading before its first rule",
        _sniff_excerpt,
        _parse_excerpt,
        expects="an excerpt begins with a rule such as '502.36a …', before any section "
        "heading or title",
    )
)
register(
    Format(
        "official",
        "the official Comprehensive Rules text (1999–today)",
        _sniff_official,
        _parse_official,
        expects="the official text has lines that start with a rule number such as "
        "'100.1.', or is titled 'Comprehensive Rules'",
    )
)
for _name, _what in (
    ("docx", "a Word document (.docx), read with python-docx"),
    ("pdf", "a PDF file, read with pypdf"),
    ("rtf", "an RTF file, read with striprtf"),
):
    register(
        Format(
            _name, f"{_what}, then parsed as official text", _never, _parse_official, binary=True
        )
    )
