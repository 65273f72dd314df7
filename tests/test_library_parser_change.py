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


@pytest.mark.corpus
def test_stale_chain_is_parsed_again_before_the_graph(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a parser change, the graph's first build re-parses the chain (in parallel), then matches."""
    from conftest import corpus_path

    docs = [
        corpus_path("cr-2009-05-01.txt"),
        corpus_path("cr-2009-07-11.txt"),
        corpus_path("cr-2009-09-04.txt"),
    ]
    home = tmp_path / "home"
    Library(home).add(docs)
    monkeypatch.setattr(library_module, "parser_fingerprint", lambda: "00000000000000aa")
    stages: list[tuple[str, int, int]] = []
    graph = Library(home).graph(
        progress=lambda stage, done, total: stages.append((stage, done, total))
    )
    assert [e.id for e in graph.editions] == ["2009-05-01", "2009-07-11", "2009-09-04"]
    assert ("parse", 3, 3) in stages
    fresh = home / "editions" / "00000000000000aa"
    assert len(list(fresh.glob("*.json.gz"))) == 3
