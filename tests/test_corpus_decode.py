"""Decoding raw bytes: every text document of the corpus, plus bad and synthetic input."""

from __future__ import annotations

import io
import random
import re
import time
import zipfile
from pathlib import Path

import pytest

from conftest import CORPUS, manifest_rows
from crdex.corpus import (
    Decoded,
    DocumentNotFound,
    DocumentUnreadable,
    NotTextError,
    decode,
    read_path,
)
from crdex.corpus.mending import Mend

TEXT_FORMATS = ("cr-txt", "cr-pdf-text", "cr-html", "rulings-txt-derived", "rulebook-txt-derived")


def _manifest() -> list[dict[str, str]]:
    return [row for row in manifest_rows() if row["format"].startswith(TEXT_FORMATS)]


ROWS = _manifest()
PARAMS = [pytest.param(row, id=row["file"]) for row in ROWS] or [pytest.param(None, id="no-corpus")]


def _corpus_file(name: str) -> Path:
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    return path


def _row(row: dict[str, str] | None) -> dict[str, str]:
    if row is None:
        pytest.skip("../shared/corpus is absent")
    return row


def expected_encoding(notes: str) -> str | None:
    """The encoding the MANIFEST notes name (first "|" field), as decode() labels it."""
    first = notes.split("|")[0].strip()
    if first.startswith("UTF-16BE BOM"):
        return "utf-16-be"
    if first.startswith("UTF-16LE BOM"):
        return "utf-16-le"
    if first.startswith("UTF-8 BOM"):
        return "utf-8-sig"
    if first.startswith("UTF-8"):
        return "utf-8"
    if first.startswith("ASCII"):
        return "ascii"
    if first.startswith("cp1252"):
        return "cp1252"
    # 1999-04-23 (quotes, dashes, marks) and 2004-02-01 (TM sign and en dash):
    # the Mac Roman bytes are punctuation, so the whole file is "mac-roman".
    if first.startswith("Mac Roman"):
        return "mac-roman"
    if first.startswith("MIXED LEGACY") and "cp437" in first:
        return "ascii+cp437"
    if first.startswith("MIXED LEGACY") and "Mac Roman" in first:
        return "ascii+mac-roman"
    return None


def expected_endings(notes: str) -> dict[str, int] | None:
    """``EOL CRLF:12 CR:8004`` in the notes, as a dict."""
    match = re.search(r"\bEOL((?:\s+(?:CRLF|CR|LF):\d+)+)", notes)
    if match is None:
        return None
    return {kind: int(n) for kind, n in re.findall(r"(CRLF|CR|LF):(\d+)", match.group(1))}


# --- every text document of the corpus -------------------------------------------------


@pytest.mark.corpus
@pytest.mark.parametrize("row", PARAMS)
def test_every_text_document_decodes(row: dict[str, str] | None) -> None:
    row = _row(row)
    _, decoded = read_path(_corpus_file(row["file"]))
    assert isinstance(decoded, Decoded)
    assert "\ufffd" not in decoded.text
    assert "\r" not in decoded.text
    assert not decoded.text.startswith("\ufeff")
    # one element of text.split("\n") per physical line of the file
    assert len(decoded.text.split("\n")) == sum(decoded.line_endings.values()) + 1


@pytest.mark.corpus
@pytest.mark.parametrize("row", PARAMS)
def test_encoding_matches_manifest(row: dict[str, str] | None) -> None:
    row = _row(row)
    expected = expected_encoding(row["encoding_notes"])
    if expected is None:
        pytest.skip("the MANIFEST notes name no encoding")
    _, decoded = read_path(_corpus_file(row["file"]))
    assert decoded.encoding == expected
    assert decoded.bom == (expected in {"utf-8-sig", "utf-16-le", "utf-16-be"})


@pytest.mark.corpus
@pytest.mark.parametrize("row", PARAMS)
def test_line_endings_match_manifest(row: dict[str, str] | None) -> None:
    row = _row(row)
    expected = expected_endings(row["encoding_notes"])
    if expected is None:
        pytest.skip("the MANIFEST notes give no EOL counts")
    _, decoded = read_path(_corpus_file(row["file"]))
    if "in this copy" in row["encoding_notes"]:
        # The mdBook HTML copies had their <script> bodies replaced after the
        # counts were taken (LF:5346 noted, 5300 in the file; `grep -c ''`
        # agrees with 5300): only the kind of ending is still comparable.
        assert decoded.line_endings.keys() == expected.keys()
    else:
        assert decoded.line_endings == expected


def test_manifest_notes_parsers() -> None:
    assert expected_endings("UTF-8 BOM | EOL CRLF:12 CR:8004 | header") == {"CRLF": 12, "CR": 8004}
    assert expected_endings("cp1252 | EOL CRLF:6819 LF:38 | x") == {"CRLF": 6819, "LF": 38}
    assert expected_endings("official PDF") is None
    assert expected_encoding("UTF-16BE BOM | EOL CRLF:6055") == "utf-16-be"
    legacy = "MIXED LEGACY: otherwise-ASCII text whose few high bytes are DOS cp437"
    assert expected_encoding(legacy) == "ascii+cp437"
    assert expected_encoding("same June 1, 2003 edition as the .rtf") is None


# Each expectation was read off the bytes, e.g.
#   LC_ALL=C grep -a -o -E 'Dand.n|El-Hajj.j|Ghazb.n|Jun.n |Ma.r.f|.ther Storm' FILE | xxd
# cr-2006-07-15.txt:  44 61 6e 64 83 6e (Dand 0x83 n), 45 6c 2d 48 61 6a 6a 83 6a (El-Hajj 0x83 j)
# cr-2007-05-01.txt:  El-Hajj 0x83 j                        (cp437 0x83 = â)
# cr-2006-10-01.txt, cr-2007-02-01.txt, cr-2007-07-13.txt, cr-2007-09-07.txt:
#                     El-Hajj 0x89 j                        (Mac Roman 0x89 = â)
# cr-2013-07-13.txt:  Ghazb 0xA0 n, Jun 0xA3 n, Ma'r 0x96 f, 0x92 "ther Storm" (cp437 á ú û Æ)
# cr-2013-11-01.txt:  as 2013-07-13 but no Æther Storm line
# cr-2019-01-25.txt:  as 2013-11-01; the card is spelled "Aether Storm" in ASCII (41 65 74 68 ...)
# cr-2014-02-01.txt:  cp1252: Dand 0xE2 n, Ghazb 0xE1 n, D 0x92 Angelo
# cr-2004-02-01.txt:  Odyssey 0xAA (Mac Roman ™), "Land 0xD0 Mountain" (Mac Roman –)
# cr-1999-04-23.txt:  Coast 0xA8 (®), a 0xD2 card, 0xD3 (“card,”), Unglued 0xAA (™), it 0xD5 s (’),
#                     type 0xD1 the (—)
# cr-2016-09-30.txt, cr-2022-11-18.txt: UTF-16; `iconv -f UTF-16 -t UTF-8 FILE | grep -o 'Dand..n'`
# cr-2013-05-01.txt:  UTF-16BE but pure ASCII content (no accented names in this edition's text)
ACCENTED = {
    "cr-2006-07-15.txt": ["Dandân", "El-Hajjâj"],
    "cr-2007-05-01.txt": ["El-Hajjâj"],
    "cr-2006-10-01.txt": ["El-Hajjâj"],
    "cr-2007-02-01.txt": ["El-Hajjâj"],
    "cr-2007-07-13.txt": ["El-Hajjâj"],
    "cr-2007-09-07.txt": ["El-Hajjâj"],
    "cr-2013-07-13.txt": [
        "Dandân",
        "El-Hajjâj",
        "Ghazbán",
        "Junún",
        "Juzám",
        "Khabál",
        "Ma'rûf",
        "Æther Storm",
    ],
    "cr-2013-11-01.txt": ["Dandân", "El-Hajjâj", "Ghazbán", "Junún", "Juzám", "Khabál", "Ma'rûf"],
    "cr-2019-01-25.txt": ["Dandân", "El-Hajjâj", "Ghazbán", "Junún", "Ma'rûf", "Aether Storm"],
    "cr-2014-02-01.txt": ["Dandân", "El-Hajjâj", "Ghazbán", "D’Angelo"],
    "cr-2004-02-01.txt": ["Odyssey™", "Basic Land – Mountain"],
    "cr-1999-04-23.txt": [
        "Wizards of the Coast®",
        "a “card,”",
        "Unglued™",
        "it’s depicted",
        "permanent type—the",
    ],
    "cr-2016-09-30.txt": ["Dandân", "El-Hajjâj"],
    "cr-2022-11-18.txt": ["Dandân", "El-Hajjâj"],
    "cr-2013-05-01.txt": ["_Magic: The Gathering_ Comprehensive Rules", "people who've"],
}
# What cp1252 would have made of those bytes.
WRONG_LETTERS = ("ƒ", "‰", "£", "\xa0", "Õ", "Ò", "Ó", "ª", "Ð")


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(ACCENTED))
def test_accented_names_decode_right(name: str) -> None:
    _, decoded = read_path(_corpus_file(name))
    for word in ACCENTED[name]:
        assert word in decoded.text, word
    for wrong in WRONG_LETTERS:
        assert wrong not in decoded.text, wrong


@pytest.mark.corpus
def test_decision_ignores_the_file_name() -> None:
    data = _corpus_file("cr-2006-07-15.txt").read_bytes()
    assert decode(data, "cr-2006-07-15.txt").encoding == "ascii+cp437"
    assert decode(data, "cr-2006-10-01.txt").encoding == "ascii+cp437"
    assert decode(data).encoding == "ascii+cp437"


@pytest.mark.corpus
def test_mixed_legacy_notes_say_where_the_bytes_are() -> None:
    _, decoded = read_path(_corpus_file("cr-2006-07-15.txt"))
    assert (
        decoded.notes[0] == "2 bytes decoded as cp437: 0x83 'â' (line 2599), 0x83 'â' (line 2599)"
    )
    assert decoded.text.split("\n")[2598].count("â") == 2
    _, decoded = read_path(_corpus_file("cr-2006-10-01.txt"))
    assert decoded.notes[0] == "1 byte decoded as mac-roman: 0x89 'â' (line 2661)"
    assert decoded.notes[1].startswith("ambiguous: cp437 would also give plausible characters")
    assert "El-Hajjâj" in decoded.text.split("\n")[2660]


@pytest.mark.corpus
def test_cr_only_body_with_crlf_blank_lines() -> None:
    # 2019+ files end the body lines in CR and a dozen blank lines before the
    # section headings in CRLF ("…\r\r\n1. Game Concepts"): one ending each.
    _, decoded = read_path(_corpus_file("cr-2023-11-17.txt"))
    assert decoded.line_endings == {"CRLF": 12, "CR": 8620}
    lines = decoded.text.split("\n")
    assert lines[9:12] == ["", "Contents", ""]  # the CRLF ends line 10


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "cr-2002-10-07.pdf",
            "this is a PDF file, not text; extract its text first (for example with pypdf)",
        ),
        (
            "cr-2014-05-01.docx",
            "this is a Word document (.docx, a ZIP archive), not text; "
            "save it as plain text first (or read it with python-docx)",
        ),
        (
            "cr-2003-06-01.doc",
            "this is a Word 97-2003 document (.doc), not text; save it as plain text first",
        ),
    ],
)
def test_corpus_binaries_are_not_text(name: str, message: str) -> None:
    path = _corpus_file(name)
    with pytest.raises(NotTextError) as caught:
        read_path(path)
    assert str(caught.value) == f"{path}: {message}"


@pytest.mark.corpus
def test_whole_corpus_decodes_quickly() -> None:
    paths = [CORPUS / row["file"] for row in ROWS if (CORPUS / row["file"]).is_file()]
    if not paths:
        pytest.skip("../shared/corpus is absent")
    blobs = [p.read_bytes() for p in paths]
    start = time.perf_counter()
    for blob in blobs:
        decode(blob)
    elapsed = time.perf_counter() - start
    megabytes = sum(map(len, blobs)) / 1e6
    assert elapsed / megabytes < 0.1  # seconds per MB; typically about 0.01


# --- line endings and what must not change ---------------------------------------


def test_line_endings_are_normalised_and_counted() -> None:
    decoded = decode(b"a\r\nb\rc\nd\r\r\ne")
    assert decoded.text == "a\nb\nc\nd\n\ne"
    assert decoded.line_endings == {"CRLF": 2, "CR": 2, "LF": 1}
    assert decoded.notes == ("mixed line endings: CRLF:2 CR:2 LF:1",)


def test_one_element_per_physical_line() -> None:
    decoded = decode(b"one\r\rthree\r\nfour")  # no final line ending
    assert decoded.text.split("\n") == ["one", "", "three", "four"]
    assert decode(b"x\n").text.split("\n") == ["x", ""]


def test_trailing_spaces_and_nbsp_are_kept() -> None:
    decoded = decode("100.1. Text   \r\n\xa0\r\n\tTab\r\n".encode())
    assert decoded.text == "100.1. Text   \n\xa0\n\tTab\n"
    assert decoded.encoding == "utf-8"


def test_empty_input_is_empty_text() -> None:
    assert decode(b"") == Decoded("", "ascii", {}, False, ("empty input",))


# --- encodings ---------------------------------------------------------------------


def test_ascii() -> None:
    decoded = decode(b"100.1. Rules\r\n")
    assert (decoded.text, decoded.encoding, decoded.bom, decoded.notes) == (
        "100.1. Rules\n",
        "ascii",
        False,
        (),
    )


def test_utf8_with_and_without_bom() -> None:
    with_bom = decode("\ufeffDandân\r\n".encode())
    assert (with_bom.text, with_bom.encoding, with_bom.bom) == ("Dandân\n", "utf-8-sig", True)
    without = decode("Dandân\n".encode())
    assert (without.text, without.encoding, without.bom) == ("Dandân\n", "utf-8", False)
    assert decode(b"\xef\xbb\xbf") == Decoded("", "utf-8-sig", {}, True)


@pytest.mark.parametrize(
    ("codec", "label"), [("utf-16-le", "utf-16-le"), ("utf-16-be", "utf-16-be")]
)
def test_utf16_with_bom(codec: str, label: str) -> None:
    decoded = decode(("\ufeffRules\r\nDandân “x”\r\n").encode(codec))
    assert (decoded.text, decoded.encoding, decoded.bom) == ("Rules\nDandân “x”\n", label, True)
    assert decoded.line_endings == {"CRLF": 2}


def test_utf16_without_bom_is_recognised() -> None:
    decoded = decode("Magic rules\r\n100.1. Text\r\n".encode("utf-16-le"))
    assert (decoded.text, decoded.encoding, decoded.bom) == (
        "Magic rules\n100.1. Text\n",
        "utf-16-le",
        False,
    )
    assert decoded.notes == ("no byte-order mark; read as UTF-16-LE from the pattern of NUL bytes",)
    assert decode("Rules\n".encode("utf-16-be")).encoding == "utf-16-be"


def test_cp1252() -> None:
    text = "Don’t “quote” this—ok, it’s Magic™.\r\n"
    decoded = decode(text.encode("cp1252"))
    assert (decoded.text, decoded.encoding) == (text.replace("\r\n", "\n"), "cp1252")


def test_cp437_names_in_ascii() -> None:
    text = "Creature types: Dandân, El-Hajjâj, Ghazbán, Junún.\r\n"
    decoded = decode(text.encode("cp437"))
    assert (decoded.text, decoded.encoding) == (text.replace("\r\n", "\n"), "ascii+cp437")
    assert decoded.notes[0].startswith("4 bytes decoded as cp437: 0x83 'â' (line 1)")


def test_mac_roman() -> None:
    text = "It’s a “card” — Magic™\r"
    decoded = decode(text.encode("mac_roman"))
    assert (decoded.text, decoded.encoding) == ("It’s a “card” — Magic™\n", "mac-roman")
    decoded = decode("Le café est très élégant, où est la tête?\r".encode("mac_roman"))
    assert decoded.encoding == "ascii+mac-roman"
    assert decoded.text == "Le café est très élégant, où est la tête?\n"


def test_mac_roman_letter_alone_is_ambiguous_and_noted() -> None:
    # 0x89 is â in Mac Roman and ë in cp437: only the CR line endings tell.
    decoded = decode("Types: El-Hajjâj, Elf\r".encode("mac_roman"))
    assert (decoded.text, decoded.encoding) == ("Types: El-Hajjâj, Elf\n", "ascii+mac-roman")
    assert decoded.notes[1] == (
        "ambiguous: cp437 would also give plausible characters (score 2 against 3 for "
        "mac-roman); mac-roman was preferred because the file has CR-only line endings, "
        "as Mac files do"
    )


def test_utf8_with_a_stray_legacy_byte() -> None:
    decoded = decode("It’s “fine”, café\n".encode() + b"don\x92t\n")
    assert (decoded.text, decoded.encoding) == ("It’s “fine”, café\ndon’t\n", "utf-8")
    assert decoded.notes[0] == "1 byte not valid in UTF-8, decoded as cp1252: 0x92 '’' (line 2)"


def test_latin1_is_the_last_resort() -> None:
    decoded = decode(b"x \x81 y \x8d z")
    assert (decoded.text, decoded.encoding) == ("x \x81 y \x8d z", "latin-1")
    assert decoded.notes[-1] == (
        "no single-byte encoding makes these bytes plausible text; "
        "they were kept as latin-1 code points"
    )


def test_few_control_characters_are_removed_and_recorded_by_line_and_column() -> None:
    decoded = decode(b"Rules\x07 here\r\nand \x00the\x00re\r\n" + b"x" * 200)
    assert decoded.text.startswith("Rules here\nand there\n")
    assert decoded.notes == (
        "3 control characters removed: U+0007 (line 1), U+0000 (line 2), U+0000 (line 2)",
    )
    assert decoded.mends == (
        Mend(
            1,
            6,
            "control-character",
            "U+0007 at column 6: control characters, which have no place in rules text, removed",
        ),
        Mend(
            2,
            5,
            "control-character",
            "U+0000 at column 5, U+0000 at column 9: control characters, which have no place "
            "in rules text, removed",
        ),
    )


def test_bytes_not_valid_in_utf8_are_recorded_where_they_are() -> None:
    decoded = decode("It’s “fine”, café\r\n".encode() + b"don\x92t\r\n")
    assert decoded.mends == (
        Mend(2, 4, "not-utf-8", "0x92 '’' at column 4: bytes not valid in UTF-8, read as cp1252"),
    )


def test_bytes_no_encoding_reads_are_recorded_where_they_are() -> None:
    decoded = decode(b"x \x81 y\ry \x8d z")
    assert decoded.mends == (
        Mend(
            1,
            3,
            "unreadable-byte",
            "0x81 at column 3: bytes no encoding reads as plausible text, kept as Latin-1 "
            "code points",
        ),
        Mend(
            2,
            3,
            "unreadable-byte",
            "0x8D at column 3: bytes no encoding reads as plausible text, kept as Latin-1 "
            "code points",
        ),
    )


def test_a_megabyte_decodes_in_milliseconds() -> None:
    line = "702.2b A creature with deathtouch’s “damage”—lethal. Dandân\r\n"
    data = (line * (1_000_000 // len(line))).encode("cp1252")
    start = time.perf_counter()
    decoded = decode(data)
    elapsed = time.perf_counter() - start
    assert decoded.encoding == "cp1252"
    assert elapsed < 0.5  # about 0.02 s on a laptop; generous for busy machines


# --- not text ------------------------------------------------------------------------


def _zip(names: list[str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in names:
            archive.writestr(name, "<x/>")
    return buffer.getvalue()


OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj",
            "cr.pdf: this is a PDF file, not text; extract its text first (for example with pypdf)",
        ),
        (
            _zip(["[Content_Types].xml", "word/document.xml"]),
            "cr.pdf: this is a Word document (.docx, a ZIP archive), not text; "
            "save it as plain text first (or read it with python-docx)",
        ),
        (
            _zip(["rules.txt"]),
            "cr.pdf: this is a ZIP archive, not text; extract the document from it first",
        ),
        (
            OLE2 + b"\x00" * 64 + "WordDocument".encode("utf-16-le"),
            "cr.pdf: this is a Word 97-2003 document (.doc), not text; save it as plain text first",
        ),
        (
            OLE2 + b"\x00" * 64,
            "cr.pdf: this is an OLE2 compound file (an old Microsoft Office document), not text; "
            "save it as plain text first",
        ),
        (
            b"Magic\x00\x00\x00rules\x00",
            "cr.pdf: this looks like binary data, not text: it contains 4 NUL bytes "
            "(the first at byte 5) and is not UTF-16",
        ),
        (
            b"abc\x00def\x00" * 10,  # half the odd bytes are NUL: not UTF-16
            "cr.pdf: this looks like binary data, not text: it contains 20 NUL bytes "
            "(the first at byte 3) and is not UTF-16",
        ),
        (
            bytes(range(1, 32)) * 20,
            "cr.pdf: this looks like binary data, not text: 520 of its 620 bytes are control bytes",
        ),
        (
            "abc".encode("utf-32"),
            "cr.pdf: this is UTF-32 text, which crdex does not read; save it as UTF-8",
        ),
        (
            b"\xff\xfe\x00\xd8a\x00",
            "cr.pdf: this starts like UTF-16 text but is not valid UTF-16 "
            "(illegal UTF-16 surrogate at byte 2)",
        ),
        (
            b"\x1f\x8b\x08\x00",
            "cr.pdf: this is a gzip-compressed file, not text; decompress it first",
        ),
    ],
    ids=[
        "pdf",
        "docx",
        "zip",
        "doc",
        "ole2",
        "nul",
        "nul-pattern",
        "controls",
        "utf-32",
        "bad-utf-16",
        "gzip",
    ],
)
def test_not_text(data: bytes, message: str) -> None:
    with pytest.raises(NotTextError) as caught:
        decode(data, "cr.pdf")
    assert str(caught.value) == message


def test_random_bytes_are_not_text() -> None:
    data = random.Random(7).randbytes(4096)
    with pytest.raises(NotTextError) as caught:
        decode(data)
    assert str(caught.value) == (
        f"<bytes>: this looks like binary data, not text: it contains {data.count(0)} NUL bytes "
        f"(the first at byte {data.index(0)}) and is not UTF-16"
    )
    without_nul = bytes(b for b in data if b)
    controls = sum(1 for b in without_nul if (b < 32 and b not in (9, 10, 12, 13, 26)) or b == 127)
    with pytest.raises(NotTextError) as caught:
        decode(without_nul)
    assert str(caught.value) == (
        f"<bytes>: this looks like binary data, not text: "
        f"{controls} of its {len(without_nul)} bytes are control bytes"
    )


def test_not_text_is_a_corpus_error() -> None:
    from crdex.corpus import CorpusError

    assert issubclass(NotTextError, CorpusError)
    assert issubclass(DocumentNotFound, CorpusError)


# --- read_path ------------------------------------------------------------------------


def test_read_path_returns_bytes_and_text(tmp_path: Path) -> None:
    path = tmp_path / "cr.txt"
    path.write_bytes(b"Rules\r\n")
    data, decoded = read_path(path)
    assert data == b"Rules\r\n"
    assert decoded.text == "Rules\n"


def test_read_path_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    with pytest.raises(DocumentNotFound) as caught:
        read_path(missing)
    assert str(caught.value) == f"{missing}: no such file"


def test_read_path_directory(tmp_path: Path) -> None:
    with pytest.raises(DocumentUnreadable) as caught:
        read_path(tmp_path)
    assert str(caught.value) == f"{tmp_path}: is a directory, not a document file"
