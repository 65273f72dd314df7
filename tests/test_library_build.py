"""The library: documents as witnesses, their precedence and coverage, books and paths, caches.

Coverage expectations are read from the documents: the bundled markdown
slice is section 701 only (its first line is ``# **701.** Keyword
Actions``); the rulings page quotes section 501 rules, each with
``[CompRules 2007/05/01]`` or ``[CompRules 2007/10/01]`` (grep -c: 14 and 3
citation lines, and the headings above them); cr-2013-02-01.truncated.txt
ends inside its glossary (its last line is part of an entry, no credits
follow).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from conftest import CORPUS, REPO, SEEDS, corpus_path
from crdex.corpus.errors import DocumentNotFound
from crdex.index.library import DocumentInfo, Library, iter_files
from crdex.index.library.coverage import (
    COMPLETE,
    Coverage,
    WitnessSlice,
    coverage_of,
    document_kind,
)
from crdex.index.library.editions import plan_chain
from crdex.parser import parse_path

SAMPLES = REPO / "corpus" / "samples"


def doc(
    sha: str, date: str, kind: str = "complete", tag: str = "", fmt: str = "official"
) -> DocumentInfo:
    cov = COMPLETE if kind == "complete" else Coverage(sections=("701",))
    return DocumentInfo(
        sha256=sha,
        name=f"{sha}.txt",
        path=f"/x/{sha}.txt",
        id=f"{date}.{tag}" if tag else date,
        date=date,
        date_source="effective-as-of",
        tag=tag,
        format=fmt,
        kind=kind,
        title="",
        rules=1,
        glossary=1,
        witnesses=(WitnessSlice(date, cov),),
    )


def test_precedence_complete_first_then_primary_copy_then_official_format() -> None:
    docs = [
        doc("a1", "2013-02-01", "truncated", "truncated"),
        doc("a2", "2013-02-01"),
        doc("b1", "2014-05-01", tag="derived"),
        doc("b2", "2014-05-01", fmt="docx"),
        doc("d1", "2002-10-07", fmt="pdf"),
        doc("d2", "2002-10-07"),
        doc("e1", "2026-08-07", tag="upload-20260808"),
        doc("e2", "2026-08-07"),
        doc("f1", "2022-10-07", "rules", fmt="markdown"),
        doc("f2", "2022-10-07"),
    ]
    chain = plan_chain(docs)
    assert [(e.id, e.witnesses[0].sha256) for e in chain] == [
        ("2002-10-07", "d2"),
        ("2013-02-01", "a2"),
        ("2014-05-01", "b2"),
        ("2022-10-07", "f2"),
        ("2026-08-07", "e2"),
    ]
    assert all(e.complete and not e.composed for e in chain)
    assert [w.sha256 for w in chain[1].witnesses] == ["a2", "a1"]


def test_a_cut_short_copy_never_displaces_a_complete_one_in_either_order() -> None:
    complete, cut = doc("ff", "2013-02-01"), doc("00", "2013-02-01", "truncated", "x")
    for order in ([complete, cut], [cut, complete]):
        (edition,) = plan_chain(order)
        assert edition.witnesses[0].sha256 == "ff" and edition.complete


def test_an_edition_known_only_in_part_is_composed() -> None:
    (edition,) = plan_chain([doc("aa", "2022-10-07", "excerpt", fmt="markdown")])
    assert edition.composed and not edition.complete
    assert edition.key.startswith("edition-")
    assert edition.coverage.covers("701.22a") and not edition.coverage.covers("702.1")


def test_coverage_of_the_bundled_samples() -> None:
    markdown = parse_path(SAMPLES / "2022-10-07.keyword-actions.txt")
    assert document_kind(markdown) == "excerpt"
    (piece,) = coverage_of(markdown)
    assert piece.date == "2022-10-07" and piece.coverage.sections == ("701",)
    assert not piece.coverage.glossary

    pdf = parse_path(SAMPLES / "keyword-abilities.pdf-extract.txt")
    assert document_kind(pdf) == "excerpt" and coverage_of(pdf) == []  # no date of its own

    rulings = parse_path(SAMPLES / "rulings-501-keyword-actions.txt")
    assert document_kind(rulings) == "rulings"
    slices = {s.date: s.coverage for s in coverage_of(rulings)}
    assert sorted(slices) == ["2007-05-01", "2007-10-01"]
    # 501.8 Scry is quoted from 2007-05-01; 501.10 Clash from 2007-10-01
    assert slices["2007-05-01"].covers("501.8a") and not slices["2007-05-01"].covers("501.10a")
    assert slices["2007-10-01"].covers("501.10a")
    assert not slices["2007-05-01"].covers("502.1")


@pytest.mark.corpus
def test_a_copy_cut_inside_its_glossary_covers_every_rule_and_the_terms_before_the_cut() -> None:
    cut = parse_path(corpus_path("cr-2013-02-01.truncated.txt"))
    assert document_kind(cut) == "truncated"
    (piece,) = coverage_of(cut)
    cov = piece.coverage
    terms = [g.term for g in cut.glossary]
    assert cov.covers("100.1") and cov.covers("904.12c")
    assert cov.covers_term(terms[0]) and not cov.covers_term(terms[-1])


def test_iter_files_reads_a_book_whole_and_follows_links(tmp_path: Path) -> None:
    book = tmp_path / "real" / "cr-markdown" / "2022-10-07"
    (book / "zones").mkdir(parents=True)
    (book / "SUMMARY.md").write_text("# Summary\n", "utf-8")
    (book / "zones" / "hand.md").write_text("# Hand\n", "utf-8")
    (tmp_path / "real" / "cr-2009-07-11.txt").write_text("x", "utf-8")
    (tmp_path / "real" / ".hidden").write_text("x", "utf-8")
    (tmp_path / "link").symlink_to(tmp_path / "real")
    (tmp_path / "real" / "loop").symlink_to(tmp_path / "real")
    found = list(iter_files([tmp_path / "link"]))
    assert found == [
        tmp_path / "link" / "cr-2009-07-11.txt",
        tmp_path / "link" / "cr-markdown" / "2022-10-07",
    ]
    assert list(iter_files([tmp_path / "link" / ".." / "real" / "cr-markdown" / "2022-10-07"])) == [
        book
    ]


def test_a_named_path_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DocumentNotFound, match=r"nope\.txt: no such file or directory"):
        list(iter_files([tmp_path / "nope.txt"]))


def test_bundled_samples_tell_scrys_story_and_the_undated_page_is_kept(tmp_path: Path) -> None:
    library = Library(tmp_path / "home")
    report = library.build(sorted(SAMPLES.glob("*.txt")))
    assert sorted(d.name for d in report.documents.added) == [
        "2022-10-07.keyword-actions.txt",
        "keyword-abilities.pdf-extract.txt",
        "rulings-501-keyword-actions.txt",
    ]
    assert [e.id for e in report.chain] == ["2007-05-01", "2007-10-01", "2022-10-07"]
    assert any(
        "keyword-abilities.pdf-extract.txt: states no effective date" in w for w in report.warnings
    )
    graph = Library(tmp_path / "home").graph()
    scry = graph.holder("701.18", 2)
    assert scry is not None and [r.key for r in scry.runs] == ["501.8", "701.18"]
    again = Library(tmp_path / "home").build(sorted(SAMPLES.glob("*.txt")))
    assert again.documents.added == [] and len(again.documents.known) == 3


@pytest.mark.corpus
def test_build_caches_by_hash_and_skips_what_is_not_rules(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(CORPUS / "cr-2009-05-01.txt", folder / "a.txt")
    shutil.copy(CORPUS / "cr-2009-05-01.txt", folder / "same-bytes.txt")
    shutil.copy(CORPUS / "cr-2009-07-11.txt", folder / "b.txt")
    shutil.copy(CORPUS / "MANIFEST.tsv", folder / "MANIFEST.tsv")
    home = tmp_path / "home"
    report = Library(home).build([folder])
    assert sorted(d.id for d in report.documents.added) == ["2009-05-01", "2009-07-11"]
    assert [Path(s.path).name for s in report.documents.skipped] == ["MANIFEST.tsv"]
    library = Library(home)
    for sha in library.documents:
        assert library.view.edition(sha).source.sha256 == sha
    assert [e.id for e in library.graph().editions] == ["2009-05-01", "2009-07-11"]
    second = Library(home).build([folder / "a.txt", folder / "b.txt"])
    assert second.documents.added == [] and len(second.documents.known) == 2
    assert not second.graph_rebuilt


def test_relative_and_dotted_paths_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / "work" / "sub"
    work.mkdir(parents=True)
    shutil.copy(SEEDS / "000_fb0d997b58fab580.txt", tmp_path / "work" / "cr-2022-10-07.md")
    monkeypatch.chdir(work)
    report = Library(Path("../home")).build([os.path.join("..", "cr-2022-10-07.md")])
    assert [d.name for d in report.documents.added] == ["cr-2022-10-07.md"]
    assert (tmp_path / "work" / "home" / "CURRENT").is_file()
