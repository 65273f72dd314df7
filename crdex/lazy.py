"""Package namespaces that import their modules on first use (PEP 562).

A package's ``__init__`` names what it offers; importing one light module of
the package (``crdex.parser.numbers`` for a rule number) must not import
every other module (the grammars, the graph, Whoosh). Each package declares
which module defines each name, and the name is imported when first read.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(
    package: str, homes: Mapping[str, str], public: Iterable[str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: each name of ``homes`` from its module."""
    names = sorted(set(public))

    def __getattr__(name: str) -> Any:
        module = homes.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(
            importlib.import_module(module if module.startswith("..") else f".{module}", package),
            name,
        )
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *names})

    return __getattr__, __dir__
