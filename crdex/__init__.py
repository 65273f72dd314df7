"""crdex: the Magic: The Gathering Comprehensive Rules as data.

Installed, the subpackages are ``crdex.corpus``, ``crdex.parser``,
``crdex.index``, ``crdex.actions`` and ``crdex.grammars``. In a source
checkout they are the top-level folders beside this one; the path entry
below lets ``python -m crdex`` run from the checkout itself.
"""

from __future__ import annotations

import os as _os

# os.path, not pathlib: every command starts here, and pathlib costs ~8 ms to import
_checkout = _os.path.dirname(_os.path.dirname(_os.path.realpath(__file__)))
if _os.path.isfile(_os.path.join(_checkout, "pyproject.toml")) and _os.path.isfile(
    _os.path.join(_checkout, "parser", "tree.py")
):
    __path__.append(_checkout)  # type: ignore[name-defined]


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
