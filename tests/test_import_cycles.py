"""No import cycles between crdex's modules, not even through imports inside functions.

Every ``import`` and ``from … import`` of every module is read (at any depth:
a function-level import counts as much as one at the top; only those under
``if TYPE_CHECKING:`` are left out, since they never run), resolved to a
module of crdex, and the import graph is searched for strongly connected
components. A package's lazy names (``crdex.lazy``) are not imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO
from crdex._layout import PACKAGE_DIRS

# the installed package name of each top-level folder of the checkout
FOLDERS = {folder: name for name, folder in PACKAGE_DIRS.items()}


def _module_name(path: Path) -> str:
    rel = path.relative_to(REPO)
    parts = list(rel.with_suffix("").parts[1:])
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join([FOLDERS[rel.parts[0]], *parts])


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(name: str, path: Path, modules: set[str]) -> set[str]:
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package[: len(package) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                for alias in child.names:
                    submodule = f"{target}.{alias.name}"
                    found.add(submodule if submodule in modules else target)
            elif isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text("utf-8")))
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    paths = {_module_name(p): p for folder in FOLDERS for p in (REPO / folder).rglob("*.py")}
    modules = set(paths)
    return {name: _imports(name, path, modules) for name, path in paths.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_the_finder_sees_imports_inside_functions_and_not_type_checking_ones(
    tmp_path: Path,
) -> None:
    module = tmp_path / "x.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .z import Z\n"
        "def f():\n"
        "    from .y import g\n",
        "utf-8",
    )
    known = {"crdex.index.x", "crdex.index.y", "crdex.index.z"}
    assert _imports("crdex.index.x", module, known) == {"crdex.index.y"}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_crdex_has_no_import_cycles() -> None:
    graph = import_graph()
    assert len(graph) > 200  # every module was read
    # an import inside a function is an edge: the questions load the matcher only to
    # compare a copy outside the chain
    assert "crdex.index.lineage.build" in graph["crdex.index.answers.questions"]
    assert cycles(graph) == []
