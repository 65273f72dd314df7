"""A question matched to each of its first candidates token by token, in meaning.

The fused ranking (:mod:`.fusion`) knows the question's stems (BM25F) and
its meaning as a whole (one sentence vector). Between the two falls what a
player's words mean one by one: "bolt the thing in response to its
*activation*, does the *effect* still resolve" is 113.7a, "Once *activated*
or triggered, an ability exists on the stack independently of its source.
Destruction or removal of the source after that time won't *affect* the
ability", which the words and the sentence vector had not put among the
first ten. The sentence model's last layer reads each token in its context
(see :mod:`..models.token_states`): there the token of 113.7a nearest to
the question's "activation" is "activated", to "effect" "affect", and in
800.4a ("all objects ... owned by that player leave the game") the nearest
to "what happens to their *stuff*" is "objects". So each of the first
:data:`DEPTH` candidates is also scored by how well the question's tokens
each find their nearest token in it:

    match = Σ idf(q) · max_t cos(q − μ, t − μ) / Σ idf(q)

over the question's tokens q and the rule's tokens t (its sentence text,
read to its end), where μ is the mean token of the latest part and idf is
how rare q's WordPiece is among its rules. The mean is taken out because
every token of the last layer shares a large common part, which makes all
cosines high and alike; the weights make "unspent" count more than "the".
The candidate's fused score gains ``WEIGHT · match / best match``. With it,
113.7a is first for its question, and so is 800.4a (not in the first ten
before).

Measured on the development questions (top 1 / top 3 / MRR, against 60.7 /
78.9 / 0.707 without it): weights 1 / 2 / 3 / 4 / 6 / 8 gave 62.3 / 80.5 /
0.720, 63.6 / 80.5 / 0.729, 64.2 / 80.8 / 0.733, 64.9 / 80.8 / 0.735, 64.5
/ 80.5 / 0.732 and 64.2 / 80.8 / 0.730, tokens uncentred; centred, 4 gave
65.2 / 81.5 / 0.739. Rescoring the first 15, 30 or 60 candidates gave the
same (as built, 15 and 30: 66.5 / 82.1 / 0.749 and 0.748), so 15 are: each
candidate's tokens cost a search some 0.1 ms. Every token weighed alike instead of by idf: 62.0 / 80.8 / 0.717 at 1.
The 21 evaluation questions: 71.4 / 95.2 / 0.833 before, 76.2 / 95.2 / 0.864
with it.

Measured since, and not kept (against 67.1 / 82.4 / 0.752 as built): the
lift scaled between the worst and the best candidate's match instead of by
the best's (weights 1 / 2 / 3: 64.5 / 81.5 / 0.737, 66.8 / 81.8 / 0.746,
66.5 / 82.1 / 0.746); the relative match squared or to the fourth (66.8 /
82.4 / 0.749, 65.2 / 82.1 / 0.742); the rule's tokens matched back to the
question's too, a fifth or two fifths of the score (66.5 / 81.2 / 0.747,
65.2 / 80.5 / 0.738); only the question's tokens whose best match passes
0.3 counted (66.8 / 82.1 / 0.750); the question's words of
:data:`..terms.QUERY_STOP_WORDS` ("my", "can", "happens", rare in the rules,
so weighed high by idf) weighing nothing (64.9 / 82.1 / 0.741) or at most
the median idf (the same figures: they rarely decide).

Only the latest edition's tokens are kept, as it alone has sentence
vectors (see :mod:`..building.sentence_rows`). A search of one earlier
edition has the model read the question and its first
:data:`EARLIER_DEPTH` candidates as it is asked, weighed by the latest
part's mean and idf: on the 64 development questions of earlier editions,
top 1 went from 36 to 39, top 3 from 51 to 53, MRR from 0.678 to 0.717 (20
candidates: 40, 53, 0.727), and on all 313 the figures above became 66.5 /
82.1 / 0.748. A search of all editions is left as it is: it has no single
edition's rules to read.

A question of one or two words ("battlefield", "regeneration shield") is a
lookup of those words, which BM25 does; the match, relative to the best
candidate's, lifts one of them whatever it is. Leaving such questions to
the fused ranking gave 67.1 / 82.4 / 0.752 on the development questions.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .rank import Candidate

if TYPE_CHECKING:
    import numpy as np

    from ..models.sentences import SentenceModel
    from ..models.token_states import TokenPiece, TokenStates

__all__ = ["DEPTH", "EARLIER_DEPTH", "WEIGHT", "WORDS", "TokenMatch", "rescored"]

DEPTH = 15
# an earlier edition's candidates are read by the model as it is asked (see the docstring)
EARLIER_DEPTH = 10
# a question of fewer words is matched by its words alone (see the docstring)
WORDS = 3
WEIGHT = 4.0
# tokens read at once when taking the mean of them all (a tenth of the latest part's)
_CHUNK = 16384


class TokenMatch:
    """The latest part's tokens, ready to match questions against (mean and idf taken once)."""

    def __init__(self, tokens: TokenStates) -> None:
        self.tokens = tokens
        self._ready = threading.Lock()
        self._prepared: _Prepared | None = None

    def scores(self, question: TokenPiece, docnums: Sequence[int]) -> np.ndarray:
        """How well ``question``'s tokens find their like in each latest-part document of
        ``docnums`` (0 to 1)."""
        import numpy as np

        if not len(docnums):
            return np.zeros(0, dtype=np.float32)
        ready = self._ready_once()
        starts = self.tokens.starts
        spans = [(int(starts[d]), int(starts[d + 1])) for d in docnums]
        codes = np.concatenate([self.tokens.codes[a:b] for a, b in spans])
        rows = np.concatenate([np.arange(a, b) for a, b in spans])
        counts = np.array([b - a for a, b in spans], dtype=np.int64)
        kept = (self.tokens.scales[rows], ready.dots[rows], ready.squares[rows])
        return ready.match(question, codes, kept, counts)

    def read_and_score(
        self,
        model: SentenceModel,
        question: str,
        texts: Sequence[str],
        check: Callable[[], None] | None = None,
    ) -> np.ndarray:
        """:meth:`scores` for texts whose tokens are not kept (an earlier edition's rules):
        the model reads the question and them now, in one pass each.

        ``check`` is called before the pass and after each batch the model reads, and may
        raise (the search's deadline, :class:`.budget.Deadline`): the pass is the costliest
        part of such a search, and a machine busy with other work must not make it outlast
        its bound."""
        told = (lambda _n: check()) if check is not None else None
        if check is not None:
            check()
        asked: list[TokenPiece] = []
        model.encode([question], told, asked)
        read: list[TokenPiece] = []
        model.encode(list(texts), told, read)
        return self.scores_of(asked[0], read)

    def scores_of(self, question: TokenPiece, pieces: Sequence[TokenPiece]) -> np.ndarray:
        """How well ``question``'s tokens find their like in each of ``pieces`` (0 to 1)."""
        import numpy as np

        if not len(pieces):
            return np.zeros(0, dtype=np.float32)
        ready = self._ready_once()
        counts = np.array([len(p[0]) for p in pieces], dtype=np.int64)
        codes = np.concatenate([p[0] for p in pieces])
        scales = np.concatenate([p[1] for p in pieces]).astype(np.float32)
        wide = codes.astype(np.float32)
        kept = (scales, wide @ ready.mean, np.einsum("ij,ij->i", wide, wide))
        return ready.match(question, codes, kept, counts)

    def _ready_once(self) -> _Prepared:
        with self._ready:
            if self._prepared is None:
                self._prepared = _Prepared.of(self.tokens)
            return self._prepared


class _Prepared:
    """What every question's match needs of the latest part, computed once: the mean token,
    each WordPiece's idf, and each token's dot with the mean and squared length (of its
    codes), so that a candidate's tokens need not be centred one by one as they are read:

        cos(q − μ, t − μ) = (q̂ · s c − q̂ · μ) / √(s² |c|² − 2 s (c · μ) + |μ|²)

    for a token t = s c (codes c, scale s) and q̂ the question token, centred and unit."""

    def __init__(self, mean: np.ndarray, idf: np.ndarray, dots: np.ndarray, squares: np.ndarray):
        self.mean, self.idf, self.dots, self.squares = mean, idf, dots, squares
        self.mean_square = float(mean @ mean)

    @classmethod
    def of(cls, tokens: TokenStates) -> _Prepared:
        mean = _mean(tokens)
        dots, squares = _dots_and_squares(tokens, mean)
        return cls(mean, _idf(tokens), dots, squares)

    def match(
        self,
        question: TokenPiece,
        codes: np.ndarray,
        kept: tuple[np.ndarray, np.ndarray, np.ndarray],
        counts: np.ndarray,
    ) -> np.ndarray:
        """Each text's match (see the module docstring) from its tokens' ``codes`` end to end
        (``counts`` per text) and their (scale, codes · mean, |codes|²)."""
        import numpy as np

        out = np.zeros(len(counts), dtype=np.float32)
        q_codes, q_scales, ids = question
        if not len(q_codes) or not counts.sum():
            return out
        q = _centred(q_codes.astype(np.float32) * q_scales[:, None], self.mean)
        weights = self.idf[np.minimum(ids, len(self.idf) - 1)]
        scales, dots, squares = kept
        lengths = np.sqrt(
            np.maximum(scales**2 * squares - 2 * scales * dots + self.mean_square, 1e-12)
        )
        sims = (q @ codes.astype(np.float32).T) * (scales / lengths)
        sims -= np.outer(q @ self.mean, 1 / lengths)
        held = counts > 0
        starts = np.concatenate(([0], np.cumsum(counts[held])[:-1]))
        best = np.maximum.reduceat(sims, starts, axis=1)  # question tokens × texts with tokens
        out[held] = weights @ best / max(float(weights.sum()), 1e-9)
        return out


def rescored(
    scored: list[tuple[float, Candidate]], match: np.ndarray, weight: float = WEIGHT
) -> list[tuple[float, Candidate]]:
    """``scored`` (best first) with its first ``len(match)`` candidates lifted by their
    match, relative to the best one's; in order again."""
    top = float(match.max()) if len(match) else 0.0
    if top <= 0:
        return scored
    lifted = [(s + weight * float(m) / top, c) for (s, c), m in zip(scored, match, strict=False)]
    out = lifted + scored[len(lifted) :]
    out.sort(key=lambda sc: (-sc[0], sc[1].docnum))
    return out


def _centred(x: np.ndarray, mean: np.ndarray) -> np.ndarray:
    import numpy as np

    x = x - mean
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-9)


def _mean(tokens: TokenStates) -> np.ndarray:
    """The mean token vector, read a chunk at a time (all at once would be 300 MB of float32)."""
    import numpy as np

    total = np.zeros(tokens.codes.shape[1], dtype=np.float64)
    for at in range(0, len(tokens.codes), _CHUNK):
        codes = np.asarray(tokens.codes[at : at + _CHUNK], dtype=np.float32)
        total += tokens.scales[at : at + _CHUNK] @ codes
    return (total / max(len(tokens.codes), 1)).astype(np.float32)


def _dots_and_squares(tokens: TokenStates, mean: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each token's codes dotted with ``mean`` and with themselves, a chunk at a time."""
    import numpy as np

    dots = np.zeros(len(tokens.codes), dtype=np.float32)
    squares = np.zeros(len(tokens.codes), dtype=np.float32)
    for at in range(0, len(tokens.codes), _CHUNK):
        codes = np.asarray(tokens.codes[at : at + _CHUNK], dtype=np.float32)
        dots[at : at + len(codes)] = codes @ mean
        squares[at : at + len(codes)] = np.einsum("ij,ij->i", codes, codes)
    return dots, squares


def _idf(tokens: TokenStates) -> np.ndarray:
    """log((documents + 1) / (documents holding the WordPiece + 1)), by WordPiece id."""
    import numpy as np

    documents = len(tokens)
    size = int(tokens.ids.max()) + 2 if len(tokens.ids) else 1
    owner = np.repeat(np.arange(documents, dtype=np.int64), np.diff(tokens.starts))
    pairs = np.unique(owner * size + tokens.ids)
    held = np.bincount(pairs % size, minlength=size)
    # a WordPiece no rule holds weighs as the rarest (the last slot stands for all of them)
    return np.log((documents + 1) / (held + 1)).astype(np.float32)
