"""Damaged files, read-only homes and every kind of path, over real documents.

- Parse caches, lookup tables and search index files damaged on disk are
  found by ``crdex verify`` (checksums), reported by readers as a clear
  error naming the file and the remedy, and made again by
  ``crdex verify --repair`` or the next ``crdex build``: nothing is lost.
- A read-only home answers every read command, and is not written.
- Relative paths, ``..`` and symbolic links reach every format, in
  ``crdex parse`` and ``crdex build``; a markdown book stays one document.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from conftest import CORPUS, SEEDS, as_nobody, corpus_path, crdex_in, run_crdex

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

DOCS = ("cr-2005-02-01.txt", "cr-2009-05-01.txt", "cr-2009-07-11.txt")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("damage") / "home"
    done = run_crdex("build", *(str(corpus_path(n)) for n in DOCS), "--home", str(home))
    assert done.returncode == 0, done.stderr
    return home


def _copy(home: Path, where: Path) -> Path:
    target = where / "home"
    shutil.copytree(home, target, symlinks=True)
    return target


def _generation(home: Path) -> Path:
    return home / (home / "CURRENT").read_text("utf-8").strip()


def _chain_cache(home: Path, edition: str) -> Path:
    gen = _generation(home)
    documents = json.loads((gen / "documents.json").read_text("utf-8"))["documents"]
    sha = next(s for s, d in documents.items() if d["id"] == edition)
    parser = json.loads((gen / "manifest.json").read_text("utf-8"))["parser"]
    return home / "cache" / parser / f"{sha}.tree.zst"


def test_a_damaged_parse_cache_is_reported_then_repaired(tmp_path: Path, built: Path) -> None:
    home = _copy(built, tmp_path)
    cache = _chain_cache(home, "2009-07-11")
    cache.write_bytes(cache.read_bytes()[:1000])
    # show reads the edition's stored rows, not its tree: it still answers
    shown = run_crdex("show", "100.1", "-e", "2009-07-11", "--home", str(home), "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["text"].startswith("These _Magic_ rules apply to any _Magic_")
    # a reader of the whole tree (the keyword actions of the edition) reports it
    read = run_crdex("actions", "-e", "2009-07-11", "--home", str(home))
    assert read.returncode == 1 and "Traceback" not in read.stderr
    assert read.stderr.startswith(f"Error: {cache}: the parse cache is damaged (")
    assert read.stderr.rstrip().endswith("; run 'crdex verify --repair'")
    verify = run_crdex("verify", "--home", str(home))
    assert verify.returncode == 1
    assert f"problem: {cache}: the parse cache is damaged (checksum)" in verify.stdout
    repair = run_crdex("verify", "--repair", "--home", str(home))
    assert repair.returncode == 0, repair.stdout + repair.stderr
    assert f"repaired: {cache}: the parse cache is damaged (checksum)" in repair.stdout
    again = run_crdex("show", "100.1", "-e", "2009-07-11", "--home", str(home), "--json")
    assert again.returncode == 0
    # 100.1 of 2009-07-11 (italics as underscores): "These _Magic_ rules apply to any _Magic_ game…"
    assert json.loads(again.stdout)["text"].startswith(
        "These _Magic_ rules apply to any _Magic_ game"
    )


def test_the_next_build_repairs_a_damaged_cache(tmp_path: Path, built: Path) -> None:
    home = _copy(built, tmp_path)
    cache = _chain_cache(home, "2005-02-01")
    cache.write_bytes(b"\x1f\x8b" + b"\0" * 64)
    done = run_crdex("build", "--home", str(home), str(corpus_path("cr-2005-02-01.txt")))
    assert done.returncode == 0, done.stderr
    assert run_crdex("verify", "--home", str(home)).returncode == 0
    assert run_crdex("show", "502.36", "-e", "2005-02-01", "--home", str(home)).returncode == 0


def test_damaged_lookup_tables_and_search_files(tmp_path: Path, built: Path) -> None:
    home = _copy(built, tmp_path)
    tables = _generation(home) / "tables.sqlite"
    tables.write_bytes(tables.read_bytes()[:4096])
    search = (
        home / "search" / json.loads((_generation(home) / "manifest.json").read_text())["search"]
    )
    segment = max(
        (p for p in search.iterdir() if p.suffix == ".seg"), key=lambda p: p.stat().st_size
    )
    segment.write_bytes(b"damaged")
    history = run_crdex("history", "502.36", "--home", str(home))
    assert history.returncode == 1 and "Traceback" not in history.stderr
    assert "run 'crdex verify --repair'" in history.stderr
    verify = run_crdex("verify", "--home", str(home))
    assert verify.returncode == 1
    assert f"problem: {tables}: damaged (its checksum does not match)" in verify.stdout
    assert f"problem: the search index {search} cannot be used" in verify.stdout
    repair = run_crdex("verify", "--repair", "--home", str(home))
    assert repair.returncode == 0, repair.stdout + repair.stderr
    history = run_crdex("history", "502.36", "--home", str(home))
    assert history.returncode == 0 and "Scry" in history.stdout
    found = run_crdex("search", "scry", "--home", str(home), "--json")
    assert found.returncode == 0 and "searching an index made in memory" not in found.stderr


def test_every_read_command_works_on_a_read_only_home(built: Path) -> None:
    prefix = as_nobody()
    if prefix is None:
        pytest.skip("no unprivileged user can run this installation of crdex here")
    root = Path(tempfile.mkdtemp(prefix="crdex-ro-"))
    try:
        os.chmod(root, 0o755)
        home = root / "home"
        shutil.copytree(built, home, symlinks=True)
        for path in [home, *home.rglob("*")]:
            path.chmod(0o555 if path.is_dir() else 0o444)
        before = sorted((str(p), p.stat().st_mtime_ns) for p in home.rglob("*"))
        out = root / "out"
        out.mkdir()
        out.chmod(0o777)
        commands = [
            ("show", "701.16", "-e", "2009-07-11"),
            ("history", "502.36"),
            ("resolve", "502.36", "--at", "2005-02-01"),
            ("diff", "2009-05-01", "2009-07-11", "--only", "moved"),
            ("search", "scry"),
            ("documents",),
            ("editions",),
            ("verify",),
            ("actions", "-e", "2009-07-11"),
            ("export", "-o", str(out / "latest.json")),
            ("check", str(SEEDS / "README.md")),
        ]
        env = {k: v for k, v in os.environ.items() if k != "CRDEX_HOME"}
        env["HOME"] = str(out)
        for args in commands:
            done = subprocess.run(
                [*prefix, sys.executable, "-m", "crdex", *args, "--home", str(home)],
                capture_output=True,
                text=True,
                env=env,
                cwd=root,
                check=False,
            )
            assert done.returncode in (0, 1) and "Traceback" not in done.stderr, (args, done.stderr)
            if args[0] != "check":
                assert done.returncode == 0, (args, done.stderr)
        assert sorted((str(p), p.stat().st_mtime_ns) for p in home.rglob("*")) == before
    finally:
        for path in [root, *root.rglob("*")]:
            if not path.is_symlink():
                path.chmod(0o700)
        shutil.rmtree(root)


FORMATS = {
    "official": "cr-2009-07-11.txt",
    "markdown book": "cr-markdown/2022-10-07",
    "mdbook-html": "cr-2022-06-10.mdbook.html",
    "docx": "cr-2014-06-01.docx",
    "pdf": "cr-2002-10-07.pdf",
    "rtf": "cr-2003-06-01.rtf",
}
SEED_FORMATS = {
    "markdown file": "000_fb0d997b58fab580.txt",
    "pdf-text": "001_5f324ed2d2985831.txt",
    "rulings": "002_262e09b339f92cd4.txt",
}


def _sources() -> dict[str, Path]:
    out = {name: CORPUS / rel for name, rel in FORMATS.items()}
    out |= {name: SEEDS / rel for name, rel in SEED_FORMATS.items()}
    return out


def test_links_relative_paths_and_dot_dot_for_every_format(tmp_path: Path) -> None:
    links = tmp_path / "links"
    deep = tmp_path / "work" / "deep"
    links.mkdir()
    deep.mkdir(parents=True)
    relative = []
    for name, source in _sources().items():
        link = links / f"{name.replace(' ', '-')}{source.suffix}"
        link.symlink_to(source)
        relative.append(os.path.relpath(source, deep))
        for path in (str(link), relative[-1]):
            done = crdex_in(deep, "parse", path)
            assert done.returncode == 0 and "Traceback" not in done.stderr, (
                name,
                path,
                done.stderr,
            )
    by_link = crdex_in(deep, "build", str(links), "--home", str(tmp_path / "h1"), "--json")
    by_relative = crdex_in(deep, "build", *relative, "--home", "../h2", "--json")
    for done in (by_link, by_relative):
        assert done.returncode == 0, done.stderr
        summary = json.loads(done.stdout)
        assert summary["skipped"] == []
        assert len(summary["added"]) == len(_sources())  # the book is one document
    again = crdex_in(deep, "build", str(links), "--home", str(tmp_path / "h1"), "--json")
    assert json.loads(again.stdout)["added"] == []
