"""The library: documents, the editions they witness, and everything learned from them.

One home directory holds it all (see :mod:`.home` for the layout):
documents and their parse caches (:mod:`.documents`, :mod:`.caches`), the
chain of editions made of witnesses (:mod:`.editions`, with coverage from
:mod:`crdex.index.library.coverage`), and generations published whole by one
writer (:mod:`.build`, :mod:`.generation`), which readers open
(:mod:`.library`, :mod:`.view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crdex.lazy import lazy_names

if TYPE_CHECKING:
    from crdex.index.errors import LibraryError

    from .build import BuildReport, build_library
    from .documents import AddReport, DocumentInfo, Skipped
    from .editions import EditionRecord, Witness
    from .files import iter_files
    from .library import Library
    from .view import LibraryView

__all__ = [
    "AddReport",
    "BuildReport",
    "DocumentInfo",
    "EditionRecord",
    "Library",
    "LibraryError",
    "LibraryView",
    "Skipped",
    "Witness",
    "build_library",
    "iter_files",
]

# name → the module that defines it: imported on first use, so that reading one
# module of the library (the lookup tables) does not load the builder
_HOME = {
    "AddReport": "documents",
    "BuildReport": "build",
    "DocumentInfo": "documents",
    "EditionRecord": "editions",
    "Library": "library",
    "LibraryError": "..errors",
    "LibraryView": "view",
    "Skipped": "documents",
    "Witness": "editions",
    "build_library": "build",
    "iter_files": "files",
}

__getattr__, __dir__ = lazy_names(__name__, _HOME, __all__)
