"""A rule number looked up in one edition is answered from the library's tables as the index answers it.

``crdex search 701.22`` needs no ranking: the rules under that number in
the edition asked about, each as the version the index holds. The lookup
reads them from the identity graph's tables without opening the index;
its answer must be the index's own, for sections, rules and subrules of
editions of both numberings, by edition id, by date and by ``--as-of``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crdex.index.library.library import Library
from crdex.index.search import open_search
from crdex.index.search.answering.lookup import lookup

pytestmark = pytest.mark.corpus


def test_lookups_answer_as_the_index_does(web_home: Path) -> None:
    index = open_search(web_home)
    library = Library(web_home)
    asked = 0
    for record in library.chain():
        tree = library.edition(record.key)
        numbers = [r.number for r in tree.rules if r.kind != "subrule"][::9]
        numbers += ["1", "5", "7", "9", "100", "502.36", "701.22", "702.19b", "rule 702.19b"]
        numbers += ["999.9", "100.1."]
        for number in numbers:
            for limit in (3, 1000):
                found = lookup(web_home, number, edition=record.id, limit=limit)
                assert found is not None, number
                expected = index.search(number, edition=record.id, limit=limit)
                assert found.to_dict() == expected.to_dict(), (record.id, number, limit)
                asked += 1
    assert asked > 500
    for options in ({"as_of": "2010-01-01"}, {"edition": "2008-01-01"}, {}):
        found = lookup(web_home, "701", **options)
        assert found is not None
        assert found.to_dict() == index.search("701", **options).to_dict()


def test_scry_in_2026_as_the_document_numbers_it(web_home: Path) -> None:
    found = lookup(web_home, "701.22")
    assert found is not None and found.edition == "2026-08-07"
    # cr-2026-08-07.txt: "701.22. Scry", then 701.22a, b, c and d
    assert [h.number for h in found.hits] == ["701.22", "701.22a", "701.22b", "701.22c", "701.22d"]
    assert found.hits[1].title == "Scry"  # a subrule is titled by its heading


def test_what_is_not_one_edition_s_number_is_left_to_the_index(web_home: Path) -> None:
    assert lookup(web_home, "scry zero") is None
    assert lookup(web_home, "701.22", all_editions=True) is None
    assert lookup(web_home, "701.22", source="all") is None
    assert lookup(web_home, "   ") is None


def test_rulings_filed_by_a_rulings_page_are_looked_up_as_the_index_has_them(
    tmp_path: Path,
) -> None:
    from crdex import api
    from crdex.corpus import bundled_documents

    home = tmp_path / "home"
    api.build(bundled_documents(), home=home)
    index = open_search(home)
    with_rulings = 0
    for record in Library(home).chain():
        for number in ("5", "501", "501.5", "501.10", "701"):
            found = lookup(home, number, edition=record.id, limit=1000)
            assert found is not None
            assert found.to_dict() == index.search(number, edition=record.id, limit=1000).to_dict()
            with_rulings += sum(1 for hit in found.hits if hit.rulings)
    # the bundled rulings page (2008-03-17) files rulings under 501.5 ("can't be
    # regenerated") and 501.10
    assert with_rulings >= 2
