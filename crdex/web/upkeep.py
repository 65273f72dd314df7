"""What a worker does now and then: give the memory it freed back to the system.

A worker builds pages, diffs and search answers of megabytes and drops
them; Python gives back an arena only when every object in it is gone,
and the C library keeps what it freed for the next allocation, so a
worker's resident memory creeps up under varied traffic even when what it
holds does not grow. Every :data:`PERIOD` seconds the C library is asked
to return its free pages (``malloc_trim``, glibc): measured on the mixed
traffic of ``bench/serve.py``, each call gave back 30–35 MB of a worker's
500–600 MB. Where there is no such call (not glibc), nothing is done.

Once, after the worker has loaded what it keeps for its whole life (the
identity graph, the search index and its models, the latest edition), those
objects are handed out of the cyclic garbage collector's reach
(:func:`gc.freeze`): they are never garbage, yet each full collection
walked every one of them. Measured on diffs, rule lookups and searches over
the whole corpus, the collector took 1.1 of 2.7 s before (six full
collections of 150–190 ms each) and 0.25–0.6 s after. What is made later
(editions read, caches, answers) is collected as before, and objects
frozen are still freed when the last reference to them goes.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import gc
from collections.abc import Callable

__all__ = ["ARENAS", "PERIOD", "limit_arenas", "release_memory", "settle", "trim"]

PERIOD = 15.0
# glibc gives each thread that allocates at once an arena of its own (up to 8 a core), and
# what is freed in one is kept there for that arena's next allocation: a worker's 8 threads
# held memory freed in one arena that another could not reuse. Two (one for the event loop,
# one for the threads, which the interpreter's lock runs one at a time anyway).
ARENAS = 2
_M_ARENA_MAX = -8  # mallopt's parameter number (malloc.h)


def _libc_call(function: str) -> Callable[..., int] | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        return getattr(ctypes.CDLL(name), function)  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


_TRIM = _libc_call("malloc_trim")
_MALLOPT = _libc_call("mallopt")


def limit_arenas(arenas: int = ARENAS) -> bool:
    """Cap the C library's arenas (before the worker's threads start); False where it cannot."""
    if _MALLOPT is None:
        return False
    return bool(_MALLOPT(_M_ARENA_MAX, arenas))


def trim() -> bool:
    """Ask the C library to give its free memory back; False where it cannot."""
    if _TRIM is None:
        return False
    _TRIM(0)
    return True


def settle() -> None:
    """What the worker has loaded so far stays for its life: out of the collector's walks."""
    gc.collect()
    gc.freeze()


async def release_memory(period: float = PERIOD) -> None:
    """Trim every ``period`` seconds until cancelled (run beside the server)."""
    if _TRIM is None:
        return
    with contextlib.suppress(asyncio.CancelledError):
        while True:
            await asyncio.sleep(period)
            await asyncio.to_thread(trim)
