"""The sample documents shipped with crdex: what commands use when the library is empty.

Three slices of the rules in three forms (markdown, PDF-extracted text, a
rulings page), enough to try every command without downloading anything.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from importlib import resources
from pathlib import Path

__all__ = ["bundled_documents"]

_SUFFIX = ".txt"


def bundled_documents() -> list[Path]:
    """Paths of the bundled sample documents, sorted by name.

    Read through importlib.resources so that they are found in a built
    wheel as well as in a source checkout; from a zipped install they are
    copied, under their own names, to a temporary folder removed at exit.
    """
    return list(_documents())


@functools.cache
def _documents() -> tuple[Path, ...]:
    entries = sorted(
        (
            e
            for e in resources.files(__name__).iterdir()
            if e.is_file() and e.name.endswith(_SUFFIX)
        ),
        key=lambda e: e.name,
    )
    if all(isinstance(e, Path) for e in entries):
        return tuple(Path(str(e)) for e in entries)
    folder = Path(tempfile.mkdtemp(prefix="crdex-samples-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    copies = []
    for entry in entries:
        copy = folder / entry.name
        copy.write_bytes(entry.read_bytes())
        copies.append(copy)
    return tuple(copies)
