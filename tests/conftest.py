"""Shared test helpers: where the real documents are, and parsed editions cached per session."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# bench/evaluation (the measurements against hand-read answers, not installed) is
# imported as ``evaluation``, the name the benchmarks use; appended, not prepended,
# so that bench/mcp.py and the other scripts there never shadow an installed module
sys.path.append(str(REPO / "bench"))
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"
SEEDS = SHARED / "seeds"
# three small invented editions (tests/data/check/README.md)
MINI_LIBRARY = REPO / "tests" / "data" / "check" / "library"


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


def run_crdex(
    *args: str,
    cwd: Path | None = None,
    stdin: Path | None = None,
    timeout: float = 600,
    prefix: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """The ``crdex`` command as a user runs it: a new process, output captured.

    It runs outside the repository root by default (this folder), so the
    installed package is the one imported, and without ``CRDEX_HOME``, so a
    test's library is only the one it names. ``stdin``: a file its standard
    input reads (else nothing); ``prefix``: what runs it (``as_nobody()``).
    """
    env = env or {k: v for k, v in os.environ.items() if k != "CRDEX_HOME"}
    with open(stdin or os.devnull, "rb") as fh:
        return subprocess.run(
            [*prefix, sys.executable, "-m", "crdex", *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            cwd=cwd or Path(__file__).parent,
            env=env,
            stdin=fh,
        )


def as_nobody() -> tuple[str, ...] | None:
    """What runs a command as an unprivileged user when we are root (root reads every
    file), ``()`` when we are not, None when no such user can run this crdex."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        return None
    prefix = ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups")
    # from a neutral folder, as the commands run: the checkout itself must not be what
    # makes crdex importable (the installation may sit where the user cannot read)
    probe = subprocess.run(
        [*prefix, sys.executable, "-m", "crdex", "--version"],
        capture_output=True,
        check=False,
        cwd="/",
    )
    return prefix if probe.returncode == 0 else None


def search_library(home: Path):  # -> (Library, IndexStore, Path)
    """A library at ``home`` of tests/data/search/library with its search index built:
    the library, its index store and the generation."""
    from crdex.index.library import Library
    from crdex.index.search import update_index
    from crdex.index.search.store import IndexStore

    library = Library(home)
    library.add([REPO / "tests" / "data" / "search" / "library"])
    update_index(library)
    store = IndexStore(home / "search")
    live = store.current()
    assert live is not None
    return library, store, live


def crdex_in(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``run_crdex`` in the folder ``cwd`` (where relative paths in ``args`` point)."""
    return run_crdex(*args, cwd=cwd)


def export_tree(data: dict) -> dict:
    """An exported edition's tree data without what exports add (ids, chain index), its file
    name standing for the path (as ``tree_of`` makes originals comparable)."""
    from crdex.index.export.load import tree_dict

    return tree_dict(data)


def tree_of(edition) -> dict:
    """``edition_to_dict`` of a parsed edition, its path cut to the file name as exports keep it."""
    from crdex.parser.serialize import edition_to_dict

    data = edition_to_dict(edition)
    data["edition"]["path"] = Path(data["edition"]["path"]).name
    return data


@cache
def invented_library(folder: Path):
    """A library in memory of the invented editions in ``folder`` (its graph built), once.

    ``tests/data/check/library`` and ``tests/data/check/edits`` hold such editions,
    written for the checker's and the exports' tests.
    """
    from crdex.index.library import Library

    library = Library(None)
    report = library.add(sorted(folder.glob("*.txt")))
    assert not report.skipped, report.skipped
    library.graph()
    return library


@pytest.fixture(scope="session")
def mini_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library home that ``crdex build`` made of tests/data/check/library; tests only read it."""
    where = tmp_path_factory.mktemp("mini-home")
    done = crdex_in(where, "build", str(MINI_LIBRARY), "--home", str(where))
    assert done.returncode == 0, done.stderr
    return where


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
    """A library in a new temporary folder holding ``paths``: graph, tables and search index."""
    if not corpus_available():
        pytest.skip("../shared/corpus is not beside the checkout")
    from crdex import api

    home = tmp_path_factory.mktemp(name)
    api.build(paths, home=home)
    return home


@pytest.fixture(scope="session")
def corpus_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library holding the whole ../shared/corpus, built once per session."""
    return _library_home(tmp_path_factory, "corpus-home", [CORPUS])


# A few real editions, enough for every page of the web application: Scry is
# 502.36 (2005-02-01), 501.8 (2007-05-01, 2009-05-01), 701.16 (2009-07-11),
# 701.18 (2020-07-03) and 701.22 (2026-08-07); 2009-05-01 → 2009-07-11 is the
# Magic 2010 renumbering.
WEB_EDITIONS = (
    "cr-2005-02-01.txt",
    "cr-2007-05-01.txt",
    "cr-2009-05-01.txt",
    "cr-2009-07-11.txt",
    "cr-2020-07-03.txt",
    "cr-2026-08-07.txt",
)


@pytest.fixture(scope="session")
def web_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library of WEB_EDITIONS, built once per session."""
    return _library_home(tmp_path_factory, "web-home", [corpus_path(n) for n in WEB_EDITIONS])


@pytest.fixture(scope="session")
def crafted_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library of one invented edition whose text is full of markup (tests/data/web)."""
    from crdex import api

    home = tmp_path_factory.mktemp("crafted-home")
    api.build([REPO / "tests" / "data" / "web" / "crafted-2030-01-01.txt"], home=home)
    return home


# The 1999 General Rulings Summary between the first Comprehensive Rules (weeks
# before it) and today's: its topics link to rules of 1999-04-23, followed to 2026.
SUMMARY = "rulings-crystalkeep-general-1999-05-16.reflowed.txt"
SUMMARY_EDITIONS = ("cr-1999-04-23.txt", SUMMARY, "cr-2026-08-07.txt")


@pytest.fixture(scope="session")
def summary_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library of SUMMARY_EDITIONS (the summary and two CR editions), built once per session."""
    return _library_home(
        tmp_path_factory, "summary-home", [corpus_path(n) for n in SUMMARY_EDITIONS]
    )


SEARCH_DATA = REPO / "tests" / "data" / "search"


@pytest.fixture
def search_home(tmp_path: Path) -> Path:
    """A library of the small invented editions of tests/data/search/library, with its search index."""
    from crdex import api

    home = tmp_path / "home"
    api.build([SEARCH_DATA / "library"], home=home)
    return home


# A handful of real editions: two of the old numbering (Scry is 502.36, then 501.8),
# the last old one and the first new one (Scry 501.8, then 701.16), today's (701.22),
# and a second copy of today's (the second upload: a witness that does not speak first).
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
    """A library of the FEW_EDITIONS, built once per session."""
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


@pytest.fixture
def static_vectors_only(monkeypatch: pytest.MonkeyPatch):
    """No sentence model: every search, the latest edition's too, reads the static vectors."""
    from crdex.index.search.models.sentences import sentence_model, sentence_model_id

    monkeypatch.setenv("CRDEX_SENTENCE_MODEL", "none")
    sentence_model_id.cache_clear()
    sentence_model.cache_clear()
    yield
    monkeypatch.delenv("CRDEX_SENTENCE_MODEL")
    sentence_model_id.cache_clear()
    sentence_model.cache_clear()
