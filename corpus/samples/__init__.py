"""The sample documents shipped with crdex: what commands use when the library is empty.

Three slices of the rules in three forms (markdown, PDF-extracted text, a
rulings page), enough to try every command without downloading anything.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
from importlib import resources
from pathlib import Path

__all__ = ["bundled_documents"]

_SUFFIX = ".txt"
_extracted = contextlib.ExitStack()  # files copied out of a zipped install live until exit
atexit.register(_extracted.close)


def bundled_documents() -> list[Path]:
    """Paths of the bundled sample documents, sorted by name.

    Read through importlib.resources so that they are found in a built
    wheel as well as in a source checkout; from a zipped install they are
    copied to temporary files first.
    """
    return list(_documents())


@functools.cache
def _documents() -> tuple[Path, ...]:
    found = []
    for entry in resources.files(__name__).iterdir():
        if entry.is_file() and entry.name.endswith(_SUFFIX):
            if isinstance(entry, Path):
                found.append(entry)
            else:
                found.append(_extracted.enter_context(resources.as_file(entry)))
    return tuple(sorted(found, key=lambda p: p.name))
