"""A new search index written as segments by worker processes is the index one writer makes.

The documents are those of a library of real editions (``web_home``: six
editions from 2005 to 2026). Each part is written twice, by one writer in
this process and by two workers as segments; the two indexes must hold the
same documents under the same numbers (the cover and vector tables are by
document number) and rank every query the same, with the same scores
(BM25's statistics are summed over segments), also when all parts are
read as one with the queries the search plans.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from whoosh import index as whoosh_index
from whoosh.qparser import QueryParser
from whoosh.reading import MultiReader
from whoosh.searching import Searcher

from crdex.index.library import Library
from crdex.index.search.answering.generation import WEIGHTING
from crdex.index.search.answering.query import plan
from crdex.index.search.building.indexer import index_name
from crdex.index.search.building.segments import plan_pieces, write_parts, writing_cost
from crdex.index.search.building.writing import Counter, numbered, write_documents
from crdex.index.search.documents import IndexDoc, collect_rulings, documents_from
from crdex.index.search.meta import PARTS, part_of

QUERIES = ("scry", "trample damage", "mana ability", "library top cards", "state-based")


def test_pieces_fill_each_worker_to_an_even_share() -> None:
    # 184 documents over two workers: a share is 92; the part of 147 gives a
    # whole share and 55, the part of 37 one piece; 55 + 37 fill the second worker
    parts = {"latest": list(range(37)), "earlier": list(range(100, 247))}
    pieces = plan_pieces(parts, 2)  # type: ignore[arg-type]
    assert [(part, start, len(docs)) for part, start, docs in pieces] == [
        ("earlier", 0, 92),
        ("earlier", 92, 55),
        ("latest", 0, 37),
    ]
    assert [d for _p, _s, docs in pieces if _p == "earlier" for d in docs] == parts["earlier"]


def test_pieces_are_cut_by_cost_not_by_count() -> None:
    # costs 30 + 10 × 1 + 20 = 60 in all, a share of 30 each for two workers: the
    # first piece closes on the first document (30), the second holds the rest of
    # "earlier" (10), and "latest" (20) is a piece of its own; the queue is
    # ordered by cost, so the second worker takes 20 and then 10
    parts = {"latest": [20], "earlier": [30] + [1] * 10}
    pieces = plan_pieces(parts, 2, cost=lambda doc: doc)  # type: ignore[arg-type]
    assert [(part, start, len(docs)) for part, start, docs in pieces] == [
        ("earlier", 0, 1),
        ("latest", 0, 1),
        ("earlier", 1, 10),
    ]


def test_the_cost_of_a_document_counts_its_text_and_a_fixed_part() -> None:
    doc = IndexDoc(
        identity="i",
        kind="rule",
        numbers=((20260807, "701.22"),),
        ranges=((20260807, 99_991_231),),
        title="Scry",
        text="To scry N means",
        examples="",
        heading="Keyword Actions",
        glossary="",
        rulings="",
    )
    assert writing_cost(doc) == 500 + len("Scry") + len("To scry N means") + len("Keyword Actions")


def test_one_worker_writes_each_part_whole() -> None:
    parts = {"latest": list(range(5)), "earlier": list(range(20))}
    pieces = plan_pieces(parts, 1)  # type: ignore[arg-type]
    assert [(part, start, len(docs)) for part, start, docs in pieces] == [
        ("earlier", 0, 20),
        ("latest", 0, 5),
    ]


@pytest.mark.corpus
@pytest.mark.slow
def test_segments_written_by_workers_make_the_index_one_writer_makes(
    web_home: Path, tmp_path: Path
) -> None:
    library = Library(web_home, must_exist=True)
    graph = library.graph()
    docs = documents_from(graph, collect_rulings(library, graph))
    parts = {part: [d for d in docs if part_of(d) == part] for part in PARTS}
    one, many = tmp_path / "one", tmp_path / "many"
    one.mkdir()
    many.mkdir()
    counter = Counter(None, len(docs))
    single = {
        part: write_documents(one, part, mine, (), counter, create=True)
        for part, mine in parts.items()
    }
    seen: list[int] = []
    ran: list[bool] = []
    parallel = write_parts(
        many,
        parts,
        index_name,
        workers=2,
        limitmb=64,
        progress=seen.append,
        meanwhile=lambda: ran.append(True),
    )
    assert ran == [True]
    assert seen[-1] == len(docs)
    assert seen == sorted(seen)
    for part, mine in parts.items():
        held_one = numbered(single[part], mine)
        held_many = numbered(parallel[part], mine)
        assert [d.key for d in held_many] == [d.key for d in held_one]  # type: ignore[union-attr]
        assert [d.key for d in held_many] == [d.key for d in mine]  # type: ignore[union-attr]
    segments = whoosh_index.open_dir(str(many), indexname=index_name("earlier")).reader()
    assert len(list(segments.leaf_readers())) == 2  # the earlier part was cut in two
    for part in PARTS:
        a = single[part].searcher(weighting=WEIGHTING)
        b = parallel[part].searcher(weighting=WEIGHTING)
        parser = QueryParser("body", single[part].schema)
        for text in QUERIES:
            query = parser.parse(text)
            ranked_a = [(h.docnum, round(h.score, 9)) for h in a.search(query, limit=20)]
            ranked_b = [(h.docnum, round(h.score, 9)) for h in b.search(query, limit=20)]
            assert ranked_a, text
            assert ranked_b == ranked_a, (part, text)
        a.close()
        b.close()
    segments.close()
    # all parts read as one, as a search of every edition reads them, with the
    # queries the search plans (alternatives of a word scored by the best)
    both_one, both_many = _both(single), _both(parallel)
    for text in (*QUERIES, "mana burn", "what happens when I scry zero", "ETB"):
        planned = plan(text, date=None)
        ranked_a = [(h.docnum, round(h.score, 9)) for h in both_one.search(planned.query, limit=50)]
        ranked_b = [
            (h.docnum, round(h.score, 9)) for h in both_many.search(planned.query, limit=50)
        ]
        assert ranked_a, text
        assert ranked_b == ranked_a, text
    both_one.close()
    both_many.close()


def _both(indexes: dict) -> Searcher:
    leaves = [r for p in PARTS for r, _offset in indexes[p].reader().leaf_readers()]
    return Searcher(MultiReader(leaves), weighting=WEIGHTING)
