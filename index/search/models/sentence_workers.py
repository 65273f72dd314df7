"""Reading many texts with the sentence model in worker processes, one BLAS thread each.

A build gives the latest edition's 4,000 versions sentence vectors. In one
process, BLAS splits each matrix product between two threads, which wait
for each other at every product; two fresh processes with one thread each,
every one reading half of the texts, took 16.4 s where one process took
22.5 s (the latest edition's 4,054 texts, two cores, batches of 1,024
tokens). Each worker maps the model's weights from the same file, so the
pages are shared; a worker peaks at about 150 MB resident, most of it
those shared pages.

A worker writes the tokens it keeps (see :mod:`.token_states`) to files
of its own in a scratch folder (a build's is in the generation it is
building), :data:`CHUNK` texts at a time, and the
building process maps them, rather than sending them back: sent, the
latest edition's 75 MB of tokens were held three times at the end of the
pass (each worker's, pickled, and the building process's copy), and the
build's peak memory went from 459 to 615 MB (PSS, with its workers). The
files are removed when the pass ends: what is mapped stays readable until
it is written into the generation.

The thread count is fixed when a process loads BLAS, so it is given to
the workers in their environment: they are fresh interpreters
(:class:`~crdex.index.storage.workers.WorkerPool` with ``fresh``), and are used only
when a fresh worker can start safely. Otherwise (a script that builds
without a ``__main__`` guard) the texts are read in this process.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from crdex.index.storage.workers import WorkerPool, fresh_is_safe, tick

from .sentences import SentenceModel
from .token_states import TokenPiece, load_token_states, save_token_states, token_paths

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CHUNK", "MAX_WORKERS", "MIN_TEXTS", "encode_in_workers", "workers_help"]

# fewer texts than this are read in the building process: starting two
# interpreters and mapping the model costs about half a second
MIN_TEXTS = 512
# each worker holds its own interpreter and activations (about 60 MB besides
# the shared weights): more than this many are not started
MAX_WORKERS = 4
# texts a worker reads before writing their tokens to files: it holds no more than theirs
CHUNK = 256
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
    scratch: Path | None = None,
) -> np.ndarray:
    """Unit vectors (float32) of ``texts``, read by the model at ``where`` in ``workers``
    processes (at most :data:`MAX_WORKERS`).

    The texts are dealt out by length (each worker gets long and short
    ones alike); ``progress`` is told (texts read, texts) as they go.
    ``tokens``, if given, is extended with each text's tokens (see
    :meth:`.SentenceModel.encode`), which the workers write to a folder in
    ``scratch`` (default: the system's temporary folder), removed before this returns.
    """
    import numpy as np

    workers = min(workers, MAX_WORKERS)
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    shares = [order[n::workers] for n in range(workers)]
    with contextlib.ExitStack() as stack:
        kept = None
        if tokens is not None:
            made = tempfile.TemporaryDirectory(
                prefix="crdex-tokens-", dir=scratch, ignore_cleanup_errors=True
            )
            kept = Path(stack.enter_context(made))
        parts = _read_shares(where, texts, shares, kept, progress)
        out = np.empty((len(texts), parts[0][0].shape[1]), dtype=np.float32)
        by_text: dict[int, TokenPiece] = {}
        for (rows, folders), share in zip(parts, shares, strict=True):
            out[share] = rows
            if kept is not None:
                by_text.update(zip(share, _mapped_pieces(folders), strict=True))
    if tokens is not None:
        tokens.extend(by_text[i] for i in range(len(texts)))
    if progress:
        progress(len(texts), len(texts))
    return out


def _read_shares(
    where: Path,
    texts: Sequence[str],
    shares: list[list[int]],
    kept: Path | None,
    progress: Callable[[int, int], None] | None,
) -> list[tuple[np.ndarray, list[str]]]:
    """Each share's vectors and the folders of its tokens in ``kept`` (none: not kept), in
    order."""
    total = len(texts)
    with WorkerPool(len(shares), "reading rules with the sentence model", fresh=True) as pool:
        with _one_blas_thread():  # a fresh worker starts when its job is queued
            futures = [
                pool.submit(
                    _encode,
                    str(where),
                    [texts[i] for i in share],
                    None if kept is None else str(kept / f"share-{n}"),
                    CHUNK,  # read here: the workers are fresh interpreters
                )
                for n, share in enumerate(shares)
            ]
        if progress:
            progress(0, total)
        poll = (lambda: progress(min(pool.ticks(), total), total)) if progress else None
        for _rows in pool.as_done(set(futures), poll=poll):
            pass
        return [pool.result(future) for future in futures]


def _mapped_pieces(folders: list[str]) -> list[TokenPiece]:
    """The tokens a worker wrote to ``folders``, each text's a view of the mapped files."""
    pieces: list[TokenPiece] = []
    for folder in folders:
        states = load_token_states(token_paths(Path(folder), "share"))
        if states is None:
            raise ValueError(f"a worker wrote no tokens to {folder}")
        pieces.extend(states.piece(i) for i in range(len(states)))
    return pieces


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
    where: str, texts: list[str], kept: str | None, chunk: int
) -> tuple[np.ndarray, list[str]]:
    """In a worker: the vectors of ``texts``, and the folders (in order) their tokens were
    written to under ``kept``, if given, ``chunk`` texts at a time (see the module
    docstring); its progress told to the building process."""
    import numpy as np

    told = 0

    def done(n: int) -> None:
        nonlocal told
        tick(n - told)
        told = n

    model = SentenceModel(Path(where))
    rows: list[np.ndarray] = []
    folders: list[str] = []
    for at in range(0, max(len(texts), 1), chunk):  # no texts: one empty read, for the width
        tokens: list[TokenPiece] | None = [] if kept is not None else None
        rows.append(model.encode(texts[at : at + chunk], lambda n, at=at: done(at + n), tokens))
        if kept is not None and tokens is not None:
            folder = Path(kept) / f"{at:06d}"
            folder.mkdir(parents=True)
            save_token_states(token_paths(folder, "share"), tokens, rows[-1].shape[1])
            folders.append(str(folder))
    return np.concatenate(rows), folders
