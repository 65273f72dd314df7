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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..documents import IndexDoc
from ..meta import PARTS
from ..models.sentence_workers import encode_in_workers, workers_help
from ..models.sentences import SentenceModel
from ..models.token_states import TokenPiece, TokenStates
from ..vectors import rows_for
from .token_files import read_token_states, write_token_states

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "DIGESTS_FILE",
    "SENTENCES_FILE",
    "KnownSentences",
    "Sentences",
    "embed_sentences",
    "known_sentences",
    "read_sentences",
    "sentence_text",
    "sentence_text_of",
    "stored_sentence_text",
    "write_sentences",
]

SENTENCES_FILE = f"sentences-{PARTS[0]}.npy"
DIGESTS_FILE = f"sentence-digests-{PARTS[0]}.npy"


def sentence_text(doc: IndexDoc) -> str:
    """What a version's sentence vector is made of (see the module docstring)."""
    return sentence_text_of(doc.title, doc.heading, doc.glossary, doc.text)


def stored_sentence_text(fields: Mapping[str, Any]) -> str:
    """:func:`sentence_text` of a version's stored fields (what a search reads of it)."""
    parts = (fields.get(name) or "" for name in ("title", "heading", "glossary", "text"))
    return sentence_text_of(*parts)


def sentence_text_of(title: str, heading: str, glossary: str, text: str) -> str:
    nearest = heading.split("\n", 1)[0]
    return " ".join(f"{title} {nearest} {glossary} {text}".split())


@dataclass(slots=True)
class Sentences:
    """What the sentence model made of a part's documents, by number: vectors, text digests
    and tokens (see :mod:`..models.token_states`)."""

    rows: np.ndarray
    digests: np.ndarray
    tokens: list[TokenPiece | None]  # each document's (None: deleted); see TokenStates.joined


@dataclass(slots=True)
class KnownSentences:
    """What the sentence model already made of texts, by digest (for an update to reuse)."""

    rows: dict[bytes, np.ndarray] = field(default_factory=dict)
    tokens: dict[bytes, TokenPiece] = field(default_factory=dict)


def embed_sentences(
    docs: Sequence[IndexDoc | None],
    model: SentenceModel,
    known: KnownSentences,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
    scratch: Path | None = None,
) -> Sentences:
    """The sentences of ``docs`` by number, reading only texts ``known`` lacks (added to it).

    ``progress`` is told (texts encoded, texts to encode) as the model reads them;
    many texts are read by up to ``workers`` processes (see :mod:`..models.sentence_workers`),
    which write the tokens they keep to a folder in ``scratch`` (the generation being
    built: a build killed meanwhile leaves nothing the next build does not remove).
    """
    reading = _Reading(model, progress, workers, scratch)
    rows, digests = rows_for(docs, reading.encode, model.dimensions, known.rows, sentence_text)
    pieces: list[TokenPiece | None] = []
    for doc, key in zip(docs, digests.tolist(), strict=True):
        piece = None if doc is None else reading.read.get(sentence_text(doc))
        if piece is not None:
            known.tokens[key] = piece
        pieces.append(piece if piece is not None else known.tokens.get(key) if key else None)
    return Sentences(rows, digests, pieces)


class _Reading:
    """The texts a part's documents lack, read by the model (in workers when worth it)."""

    def __init__(
        self,
        model: SentenceModel,
        progress: Callable[[int, int], None] | None,
        workers: int,
        scratch: Path | None,
    ) -> None:
        self.model, self.progress, self.workers, self.scratch = model, progress, workers, scratch
        self.read: dict[str, TokenPiece] = {}  # the tokens of each text read, by text

    def encode(self, texts: list[str]) -> np.ndarray:
        tokens: list[TokenPiece] = []
        rows = self._read(texts, tokens)
        self.read.update(zip(texts, tokens, strict=True))
        return rows

    def _read(self, texts: list[str], tokens: list[TokenPiece]) -> np.ndarray:
        model, progress = self.model, self.progress
        if workers_help(len(texts), self.workers):
            return encode_in_workers(
                model.where, texts, self.workers, progress, tokens, self.scratch
            )
        if progress is None:
            return model.encode(texts, None, tokens)
        progress(0, len(texts))
        return model.encode(texts, lambda n: progress(n, len(texts)), tokens)


def write_sentences(where: Path, sentences: Sentences) -> None:
    import numpy as np

    np.save(where / SENTENCES_FILE, sentences.rows, allow_pickle=False)
    np.save(where / DIGESTS_FILE, sentences.digests, allow_pickle=False)
    write_token_states(where, sentences.tokens, sentences.rows.shape[1])


def read_sentences(where: Path) -> tuple[np.ndarray, TokenStates | None] | None:
    """The latest part's sentence vectors (float32) and tokens (None: a generation written
    before tokens were kept); None when the generation has no sentence vectors."""
    import numpy as np

    path = where / SENTENCES_FILE
    if not path.is_file():
        return None
    rows = np.ascontiguousarray(np.load(path, allow_pickle=False), dtype=np.float32)
    return rows, read_token_states(where)


def known_sentences(where: Path) -> KnownSentences:
    """The sentence vector and tokens of every text a generation has, by digest (for an
    update to reuse); a generation without tokens has its texts' tokens read anew."""
    import numpy as np

    if not (where / SENTENCES_FILE).is_file():
        return KnownSentences()
    rows = np.load(where / SENTENCES_FILE, allow_pickle=False)
    digests = np.load(where / DIGESTS_FILE, allow_pickle=False).tolist()
    tokens = read_token_states(where)
    if tokens is None or len(tokens) != len(digests):
        return KnownSentences()
    return KnownSentences(
        {d: row for d, row in zip(digests, rows, strict=True) if d},
        {d: tokens.piece(i) for i, d in enumerate(digests) if d},
    )
