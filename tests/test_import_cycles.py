"""No import cycles between crdex's modules, and front ends over the library, never over one another.

Every ``import`` and ``from … import`` of every module is read (at any depth:
a function-level import counts as much as one at the top; only those under
``if TYPE_CHECKING:`` are left out, since they never run), resolved to a
module of crdex, and the import graph is searched for strongly connected
components. A package's lazy names (``crdex.lazy``) are not imports.

The same graph holds the layering: the front ends (the command line, the
web site, the MCP server) import the library and the text layer
(``crdex.text``), no front end imports another, and nothing outside the
front ends imports one.
"""

from __future__ import annotations

import ast
import functools
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
    return set(_import_lines(name, path, modules))


def _import_lines(name: str, path: Path, modules: set[str]) -> dict[str, int]:
    """The modules of crdex that ``name`` imports, each with the line of its first import."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: dict[str, int] = {}

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
                    found.setdefault(submodule if submodule in modules else target, child.lineno)
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    found.setdefault(alias.name, child.lineno)
            visit(child)

    visit(ast.parse(path.read_text("utf-8")))
    return {m: line for m, line in found.items() if m in modules and m != name}


def _paths() -> dict[str, Path]:
    return {_module_name(p): p for folder in FOLDERS for p in (REPO / folder).rglob("*.py")}


@functools.cache
def _all_imports() -> tuple[dict[str, dict[str, int]], dict[str, Path]]:
    """Every module's imports of crdex (with their lines), and where each module is."""
    paths = _paths()
    modules = set(paths)
    return {name: _import_lines(name, path, modules) for name, path in paths.items()}, paths


def import_graph() -> dict[str, set[str]]:
    return {name: set(targets) for name, targets in _all_imports()[0].items()}


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


# the front ends, by the packages (and modules) they are made of: ``python -m crdex``
# is the command line too
FRONT_ENDS = {
    "the command line": ("crdex.cli", "crdex.commands", "crdex.__main__"),
    "the web site": ("crdex.web",),
    "the MCP server": ("crdex.mcp",),
}

# the library, all of which must import no front end (every other module is library too)
LIBRARY = (
    "crdex.corpus",
    "crdex.parser",
    "crdex.index",
    "crdex.actions",
    "crdex.text",
    "crdex.api",
)

# A command that starts another front end imports that front end's entry, and only it:
# ``crdex serve`` hands uvicorn the web site's protocol class, ``crdex mcp`` starts the server.
STARTS = {
    ("crdex.commands.serve", "crdex.web.limits"),
    ("crdex.commands.mcp", "crdex.mcp"),
}


def front_end(module: str) -> str | None:
    """The front end ``module`` belongs to, or None for the library."""
    for name, parts in FRONT_ENDS.items():
        if any(module == p or module.startswith(f"{p}.") for p in parts):
            return name
    return None


def crossings(
    imports: dict[str, dict[str, int]], paths: dict[str, Path], starts: set[tuple[str, str]]
) -> list[str]:
    """Every import of a front end by another front end or by the library, as ``file:line``."""
    found = []
    for module, targets in sorted(imports.items()):
        importer = front_end(module)
        for target, line in sorted(targets.items()):
            imported = front_end(target)
            if imported is None or imported == importer or (module, target) in starts:
                continue
            who = f"{module} ({importer})" if importer else f"{module} (the library)"
            where = paths[module].relative_to(REPO) if module in paths else module
            found.append(f"{where}:{line}: {who} imports {target} ({imported})")
    return found


def test_the_layering_check_sees_a_crossing_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "answers.py"
    module.write_text("import crdex.text.show\ndef f():\n    from crdex.commands import options\n")
    known = {"crdex.mcp.answers", "crdex.commands.options", "crdex.text.show"}
    imports = {"crdex.mcp.answers": _import_lines("crdex.mcp.answers", module, known)}
    assert crossings(imports, {}, set()) == [
        "crdex.mcp.answers:3: crdex.mcp.answers (the MCP server) imports "
        "crdex.commands.options (the command line)"
    ]
    library = {"crdex.index.show": {"crdex.web.links": 7, "crdex.parser.tree": 3}}
    assert crossings(library, {}, set()) == [
        "crdex.index.show:7: crdex.index.show (the library) imports crdex.web.links (the web site)"
    ]
    started = {"crdex.commands.mcp": {"crdex.mcp": 37}}
    assert crossings(started, {}, {("crdex.commands.mcp", "crdex.mcp")}) == []
    assert front_end("crdex.commander") is None
    assert front_end("crdex.__main__") == "the command line"


def test_no_front_end_imports_another() -> None:
    imports, paths = _all_imports()
    for parts in FRONT_ENDS.values():  # every front end was read
        assert any(front_end(m) is not None and m.startswith(parts[0]) for m in imports), parts
    found = crossings({m: t for m, t in imports.items() if front_end(m)}, paths, STARTS)
    assert found == [], "a front end imports another:\n" + "\n".join(found)
    # each command that starts another front end still does, by the one import allowed it
    assert all(target in imports[module] for module, target in STARTS)


def test_the_library_imports_no_front_end() -> None:
    imports, paths = _all_imports()
    library = {m: t for m, t in imports.items() if front_end(m) is None}
    for package in LIBRARY:  # every part of the library was read
        assert any(m == package or m.startswith(f"{package}.") for m in library), package
    found = crossings(library, paths, set())
    assert found == [], "the library imports a front end:\n" + "\n".join(found)
