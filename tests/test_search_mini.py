"""Searching three small invented editions (tests/data/search, no corpus needed).

What each edition says is in tests/data/search/README.md: old terms in
2008-05-01 (Scry is 501.2), the 2009-07-11 renames (Scry is 701.2, same
wording), "mana value" and Mill in 2021-04-22; 2022-01-01 (adds
Investigate) is added to an existing index.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import REPO
from crdex.index.library import Library
from crdex.index.search import (
    IndexBusy,
    SearchError,
    SearchIndex,
    open_search,
    update_index,
)
from crdex.index.search.schema import SEARCH_FORMAT
from crdex.index.search.store import IndexStore

DATA = REPO / "tests" / "data" / "search"


def build(home: Path, *paths: Path) -> Library:
    library = Library(home)
    library.add(list(paths or [DATA / "library"]))
    update_index(library)
    return library


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    build(home)
    return home


@pytest.fixture
def index(home: Path):
    with open_search(home) as index:
        yield index


def labels(result) -> list[str]:
    return [h.label for h in result.hits]


class TestLookup:
    def test_a_number_is_the_rule_and_its_subrules(self, index: SearchIndex) -> None:
        result = index.search("701.2")
        assert result.mode == "lookup"
        assert result.edition == "2021-04-22"
        assert labels(result) == ["701.2", "701.2a", "701.2b"]
        assert result.hits[0].title == "Scry"

    def test_a_prefix_is_everything_under_it_in_rule_order(self, index: SearchIndex) -> None:
        result = index.search("701", limit=50)
        assert labels(result) == [
            "701", "701.1", "701.2", "701.2a", "701.2b", "701.3", "701.3a", "701.4", "701.4a",
        ]  # fmt: skip

    def test_numbers_are_read_in_the_edition_asked(self, index: SearchIndex) -> None:
        assert labels(index.search("501.2", edition="2008-05-01")) == ["501.2", "501.2a", "501.2b"]
        assert index.search("501.2").hits == []
        assert labels(index.search("701.2", edition="2008-05-01")) == []

    def test_limit_keeps_the_total(self, index: SearchIndex) -> None:
        result = index.search("701", limit=2)
        assert labels(result) == ["701", "701.1"]
        assert result.total == 9


class TestEditions:
    def test_as_of_a_date_between_two_editions(self, index: SearchIndex) -> None:
        between = index.search("mill", as_of="2015-06-01")
        assert between.edition == "2009-07-11"
        assert between.hits == []
        after = index.search("mill", as_of="2021-05-01")
        assert after.edition == "2021-04-22"
        # 701.4a defines mill; its heading 701.4 and the glossary's Mill ("See rule
        # 701.4") say less: the entry stands for 701.4, shown with its definition
        assert labels(after)[0] == "701.4a"
        assert "701.4" in labels(after)[1:3]
        heading = next(h for h in after.hits if h.number == "701.4")
        assert heading.term == "Mill" and "See rule 701.4" in heading.definition
        assert "glossary: Mill" not in labels(after)

    def test_edition_by_date_and_by_id(self, index: SearchIndex) -> None:
        assert index.search("scry", edition="2010-01-01").edition == "2009-07-11"
        assert index.search("scry", edition="2008-05-01").edition == "2008-05-01"

    def test_the_wording_of_the_edition_asked(self, index: SearchIndex) -> None:
        old = index.search("mana cost", edition="2009-07-11").hits[0]
        new = index.search("mana cost").hits[0]
        assert old.number == new.number == "102.2"
        assert "converted mana cost" in old.text
        assert "mana value" in new.text

    def test_bad_edition_names(self, index: SearchIndex) -> None:
        with pytest.raises(SearchError, match="no edition was in force on 2001-01-01"):
            index.search("scry", as_of="2001-01-01")
        with pytest.raises(SearchError, match="takes a date"):
            index.search("scry", as_of="latest")
        with pytest.raises(SearchError, match="no edition 'tuesday'"):
            index.search("scry", edition="tuesday")
        with pytest.raises(SearchError, match="choose one of --edition, --all-editions"):
            index.search("scry", edition="latest", all_editions=True)


class TestTerminology:
    def test_exile_finds_removed_from_the_game(self, index: SearchIndex) -> None:
        hit = index.search("exile", edition="2008-05-01").hits[0]
        assert hit.number == "101.1"
        assert "removed from the game" in hit.text

    def test_removed_from_the_game_finds_exile(self, index: SearchIndex) -> None:
        hit = index.search("removed from the game").hits[0]
        assert hit.number == "101.1"
        assert "exile" in hit.text

    def test_battlefield_finds_in_play(self, index: SearchIndex) -> None:
        assert labels(index.search("battlefield", edition="2008-05-01"))[0] == "101.2"

    def test_mana_value_finds_converted_mana_cost(self, index: SearchIndex) -> None:
        assert labels(index.search("mana value", edition="2009-07-11"))[0] == "102.2"

    def test_cast_finds_play_for_spells(self, index: SearchIndex) -> None:
        assert labels(index.search("cast a spell", edition="2008-05-01"))[0] == "102.1"


class TestText:
    def test_snippets_mark_the_words_found(self, index: SearchIndex) -> None:
        hit = index.search("what happens when I scry zero").hits[0]
        assert hit.number == "701.2b"
        marked = [hit.snippet.text[a:b] for a, b in hit.snippet.marks]
        assert marked == ["scry", "0", "scry"]

    def test_glossary_entries_are_found(self, index: SearchIndex) -> None:
        # "Mill: To put cards from the top of a library into a graveyard. See rule
        # 701.4, "Mill."": the entry answers as 701.4, with its definition
        found = index.search("mill").hits
        assert "glossary: Mill" not in [h.label for h in found]
        mill = next(h for h in found if h.term == "Mill")
        assert mill.number == "701.4" and mill.definition.startswith("To put cards from")

    def test_spelling_suggestion_when_nothing_matches(self, index: SearchIndex) -> None:
        # nothing has "fatesael": "fateseal" is searched instead, and said so
        result = index.search("fatesael")
        assert result.suggestion == result.corrected == "fateseal"
        assert result.hits[0].number == "701.3a"  # 'To "fateseal N" means to look at …'

    def test_no_suggestion_for_known_words(self, index: SearchIndex) -> None:
        assert index.search("scry").suggestion is None

    def test_no_suggestion_for_a_prefix_or_a_wildcard(self, index: SearchIndex) -> None:
        found = index.search("scr*")
        assert "701.2a" in [h.number for h in found.hits]  # "To scry N means …"
        assert found.suggestion is None
        assert (
            index.search("scry AND sc?y").suggestion is None
        )  # "?" is a wildcard in a query with operators
        # the other words of such a query are still respelled
        assert index.search("fatesael scr*").suggestion == "fateseal scr*"

    def test_all_editions_groups_versions_by_rule(self, index: SearchIndex) -> None:
        result = index.search("scry zero", all_editions=True)
        assert result.edition is None
        group = result.groups[0]
        assert group.identity == "2008-05-01/501.2b"
        assert group.number == "701.2b"
        (version,) = group.versions  # one wording, two numbers
        assert version.editions == ["2008-05-01", "2009-07-11", "2021-04-22"]
        assert version.numbers == [("2008-05-01", "501.2b"), ("2009-07-11", "701.2b")]

    def test_all_editions_shows_each_wording_with_its_editions(self, index: SearchIndex) -> None:
        group = index.search("mana cost of a spell", all_editions=True).groups[0]
        assert group.number == "102.2"
        assert [v.editions for v in group.versions] == [
            ["2008-05-01", "2009-07-11"],
            ["2021-04-22"],
        ]

    def test_a_version_is_indexed_once(self, home: Path, index: SearchIndex) -> None:
        library = Library(home)
        in_editions = sum(
            len(library.edition(d.sha256).rules) + len(library.edition(d.sha256).glossary)
            for d in library.chain()
        )
        documents = sum(index.meta["documents"].values())
        assert documents < in_editions * 2 / 3
        # 100.1 has one wording in all three editions: one document
        assert len(index.search("100.1", all_editions=True).groups[0].versions) == 1


class TestUpdates:
    def test_a_new_edition_updates_only_what_changed(self, home: Path) -> None:
        library = Library(home)
        before = IndexStore(home / "search").current()
        library.add([DATA / "later"])
        report = update_index(library)
        assert not report.rebuilt and report.reason == "update"
        # Investigate (2 rules) added; only 2021 versions that changed place... nothing else
        assert report.added == 2 and report.removed == 0
        assert report.path != str(before)
        with open_search(home) as index:
            assert index.search("investigate").hits[0].number == "701.5a"
            assert index.search("investigate", edition="2021-04-22").hits == []
            assert labels(index.search("mill"))[0] == "701.4a"

    def test_an_unchanged_library_is_up_to_date(self, home: Path) -> None:
        report = update_index(Library(home))
        assert report.reason == "up to date"
        assert report.path == str(IndexStore(home / "search").current())

    def test_a_search_after_documents_added_without_an_index_reads_them_in_memory(
        self, home: Path
    ) -> None:
        Library(home).add([DATA / "later"])  # a build without a search index
        live = IndexStore(home / "search").current()
        notes: list[str] = []
        with open_search(home, notice=notes.append) as index:
            assert index.search("investigate").hits
        assert notes == [
            f"the library at {home} has no search index; searching an index made in memory "
            "(run 'crdex build' to store one)"
        ]
        assert IndexStore(home / "search").current() == live  # readers never write

    def test_an_index_from_another_version_is_read_around_then_rebuilt(self, home: Path) -> None:
        store = IndexStore(home / "search")
        live = store.current()
        assert live is not None
        meta = json.loads((live / "meta.json").read_text())
        meta.update(format=SEARCH_FORMAT - 1, crdex="0.0.1")
        (live / "meta.json").write_text(json.dumps(meta))
        notes: list[str] = []
        with open_search(home, notice=notes.append) as index:
            assert index.search("scry").hits
            assert index.meta["format"] == SEARCH_FORMAT
        (note,) = notes
        assert "written by crdex 0.0.1" in note and "searching an index made in memory" in note
        assert store.current() == live
        report = update_index(Library(home))
        assert report.reason == "format" and store.current() != live

    def test_a_damaged_index_is_rebuilt(self, home: Path) -> None:
        live = IndexStore(home / "search").current()
        assert live is not None
        for seg in live.glob("*.seg"):
            seg.unlink()
        notes: list[str] = []
        with open_search(home, notice=notes.append) as index:
            assert index.search("scry").hits
        assert notes

    def test_one_builder_at_a_time(self, home: Path) -> None:
        store = IndexStore(home / "search")
        with store.lock(), pytest.raises(IndexBusy, match="being built"):
            update_index(Library(home), force=True)

    def test_searching_while_another_process_builds(self, home: Path) -> None:
        from crdex.index.storage.generations import GenerationStore

        notes: list[str] = []
        with GenerationStore(home).lock(), open_search(home, notice=notes.append) as index:
            # a build holds the library: the published generation answers, nobody waits
            assert index.search("scry").hits
        assert notes == []

    def test_a_reader_moves_to_the_new_generation(self, home: Path, index: SearchIndex) -> None:
        first = index.generation
        assert index.search("investigate").hits == []
        library = Library(home)
        library.add([DATA / "later"])
        update_index(library)
        assert index.search("investigate").hits
        assert index.generation != first

    def test_leftovers_of_killed_builds_are_removed(self, home: Path) -> None:
        store = IndexStore(home / "search")
        leftover = store.scratch(start_from=store.current())
        update_index(Library(home), force=True)
        assert not leftover.exists()

    def test_old_generations_are_removed(self, home: Path) -> None:
        library = Library(home)
        for _ in range(3):
            update_index(library, force=True)
        gens = sorted(p.name for p in (home / "search").glob("gen-*"))
        assert len(gens) == 2  # the live one and the one it replaced


def test_an_empty_library_searches_the_bundled_samples(tmp_path: Path) -> None:
    notes: list[str] = []
    index = open_search(tmp_path / "empty", notice=notes.append)
    assert index.search("scry", all_editions=True).groups
    assert "bundled sample documents" in notes[0]


def test_what_is_in_force_is_remembered_for_a_bounded_number_of_editions(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    from crdex.index.search.answering import generation

    monkeypatch.setattr(generation, "_DATES_KEPT", 1)
    old = labels(index.search("scry", edition="2008-05-01"))
    # Scry was 501.2 in 2008-05-01 and 701.2 from 2009-07-11 (tests/data/search/README.md)
    assert {"701.2", "701.2a", "701.2b"} <= set(labels(index.search("scry", edition="2009-07-11")))
    remembered = index._gen._in_force_cache  # what this test is about
    assert len(remembered) == 1
    # forgotten, then read again: the same answer
    assert labels(index.search("scry", edition="2008-05-01")) == old
    assert {"501.2", "501.2a", "501.2b"} <= set(old)


def test_the_documents_in_force_are_those_whose_dates_cover_the_day(index: SearchIndex) -> None:
    from crdex.index.search.answering.hits import in_force

    gen = index._gen  # the generation's own reading of its cover, against the plain rule
    cover = gen._cover()
    for day in (20080501, 20090711, 20150601, 20210422, 20991231, 19990101):
        expected = {doc for doc, ranges in enumerate(cover) if in_force(ranges, day)}
        assert gen._docs_in_force(day) == expected
        assert gen._rows_in_force(day).tolist() == sorted(expected)
    assert gen._docs_in_force(19990101) == set()  # before the first edition: nothing
    assert len(gen._docs_in_force(20090711)) > 0
