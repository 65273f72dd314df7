"""A generation keeps its words' token ids, so that a query needs no tokenizer.

On the small invented editions of tests/data/search (Scry is 701.2 in
2021-04-22; 2022-01-01 adds 701.5 Investigate).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from conftest import REPO, search_library
from crdex.index.search import SearchError, open_search, update_index
from crdex.index.search.models.embedding import embedder, query_embedder
from crdex.index.search.models.tokens import IDS_FILE, WORDS_TEXT, read_tokens
from crdex.index.search.store import IndexStore

DATA = REPO / "tests" / "data" / "search"


def _live(home: Path) -> Path:
    live = IndexStore(home / "search").current()
    assert live is not None
    return live


def test_every_kept_word_has_the_tokenizers_own_ids(search_home: Path) -> None:
    kept = read_tokens(_live(search_home))
    assert kept is not None
    words = [w for w, _ids in kept.items()]
    assert "Scry" in words and "scry" in words  # words as written: the tokenizer tells case
    encoded = embedder().tokenizer.encode_batch(words, add_special_tokens=False)
    assert [ids for _w, ids in kept.items()] == [e.ids for e in encoded]
    assert kept.get("Scry") == encoded[words.index("Scry")].ids
    assert kept.get("no-such-word-in-the-rules") is None


def test_a_query_of_known_words_needs_no_tokenizer_and_gets_the_same_vector(
    search_home: Path,
) -> None:
    query_embedder.cache_clear()  # a model of its own, whose tokenizer no test has loaded
    with open_search(search_home) as index:
        # every word of this question is in 2021-04-22's 701.2b ("If a player is instructed to scry 0")
        question = "a player is instructed to scry"
        result = index.search(question)
        table = index._gen.vectors
        # the tokenizer is still the loader it was given: no word needed it
        assert callable(table.model._tokenizer)
        assert result.hits[0].number == "701.2b"
        through_tokenizer = embedder().embed([question], table.weights)[0]
        assert np.array_equal(table.query(question), through_tokenizer)


def test_a_word_the_rules_never_use_goes_to_the_tokenizer(search_home: Path) -> None:
    query_embedder.cache_clear()
    with open_search(search_home) as index:
        table = index._gen.vectors
        vector = table.query("scry flibbertigibbet")
        assert not callable(table.model._tokenizer)
        assert np.array_equal(vector, embedder().embed(["scry flibbertigibbet"], table.weights)[0])


def test_a_generation_without_the_kept_words_searches_alike(search_home: Path) -> None:
    with open_search(search_home) as index:
        before = [(h.number, h.score) for h in index.search("scry zero cards").hits]
    live = _live(search_home)
    (live / WORDS_TEXT).unlink()
    (live / IDS_FILE).unlink()
    with open_search(search_home) as index:
        assert [(h.number, h.score) for h in index.search("scry zero cards").hits] == before


def test_an_update_carries_the_words_into_its_generation(tmp_path: Path) -> None:
    embedder.cache_clear()  # a model that has tokenized no other test's words
    library, store, first = search_library(tmp_path / "home")
    old = read_tokens(first)
    assert old is not None and old.get("Investigate") is None
    library.add([DATA / "later"])
    embedder.cache_clear()  # as in a new process: only the kept words are known
    assert update_index(library).reason == "update"
    new = read_tokens(store.current() or first)
    assert new is not None and new.get("Investigate") is not None
    assert all(new.get(w) == ids for w, ids in old.items())


def test_a_damaged_word_table_is_a_damaged_index(search_home: Path, static_vectors_only) -> None:
    live = _live(search_home)
    words = (live / WORDS_TEXT).read_text("utf-8")
    (live / WORDS_TEXT).write_text(words + "\nextra", "utf-8")
    with open_search(search_home) as index, pytest.raises(SearchError) as caught:
        index.search("scry zero")
    assert f"the search index at {live} cannot be read (ValueError:" in str(caught.value)
    assert "run 'crdex build' to build it again" in str(caught.value)
