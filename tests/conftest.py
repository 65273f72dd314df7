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


def _library_home(tmp_path_factory: pytest.TempPathFactory, name: str, paths: list[Path]) -> Path:
    """A library in a new temporary folder holding ``paths``, with its identity graph."""
    if not corpus_available():
        pytest.skip("../shared/corpus is not beside the checkout")
    from crdex.index.library import Library

    home = tmp_path_factory.mktemp(name)
    library = Library(home)
    library.add(paths)
    library.graph()
    return home


@pytest.fixture(scope="session")
def corpus_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library holding the whole ../shared/corpus, with its identity graph, built once per session."""
    return _library_home(tmp_path_factory, "corpus-home", [CORPUS])


# A handful of real editions: two of the old numbering (Scry is 502.36, then 501.8),
# the last old one and the first new one (Scry 501.8, then 701.16), today's (701.22),
# and a second copy of today's (the second upload, outside the chain).
FEW_EDITIONS = (
    "cr-2005-02-01.txt",
    "cr-2008-05-01.txt",
    "cr-2009-05-01.txt",
    "cr-2009-07-11.txt",
    "cr-2026-08-07.txt",
    "cr-2026-08-07.upload-20260808.txt",
)


@pytest.fixture(scope="session")
def few_editions_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library of the FEW_EDITIONS, with its identity graph, built once per session."""
    return _library_home(tmp_path_factory, "few-editions-home", [CORPUS / n for n in FEW_EDITIONS])


def mcp_session(server, use, **client_options):
    """``await use(client)`` in a session of the MCP SDK's client with ``server``.

    ``server`` is anything the SDK's ``Client`` connects to: a server object
    (in memory), ``StdioServerParameters`` (a process it starts) or a URL.
    """
    import anyio
    from mcp import Client

    async def main():
        async with Client(server, **client_options) as client:
            return await use(client)

    return anyio.run(main)
