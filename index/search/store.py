"""Where the search index lives on disk, and how a new one replaces the old.

Layout, under ``<home>/search/``::

    CURRENT             the name of the live generation (one line)
    gen-<stamp>/        a complete index: Whoosh files, meta.json, words.json
    tmp-<pid>-<rand>/   a generation being built
    lock                held (flock) by the one process building

A generation is never changed once published. A build writes a whole new
generation into a ``tmp-`` directory (an update starts from a copy of the
live one), renames it to ``gen-…`` and then replaces ``CURRENT`` with
``os.replace``: readers see the old index or the new one, never half of
one, and a build killed at any point leaves ``CURRENT`` naming an intact
generation. Leftover ``tmp-`` directories are removed by the next build.
The generation just replaced is kept, so that a reader that read
``CURRENT`` a moment before the swap can still open it; older ones go.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from crdex.index.storage.generations import GenerationStore, write_atomic

from .errors import IndexBusy

__all__ = ["IndexStore"]

_META = "meta.json"


class IndexStore(GenerationStore):
    """The generations of one library's search index.

    A :class:`~crdex.index.storage.generations.GenerationStore` whose generations
    carry their ``meta.json``, whose builds may start from a copy of the
    live generation, and whose lock is refused, not waited for, when
    another process holds it (the library's own build lock is what writers
    wait on).
    """

    renamed_fault = None  # the library's build has the fault points

    # -- reading ---------------------------------------------------------------

    @staticmethod
    def meta(generation: Path) -> dict[str, Any] | None:
        """A generation's meta.json, or None if it is missing or unreadable."""
        try:
            data = json.loads((generation / _META).read_text("utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    # -- building ----------------------------------------------------------------

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:  # type: ignore[override]
        """Hold the build lock; raise IndexBusy if another process holds it."""

        def busy(who: str) -> IndexBusy:
            return IndexBusy(
                f"the search index at {self.root} is being built by {who}; "
                "try again when it has finished"
            )

        with super().lock(busy=busy):
            yield

    def scratch(self, start_from: Path | None = None) -> Path:
        """A new private directory to build a generation in, optionally a copy of one."""
        path = super().scratch()
        if start_from is not None:
            # copies, not links: Whoosh may reopen a file by name for writing
            path.rmdir()
            shutil.copytree(start_from, path)
            (path / _META).unlink(missing_ok=True)
        return path

    def publish(self, scratch: Path, meta: dict[str, Any]) -> Path:  # type: ignore[override]
        """Write the generation's meta.json, then make it the live generation; return its path."""
        write_atomic(scratch / _META, json.dumps(meta, indent=1).encode())
        return super().publish(scratch)
