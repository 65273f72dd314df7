"""The wheel carries every package, grammar and sample document, not only a checkout does."""

from __future__ import annotations

import importlib.util
import json
import runpy
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from conftest import REPO
from crdex._layout import PACKAGE_DIRS


def _installed_name(folder: Path) -> str:
    """The dotted name a source folder installs as, through the package mapping."""
    rel = folder.relative_to(REPO)
    for name, source in PACKAGE_DIRS.items():
        if rel.parts[:1] == (source,):
            return ".".join([name, *rel.parts[1:]])
    raise AssertionError(f"{rel} is not under any mapped folder")


def _package_folders() -> list[Path]:
    return sorted(
        init.parent
        for source in PACKAGE_DIRS.values()
        for init in (REPO / source).rglob("__init__.py")
    )


def test_every_package_folder_is_installed() -> None:
    for folder in _package_folders():
        name = _installed_name(folder)
        assert importlib.util.find_spec(name) is not None, f"{name} ({folder}) is not installed"


def test_setup_ships_every_package_folder() -> None:
    shipped = runpy.run_path(str(REPO / "setup.py"), run_name="setup_probe")
    assert set(shipped["packages"]()) == {_installed_name(f) for f in _package_folders()}


_OUTSIDE = ("crdex.tests", "crdex.bench", "crdex.crdex", "crdex.crdex.errors")


@pytest.mark.parametrize("where", ["installed", "checkout"])
def test_only_the_mapped_folders_import_as_crdex(where: str) -> None:
    """A checkout imports crdex once: its other folders are not crdex.* (a second CrdexError)."""
    probe = (
        "import importlib, json, crdex, crdex.parser, crdex.index\n"
        "found = {}\n"
        f"for name in {_OUTSIDE!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "        found[name] = True\n"
        "    except ModuleNotFoundError:\n"
        "        found[name] = False\n"
        "print(json.dumps([crdex.__file__, crdex.index.__file__, found]))\n"
    )
    cwd = REPO if where == "checkout" else REPO / "tests"
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, check=True
    )
    crdex_file, index_file, found = json.loads(done.stdout)
    assert found == dict.fromkeys(_OUTSIDE, False)
    if where == "checkout":
        assert Path(crdex_file) == REPO / "crdex" / "__init__.py"
        assert Path(index_file) == REPO / "index" / "__init__.py"


def test_grammars_are_package_data() -> None:
    names = {p.name for p in resources.files("crdex.grammars").iterdir()}
    assert {"common.lark", "official.lark"} <= names
    for grammar in (REPO / "grammars").glob("*.lark"):
        assert grammar.name in names


def test_bundled_documents_are_package_data() -> None:
    from crdex.corpus import bundled_documents

    shipped = {p.name for p in bundled_documents()}
    assert shipped == {p.name for p in (REPO / "corpus" / "samples").glob("*.txt")}
    assert len(shipped) == 3
