"""Measuring ranking quality against questions with known answers.

A question file is TSV: query, edition, acceptable rule numbers (separated
by spaces or commas); ``#`` lines are comments. A question is answered in the top k
when one of the first k hits is an acceptable rule or the direct parent
heading of one (702.19 for 702.19b). Reported: the share answered in the
top k and the mean reciprocal rank (1/rank of the first acceptable hit,
over the first ``depth`` hits, 0 when none).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from crdex.index.search.answering.engine import SearchIndex
from crdex.parser.numbers import RuleNumber

__all__ = ["Evaluation", "Question", "accepts", "evaluate", "read_questions"]


@dataclass(frozen=True, slots=True)
class Question:
    query: str
    edition: str
    answers: tuple[str, ...]
    line: int = 0


@dataclass(slots=True)
class Evaluation:
    """Per question, the rank of its first acceptable hit (None: not in the first ``depth``)."""

    k: int
    depth: int
    ranks: list[tuple[Question, int | None, list[str]]] = field(default_factory=list)

    @property
    def hit_rate(self) -> float:
        hits = sum(1 for _q, rank, _got in self.ranks if rank is not None and rank <= self.k)
        return hits / len(self.ranks) if self.ranks else 0.0

    @property
    def top1(self) -> float:
        hits = sum(1 for _q, rank, _got in self.ranks if rank == 1)
        return hits / len(self.ranks) if self.ranks else 0.0

    @property
    def mrr(self) -> float:
        total = sum(1 / rank for _q, rank, _got in self.ranks if rank is not None)
        return total / len(self.ranks) if self.ranks else 0.0

    def misses(self) -> list[tuple[Question, int | None, list[str]]]:
        return [r for r in self.ranks if r[1] is None or r[1] > self.k]


def read_questions(path: str | os.PathLike[str]) -> list[Question]:
    questions = []
    for n, line in enumerate(Path(path).read_text("utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        query, edition, answers = ([*line.split("\t"), "", ""])[:3]
        numbers = tuple(answers.replace(",", " ").split())
        questions.append(Question(query.strip(), edition.strip(), numbers, n))
    return questions


def accepts(answers: tuple[str, ...], number: str) -> bool:
    if number in answers:
        return True
    for answer in answers:
        try:
            parent = RuleNumber.parse(answer).parent
        except ValueError:
            continue
        if parent is not None and str(parent) == number:
            return True
    return False


def evaluate(
    index: SearchIndex,
    questions: list[Question],
    *,
    k: int = 3,
    depth: int = 10,
    method: str = "hybrid",
) -> Evaluation:
    """Run every question against its edition and rank the acceptable answers.

    ``method`` is the search's (see :meth:`.engine.SearchIndex.search`).
    """
    result = Evaluation(k, depth)
    for q in questions:
        found = index.search(q.query, edition=q.edition or None, limit=depth, method=method)
        got = [h.number for h in found.hits]
        rank = next((i for i, n in enumerate(got, 1) if accepts(q.answers, n)), None)
        result.ranks.append((q, rank, got))
    return result
