"""Named points where a test may kill a build, to prove that nothing is lost at any of them.

SQLite and Whoosh test their crash safety by stopping a writer at chosen
places; so does crdex. When the environment variable ``CRDEX_FAULT`` names
a point, the process kills itself with SIGKILL on reaching it (no cleanup,
no ``finally``: exactly what a power cut or ``kill -9`` does). Unset, a
point costs one dictionary lookup.
"""

from __future__ import annotations

import os
import signal

__all__ = ["ENV", "POINTS", "fault_point"]

ENV = "CRDEX_FAULT"

#: Every point, in the order a build reaches them.
POINTS = (
    "locked",  # the write lock is held, nothing done yet
    "parsing",  # the first document of several is parsed, workers still busy
    "parsed",  # every new document is parsed and cached
    "chain",  # the editions are worked out
    "graph",  # the identity graph is built
    "indexing",  # the search index is being written (a new one by worker processes)
    "search",  # the search index generation is published
    "written",  # every file of the new generation is written, not yet renamed
    "renamed",  # the new generation is renamed into place, CURRENT not yet switched
    "published",  # CURRENT names the new generation
)


def fault_point(name: str) -> None:
    """Die here if ``CRDEX_FAULT`` names this point."""
    if os.environ.get(ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
