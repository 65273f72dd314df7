"""The wheel carries every package, grammar and sample document, not only a checkout does."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from conftest import REPO

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def _installed_name(folder: Path) -> str:
    """The dotted name a source folder installs as, through package-dir."""
    rel = folder.relative_to(REPO)
    for name, source in sorted(SETUPTOOLS["package-dir"].items(), key=lambda kv: -len(kv[1])):
        if rel.parts[: len(Path(source).parts)] == Path(source).parts:
            rest = rel.parts[len(Path(source).parts) :]
            return ".".join([name, *rest])
    raise AssertionError(f"{rel} is not under any package-dir entry")


def test_every_package_folder_is_listed() -> None:
    listed = set(SETUPTOOLS["packages"])
    for source in SETUPTOOLS["package-dir"].values():
        for init in (REPO / source).rglob("__init__.py"):
            name = _installed_name(init.parent)
            assert name in listed, (
                f"{name} ({init.parent}) is missing from [tool.setuptools] packages"
            )


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
