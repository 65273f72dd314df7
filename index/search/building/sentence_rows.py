"""The sentence vectors of an index generation: the latest part's documents only.

A sentence model (see :mod:`..models.sentences`) reads every token of a text
through six layers: 16 seconds for the 4 000 versions in force in the
latest edition on two cores (:mod:`..models.sentence_workers`), and about two
minutes in one process for all 18 500 versions of the corpus (which
raised the development questions of earlier editions by one question in
the top 3, 79.7 to 81.2%, MRR 0.678 to 0.694). So only the latest part
gets them, which is what most searches ask about; a search of an earlier
edition, or of all editions, uses the static vectors (:mod:`..vectors`),
which every document has.

A version's sentence text is its title, the heading right above it, the
glossary terms naming it and its text (:func:`sentence_text`): the static
vectors' text without the headings further up ("Additional Rules", "Game
Concepts"), which a sentence model reads as words of the rule. Measured on
the development questions of the latest edition: top 1 / top 3 / MRR
59.0% / 76.7% / 0.688 against 55.8% / 76.3% / 0.670 with every heading,
and 57.4% / 75.5% / 0.678 with the headings after the text.

Files::

    sentences-latest.npy          float16, one row per document of the latest part
    sentence-digests-latest.npy   the digest of each row's text

Their rows are in the latest part's document order: an update reuses the
row of every text it has seen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..documents import IndexDoc
from ..meta import PARTS
from ..models.sentence_workers import encode_in_workers, workers_help
from ..models.sentences import SentenceModel
from ..vectors import rows_for

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "DIGESTS_FILE",
    "SENTENCES_FILE",
    "embed_sentences",
    "known_sentences",
    "read_sentences",
    "sentence_text",
    "write_sentences",
]

SENTENCES_FILE = f"sentences-{PARTS[0]}.npy"
DIGESTS_FILE = f"sentence-digests-{PARTS[0]}.npy"


def sentence_text(doc: IndexDoc) -> str:
    """What a version's sentence vector is made of (see the module docstring)."""
    nearest = doc.heading.split("\n", 1)[0]
    return " ".join(f"{doc.title} {nearest} {doc.glossary} {doc.text}".split())


def embed_sentences(
    docs: Sequence[IndexDoc | None],
    model: SentenceModel,
    known: dict[bytes, np.ndarray],
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> tuple[np.ndarray, np.ndarray]:
    """(rows, digests) of ``docs`` by number, embedding only texts ``known`` lacks (added to it).

    ``progress`` is told (texts encoded, texts to encode) as the model reads them;
    many texts are read by up to ``workers`` processes (see :mod:`..models.sentence_workers`).
    """

    def encode(texts: list[str]) -> np.ndarray:
        if workers_help(len(texts), workers):
            return encode_in_workers(model.where, texts, workers, progress)
        if progress is None:
            return model.encode(texts)
        progress(0, len(texts))
        return model.encode(texts, lambda n: progress(n, len(texts)))

    return rows_for(docs, encode, model.dimensions, known, sentence_text)


def write_sentences(where: Path, rows: np.ndarray, digests: np.ndarray) -> None:
    import numpy as np

    np.save(where / SENTENCES_FILE, rows, allow_pickle=False)
    np.save(where / DIGESTS_FILE, digests, allow_pickle=False)


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

    if not (where / SENTENCES_FILE).is_file():
        return {}
    rows = np.load(where / SENTENCES_FILE, allow_pickle=False)
    digests = np.load(where / DIGESTS_FILE, allow_pickle=False)
    return {d: row for d, row in zip(digests.tolist(), rows, strict=True) if d}
