"""What a worker does now and then: give the memory it freed back to the system.

A worker builds pages, diffs and search answers of megabytes and drops
them; Python gives back an arena only when every object in it is gone,
and the C library keeps what it freed for the next allocation, so a
worker's resident memory creeps up under varied traffic even when what it
holds does not grow. Every :data:`PERIOD` seconds the C library is asked
to return its free pages (``malloc_trim``, glibc): measured on the mixed
traffic of ``bench/serve.py``, each call gave back 30–35 MB of a worker's
500–600 MB. Where there is no such call (not glibc), nothing is done.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
from collections.abc import Callable

__all__ = ["PERIOD", "release_memory", "trim"]

PERIOD = 15.0


def _trimmer() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        return ctypes.CDLL(name).malloc_trim  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


_TRIM = _trimmer()


def trim() -> bool:
    """Ask the C library to give its free memory back; False where it cannot."""
    if _TRIM is None:
        return False
    _TRIM(0)
    return True


async def release_memory(period: float = PERIOD) -> None:
    """Trim every ``period`` seconds until cancelled (run beside the server)."""
    if _TRIM is None:
        return
    with contextlib.suppress(asyncio.CancelledError):
        while True:
            await asyncio.sleep(period)
            await asyncio.to_thread(trim)
