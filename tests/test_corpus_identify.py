"""Identifying an edition: effective date, where it came from, title; the bundled samples."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from pathlib import Path

import pytest

from conftest import CORPUS, SEEDS, manifest_rows
from crdex.corpus import Identity, bundled_documents, edition_id, identify, read_path
from crdex.corpus.errors import NoEditionDate

TEXT_FORMATS = ("cr-txt", "cr-pdf-text", "cr-html", "rulings-txt-derived", "rulebook-txt-derived")


def _manifest() -> list[dict[str, str]]:
    return [row for row in manifest_rows() if row["format"].startswith(TEXT_FORMATS)]


ROWS = _manifest()
PARAMS = [pytest.param(row, id=row["file"]) for row in ROWS] or [pytest.param(None, id="no-corpus")]


def _identify_file(path: Path) -> tuple[Identity, list[str]]:
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    _, decoded = read_path(path)
    return identify(decoded.text, str(path)), decoded.text.split("\n")


# --- every text document of the corpus -------------------------------------------------


@pytest.mark.corpus
@pytest.mark.parametrize("row", PARAMS)
def test_effective_date_is_the_manifest_date(row: dict[str, str] | None) -> None:
    if row is None:
        pytest.skip("../shared/corpus is absent")
    identity, lines = _identify_file(CORPUS / row["file"])
    assert identity.effective_date == dt.date.fromisoformat(row["edition_date"])
    name = row["file"]
    if name.startswith(("rulings-", "rulebook-")):
        # neither states a date of its own; the file name carries it
        assert (identity.date_source, identity.date_line) == ("filename", None)
        return
    assert identity.date_source in {"effective-as-of", "current-as-of", "banner"}
    assert identity.date_line is not None
    line = lines[identity.date_line - 1]
    if identity.date_source == "banner":
        assert line.startswith("COMPREHENSIVE RULES") and line.endswith("04/23/99")
    else:
        assert f"{identity.date_source.split('-')[0]} as of" in line
    assert "comprehensive rules" in identity.title.lower()


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "source", "line", "title"),
    [
        # the banner on line 4 comes before "current as of April 23, 1999" near the end
        ("cr-1999-04-23.txt", "banner", 4, "COMPREHENSIVE RULES"),
        # PDF text: the title is split over two lines, "COMPREHENSIVE" / "RULES "
        ("cr-1999-11-01.txt", "current-as-of", 4, "COMPREHENSIVE RULES"),
        ("cr-1999-11-01.alt-vensersjournal.txt", "current-as-of", 4, "COMPREHENSIVE RULES"),
        ("cr-2001-07-23.txt", "current-as-of", 3, "Magic: The Gathering® Comprehensive Rules"),
        ("cr-2001-09-24.txt", "current-as-of", 3, "Magic: The Gatheringr Comprehensive Rules"),
        ("cr-2009-05-01.txt", "current-as-of", 3, "Magic: The Gathering Comprehensive Rules"),
        ("cr-2009-07-11.txt", "effective-as-of", 3, "Magic: The Gathering Comprehensive Rules"),
        ("cr-2009-09-04.txt", "effective-as-of", 3, "_Magic: The Gathering_ Comprehensive Rules"),
        ("cr-2013-05-01.txt", "effective-as-of", 3, "_Magic: The Gathering_ Comprehensive Rules"),
        ("cr-2024-07-30.txt", "effective-as-of", 3, "Magic: The Gathering Comprehensive Rules"),
        ("cr-2026-08-07.txt", "effective-as-of", 3, "Magic: The Gathering Comprehensive Rules"),
        (
            "cr-2022-10-07.mdbook.html",
            "effective-as-of",
            107,
            "Magic: The Gathering Comprehensive Rules",
        ),
    ],
)
def test_date_source_line_and_title(name: str, source: str, line: int, title: str) -> None:
    identity, _ = _identify_file(CORPUS / name)
    assert (identity.date_source, identity.date_line, identity.title) == (source, line, title)


@pytest.mark.corpus
@pytest.mark.parametrize("date", ["2022-07-08", "2022-10-07"])
def test_markdown_tree_readme(date: str) -> None:
    identity, _ = _identify_file(CORPUS / "cr-markdown" / date / "README.md")
    assert identity == Identity(
        dt.date.fromisoformat(date),
        2,
        "effective-as-of",
        "Magic: The Gathering Comprehensive Rules",
    )


@pytest.mark.corpus
def test_document_date_beats_a_misleading_file_name() -> None:
    # Published as "MagicCompRules 20240802.txt"; effective July 30.
    path = CORPUS / "cr-2024-07-30.txt"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    _, decoded = read_path(path)
    identity = identify(decoded.text, "MagicCompRules 20240802.txt")
    assert identity.effective_date == dt.date(2024, 7, 30)
    assert identity.date_source == "effective-as-of"
    # rulesraker's "2006-06-01" is the June 1, 2004 edition
    _, decoded = read_path(CORPUS / "cr-2004-06-01.txt")
    assert identify(decoded.text, "2006-06-01.txt").effective_date == dt.date(2004, 6, 1)


# --- the seeds and the bundled samples ------------------------------------------------

SEED_IDENTITIES = {
    "000_fb0d997b58fab580.txt": Identity(None, None, "none", "**701.** Keyword Actions"),
    "001_5f324ed2d2985831.txt": Identity(None, None, "none", ""),
    "002_262e09b339f92cd4.txt": Identity(dt.date(2008, 3, 17), 5, "based-on", ""),
}


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(SEED_IDENTITIES))
def test_seeds(name: str) -> None:
    identity, _ = _identify_file(SEEDS / name)
    assert identity == SEED_IDENTITIES[name]


# the bundled copies of the seeds, under names that say what they are
# (corpus/samples/README.md); the markdown slice carries its date in its name
BUNDLED = {
    "2022-10-07.keyword-actions.txt": (
        "000_fb0d997b58fab580.txt",
        Identity(dt.date(2022, 10, 7), None, "filename", "**701.** Keyword Actions"),
    ),
    "keyword-abilities.pdf-extract.txt": (
        "001_5f324ed2d2985831.txt",
        SEED_IDENTITIES["001_5f324ed2d2985831.txt"],
    ),
    "rulings-501-keyword-actions.txt": (
        "002_262e09b339f92cd4.txt",
        SEED_IDENTITIES["002_262e09b339f92cd4.txt"],
    ),
}


def test_bundled_documents() -> None:
    paths = bundled_documents()
    assert [p.name for p in paths] == sorted(BUNDLED)
    assert all(p.is_file() for p in paths)
    for path in paths:
        seed_name, expected = BUNDLED[path.name]
        _, decoded = read_path(path)
        assert identify(decoded.text, str(path)) == expected
        seed = SEEDS / seed_name
        if seed.is_file():
            assert path.read_bytes() == seed.read_bytes()
    paths.clear()
    assert len(bundled_documents()) == 3  # callers get their own list


def test_bundled_documents_from_a_zipped_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import crdex.corpus.samples as samples

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in bundled_documents():
            archive.write(path, f"samples/{path.name}")
        archive.writestr("samples/__init__.py", "")
    zipped = zipfile.ZipFile(buffer)
    monkeypatch.setattr(samples.resources, "files", lambda _: zipfile.Path(zipped, "samples/"))
    samples._documents.cache_clear()
    try:
        copies = bundled_documents()
    finally:
        samples._documents.cache_clear()
    assert [p.name for p in copies] == sorted(BUNDLED)
    assert [p.read_bytes() for p in copies] == [p.read_bytes() for p in bundled_documents()]


# --- dates in other spellings, fallbacks -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "date", "source"),
    [
        (
            "These rules are effective as of Sept. 20, 2024.",
            dt.date(2024, 9, 20),
            "effective-as-of",
        ),
        ("These rules are current as of 7 August 2026.", dt.date(2026, 8, 7), "current-as-of"),
        ("<p>These rules are effective&nbsp;as of June 10, 2022.</p>", dt.date(2022, 6, 10), None),
        ("Effective as of\nJuly 1st, 2003", dt.date(2003, 7, 1), "effective-as-of"),
        ("These rules are effective as of 2025-02-07.", dt.date(2025, 2, 7), "effective-as-of"),
        ("COMPREHENSIVE RULES      04/23/99", dt.date(1999, 4, 23), "banner"),
        ("based on the March 17, 2008 release of the Rulings", dt.date(2008, 3, 17), "based-on"),
    ],
)
def test_date_spellings(text: str, date: dt.date, source: str | None) -> None:
    identity = identify(text)
    assert identity.effective_date == date
    assert identity.date_source == (source or "effective-as-of")
    assert identity.date_line == 1


def test_first_statement_wins() -> None:
    text = "x\nThese rules are effective as of May 1, 2014.\ny\neffective as of June 1, 2014."
    assert identify(text) == Identity(dt.date(2014, 5, 1), 2, "effective-as-of", "x")


def test_impossible_date_is_skipped() -> None:
    text = "effective as of February 30, 2014.\nThese rules are effective as of May 1, 2014."
    identity = identify(text)
    assert (identity.effective_date, identity.date_line) == (dt.date(2014, 5, 1), 2)


@pytest.mark.parametrize(
    ("path", "date"),
    [
        ("cr-2024-07-30.txt", dt.date(2024, 7, 30)),
        ("/somewhere/MagicCompRules 20240802.txt", dt.date(2024, 8, 2)),
        ("rules_20240917.txt", dt.date(2024, 9, 17)),
        ("cr-2026-08-07.upload-20260808.txt", dt.date(2026, 8, 7)),
        ("archive/2022-10-07/README.md", dt.date(2022, 10, 7)),
    ],
)
def test_file_name_is_the_fallback(path: str, date: dt.date) -> None:
    assert identify("no date here", path) == Identity(date, None, "filename", "no date here")


def test_no_date_anywhere() -> None:
    identity = identify("100.1. These Magic rules apply.", "rules.txt")
    assert identity == Identity(None, None, "none", "")
    assert identify("") == Identity(None, None, "none", "")
    assert identify("x", "cr-2024-13-45.txt").date_source == "none"  # not a date


def test_titles() -> None:
    assert identify("// comment\n\nWelcome to Magic: The Gathering!\nText.").title == (
        "Welcome to Magic: The Gathering!"
    )
    assert identify("<title>Magic: The Gathering Comprehensive Rules</title>").title == (
        "Magic: The Gathering Comprehensive Rules"
    )
    assert identify("Preface\nMagic  Comprehensive   Rules\n").title == "Magic Comprehensive Rules"
    assert identify("Rulings are collected from many sources.").title == ""


# --- edition ids ---------------------------------------------------------------------


def test_edition_id() -> None:
    identity = Identity(dt.date(2026, 8, 7), 3, "effective-as-of", "Magic")
    assert edition_id(identity) == "2026-08-07"
    assert edition_id(identity, "upload-20260808") == "2026-08-07.upload-20260808"
    with pytest.raises(ValueError, match="edition tag 'a b'"):
        edition_id(identity, "a b")


def test_edition_id_needs_a_date() -> None:
    with pytest.raises(NoEditionDate) as caught:
        edition_id(Identity(None, None, "none", "Keyword Actions"))
    assert str(caught.value) == (
        "the document (Keyword Actions) states no effective date, so it has no edition id"
    )
