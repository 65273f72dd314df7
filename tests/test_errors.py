"""Every error in its package's ``errors.py``, under the one root; failed lookups are ``LookupError``.

The rules, checked over every package of crdex (each top-level folder of
the checkout that holds an ``__init__.py``, tests and benchmarks aside):

- an exception class is defined only in a module named ``errors.py``;
- every exception class there derives from ``crdex.errors.CrdexError``,
  except a signal that no ``except Exception`` may catch (a
  ``BaseException`` that is not an ``Exception``, such as the web lanes'
  ``Cancelled``);
- an error is a *failed lookup* when what was asked for by its name, number,
  date or key names nothing: its class is named ``Unknown…``, or its
  docstring begins "No …" (the wording every such error's docstring uses:
  "No rule … has that number"). A failed lookup is a ``LookupError``, as
  pypa/packaging's are, and a ``LookupError`` is a failed lookup.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
from pathlib import Path
from types import ModuleType

import pytest

from conftest import REPO

ROOT_MODULE = "crdex.errors"
# what an exception class's base is called, beyond the builtins and the project's own
_FOREIGN = ("Error", "Exception", "Exit", "Warning")
_BUILTIN = {
    name
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
}


def packages() -> list[Path]:
    """The folders installed as crdex's packages: the top-level folders with an ``__init__.py``."""
    return sorted(
        p.parent for p in REPO.glob("*/__init__.py") if p.parent.name not in ("tests", "bench")
    )


def module_name(path: Path) -> str:
    """The module a file of the checkout is: ``crdex/x.py`` is ``crdex.x``, ``index/x.py`` is
    ``crdex.index.x``."""
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts if parts[0] == "crdex" else ["crdex", *parts])


def _base_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def exception_classes(paths: list[Path]) -> dict[str, list[Path]]:
    """Class name → the files defining it, of every class that derives from an exception.

    Read from the source, importing nothing: a class is an exception when a
    base is a builtin exception, a foreign one (named ``…Error``,
    ``…Exception``, ``…Exit`` or ``…Warning``), or a class found to be one.
    """
    bases: dict[str, set[str]] = {}
    where: dict[str, list[Path]] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, set()).update(_base_name(b) for b in node.bases)
                where.setdefault(node.name, []).append(path)
    known = _BUILTIN | {n for names in bases.values() for n in names if n.endswith(_FOREIGN)}
    found: set[str] = set()
    while True:
        more = {name for name, of in bases.items() if of & (known | found)} - found
        if not more:
            return {name: where[name] for name in sorted(found)}
        found |= more


def strays(paths: list[Path]) -> list[str]:
    """``file: class`` for every exception class defined outside an ``errors.py``."""
    return sorted(
        f"{path.relative_to(REPO) if path.is_relative_to(REPO) else path}: {name}"
        for name, files in exception_classes(paths).items()
        for path in files
        if path.name != "errors.py"
    )


def errors_classes(module: ModuleType) -> list[type[BaseException]]:
    """The exception classes an errors module defines (not those it imports)."""
    return [
        value
        for value in vars(module).values()
        if inspect.isclass(value)
        and issubclass(value, BaseException)
        and value.__module__ == module.__name__
    ]


def is_failed_lookup(kind: type[BaseException]) -> bool:
    """The rule of the module docstring: ``Unknown…``, or a docstring that begins "No "."""
    return kind.__name__.startswith("Unknown") or (kind.__doc__ or "").startswith("No ")


def problems(kinds: list[type[BaseException]], root: type[BaseException]) -> list[str]:
    """What breaks the rules among ``kinds``: one line each."""
    found = []
    for kind in kinds:
        if issubclass(kind, Exception) and not issubclass(kind, root):
            found.append(f"{kind.__qualname__} does not derive from {root.__qualname__}")
        if is_failed_lookup(kind) and not issubclass(kind, LookupError):
            found.append(f"{kind.__qualname__} is a failed lookup but not a LookupError")
        if issubclass(kind, LookupError) and not is_failed_lookup(kind):
            found.append(f"{kind.__qualname__} is a LookupError but not named or said as one")
    return found


ALL_SOURCES = sorted(p for folder in packages() for p in folder.rglob("*.py"))
ERRORS_MODULES = sorted(module_name(p) for p in ALL_SOURCES if p.name == "errors.py")


def test_the_packages_are_found() -> None:
    names = {p.name for p in packages()}
    assert {"crdex", "corpus", "parser", "index", "actions"} <= names
    assert "crdex.index.search.errors" in ERRORS_MODULES
    assert "crdex.web.errors" in ERRORS_MODULES
    assert module_name(REPO / "corpus" / "errors.py") == "crdex.corpus.errors"


def test_no_exception_class_is_defined_outside_an_errors_module() -> None:
    # the walk sees the errors it must: every errors module's classes, by name
    seen = exception_classes(ALL_SOURCES)
    for name in ERRORS_MODULES:
        for kind in errors_classes(importlib.import_module(name)):
            assert kind.__name__ in seen, (name, kind.__name__)
    assert strays(ALL_SOURCES) == []


@pytest.mark.parametrize("name", ERRORS_MODULES)
def test_errors_are_under_the_root_and_lookups_are_lookup_errors(name: str) -> None:
    root = importlib.import_module(ROOT_MODULE).CrdexError
    kinds = errors_classes(importlib.import_module(name))
    assert kinds, f"{name} defines no error"
    assert problems(kinds, root) == []


def test_the_failed_lookups_are_lookup_errors() -> None:
    from crdex.corpus.errors import DocumentNotFound
    from crdex.index.errors import DateBeforeFirstEdition, UnknownEdition, UnknownRule
    from crdex.mcp.errors import NotARule

    for kind in (UnknownRule, UnknownEdition, DateBeforeFirstEdition, NotARule, DocumentNotFound):
        assert issubclass(kind, LookupError), kind


# -- the checks can fail --------------------------------------------------------------


def test_the_walk_sees_a_stray_exception_class(tmp_path: Path) -> None:
    (tmp_path / "errors.py").write_text("class KindError(Exception):\n    pass\n")
    stray = tmp_path / "stray.py"
    stray.write_text(
        "import click\n"
        "class Plain:\n    pass\n"
        "class Mine(KindError):\n    pass\n"
        "class Deeper(Mine):\n    pass\n"
        "class Clicked(click.ClickException):\n    pass\n"
        "class Signal(BaseException):\n    pass\n"
    )
    found = strays([tmp_path / "errors.py", stray])
    assert [line.split(": ")[1] for line in found] == ["Clicked", "Deeper", "Mine", "Signal"]


def test_the_rules_see_a_stray_root_and_a_lookup_that_is_not_one() -> None:
    class Root(Exception):
        pass

    class UnknownThing(Root):
        """A thing that is not there."""

    class Gone(Root):
        """No thing has that name."""

    class Found(Root, LookupError):
        """A thing was found."""

    class Outside(ValueError):
        """A value is wrong."""

    class Signal(BaseException):
        """Raised to stop work; not an error."""

    assert problems([UnknownThing, Gone, Found, Outside, Signal], Root) == [
        "test_the_rules_see_a_stray_root_and_a_lookup_that_is_not_one.<locals>.UnknownThing "
        "is a failed lookup but not a LookupError",
        "test_the_rules_see_a_stray_root_and_a_lookup_that_is_not_one.<locals>.Gone "
        "is a failed lookup but not a LookupError",
        "test_the_rules_see_a_stray_root_and_a_lookup_that_is_not_one.<locals>.Found "
        "is a LookupError but not named or said as one",
        "test_the_rules_see_a_stray_root_and_a_lookup_that_is_not_one.<locals>.Outside "
        "does not derive from test_the_rules_see_a_stray_root_and_a_lookup_that_is_not_one."
        "<locals>.Root",
    ]
