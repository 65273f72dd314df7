"""Raw bytes to text, with every line ending turned into "\\n".

Rules documents come in half a dozen byte encodings (ASCII, cp1252, UTF-8
with or without a byte-order mark, UTF-16 LE/BE, Mac Roman) and some files
are ASCII except for a few accented card names typed in DOS cp437 or Mac
Roman. Guessing cp1252 for those gives wrong letters ("Dandƒn",
"El-Hajj‰j"), so the legacy encodings are judged by the bytes themselves:
the encoding that makes every high byte a plausible character where it sits
(a letter inside a word, a quote before or after a word, a dash between
words, a trademark sign after a name) wins. File names are never consulted.

Line endings (CRLF, CR, LF and mixtures of them) all become "\\n" and nothing
else is touched, so line N of the text is line N of the file.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .errors import NotTextError
from .legacy import (
    CODECS,
    TABLES,
    Triple,
    ambiguity,
    choose,
    describe,
    dominant,
    line_of,
    neighbour,
)
from .mending import Mend, mends

__all__ = ["ENCODINGS", "Decoded", "decode"]

#: Every value :attr:`Decoded.encoding` can take.
ENCODINGS = (
    "ascii",
    "utf-8",
    "utf-8-sig",
    "utf-16-le",
    "utf-16-be",
    "cp1252",
    "mac-roman",
    "ascii+cp437",
    "ascii+mac-roman",
    "latin-1",
)


@dataclass(frozen=True, slots=True)
class Decoded:
    """A document's text and how its bytes were read.

    ``text`` has the byte-order mark removed and every line ending turned
    into "\\n"; nothing else is changed (trailing spaces and non-breaking
    spaces stay), so ``text.split("\\n")[n - 1]`` is physical line *n*.
    ``line_endings`` counts the endings found in the file ("CRLF", "CR",
    "LF"; only those present). ``notes`` are remarks for a human: what was
    guessed and where. ``mends`` are what was changed or could not be read
    (bytes not valid in UTF-8, bytes no encoding reads, control characters
    removed), line by line, for the edition's repairs (:mod:`.mending`).
    """

    text: str
    encoding: str
    line_endings: dict[str, int]
    bom: bool
    notes: tuple[str, ...] = ()
    mends: tuple[Mend, ...] = ()


# --- binary formats that are recognised by their first bytes -----------------

_PDF = b"%PDF-"
_ZIP = (b"PK\x03\x04", b"PK\x05\x06")
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x1f\x8b", "a gzip-compressed file, not text; decompress it first"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive, not text; extract the document from it first"),
    (b"Rar!\x1a\x07", "a RAR archive, not text; extract the document from it first"),
    (b"\x89PNG\r\n\x1a\n", "a PNG image, not text"),
    (b"\xff\xd8\xff", "a JPEG image, not text"),
    (b"GIF87a", "a GIF image, not text"),
    (b"GIF89a", "a GIF image, not text"),
    (b"\x7fELF", "an executable program, not text"),
)

# --- character classes ---------------------------------------------------------

# Control characters that do not belong in a text document. Tab, line feed,
# form feed (PDF text extraction leaves them), carriage return and the DOS
# end-of-file mark Ctrl-Z are normal; C1 controls only appear when bytes were
# read with the wrong (latin-1) encoding.
_CONTROL_RE = re.compile("[\x00-\x08\x0b\x0e-\x19\x1b-\x1f\x7f\x80-\x9f]")
_C0_RE = re.compile("[\x00-\x08\x0b\x0e-\x19\x1b-\x1f\x7f]")
_CONTROL_BYTES = bytes([*range(0, 9), 11, *range(14, 26), *range(27, 32), 127])
_NOT_TEXT_SHARE = 0.05  # more control bytes than this: binary data, not text

_ASCII_BYTES = bytes(range(0x80))
_SAMPLES = 64  # occurrences of each distinct high byte looked at
_LEAD_BYTES = bytes(range(0xC2, 0xF5))  # bytes that can start a multi-byte UTF-8 character
_C1_IN_UTF8_RE = re.compile(rb"\xc2[\x80-\x9f]")
_ESCAPED_RE = re.compile("[\udc80-\udcff]")  # bytes kept by "surrogateescape"
_NON_ASCII_RE = re.compile("[^\x00-\x7f\udc80-\udcff]")
_HIGH_RE = re.compile(rb"[\x80-\xff]")


def decode(data: bytes, path: str | None = None) -> Decoded:
    """Decode a document's bytes; raise :class:`NotTextError` if they are not text.

    ``path`` only names the document in messages: the encoding is judged
    from the bytes alone.
    """
    name = str(path) if path is not None else "<bytes>"
    if not data:
        return Decoded("", "ascii", {}, False, ("empty input",))
    _reject_known_binary(data, name)

    if data.startswith(b"\xef\xbb\xbf"):
        return _decode_bytes(data[3:], name, bom=True)
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise NotTextError(
            f"{name}: this is UTF-32 text, which crdex does not read; save it as UTF-8"
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16-le" if data[0] == 0xFF else "utf-16-be"
        return _decode_utf16(data[2:], name, encoding, bom=True, notes=[])

    if b"\x00" in data:
        guess = _sniff_utf16(data)
        if guess is not None:
            note = f"no byte-order mark; read as {guess.upper()} from the pattern of NUL bytes"
            return _decode_utf16(data, name, guess, bom=False, notes=[note])
        if not _binary(data):  # a few NUL bytes in text: removed, and recorded
            return _decode_bytes(data, name, bom=False)
        raise NotTextError(
            f"{name}: this looks like binary data, not text: it contains "
            f"{data.count(0)} NUL bytes (the first at byte {data.index(0)}) and is not UTF-16"
        )
    return _decode_bytes(data, name, bom=False)


# --- the decoders ----------------------------------------------------------------


def _reject_known_binary(data: bytes, name: str) -> None:
    head = data[:16]
    if head.startswith(_PDF):
        raise NotTextError(
            f"{name}: this is a PDF file, not text; extract its text first (for example with pypdf)"
        )
    if head.startswith(_ZIP):
        if b"word/" in data:  # the parts of a .docx are named word/document.xml etc.
            raise NotTextError(
                f"{name}: this is a Word document (.docx, a ZIP archive), not text; "
                "save it as plain text first (or read it with python-docx)"
            )
        raise NotTextError(
            f"{name}: this is a ZIP archive, not text; extract the document from it first"
        )
    if head.startswith(_OLE2):
        if "WordDocument".encode("utf-16-le") in data:
            raise NotTextError(
                f"{name}: this is a Word 97-2003 document (.doc), not text; "
                "save it as plain text first"
            )
        raise NotTextError(
            f"{name}: this is an OLE2 compound file (an old Microsoft Office document), "
            "not text; save it as plain text first"
        )
    for magic, what in _MAGIC:
        if head.startswith(magic):
            raise NotTextError(f"{name}: this is {what}")


def _binary(data: bytes) -> bool:
    """More control bytes (NUL among them) than text has: binary data."""
    controls = len(data) - len(data.translate(None, _CONTROL_BYTES))
    return controls > len(data) * _NOT_TEXT_SHARE


def _sniff_utf16(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark: Latin text has a NUL in every other byte."""
    units = len(data) // 2
    if units < 2:
        return None
    even = data[0 : 2 * units : 2].count(0)
    odd = data[1 : 2 * units : 2].count(0)
    if odd >= 0.8 * units and even <= 0.02 * units:
        guess = "utf-16-le"
    elif even >= 0.8 * units and odd <= 0.02 * units:
        guess = "utf-16-be"
    else:
        return None
    try:
        data[: 2 * units].decode(guess)
    except UnicodeDecodeError:
        return None
    return guess


def _decode_utf16(body: bytes, name: str, encoding: str, bom: bool, notes: list[str]) -> Decoded:
    if len(body) % 2:
        notes.append("odd number of bytes for UTF-16: the last byte was dropped")
        body = body[:-1]
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as exc:
        offset = exc.start + (2 if bom else 0)
        raise NotTextError(
            f"{name}: this starts like UTF-16 text but is not valid UTF-16 "
            f"({exc.reason} at byte {offset})"
        ) from None
    if "\x00" in text:
        first = line_of(text, text.index("\x00"))
        raise NotTextError(
            f"{name}: this looks like binary data, not text: it contains "
            f"{text.count(chr(0))} NUL characters (the first on line {first})"
        )
    return _finish(text, encoding, bom, notes, name)


def _decode_bytes(data: bytes, name: str, bom: bool) -> Decoded:
    """ASCII, UTF-8 (possibly with stray legacy bytes) or a legacy single-byte encoding."""
    controls = len(data) - len(data.translate(None, _CONTROL_BYTES))
    if controls > len(data) * _NOT_TEXT_SHARE:
        raise NotTextError(
            f"{name}: this looks like binary data, not text: "
            f"{controls} of its {len(data)} bytes are control bytes"
        )
    eol = _eol_counts(data)
    label = "utf-8-sig" if bom else "utf-8"
    if data.isascii():
        text = data.decode("ascii")
        return _finish(text, label if bom else "ascii", bom, [], name, eol, controls > 0)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        suspect = controls > 0 or _C1_IN_UTF8_RE.search(data) is not None
        return _finish(text, label, bom, [], name, eol, suspect)
    notes: list[str] = []
    # Mostly UTF-8 with a few stray bytes of a legacy encoding (a paste from
    # an older file): keep the UTF-8 and judge only the stray bytes. Each
    # UTF-8 character needs a lead byte; without enough of them the file
    # cannot be mostly UTF-8 and the costlier check is skipped.
    highs = data.translate(None, _ASCII_BYTES)
    leads = len(highs) - len(highs.translate(None, _LEAD_BYTES))
    if 9 * leads >= 2 * len(highs):
        escaped = data.decode("utf-8", "surrogateescape")
        stray = [m.start() for m in _ESCAPED_RE.finditer(escaped)]
        if len(_NON_ASCII_RE.findall(escaped)) >= 2 * len(stray):
            return _decode_strays(escaped, stray, label, bom, notes, name, eol)
    if bom:
        notes.append("starts with a UTF-8 byte-order mark but is not UTF-8")
    return _decode_legacy(data, highs, name, bom, notes, eol, controls > 0)


def _decode_strays(
    escaped: str,
    stray: list[int],
    label: str,
    bom: bool,
    notes: list[str],
    name: str,
    eol: tuple[int, int, int],
) -> Decoded:
    """UTF-8 text whose undecodable bytes were kept as surrogates: give them a legacy reading."""
    values = [ord(escaped[i]) - 0xDC00 for i in stray]
    triples: Counter[Triple] = Counter(
        (neighbour(escaped, i - 1), v, neighbour(escaped, i + 1))
        for i, v in zip(stray, values, strict=True)
    )
    endings = dominant(eol)
    choice, ranked = choose(triples, endings)
    table = TABLES[choice]
    chars = {v: table[v] for v in set(values)}
    what = f"not valid in UTF-8, decoded as {choice}"
    notes.append(describe(what, Counter(values), stray, escaped, chars))
    notes.extend(ambiguity(ranked, endings))
    mended = mends(
        "not-utf-8",
        escaped,
        stray,
        lambda i: f"0x{ord(escaped[i]) - 0xDC00:02X} {chars[ord(escaped[i]) - 0xDC00]!r}",
        f"bytes not valid in UTF-8, read as {choice}",
    )
    text = escaped.translate({0xDC00 + v: c for v, c in chars.items()})
    return _finish(text, label, bom, notes, name, eol, mended=mended)


def _decode_legacy(
    data: bytes,
    highs: bytes,
    name: str,
    bom: bool,
    notes: list[str],
    eol: tuple[int, int, int],
    controls: bool,
) -> Decoded:
    # Judge each distinct high byte by up to _SAMPLES of its occurrences,
    # weighted by how often it occurs: a cp1252 file has thousands of quotes,
    # and looking at each one would cost more than decoding the file.
    counts = Counter(highs)
    triples: Counter[Triple] = Counter()
    positions: list[int] = []
    for value, count in counts.items():
        needle = bytes([value])
        found = []
        at = data.find(needle)
        while at >= 0 and len(found) < _SAMPLES:
            found.append(at)
            at = data.find(needle, at + 1)
        weight = count / len(found)
        for at in found:
            prev = data[at - 1] if at > 0 else 10
            nxt = data[at + 1] if at + 1 < len(data) else 10
            triples[(prev, value, nxt)] += weight
        positions.extend(found)
    endings = dominant(eol)
    choice, ranked = choose(triples, endings)
    table = TABLES[choice]
    chars = {v: table[v] for v in counts}
    if choice == "cp437" or (
        choice == "mac-roman" and all(c is not None and c.isalpha() for c in chars.values())
    ):
        label = f"ascii+{choice}"
    else:
        label = choice
    text = data.decode(CODECS[choice])
    notes.append(describe(f"decoded as {choice}", counts, sorted(positions), data, chars))
    notes.extend(ambiguity(ranked, endings))
    mended: list[Mend] = []
    if choice == "latin-1":
        notes.append(
            "no single-byte encoding makes these bytes plausible text; "
            "they were kept as latin-1 code points"
        )
        every = [m.start() for m in _HIGH_RE.finditer(data)]
        mended = mends(
            "unreadable-byte",
            data,
            every,
            lambda i: f"0x{data[i]:02X}",
            "bytes no encoding reads as plausible text, kept as Latin-1 code points",
        )
    return _finish(text, label, bom, notes, name, eol, controls, mended=mended)


def _finish(
    text: str,
    encoding: str,
    bom: bool,
    notes: list[str],
    name: str,
    eol: tuple[int, int, int] | None = None,
    controls: bool = True,
    mended: list[Mend] | None = None,
) -> Decoded:
    """Normalise line endings; reject control characters, or remove and record a few.

    ``eol`` (CRLF, CR, LF counts taken on the bytes) and ``controls`` (False
    when the bytes were already found free of control characters) spare a
    second pass over the text; ``mended``: what the decoding before mended.
    """
    mended = list(mended or ())
    crlf, cr, lf = _eol_counts(text) if eol is None else eol
    endings = {k: v for k, v in (("CRLF", crlf), ("CR", cr), ("LF", lf)) if v}
    if len(endings) > 1:
        notes.append("mixed line endings: " + " ".join(f"{k}:{v}" for k, v in endings.items()))
    if crlf and not cr:
        text = text.replace("\r", "")  # every CR is in a CRLF; deleting is the fast path
    elif crlf:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    elif cr:
        text = text.replace("\r", "\n")
    # latin-1 keeps bytes 0x80-0x9F as C1 controls on purpose (see its note).
    pattern = _C0_RE if encoding == "latin-1" else _CONTROL_RE
    if controls and pattern.search(text):
        found = [m.start() for m in pattern.finditer(text)]
        if len(found) > len(text) * _NOT_TEXT_SHARE:
            raise NotTextError(
                f"{name}: this looks like binary data, not text: "
                f"{len(found)} of its {len(text)} characters are control characters"
            )
        shown = ", ".join(
            f"U+{ord(text[i]):04X} (line {text.count(chr(10), 0, i) + 1})" for i in found[:5]
        )
        more = f" and {len(found) - 5} more" if len(found) > 5 else ""
        what = "control character" if len(found) == 1 else "control characters"
        notes.append(f"{len(found)} {what} removed: {shown}{more}")
        mended += mends(
            "control-character",
            text,
            found,
            lambda i: f"U+{ord(text[i]):04X}",
            "control characters, which have no place in rules text, removed",
        )
        text = pattern.sub("", text)
    mended.sort(key=lambda m: m.line)
    return Decoded(text, encoding, endings, bom, tuple(notes), tuple(mended))


# --- line endings ------------------------------------------------------------------


def _eol_counts(source: bytes | str) -> tuple[int, int, int]:
    """How many lines end in CRLF, in CR alone and in LF alone."""
    if isinstance(source, str):
        cr, lf = source.count("\r"), source.count("\n")
        # most documents have no CR at all: counting CRLF, a search for two
        # characters, would then cost as much as the two counts together
        crlf = source.count("\r\n") if cr else 0
    else:
        cr, lf = source.count(b"\r"), source.count(b"\n")
        crlf = source.count(b"\r\n") if cr else 0
    return crlf, cr - crlf, lf - crlf
