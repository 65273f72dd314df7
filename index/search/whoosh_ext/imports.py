"""Whoosh, imported without the modules it loads and search never uses, or uses little.

``whoosh.compat`` imports :mod:`urllib.request` for ``urlretrieve``, which
nothing in Whoosh calls, and with it ssl, http and email; ``whoosh.reading``
takes ``cached_property`` from the package of that name, which imports
:mod:`asyncio` to tell coroutine methods apart (Whoosh has none);
``whoosh.query.terms`` imports the English word forms of its Variations
query, which search never makes. Together they were 34 ms of a word
search's 240 ms from a plain installation. ``whoosh.compat`` also imports
:mod:`html` for ``escape``, and ``whoosh.filedb.filetables``
:mod:`hashlib` (which loads OpenSSL) for ``md5``: 4 ms more.

:func:`trim_whoosh_imports` (called when :mod:`crdex.index.search` is
imported, before any Whoosh module can be) puts a finder first on
``sys.meta_path`` that changes nothing but this: while one of those
Whoosh modules runs, the module it would import is a stand-in
(``urlretrieve``, ``escape`` and ``variations`` importing the real ones
when called; ``md5`` from the standard library's own ``_md5``, as hashlib
itself falls back to; the standard library's
:func:`functools.cached_property`, which does what the package's does for
a plain method). The stand-in is taken out of ``sys.modules`` as
soon as the Whoosh module has run, so any other importer gets the real
module. A module already imported is never replaced: Whoosh imported
before crdex, or ``urllib.request`` imported by something else first, is
used as it is.
"""

from __future__ import annotations

import functools
import sys
import types
from importlib.machinery import ModuleSpec, PathFinder
from typing import Any

__all__ = ["trim_whoosh_imports"]


def _urlretrieve(*args: Any, **kwargs: Any) -> Any:
    """``urllib.request.urlretrieve``, imported when called."""
    from urllib.request import urlretrieve

    return urlretrieve(*args, **kwargs)


def _stand_in(name: str, **attributes: Any) -> types.ModuleType:
    module = types.ModuleType(name, f"A stand-in for {name} while a Whoosh module is imported.")
    module.__dict__.update(attributes)
    return module


def _escape(text: str, quote: bool = True) -> str:
    """``html.escape``, imported when called."""
    from html import escape

    return escape(text, quote)


def _md5(data: bytes = b"", *, usedforsecurity: bool = True) -> Any:
    """``hashlib.md5``, from the standard library's own module where it has one."""
    try:
        from _md5 import md5  # type: ignore[import-not-found]
    except ImportError:
        from hashlib import md5
    return md5(data, usedforsecurity=usedforsecurity)


def _variations(word: str) -> Any:
    """``whoosh.lang.morph_en.variations``, imported when called."""
    from whoosh.lang.morph_en import variations

    return variations(word)


# the Whoosh module → the stand-ins it is run with
_STAND_INS: dict[str, dict[str, Any]] = {
    # html builds its table of 2,231 named entities at import (1.4 ms), for escape alone
    "whoosh.compat": {"urllib.request": {"urlretrieve": _urlretrieve}, "html": {"escape": _escape}},
    "whoosh.reading": {"cached_property": {"cached_property": functools.cached_property}},
    # hashlib loads OpenSSL at import (3 ms), for the md5 of Whoosh's hash tables alone
    "whoosh.filedb.filetables": {"hashlib": {"md5": _md5}},
    # the English word forms of the Variations query, which search does not use: 115
    # suffix rules compiled into six large regular expressions at import, and a table of
    # exceptions (4 ms)
    "whoosh.query.terms": {"whoosh.lang.morph_en": {"variations": _variations}},
}


class _Loader:
    """The real loader of a Whoosh module, run with stand-ins in ``sys.modules``."""

    def __init__(self, loader: Any, stand_ins: dict[str, dict[str, Any]]) -> None:
        self._loader = loader
        self._stand_ins = stand_ins

    def create_module(self, spec: ModuleSpec) -> types.ModuleType | None:
        return self._loader.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        placed = {
            name: _stand_in(name, **attributes)
            for name, attributes in self._stand_ins.items()
            if name not in sys.modules
        }
        sys.modules.update(placed)
        try:
            self._loader.exec_module(module)
        finally:
            for name, stand_in in placed.items():
                if sys.modules.get(name) is stand_in:
                    del sys.modules[name]

    def __getattr__(self, name: str) -> Any:  # get_source, get_filename, is_package …
        return getattr(self._loader, name)


class _Finder:
    """Finds those Whoosh modules as the path finder does, with a loader that trims them."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        stand_ins = _STAND_INS.get(name)
        if stand_ins is None:
            return None
        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loader(spec.loader, stand_ins)
        return spec


def trim_whoosh_imports() -> None:
    """Import those Whoosh modules without what they never use (installed once)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
