"""Reading many texts with the sentence model in worker processes, one BLAS thread each.

A build gives the latest edition's 4,000 versions sentence vectors. In one
process, BLAS splits each matrix product between two threads, which wait
for each other at every product; two fresh processes with one thread each,
every one reading half of the texts, took 16.4 s where one process took
22.5 s (the latest edition's 4,054 texts, two cores, batches of 1,024
tokens). Each worker maps the model's weights from the same file, so the
pages are shared; a worker peaks at about 150 MB resident, most of it
those shared pages.

The thread count is fixed when a process loads BLAS, so it is given to
the workers in their environment: they are fresh interpreters
(:class:`~crdex.index.storage.workers.WorkerPool` with ``fresh``), and are used only
when a fresh worker can start safely. Otherwise (a script that builds
without a ``__main__`` guard) the texts are read in this process.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from crdex.index.storage.workers import WorkerPool, fresh_is_safe, tick

from .sentences import SentenceModel
from .token_states import TokenPiece

if TYPE_CHECKING:
    import numpy as np

__all__ = ["MAX_WORKERS", "MIN_TEXTS", "encode_in_workers", "workers_help"]

# fewer texts than this are read in the building process: starting two
# interpreters and mapping the model costs about half a second
MIN_TEXTS = 512
# each worker holds its own interpreter and activations (about 60 MB besides
# the shared weights): more than this many are not started
MAX_WORKERS = 4
# what each worker is told: one thread for whichever BLAS numpy loads
_ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def workers_help(texts: int, workers: int) -> bool:
    """Whether ``texts`` are worth reading in ``workers`` processes rather than this one."""
    return workers > 1 and texts >= MIN_TEXTS and fresh_is_safe()


def encode_in_workers(
    where: Path,
    texts: Sequence[str],
    workers: int,
    progress: Callable[[int, int], None] | None = None,
    tokens: list[TokenPiece] | None = None,
) -> np.ndarray:
    """Unit vectors (float32) of ``texts``, read by the model at ``where`` in ``workers``
    processes (at most :data:`MAX_WORKERS`).

    The texts are dealt out by length (each worker gets long and short
    ones alike); ``progress`` is told (texts read, texts) as they go.
    ``tokens``, if given, is extended with each text's tokens (see
    :meth:`.SentenceModel.encode`).
    """
    import numpy as np

    workers = min(workers, MAX_WORKERS)
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    shares = [order[n::workers] for n in range(workers)]
    total = len(texts)
    with WorkerPool(workers, "reading rules with the sentence model", fresh=True) as pool:
        with _one_blas_thread():  # a fresh worker starts when its job is queued
            futures = [
                (
                    pool.submit(_encode, str(where), [texts[i] for i in share], tokens is not None),
                    share,
                )
                for share in shares
            ]
        if progress:
            progress(0, total)
        poll = (lambda: progress(min(pool.ticks(), total), total)) if progress else None
        for _rows in pool.as_done({future for future, _share in futures}, poll=poll):
            pass
        parts = [(pool.result(future), share) for future, share in futures]
    out = np.empty((total, parts[0][0][0].shape[1]), dtype=np.float32)
    by_text: dict[int, TokenPiece] = {}
    for (rows, pieces), share in parts:
        out[share] = rows
        if pieces is not None:
            by_text.update(zip(share, pieces, strict=True))
    if tokens is not None:
        tokens.extend(by_text[i] for i in range(total))
    if progress:
        progress(total, total)
    return out


@contextlib.contextmanager
def _one_blas_thread() -> Iterator[None]:
    """The environment the workers start with: one BLAS thread (this process keeps its own)."""
    before = {name: os.environ.get(name) for name in _ONE_THREAD}
    os.environ.update(dict.fromkeys(_ONE_THREAD, "1"))
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _encode(
    where: str, texts: list[str], with_tokens: bool
) -> tuple[np.ndarray, list[TokenPiece] | None]:
    """In a worker: the vectors of ``texts`` (and their tokens), its progress told to the
    building process."""
    told = 0

    def done(n: int) -> None:
        nonlocal told
        tick(n - told)
        told = n

    tokens: list[TokenPiece] | None = [] if with_tokens else None
    return SentenceModel(Path(where)).encode(texts, done, tokens), tokens
