"""Undated documents join a library's history by their text, after every dated witness.

A small library, built in steps as a user builds one: seed 001 alone (no
edition to match it against), then a dated excerpt of 2006-10-01 (its rules
502.26c–502.40e, cut from the raw file with its date line), the whole
2007-02-01 and the whole 2006-07-15. Seed 001 holds 502.26c–502.51a worded as
2006-10-01 and 2007-02-01 word them, in curly quotes where the raw files have
straight ones; 2006-07-15 words three of its rules otherwise.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CORPUS, SEEDS, run_crdex

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

SEED_001 = SEEDS / "001_5f324ed2d2985831.txt"


def _dated_excerpt(folder: Path) -> Path:
    """502.26c–502.40e of 2006-10-01 as its raw file has them, under its date line."""
    lines = (CORPUS / "cr-2006-10-01.txt").read_bytes().decode("latin-1").split("\r")
    first = next(i for i, line in enumerate(lines) if line.startswith("502.26c "))
    end = next(i for i, line in enumerate(lines) if line.startswith("502.41. "))
    path = folder / "excerpt-2006-10-01.txt"
    text = "These rules are effective as of October 1, 2006.\n\n" + "\n".join(lines[first:end])
    path.write_text(text + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def steps(tmp_path_factory: pytest.TempPathFactory):
    """The library's home and the report of each build step."""
    from crdex.index.library import Library

    home = tmp_path_factory.mktemp("placed-home")
    excerpt = _dated_excerpt(tmp_path_factory.mktemp("documents"))
    alone = Library(home).build([SEED_001], workers=1)
    more = Library(home).build(
        [excerpt, CORPUS / "cr-2007-02-01.txt", CORPUS / "cr-2006-07-15.txt"], workers=1
    )
    return home, alone, more


def _seed(home: Path):
    from crdex.index.library import Library

    return next(d for d in Library(home).documents.values() if d.name == SEED_001.name)


def test_alone_it_witnesses_nothing_and_says_why(steps) -> None:
    _home, alone, _more = steps
    doc = next(d for d in alone.documents.added if d.name == SEED_001.name)
    assert doc.undated and doc.placed is not None
    assert doc.placed["verdict"] == "unplaced"
    assert doc.placed["note"] == "the library holds no edition to match it against"
    assert alone.warnings == [
        f"{SEED_001.name}: states no effective date, so it witnesses no edition (the library "
        "holds no edition to match it against); kept in the library and listed by "
        "'crdex documents'"
    ]


def test_it_witnesses_the_editions_its_text_matches(steps) -> None:
    home, _alone, more = steps
    doc = _seed(home)
    assert doc.date is None and doc.date_source == "matched-by-text"
    assert [w.date for w in doc.witnesses] == ["2006-10-01", "2007-02-01"]
    assert [w.coverage.describe() for w in doc.witnesses] == ["502.26c–502.51a"] * 2
    assert doc.placed["verdict"] == "matched"
    by_id = {r.id: r for r in more.chain}
    assert list(by_id) == ["2006-07-15", "2006-10-01", "2007-02-01"]


def test_it_speaks_after_every_dated_witness(steps) -> None:
    from crdex.index.library import Library

    home, _alone, _more = steps
    library = Library(home)
    records = {r.id: r for r in library.chain()}
    assert [w.name for w in records["2006-10-01"].witnesses] == [
        "excerpt-2006-10-01.txt",
        SEED_001.name,
    ]
    assert [w.name for w in records["2007-02-01"].witnesses] == [
        "cr-2007-02-01.txt",
        SEED_001.name,
    ]
    # 2006-10-01 is composed: the dated excerpt's words where it speaks (straight quotes, as
    # the raw file), the seed's only beyond it (curly quotes, as the seed)
    edition = library.edition(records["2006-10-01"].key)
    assert edition.rule("502.36a").text.startswith("Scry is a static ability that functions")
    assert '"Scry N"' in edition.rule("502.36a").text
    assert "“Haunt”" in edition.rule("502.51a").text
    # in 2007-02-01 the complete text speaks for every rule
    whole = library.edition(records["2007-02-01"].key)
    assert '"Haunt"' in whole.rule("502.51a").text


def test_history_shows_the_seed_among_the_versions(steps) -> None:
    from crdex import api

    home, _alone, _more = steps
    found = api.load(home=home).history("502.36", "2007-02-01")
    assert [(m["document"], m["number"], m["editions"]) for m in found.matched] == [
        (SEED_001.name, "502.36", ["2006-10-01", "2007-02-01"])
    ]
    shown = run_crdex("history", "502.36", "--edition", "2007-02-01", "--home", str(home))
    assert (
        f"      also in {SEED_001.name}: no date of its own, matched by its text to "
        "2006-10-01 … 2007-02-01"
    ) in shown.stdout.splitlines()


def test_documents_says_what_it_matched(steps) -> None:
    home, _alone, _more = steps
    shown = run_crdex("documents", "--home", str(home))
    lines = shown.stdout.splitlines()
    at = lines.index(f"{SEED_001.name}  [{SEED_001.stem}]  excerpt, pdf-text")
    assert lines[at + 1] == "    2006-10-01: 502.26c–502.51a; 2007-02-01: 502.26c–502.51a"
    assert lines[at + 2].startswith(
        "    no effective date: matched by its text to 2006-10-01 … 2007-02-01 ("
    )


def test_taken_out_editions_leave_it_with_its_nearest(steps, tmp_path: Path) -> None:
    """Its editions removed, it stays listed with the nearest one; the text index follows."""
    import shutil

    from crdex.index.library import Library

    home, _alone, _more = steps
    copy = tmp_path / "home"
    shutil.copytree(home, copy)
    report = Library(copy).build([], remove=["2007-02-01", "excerpt-2006-10-01.txt"], workers=1)
    assert [r.id for r in report.chain] == ["2006-07-15"]
    doc = _seed(copy)
    assert doc.undated and doc.date_source == "none"
    assert doc.placed["verdict"] == "nearest"
    assert [r["first"] for r in doc.placed["editions"]] == ["2006-07-15"]
    # three rules worded otherwise, and the 502.38c it lacks
    assert doc.placed["differ"] == ["502.26e", "502.38b", "502.46a", "502.38c"]
    library = Library(copy)
    assert set(library.texts().trees) == {r.key for r in library.chain()}
