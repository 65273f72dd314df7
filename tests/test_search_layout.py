"""The search package's house: the encoders and the Whoosh adaptations stand alone.

``index/search/models/`` (the encoders) and ``index/search/whoosh_ext/``
(what crdex adapts in Whoosh) import nothing of search outside their own
folder, except the search's errors (``errors.py``, which imports nothing
of search): a model or an adaptation is read and run without knowing what
an index, a query or a ranking is.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import REPO

SEARCH = REPO / "index" / "search"
PACKAGE = "crdex.index.search"


def _imports(path: Path, package: str) -> list[str]:
    """The absolute names of the modules ``path`` (of ``package``) imports."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                name = f"{base}.{node.module}" if node.module else base
                if node.module is None:
                    found.extend(f"{name}.{alias.name}" for alias in node.names)
                    continue
            else:
                name = node.module or ""
            found.append(name)
    return found


@pytest.mark.parametrize("folder", ["models", "whoosh_ext"])
def test_it_imports_nothing_else_of_search(folder: str) -> None:
    own = f"{PACKAGE}.{folder}"
    modules = sorted((SEARCH / folder).glob("*.py"))
    assert len(modules) > 2
    strays = {
        f"{path.name}: {name}"
        for path in modules
        for name in _imports(path, own)
        if name.startswith(PACKAGE) and not name.startswith(own) and name != f"{PACKAGE}.errors"
    }
    assert not strays


def test_the_checker_sees_a_stray_import(tmp_path: Path) -> None:
    stray = tmp_path / "stray.py"
    stray.write_text("from ..answering.engine import SearchIndex\nfrom . import bert\n")
    assert _imports(stray, f"{PACKAGE}.models") == [
        f"{PACKAGE}.answering.engine",
        f"{PACKAGE}.models.bert",
    ]


def test_the_players_slang_is_named_for_what_it_holds() -> None:
    assert (SEARCH / "slang.py").is_file()
    assert not (SEARCH / "players.py").exists()
