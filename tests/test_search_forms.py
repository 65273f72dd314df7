"""A word asked in several forms: scored by its best form, and remembered by the searcher.

The expected scores are each form's own score, from a search of that form
alone: a document's score for the word is its best form's (plus the
tiebreak's share of the others it has), whatever documents the other forms
are on and however a collector replaces matchers as it goes.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from whoosh import fields
from whoosh import query as wq
from whoosh.filedb.filestore import RamStorage
from whoosh.searching import Searcher

from conftest import REPO
from crdex.index.search import open_search
from crdex.index.search.answering.budget import Deadline
from crdex.index.search.answering.common_terms import without_common
from crdex.index.search.answering.engine import _collected
from crdex.index.search.answering.query import plan
from crdex.index.search.versions import date_int
from crdex.index.search.whoosh_ext import remembered
from crdex.index.search.whoosh_ext.best_of import BestOf
from crdex.index.search.whoosh_ext.bounds import DeadlineCollector, TimeLimit
from crdex.index.search.whoosh_ext.remembered import Remembered
from evaluation.search import read_questions

DEV = REPO / "tests" / "data" / "search-dev.tsv"

# "gold" and "iron" are two forms of one word; "coin" is a third, only in the first
# documents, so that its matcher runs out long before the others'
TEXTS = (
    ["gold coin", "iron iron iron", "gold iron coin"]
    + [f"gold {'lead ' * (n % 4)}tin" for n in range(30)]
    + ["iron gold gold gold", "iron"]
)
FORMS = [wq.Term("body", "gold"), wq.Term("body", "iron"), wq.Term("body", "coin")]


def _index(segments: int = 1) -> Searcher:
    ix = RamStorage().create_index(fields.Schema(body=fields.TEXT(stored=True)))
    share = -(-len(TEXTS) // segments)
    for start in range(0, len(TEXTS), share):
        with ix.writer() as w:
            w.merge = False  # one segment per commit
            for text in TEXTS[start : start + share]:
                w.add_document(body=text)
    return ix.searcher()


@pytest.fixture(params=[1, 3], ids=["one segment", "three segments"])
def searcher(request: pytest.FixtureRequest) -> Iterator[Searcher]:
    with _index(request.param) as s:
        yield s


def _scores(searcher: Searcher, query: wq.Query) -> dict[int, float]:
    return {hit.docnum: hit.score for hit in searcher.search(query, limit=None)}


def _expected(searcher: Searcher, tiebreak: float, boost: float = 1.0) -> dict[int, float]:
    alone = [_scores(searcher, form) for form in FORMS]
    out = {}
    for doc in set().union(*alone):
        here = [scores[doc] for scores in alone if doc in scores]
        out[doc] = boost * (max(here) + tiebreak * (sum(here) - max(here)))
    return out


@pytest.mark.parametrize("tiebreak", [0.0, 0.1, 1.0])
def test_a_document_scores_as_its_best_form_plus_the_tiebreaks_share(
    searcher: Searcher, tiebreak: float
) -> None:
    found = _scores(searcher, BestOf(FORMS, tiebreak=tiebreak))
    expected = _expected(searcher, tiebreak)
    assert found.keys() == expected.keys()
    for doc, score in expected.items():
        assert found[doc] == pytest.approx(score), searcher.stored_fields(doc)


def test_a_document_with_one_form_has_that_forms_score_not_anothers(searcher: Searcher) -> None:
    only_gold = next(d for d in range(len(TEXTS)) if TEXTS[d] == "gold coin")
    gold = _scores(searcher, FORMS[0])[only_gold]
    coin = _scores(searcher, FORMS[2])[only_gold]
    assert _scores(searcher, BestOf(FORMS[:2]))[only_gold] == pytest.approx(gold)
    assert _scores(searcher, BestOf(FORMS))[only_gold] == pytest.approx(max(gold, coin))


def test_a_weight_multiplies_the_score(searcher: Searcher) -> None:
    found = _scores(searcher, BestOf(FORMS, tiebreak=0.1, boost=1.5))
    for doc, score in _expected(searcher, 0.1, boost=1.5).items():
        assert found[doc] == pytest.approx(score)


@pytest.mark.parametrize("remember", [False, True], ids=["read", "remembered"])
@pytest.mark.parametrize("limit", [1, 3, 5])
def test_the_first_documents_are_found_while_a_collector_replaces_matchers(
    searcher: Searcher, limit: int, remember: bool
) -> None:
    # Whoosh's collector replaces matchers every 10 documents, raising the score they must
    # reach as its places fill: the third form, out of documents, must not take the others,
    # and a remembered part's best score must bound its scores
    forms = BestOf(FORMS, tiebreak=0.1)
    query = wq.Or([Remembered(forms) if remember else forms, wq.Term("body", "tin")])
    every = _scores(searcher, query)
    best = sorted(every, key=lambda d: (-every[d], d))[:limit]
    found = searcher.search(query, limit=limit, optimize=False)
    assert [hit.docnum for hit in found] == best


class _Counted(wq.Term):
    """A term that counts the matchers made of it."""

    made = 0

    def matcher(self, searcher, context=None):  # type: ignore[no-untyped-def]
        type(self).made += 1
        return super().matcher(searcher, context)


@pytest.fixture
def counted() -> Iterator[type[_Counted]]:
    _Counted.made = 0
    yield _Counted


def test_remembered_matches_score_as_the_query_itself(searcher: Searcher) -> None:
    query = BestOf(FORMS, tiebreak=0.1)
    assert _scores(searcher, Remembered(query)) == _scores(searcher, query)
    assert _scores(searcher, Remembered(query)) == _scores(searcher, query)


def test_parts_of_two_tiebreaks_are_remembered_apart(searcher: Searcher) -> None:
    # one searcher asked the same forms with another tiebreak must not replay the first's
    for tiebreak in (0.0, 1.0):
        found = _scores(searcher, Remembered(BestOf(FORMS, tiebreak=tiebreak)))
        assert found == pytest.approx(_expected(searcher, tiebreak))


def test_a_searcher_reads_a_remembered_part_once_per_segment(counted: type[_Counted]) -> None:
    with _index(3) as searcher:
        query = Remembered(BestOf([counted("body", "gold"), counted("body", "iron")]))
        first = _scores(searcher, query)
        assert counted.made == 2 * 3  # each form, in each segment
        for _ in range(3):
            assert _scores(searcher, query) == first
        assert counted.made == 2 * 3
        with _index(3) as other:  # another searcher reads for itself
            assert _scores(other, query) == first
        assert counted.made == 2 * 3 * 2


def test_the_least_recently_used_part_is_forgotten_first(
    counted: type[_Counted], monkeypatch: pytest.MonkeyPatch
) -> None:
    with _index() as searcher:
        gold, iron, tin = (Remembered(counted("body", w)) for w in ("gold", "iron", "tin"))
        sizes = {
            w: len(_scores(searcher, Remembered(wq.Term("body", w))))
            for w in ("gold", "iron", "tin")
        }
        # room for gold's matches and tin's, not iron's too
        monkeypatch.setattr(remembered, "REMEMBERED", sizes["gold"] + sizes["tin"])
        for query in (gold, iron, gold, tin):  # tin's place is iron's, the least recently used
            _scores(searcher, query)
        assert counted.made == 3
        _scores(searcher, gold)
        _scores(searcher, tin)
        assert counted.made == 3
        _scores(searcher, iron)
        assert counted.made == 4


def test_what_a_searcher_remembers_goes_with_it() -> None:
    searcher = _index()
    _scores(searcher, Remembered(BestOf(FORMS)))
    assert searcher in remembered._BY_SEARCHER
    gone = weakref.ref(searcher)
    searcher.close()
    del searcher
    gc.collect()
    assert gone() is None  # nothing remembered holds the searcher


@pytest.mark.corpus
def test_a_search_of_every_edition_finds_its_best_matches(corpus_home: Path) -> None:
    """The pool of a word search over every edition is the first of all the matches.

    With Whoosh's DisjunctionMax, "permanent on the battlefield" lost its best
    match from its 240 candidates: "battlefield" stopped counting once the
    places were full.
    """
    questions = [q for q in read_questions(DEV) if q.edition != "2026-08-07"]
    with open_search(corpus_home) as index:
        gen = index._gen
        for date in (None, date_int(questions[0].edition)):
            searcher, docs = gen.scope(date)
            compared = 0
            for question in [*questions, *read_questions(DEV)[:40]]:
                asked = plan(question.query, date=date, aliases=gen.aliases)
                if not hasattr(asked, "query"):
                    continue
                query = without_common(asked.query, searcher)
                pool = [
                    (h.docnum, h.score) for h in _collected(searcher, query, docs, 60, Deadline())
                ]
                every = searcher.search(query, filter=docs, limit=None)
                best = sorted(((h.docnum, h.score) for h in every), key=lambda x: (-x[1], x[0]))
                assert [d for d, _ in pool] == [d for d, _ in best[:60]], question.query
                compared += bool(pool)
            assert compared > 90


def test_reading_a_part_stops_at_the_searchs_deadline(counted: type[_Counted]) -> None:
    with _index() as searcher:
        query = Remembered(BestOf([counted("body", "gold"), counted("body", "iron")]))
        past = DeadlineCollector(searcher.collector(limit=5), lambda: True)
        with pytest.raises(TimeLimit):
            searcher.search_with_collector(query, past)
        assert counted.made == 2
        # nothing was remembered: a search in time reads the part whole
        assert _scores(searcher, query) == _scores(searcher, BestOf(FORMS[:2]))
        assert counted.made == 4
