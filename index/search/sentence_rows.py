"""The sentence vectors of an index generation: the latest part's documents only.

A sentence model (see :mod:`.sentences`) reads every token of a text
through six layers: 30 seconds for the 4 000 versions in force in the
latest edition on two cores, five minutes for all 18 500 versions of the
corpus. So only the latest part gets them, which is what most searches ask
about; a search of an earlier edition, or of all editions, uses the static
vectors (:mod:`.vectors`), which every document has.

Files::

    sentences-latest.npy   float16, one row per document of the latest part

Its rows are in the latest part's document order, the order of
``digests-latest.npy``, whose digests name the texts the rows were made
from: an update reuses the row of every text it has seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .documents import IndexDoc
from .meta import PARTS
from .sentences import SentenceModel
from .vectors import digests_file, rows_for

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "SENTENCES_FILE",
    "embed_sentences",
    "known_sentences",
    "read_sentences",
    "write_sentences",
]

SENTENCES_FILE = f"sentences-{PARTS[0]}.npy"


def embed_sentences(
    docs: Sequence[IndexDoc | None], model: SentenceModel, known: dict[bytes, np.ndarray]
) -> np.ndarray:
    """The rows of ``docs`` (by number), embedding only the texts ``known`` lacks (added to it)."""
    return rows_for(docs, model.encode, model.dimensions, known)[0]


def write_sentences(where: Path, rows: np.ndarray) -> None:
    import numpy as np

    np.save(where / SENTENCES_FILE, rows, allow_pickle=False)


def read_sentences(where: Path) -> np.ndarray | None:
    """The latest part's sentence vectors, float32; None when the generation has none."""
    import numpy as np

    path = where / SENTENCES_FILE
    if not path.is_file():
        return None
    return np.ascontiguousarray(np.load(path, allow_pickle=False), dtype=np.float32)


def known_sentences(where: Path) -> dict[bytes, np.ndarray]:
    """Digest → sentence vector of every text a generation has (for an update to reuse)."""
    import numpy as np

    path = where / SENTENCES_FILE
    if not path.is_file():
        return {}
    rows = np.load(path, allow_pickle=False)
    digests = np.load(where / digests_file(PARTS[0]), allow_pickle=False)
    return {d: row for d, row in zip(digests.tolist(), rows, strict=True) if d}
