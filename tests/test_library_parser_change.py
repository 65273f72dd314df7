"""A changed parser makes cached parses stale: they are parsed again from the registered files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import REPO
from crdex.index import library as library_module
from crdex.index.library import Library

SAMPLE = REPO / "corpus" / "samples" / "2022-10-07.keyword-actions.txt"


def test_new_parser_fingerprint_reparses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = tmp_path / "keyword-actions.md"
    shutil.copy(SAMPLE, doc)
    home = tmp_path / "home"
    library = Library(home)
    library.add([doc])
    sha = next(iter(library.documents))
    first = library.edition(sha)
    old = {p.relative_to(home) for p in home.rglob("*.json.gz")}

    monkeypatch.setattr(library_module, "parser_fingerprint", lambda: "0123456789abcdef")
    again = Library(home).edition(sha)
    assert again == first  # same document, same tree
    new = {p.relative_to(home) for p in home.rglob("*.json.gz")} - old
    assert new == {Path("editions") / "0123456789abcdef" / f"{sha}.json.gz"}


def test_lost_source_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = tmp_path / "keyword-actions.md"
    shutil.copy(SAMPLE, doc)
    home = tmp_path / "home"
    library = Library(home)
    library.add([doc])
    sha = next(iter(library.documents))
    doc.unlink()
    monkeypatch.setattr(library_module, "parser_fingerprint", lambda: "fedcba9876543210")
    with pytest.raises(library_module.LibraryError, match="is gone; run 'crdex build' on it again"):
        Library(home).edition(sha)
