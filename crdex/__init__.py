"""crdex: the Magic: The Gathering Comprehensive Rules as data.

Installed, the subpackages are ``crdex.corpus``, ``crdex.parser``,
``crdex.index``, ``crdex.citations``, ``crdex.actions`` and ``crdex.grammars``
(the mapping is :mod:`crdex._layout`'s). In a source checkout they are the
top-level folders beside this one; the finder below resolves exactly those
names to them, so that ``python -m crdex`` runs from the checkout itself and
nothing else of the checkout (``tests``, ``bench``, this folder again) is
importable as ``crdex.*``.
"""

from __future__ import annotations

import os as _os

from crdex._layout import PACKAGE_DIRS as _PACKAGE_DIRS

# os.path, not pathlib: every command starts here, and pathlib costs ~8 ms to import
_checkout = _os.path.dirname(_os.path.dirname(_os.path.realpath(__file__)))


class _CheckoutFinder:
    """Finds the mapped subpackages of a checkout, and nothing else (a meta path finder)."""

    @staticmethod
    def find_spec(fullname: str, path: object = None, target: object = None) -> object:
        folder = _PACKAGE_DIRS.get(fullname)
        if folder is None or fullname == __name__:
            return None
        from importlib.util import spec_from_file_location

        where = _os.path.join(_checkout, folder)
        return spec_from_file_location(
            fullname, _os.path.join(where, "__init__.py"), submodule_search_locations=[where]
        )


if _os.path.isfile(_os.path.join(_checkout, "pyproject.toml")) and _os.path.isfile(
    _os.path.join(_checkout, "parser", "tree.py")
):
    import sys as _sys

    if not any(isinstance(f, _CheckoutFinder) for f in _sys.meta_path):
        _sys.meta_path.insert(0, _CheckoutFinder())


# The Python API (crdex.api), importable from the top: ``crdex.rule("701.22")``.
# Loaded on first use, so that ``import crdex`` stays light for the parser alone.
_API = (
    "Reader",
    "build",
    "diff",
    "edition",
    "history",
    "identify",
    "load",
    "remove",
    "resolve",
    "rule",
    "search",
    "show",
    "verify",
)
__all__ = list(_API)


def __getattr__(name: str) -> object:
    if name in _API:
        from crdex import api

        return getattr(api, name)
    raise AttributeError(f"module 'crdex' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_API})
