"""Placing excerpts among three small invented editions (tests/data/check/library), no corpus.

Read from the files: Scry is 701.2 in mini-2010-07-16 (701.3 is Fateseal
there), 701.3 in mini-2010-10-01 and mini-2011-01-01; 701.2a (Attach) says
"… put it onto that object." in 2010-10-01, and 2011-01-01 goes on: "If
something is attached to an object it can't be attached to, it stays where
it is."
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import MINI_LIBRARY

SCRY = (
    "701.3. Scry\n\n701.3a To “scry N” means to look at the top N cards of your library, then "
    "put any number of them on the bottom of your library in any order and the rest on top of "
    "your library in any order.\n"
)
ATTACH = (
    "701.2a To attach an Aura, Equipment, or Fortification to an object means to take it from "
    "where it currently is and put it onto that object."
)


@pytest.fixture(scope="module")
def library():
    from crdex.index.library import Library

    library = Library(None)
    library.build(sorted(MINI_LIBRARY.glob("*.txt")))
    return library


def placed(library, text: str, among=None):
    from crdex.index.placement import place
    from crdex.parser import parse_text

    return place(parse_text(text, "pasted.txt"), library.texts(), among or library.chain())


def test_an_excerpt_matches_the_editions_with_its_words(library) -> None:
    found = placed(library, SCRY)
    assert (found.verdict, found.editions) == ("matched", ["2010-10-01", "2011-01-01"])
    assert found.counts["identical"] == 1 and found.counts["typography"] == 1
    (typed,) = found.differences
    assert (typed.number, typed.status) == ("701.3a", "typography")
    assert sorted(typed.changes) == [("“", '"'), ("”", '"')]
    assert found.neighbours == [
        {"edition": "2010-07-16", "differ": 2, "rules": ["701.3", "701.3a"]}
    ]


def test_a_wording_an_edition_lengthened_is_not_cut_short(library) -> None:
    found = placed(library, ATTACH + "\n")
    assert (found.verdict, found.editions) == ("matched", ["2010-10-01"])
    assert found.neighbours[-1]["edition"] == "2011-01-01"
    assert found.neighbours[-1]["rules"] == ["701.2a"]


def test_a_rule_cut_short_is_the_documents_damage(library) -> None:
    found = placed(library, ATTACH + " If something is att\n")
    assert (found.verdict, found.editions) == ("matched", ["2011-01-01"])
    (cut,) = found.differences
    assert (cut.number, cut.status) == ("701.2a", "cut-short")
    assert cut.changes[1].startswith("attached to an object it can't be attached to")


def test_garbled_characters_are_named(library) -> None:
    found = placed(library, SCRY.replace("library, then", "librxry, then"))
    assert (found.verdict, found.editions) == ("nearest", ["2010-10-01", "2011-01-01"])
    garbled = next(d for d in found.differences if d.number == "701.3a")
    assert garbled.status == "characters"
    assert garbled.changes == [{"op": "-", "text": "library,"}, {"op": "+", "text": "librxry,"}]
    assert garbled.found_in == []


def test_nothing_to_match(library) -> None:
    found = placed(library, "502.36a Scry is a static ability.\n")
    assert (found.verdict, found.note) == (
        "unplaced",
        "no edition of the library holds any of its rules",
    )


def test_the_index_is_updated_with_the_trees_it_lacks(library, tmp_path: Path) -> None:
    from crdex.index.placement import TextIndex, write_text_index

    chain = library.chain()
    first, second = tmp_path / "all.sqlite", tmp_path / "fewer.sqlite"
    read = write_text_index(first, chain, library.snapshot, parser="p")
    assert read == [r.key for r in chain]
    # an edition taken out: nothing read, its tree gone
    assert write_text_index(second, chain[:2], library.snapshot, parser="p", previous=first) == []
    assert set(TextIndex.open(second).trees) == {r.key for r in chain[:2]}
    # added back: only its tree read
    again = tmp_path / "again.sqlite"
    assert write_text_index(again, chain, library.snapshot, parser="p", previous=second) == [
        chain[2].key
    ]
    # another parser's index is not built upon
    other = tmp_path / "other.sqlite"
    assert len(write_text_index(other, chain, library.snapshot, parser="q", previous=again)) == 3
    found = placed(library, SCRY)
    index = TextIndex.open(again)
    from crdex.index.placement import place
    from crdex.parser import parse_text

    assert place(parse_text(SCRY, "pasted.txt"), index, chain).editions == found.editions
