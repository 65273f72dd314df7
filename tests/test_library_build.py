"""The library: documents cached by hash, one edition per date in the chain, the cached graph."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import CORPUS, corpus_available
from crdex.index.library import DocumentInfo, Library, chain_of, iter_files
from crdex.index.questions import open_lineage
from crdex.parser.fingerprint import parser_fingerprint


def doc(sha: str, date: str | None, tag: str = "", fmt: str = "official") -> DocumentInfo:
    ident = f"{date}.{tag}" if tag else str(date)
    return DocumentInfo(sha, f"/x/{sha}", ident, date, tag, fmt, "", 1, 1)


def test_chain_prefers_the_untagged_official_text() -> None:
    docs = [
        doc("a1", "2013-02-01", "truncated"),
        doc("a2", "2013-02-01"),
        doc("b1", "2014-05-01", "derived"),
        doc("b2", "2014-05-01", "", "docx"),
        doc("c1", "2014-06-01", "derived"),
        doc("d1", "2002-10-07", "", "pdf"),
        doc("d2", "2002-10-07"),
        doc("e1", "2026-08-07", "upload-20260808"),
        doc("e2", "2026-08-07"),
        doc("f1", "2022-10-07", "", "markdown"),
        doc("f2", "2022-10-07"),
        doc("g1", None, "", "markdown"),
    ]
    chain = chain_of(docs)
    assert [d.sha256 for d in chain] == ["d2", "a2", "b2", "c1", "f2", "e2"]


def test_a_truncated_copy_comes_after_any_other_tag() -> None:
    assert [
        d.sha256
        for d in chain_of([doc("t", "2013-02-01", "truncated"), doc("u", "2013-02-01", "alt-x")])
    ] == ["u"]


def test_iter_files_reads_a_book_whole(tmp_path: Path) -> None:
    book = tmp_path / "cr-markdown" / "2022-10-07"
    (book / "zones").mkdir(parents=True)
    (book / "SUMMARY.md").write_text("# Summary\n", "utf-8")
    (book / "zones" / "hand.md").write_text("# Hand\n", "utf-8")
    (tmp_path / "cr-2009-07-11.txt").write_text("x", "utf-8")
    (tmp_path / ".hidden").write_text("x", "utf-8")
    assert list(iter_files([tmp_path])) == [tmp_path / "cr-2009-07-11.txt", book]


@pytest.mark.corpus
@pytest.mark.skipif(not corpus_available(), reason="../shared/corpus is not available")
def test_add_caches_by_hash_and_skips_what_is_not_rules(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(CORPUS / "cr-2009-05-01.txt", folder / "a.txt")
    shutil.copy(CORPUS / "cr-2009-05-01.txt", folder / "same-bytes.txt")
    shutil.copy(CORPUS / "cr-2009-07-11.txt", folder / "b.txt")
    shutil.copy(CORPUS / "MANIFEST.tsv", folder / "MANIFEST.tsv")
    home = tmp_path / "home"
    library = Library(home)
    report = library.add([folder])
    assert sorted(d.id for d in report.added) == ["2009-05-01", "2009-07-11"]
    assert [Path(s.path).name for s in report.skipped] == ["MANIFEST.tsv"]
    registry = json.loads((home / "documents.json").read_text("utf-8"))
    assert len(registry["documents"]) == 2
    for sha in registry["documents"]:
        assert (home / "editions" / parser_fingerprint() / f"{sha}.json.gz").is_file()
        assert (home / "snapshots" / parser_fingerprint() / f"{sha}.json").is_file()
    graph = library.graph()
    assert [e.id for e in graph.editions] == ["2009-05-01", "2009-07-11"]

    again = Library(home)
    second = again.add([folder / "a.txt", folder / "b.txt"])
    assert second.added == [] and len(second.known) == 2
    assert again.graph_key() == library.graph_key()
    assert again.has_graph()
    assert [i.id for i in again.graph().identities] == [i.id for i in graph.identities]


@pytest.mark.corpus
@pytest.mark.skipif(not corpus_available(), reason="../shared/corpus is not available")
def test_old_snapshots_are_remade_from_the_parse_cache(tmp_path: Path) -> None:
    home = tmp_path / "home"
    library = Library(home)
    library.add([CORPUS / "cr-2009-07-11.txt"])
    (sha,) = library.documents
    path = home / "snapshots" / parser_fingerprint() / f"{sha}.json"
    data = json.loads(path.read_text("utf-8"))
    data["format"] = 0
    path.write_text(json.dumps(data), "utf-8")
    snap = Library(home).snapshot(sha)
    assert snap.id == "2009-07-11"
    assert json.loads(path.read_text("utf-8"))["format"] != 0


def test_empty_library_uses_the_bundled_samples_or_says_why(tmp_path: Path) -> None:
    from crdex.index.errors import LibraryError

    try:
        lineage = open_lineage(tmp_path / "empty")
    except LibraryError as exc:
        assert "is empty and the bundled sample documents could not be read" in str(exc)
    else:
        assert lineage.bundled
        assert lineage.graph.editions
