"""Word, PDF and RTF originals into plain text, before any parsing.

Some editions exist only as a Word document (2014), an RTF file (2003) or a
PDF (the only raw copy of 2002-10-07). These are not text, so they are
recognised by their first bytes and turned into text here, through
well-kept libraries (python-docx, pypdf, striprtf: dependencies of crdex);
the text then goes to the official-text grammar like any other edition.
A Word 97-2003 ``.doc`` has no such library: it gets a clear error saying
how to convert it.

The text is laid out the way the official text files are: one paragraph
per line, a blank line between paragraphs, so that line N of the result is
what a ``.txt`` copy of the edition would have on about line N.
"""

from __future__ import annotations

import io
import logging
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import ConversionError, DocumentTooLarge, NotTextError

__all__ = [
    "CONVERTERS",
    "Converted",
    "convert",
    "docx_to_text",
    "pdf_to_text",
    "rtf_to_text",
    "sniff_binary",
]


# what a Word or PDF original may hold: far more than any edition (the PDF edition has 81
# pages; a Word one's parts unpack to 2.2 MB), far less than a crafted file can
MAX_PAGES = 5_000
MAX_UNZIPPED = 128 << 20


@dataclass(frozen=True, slots=True)
class Converted:
    """Text made from a document that is not text, and how it was made."""

    text: str
    kind: str  # "docx", "pdf", "rtf"
    encoding: str  # what the original stores its text as
    notes: tuple[str, ...] = field(default=())


_PDF = b"%PDF-"
_ZIP = b"PK\x03\x04"
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_RTF = b"{\\rtf"


def sniff_binary(data: bytes) -> str | None:
    """``"docx"``, ``"pdf"``, ``"rtf"`` or ``"doc"`` from a document's first bytes; else None."""
    head = data[:8]
    if head.startswith(_PDF):
        return "pdf"
    if head.startswith(_ZIP) and b"word/" in data:
        return "docx"
    if head.startswith(_OLE2) and "WordDocument".encode("utf-16-le") in data:
        return "doc"
    if data.lstrip(b"\xef\xbb\xbf \t\r\n")[:5] == _RTF:
        return "rtf"
    return None


def _missing(module: str, package: str, what: str) -> ConversionError:
    return ConversionError(
        f"reading {what} needs the {package!r} package, which is not installed; "
        f"install it with: pip install {package} (crdex depends on it: reinstall crdex)"
    )


# --- Word (.docx) ----------------------------------------------------------------


def docx_to_text(data: bytes, path: str) -> Converted:
    """Every paragraph of the body (tables cell by cell), one per line.

    Empty paragraphs are the blank lines between rules, as in the official
    text; a soft line break inside a paragraph starts a new line.
    """
    try:
        import docx  # type: ignore[import-untyped]
        from docx.table import Table  # type: ignore[import-untyped]
        from docx.text.paragraph import Paragraph  # type: ignore[import-untyped]
    except ImportError:
        raise _missing("docx", "python-docx", "Word documents") from None
    _check_unzipped(data, path)
    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises many kinds for a damaged file
        raise ConversionError(f"{path}: not a readable Word document ({exc})") from None
    lines: list[str] = []
    body = document.element.body
    for child in body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            lines.extend(Paragraph(child, document).text.split("\n"))
        elif tag == "tbl":
            for row in Table(child, document).rows:
                for cell in row.cells:
                    for para in cell.paragraphs:
                        lines.extend(para.text.split("\n"))
    return Converted("\n".join(lines) + "\n", "docx", "utf-8")


def _check_unzipped(data: bytes, path: str) -> None:
    """:class:`DocumentTooLarge` for a Word file whose parts unpack to more than
    :data:`MAX_UNZIPPED` bytes (a small file can unpack to gigabytes)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            size = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return  # python-docx says what is wrong with it
    if size > MAX_UNZIPPED:
        raise DocumentTooLarge(
            f"{path}: its parts unpack to {size:,} bytes; a Word rules document unpacks to at "
            f"most {MAX_UNZIPPED:,} (the 2014 editions: 2.2 MB)"
        )


# --- PDF ---------------------------------------------------------------------------

# A line whose baseline is within this many points of the previous one is
# the same line (superscripts such as ™ sit a few points higher).
_SAME_LINE = 6.0
# A vertical step of more than this many line heights starts a paragraph.
_PARAGRAPH_STEP = 1.5
_STARTS_BLOCK = re.compile(r"\d{1,3}\.(?:\d{1,3}[a-z]{0,2}\.?)?\s")
_EXAMPLE = re.compile(r"Examples?:")


@dataclass
class _PdfLine:
    y: float
    x: float
    size: float
    text: str


def _page_lines(page: object) -> list[_PdfLine]:
    lines: list[_PdfLine] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        piece = text.replace("\n", "")
        if not piece:
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        if lines and abs(lines[-1].y - y) <= _SAME_LINE:
            last = lines[-1]
            last.text += piece
            if size > last.size:  # a superscript does not move the line
                last.y, last.size = y, size
            return
        lines.append(_PdfLine(y, x, size, piece))

    page.extract_text(visitor_text=visit)  # type: ignore[attr-defined]
    return lines


def pdf_to_text(data: bytes, path: str) -> Converted:
    """Lines rebuilt from text positions; a blank line where a paragraph starts.

    A paragraph starts after a vertical gap wider than one and a half line
    heights, or on a new page unless the first line is indented past the
    first line of the paragraph it would continue (a hanging indent) or is
    an "Example:" (which follows its rule without a gap), and does not
    begin with a rule number.
    """
    try:
        import pypdf
    except ImportError:
        raise _missing("pypdf", "pypdf", "PDF files") from None
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL)  # damage is reported below, not logged on the way
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        if len(reader.pages) > MAX_PAGES:
            raise DocumentTooLarge(
                f"{path}: {len(reader.pages):,} pages; a rules document has at most {MAX_PAGES:,}"
            )
        pages = [_page_lines(page) for page in reader.pages]
    except DocumentTooLarge:
        raise
    except Exception as exc:  # pypdf raises many kinds for a damaged file
        raise ConversionError(f"{path}: not a readable PDF file ({exc})") from None
    finally:
        log.setLevel(level)
    out: list[str] = []
    notes: list[str] = []
    first_x = 0.0
    for number, lines in enumerate(pages, 1):
        if not lines:
            notes.append(f"page {number} has no text")
            continue
        previous: _PdfLine | None = None
        for line in lines:
            if previous is None:
                continues = (
                    bool(out)
                    and out[-1] != ""
                    and (line.x > first_x + 5 or bool(_EXAMPLE.match(line.text)))
                    and not _STARTS_BLOCK.match(line.text)
                )
                new_paragraph = bool(out) and not continues
            else:
                step = previous.y - line.y
                new_paragraph = step > _PARAGRAPH_STEP * max(previous.size, line.size, 1.0)
            if new_paragraph:
                out.append("")
            if new_paragraph or not out:
                first_x = line.x
            out.append(line.text.rstrip())
            previous = line
    return Converted("\n".join(out) + "\n", "pdf", "pdf", tuple(notes))


# --- RTF ---------------------------------------------------------------------------

_CODEPAGE = re.compile(rb"\\ansicpg(\d+)")


def rtf_to_text(data: bytes, path: str) -> Converted:
    """The RTF's text through striprtf, read in the code page it declares."""
    try:
        from striprtf.striprtf import rtf_to_text as strip  # type: ignore[import-untyped]
    except ImportError:
        raise _missing("striprtf", "striprtf", "RTF files") from None
    m = _CODEPAGE.search(data[:4096])
    encoding = f"cp{m.group(1).decode()}" if m else "cp1252"
    try:
        raw = data.decode(encoding)
    except (LookupError, UnicodeDecodeError):
        encoding = "cp1252"
        raw = data.decode(encoding, errors="replace")
    try:
        text = strip(raw, encoding=encoding, errors="replace")
    except Exception as exc:  # striprtf raises plain errors on damaged input
        raise ConversionError(f"{path}: not a readable RTF file ({exc})") from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return Converted(text if text.endswith("\n") else text + "\n", "rtf", encoding)


def _doc(data: bytes, path: str) -> Converted:
    raise NotTextError(
        f"{path}: this is a Word 97-2003 document (.doc), which crdex cannot read; "
        "open it in Word or LibreOffice and save it as .docx (or run "
        "'soffice --headless --convert-to docx FILE'), then parse the .docx"
    )


CONVERTERS: dict[str, Callable[[bytes, str], Converted]] = {
    "docx": docx_to_text,
    "pdf": pdf_to_text,
    "rtf": rtf_to_text,
    "doc": _doc,
}


def convert(data: bytes, path: str, kind: str | None = None) -> Converted | None:
    """Text from a Word, PDF or RTF document; None when the bytes are none of these."""
    kind = kind or sniff_binary(data)
    if kind is None:
        return None
    return CONVERTERS[kind](data, path)
