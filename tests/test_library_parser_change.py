"""A changed parser: readers keep their generation; the next build parses again, or says why not."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import REPO
from crdex.index.library import Library, caches

SAMPLE = REPO / "corpus" / "samples" / "2022-10-07.keyword-actions.txt"


def _library(tmp_path: Path) -> tuple[Path, Path, str]:
    doc = tmp_path / "2022-10-07.keyword-actions.md"
    shutil.copy(SAMPLE, doc)
    home = tmp_path / "home"
    Library(home).build([doc])
    sha = next(iter(Library(home).documents))
    return home, doc, sha


def test_readers_keep_the_caches_of_their_generation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, _doc, sha = _library(tmp_path)
    first = Library(home).edition(sha)
    monkeypatch.setattr(caches, "parser_fingerprint", lambda: "0123456789abcdef")
    assert Library(home).edition(sha) == first  # read from the caches the generation names
    assert not (home / "cache" / "0123456789abcdef").exists()  # readers never write


def test_the_next_build_parses_again_for_a_new_parser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, _doc, sha = _library(tmp_path)
    first = Library(home).edition(sha)
    monkeypatch.setattr(caches, "parser_fingerprint", lambda: "0123456789abcdef")
    report = Library(home).build([])
    assert [d.sha256 for d in report.documents.reparsed] == [sha]
    assert (home / "cache" / "0123456789abcdef" / f"{sha}.tree.zst").is_file()
    assert Library(home).edition(sha) == first


def test_a_document_whose_source_is_gone_leaves_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, doc, sha = _library(tmp_path)
    doc.unlink()
    monkeypatch.setattr(caches, "parser_fingerprint", lambda: "fedcba9876543210")
    report = Library(home).build([])
    assert sha not in Library(home).documents
    (warning,) = report.warnings
    assert warning == (
        f"2022-10-07.keyword-actions.md (2022-10-07.keyword-actions) is gone from {doc} and its "
        "parse cache is stale; it is no longer in the library: build it again from where it is now"
    )
