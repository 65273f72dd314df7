"""One ranking from two: the words' (BM25F) and the vectors' (nearest in meaning).

BM25F finds the rules that use the question's words; the vectors find the
rules that say what it asks, in other words. A candidate from either list
scores

    (bm25 / best bm25 + SEMANTIC_WEIGHT * cosine / best cosine) * priors

where the priors are :func:`.rank.boost` (coverage of the things asked
about, a match in the rule's own headings, its kind). Both parts are
relative to the best candidate of their list, so neither scale dominates;
a candidate only the vectors found has no BM25 part.

The weight was chosen on the development questions (``tests/data/search-dev.tsv``,
193 questions) among 0 (BM25 alone) to 1.5, against reciprocal-rank
fusion (``w / (k + rank)`` summed over the lists, k 10 to 60, BM25's list
raw or reranked): the weighted sum of relative scores ranked best at 0.2
(top-3 80.8%, MRR 0.737, against 80.3% and 0.715 for BM25 alone and at
best 80.8% and 0.713 for reciprocal-rank fusion). Among the candidates
(60 from each list for one edition), the answer to a development question
was never one only the vectors found (both lists: 178, the words' only:
10, neither: 5): the vectors reorder what the words find.
``bench/search.py`` gives the figures of each list alone and fused.

A search of the latest edition takes its vectors from the sentence model
instead (see :mod:`..models.sentences`), whose cosines deserve more weight: on the
development questions of that edition (249, after a second batch of 120
was written), ``SENTENCE_WEIGHT`` 0.5 / 1 / 1.5 / 2 / 3 / 5 put the answer
in the top 3 for 72.3 / 73.9 / 76.3 / 76.3 / 75.9 / 75.5% of them (MRR
0.661 / 0.669 / 0.670 / 0.669 / 0.665 / 0.657); the static vectors' 0.2
gives 70.0% over the whole set. With the sentence texts of
:mod:`..building.sentence_rows` (the nearest heading only), 1 / 1.5 / 2 / 3 gave
75.5 / 76.7 / 77.1 / 77.5% (MRR 0.680 / 0.688 / 0.690 / 0.689): 1.5 is
kept, the differences being a question or two.

Whether hand-set constants leave much on the table was measured by
learning them: every candidate's parts (BM25F, cosine, the ranks in both
lists, coverage, heading share, kind, length, whether the words found it,
the best score among its subrules) were recorded for the 313 development
questions, and the weights chosen by coordinate ascent on four fifths of
them were scored on the fifth left out, five times over. Out of fold,
top-1 / top-3 / MRR went from 58.8 / 77.0 / 0.691 to 62.6 / 80.8 / 0.723,
but most of that came from ranking bare headings higher (a heading counts
as an answer for its subrules): that pushed four answers of the 21
visible evaluation questions down and none up, and a reader asking about
how trample assigns damage wants 702.19b, not the heading 702.19. Without the heading
terms, out of fold: 60.4 / 78.0 / 0.701; with only the three constants
here (the sentence weight, ``HEADING_WEIGHT`` and the glossary's prior)
relearned, 59.4 / 77.6 / 0.693, which is noise. The constants stay.

Whether a rule's best sentence should score it was measured too: each
sentence of a candidate's text and examples read by the sentence model,
and the rule's cosine replaced by a blend of its own and its best
sentence's (a quarter, half or three quarters of the best sentence's), by
the larger of the two, or lifted by half of what the best sentence adds.
On the development questions (top-1 / top-3 / MRR, against 60.7 / 78.9 /
0.707): 60.4 / 78.3 / 0.705, 61.3 / 78.6 / 0.708, 60.4 / 78.3 / 0.702,
60.7 / 78.6 / 0.702 and 60.7 / 78.9 / 0.706; without the examples, half
and the larger gave 61.0 / 78.6 / 0.706 and 60.1 / 78.3 / 0.698. None is
better than a question or two, so the whole rule's vector stays, and the
sentence a snippet highlights is chosen by words (:mod:`.snippets`).

Eight more ways were measured on the development questions (top-1 / top-3 /
MRR, against 60.7 / 78.9 / 0.707), and none was kept:

- the question's vector moved towards its first three fused answers
  (pseudo-relevance feedback, a fifth or half of their mean): 60.7 / 78.6
  / 0.706 and 60.1 / 78.0 / 0.702;
- a rule lifted by a share of its parent's score (a tenth, three tenths):
  57.2 / 78.3 / 0.686 and 54.0 / 76.4 / 0.663; by its best sibling's: 60.7
  / 78.9 / 0.707 and 60.4 / 78.3 / 0.704; a heading by its best
  subrule's: 62.3 / 79.6 / 0.717 and 60.7 / 80.2 / 0.710, which is ranking
  bare headings higher again (see above);
- coverage and headings weighing on the words' part only, the cosine's
  part taking the square root or none of them: 61.0 / 78.6 / 0.710 and
  62.3 / 78.3 / 0.714;
- the static vectors as a third list beside the sentence model's (a tenth
  to 0.4): 61.0 / 78.9 / 0.708 at best;
- a linear map of the question's sentence vector, learned from the
  development questions of the latest edition and the rules' own examples
  (each example to its rule), scored out of fold (five folds): the vectors
  alone went from 64.7 to 67.5% top 3, the fused ranking to 59.4 / 80.8 /
  0.705 at best: six questions more in the top 3, four fewer first;
- a candidate among the first 5, 10, 15 or 20 lifted when another of them
  cites its number ("see rule 400.7"; among a question's first ten, an
  answer is cited by another 15% of the time, any other rule 4%): by half
  for being cited at all, 67.1 / 82.1 / 0.755 and 67.1 / 82.7 / 0.754 for
  the first 10 and 5, and lower with more weight or more candidates (as
  built, 67.1 / 82.4 / 0.752);
- for an earlier edition, each candidate read through the sentence vector
  of its rule's latest version (which the generation has): the 64
  development questions of earlier editions went from 79.7 to 73.4 / 75.0%
  beside the static vectors, and to 71.9 / 73.4% instead of them;
- for the latest edition, each candidate also read through its earlier
  wordings (the 11,574 other texts of its identity, embedded by the
  sentence model), its cosine the larger of its own and theirs, or lifted
  by half or all of what they add: 67.4 / 82.4 / 0.756, 68.1 / 82.4 /
  0.758 and 67.4 / 82.4 / 0.756: no answer more in the top 3, for 378 s
  more of building (embedding those texts beside a test run).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .rank import Candidate, boost

__all__ = ["SEMANTIC_WEIGHT", "SENTENCE_WEIGHT", "fuse"]

SEMANTIC_WEIGHT = 0.2
SENTENCE_WEIGHT = 1.5


def fuse(
    lexical: list[Candidate],
    semantic: list[tuple[int, float]],
    stems: list[list[frozenset[str]]],
    fields_of: Callable[[int], dict[str, Any]],
    number_of: Callable[[dict[str, Any]], str],
    cosines_of: Callable[[list[int]], list[float]],
    weight: float = SEMANTIC_WEIGHT,
) -> list[tuple[float, Candidate]]:
    """Every candidate of both lists with its fused score, best first.

    ``lexical`` is in BM25F order; ``semantic`` holds (document number,
    cosine) nearest first. ``fields_of`` reads the stored fields of a
    document only the vectors found, ``number_of`` its number;
    ``cosines_of`` gives the cosines of the documents the words found.
    Every candidate is scored, however many results are asked for: the
    ranking, and the count of results, never depend on the limit.
    """
    top_bm25 = max((c.score for c in lexical), default=0.0) or 1.0
    top_cosine = max(semantic[0][1] if semantic else 0.0, 1e-9)
    cosine = dict(semantic)
    unseen = [c.docnum for c in lexical if c.docnum not in cosine]
    if unseen:
        cosine.update(zip(unseen, cosines_of(unseen), strict=True))

    def score(cand: Candidate) -> float:
        relative = max(cosine[cand.docnum], 0.0) / top_cosine
        return (cand.score / top_bm25 + weight * relative) * boost(cand, stems)

    found = {c.docnum for c in lexical}
    candidates = list(lexical)
    for docnum, _cos in semantic:
        if docnum not in found:
            fields = fields_of(docnum)
            candidates.append(Candidate(docnum, 0.0, fields, number_of(fields)))
    scored = [(score(cand), cand) for cand in candidates]
    scored.sort(key=lambda sc: (-sc[0], sc[1].docnum))
    return scored
