"""BM25F with tabled field lengths, and common words left out of a word search.

The tabled scorer must give Whoosh's own BM25F scores, document for
document: it is compared with ``whoosh.scoring.BM25F`` on the development
questions over the whole corpus. The common-word rule is checked on a
small index whose document frequencies are set by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from whoosh import fields, scoring
from whoosh import query as wq
from whoosh.filedb.filestore import RamStorage
from whoosh.searching import Searcher

from conftest import REPO
from crdex.index.search import open_search
from crdex.index.search.answering.common_terms import without_common
from crdex.index.search.answering.query import plan
from crdex.index.search.versions import date_int
from crdex.index.search.whoosh_ext.weighting import WEIGHTING, _read_lengths
from evaluation.search import read_questions

DEV = REPO / "tests" / "data" / "search-dev.tsv"


@pytest.mark.corpus
@pytest.mark.parametrize("edition", ["2026-08-07", "2008-05-01"])
def test_tabled_lengths_score_as_whoosh_does(corpus_home: Path, edition: str) -> None:
    whoosh_bm25f = scoring.BM25F(B=WEIGHTING.B, K1=WEIGHTING.K1)
    with open_search(corpus_home) as index:
        gen = index._gen
        date = date_int(index.find(edition).date)
        searcher, docs = gen.scope(date)
        plain = Searcher(searcher.reader(), weighting=whoosh_bm25f, closereader=False)
        compared = 0
        for question in read_questions(DEV):
            asked = plan(question.query, date=date, aliases=gen.aliases)
            if not hasattr(asked, "query"):
                continue
            ours = searcher.search(asked.query, filter=docs, limit=60, optimize=False)
            theirs = plain.search(asked.query, filter=docs, limit=60, optimize=False)
            assert [(h.docnum, h.score) for h in ours] == [(h.docnum, h.score) for h in theirs]
            compared += bool(len(ours))
        assert compared > 250


@pytest.mark.corpus
def test_lengths_are_read_whole_from_the_segment(corpus_home: Path) -> None:
    with open_search(corpus_home) as index:
        reader = index._gen.latest.reader()
        lengths = _read_lengths(reader, "body")
        assert lengths is not None, "the per-document fallback was taken"
        assert len(lengths) == reader.doc_count_all()
        for docnum in range(0, reader.doc_count_all(), 7):
            assert lengths[docnum] == (reader.doc_field_length(docnum, "body") or 0)


@pytest.fixture
def fruit() -> Searcher:
    """Eight documents: "apple" in five (over a quarter), "pear" in one, "plum" in two."""
    schema = fields.Schema(body=fields.TEXT(stored=True))
    ix = RamStorage().create_index(schema)
    with ix.writer() as w:
        for text in [
            "apple pear",
            "apple plum",
            "apple",
            "apple",
            "apple",
            "plum",
            "fig",
            "fig",
        ]:
            w.add_document(body=text)
    with ix.searcher() as searcher:
        yield searcher


def test_a_word_in_over_a_quarter_of_the_rules_is_left_out(fruit: Searcher) -> None:
    asked = wq.Or([wq.Term("body", "apple"), wq.Term("body", "pear"), wq.Term("body", "plum")])
    assert without_common(asked, fruit) == wq.Or([wq.Term("body", "pear"), wq.Term("body", "plum")])
    assert sorted(h["body"] for h in fruit.search(without_common(asked, fruit))) == [
        "apple pear",
        "apple plum",
        "plum",
    ]


def test_a_question_of_common_words_alone_is_asked_whole(fruit: Searcher) -> None:
    asked = wq.Or([wq.Term("body", "apple")])
    assert without_common(asked, fruit) is asked
    assert len(fruit.search(without_common(asked, fruit))) == 5


def test_a_question_whose_rarer_words_no_rule_has_is_asked_whole(fruit: Searcher) -> None:
    asked = wq.Or([wq.Term("body", "apple"), wq.Term("body", "aple")])  # misspelt: in no rule
    assert without_common(asked, fruit) is asked
    assert len(fruit.search(without_common(asked, fruit))) == 5


def test_only_single_words_of_a_plain_or_are_left_out(fruit: Searcher) -> None:
    group = wq.DisjunctionMax([wq.Term("body", "apple"), wq.Term("body", "fig")])
    asked = wq.Or([group, wq.Term("body", "pear")])
    assert without_common(asked, fruit) is asked  # the other forms of one word stay together
    both = wq.And([wq.Term("body", "apple"), wq.Term("body", "pear")])
    assert without_common(both, fruit) is both  # every word asked for is required
    assert without_common(asked, fruit, share=0.7) is asked
