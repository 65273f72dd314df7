"""Shared test helpers: where the real documents are, and parsed editions cached per session."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"
SEEDS = SHARED / "seeds"


def corpus_available() -> bool:
    return (CORPUS / "MANIFEST.tsv").is_file()


def manifest_rows() -> list[dict[str, str]]:
    """MANIFEST.tsv rows; empty when ../shared is not beside the checkout."""
    if not corpus_available():
        return []
    with open(CORPUS / "MANIFEST.tsv", newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def official_text_files() -> list[str]:
    """Every official-text edition (cr-*.txt) the manifest lists."""
    return sorted(
        row["file"]
        for row in manifest_rows()
        if row["file"].startswith("cr-") and row["file"].endswith(".txt") and "/" not in row["file"]
    )


def corpus_path(name: str) -> Path:
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"{path} is not available")
    return path


def run_crdex(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The ``crdex`` command as a user runs it: a new process, output captured.

    It runs outside the repository root by default (this folder), so the
    installed package is the one imported, and without ``CRDEX_HOME``, so a
    test's library is only the one it names.
    """
    env = {k: v for k, v in os.environ.items() if k != "CRDEX_HOME"}
    return subprocess.run(
        [sys.executable, "-m", "crdex", *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=cwd or Path(__file__).parent,
        env=env,
    )


def crdex_in(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``run_crdex`` in the folder ``cwd`` (where relative paths in ``args`` point)."""
    return run_crdex(*args, cwd=cwd)


def export_tree(data: dict) -> dict:
    """An exported edition's tree data without what exports add (ids, chain index)."""
    out = json.loads(json.dumps(data))
    out["edition"].pop("chain_index", None)
    for rule in out["rules"]:
        for key in ("id", "parent_id", "identity"):
            rule.pop(key)
    for entry in out["glossary"]:
        entry.pop("id")
        entry.pop("identity")
    return out


@cache
def parsed(name: str):
    """Parse a corpus file once per test session."""
    from crdex.parser import parse_path

    return parse_path(corpus_path(name))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if corpus_available():
        return
    skip = pytest.mark.skip(reason="../shared/corpus is not beside the checkout")
    for item in items:
        if "corpus" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def corpus_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library holding the whole ../shared/corpus, with its identity graph, built once per session."""
    if not corpus_available():
        pytest.skip("../shared/corpus is not beside the checkout")
    from crdex.index.library import Library

    home = tmp_path_factory.mktemp("corpus-home")
    library = Library(home)
    library.add([CORPUS])
    library.graph()
    return home


SEARCH_DATA = REPO / "tests" / "data" / "search"


@pytest.fixture
def search_home(tmp_path: Path) -> Path:
    """A library of the small invented editions of tests/data/search/library, with its search index."""
    from crdex.index.library import Library
    from crdex.index.search import update_index

    home = tmp_path / "home"
    library = Library(home)
    library.add([SEARCH_DATA / "library"])
    update_index(library)
    return home
