"""A question matched to rules token by token (index/search/answering/token_match.py).

The expected rules come from reading cr-2026-08-07.txt: 113.7a says an
ability "once activated" exists independently of its source (line 805),
800.4a that "all objects ... owned by that player leave the game" (line
6426); 500.5 (line 2123) that "any unspent mana left in a player's mana
pool empties".
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from conftest import CORPUS, REPO, search_library
from crdex.index.search import SearchError, SearchTooCostly, open_search, update_index
from crdex.index.search.answering import engine, token_match
from crdex.index.search.answering.budget import Deadline
from crdex.index.search.answering.token_match import TokenMatch, rescored
from crdex.index.search.building.token_files import TOKEN_FILES, read_token_states
from crdex.index.search.models.sentences import SentenceModel, sentence_model
from crdex.index.search.models.token_states import TokenStates, quantized
from crdex.index.search.store import IndexStore

needs_model = pytest.mark.skipif(sentence_model() is None, reason="no sentence model installed")
LATEST = CORPUS / "cr-2026-08-07.txt"
DATA = REPO / "tests" / "data" / "search"
QUESTION = "when does unspent mana empty from the mana pool"


def _rules(*numbers: str) -> list[str]:
    if not LATEST.is_file():
        pytest.skip(f"{LATEST} is not available")
    lines = LATEST.read_text("utf-8-sig").splitlines()
    # a rule's number ends with a period ("113.7. "), a subrule's does not ("113.7a ")
    return [next(ln for ln in lines if ln.split(" ", 1)[0].rstrip(".") == n) for n in numbers]


def test_quantized_keeps_each_token_a_unit_vector_within_a_step() -> None:
    states = np.random.default_rng(7).standard_normal((5, 384)).astype(np.float32) * 3
    codes, scales, ids = quantized(states, [101, 2, 3, 4, 5])
    assert codes.dtype == np.int8 and int(np.abs(codes).max()) == 127
    back = codes.astype(np.float32) * scales[:, None]
    unit = states / np.linalg.norm(states, axis=1, keepdims=True)
    assert float(np.abs(back - unit).max()) <= float(scales.max()) / 2 + 1e-7
    assert ids.tolist() == [101, 2, 3, 4, 5]


def test_texts_end_to_end_keep_their_own_tokens() -> None:
    a = quantized(np.eye(3, 4, dtype=np.float32), [7, 8, 9])
    b = quantized(np.ones((1, 4), dtype=np.float32), [5])
    joined = TokenStates.joined([a, None, b], 4)
    assert len(joined) == 3 and joined.starts.tolist() == [0, 3, 3, 4]
    assert joined.piece(0)[2].tolist() == [7, 8, 9] and len(joined.piece(1)[0]) == 0
    assert np.allclose(joined.vectors(2), 0.5, atol=0.01)


@needs_model
def test_a_rules_tokens_are_every_token_of_every_window() -> None:
    """702.19c is longer than the model's 64 tokens: its tokens are all of them, in order."""
    (rule,) = _rules("702.19c")
    model = sentence_model()
    assert model is not None
    tokens: list = []
    vector = model.encode([rule], None, tokens)
    assert np.allclose(vector, model.encode([rule]))  # the same pass, the same vector
    whole = model.tokenizer.ids(rule, 10**6)
    codes, scales, ids = tokens[0]
    assert ids.tolist() == whole[1:-1] and len(codes) == len(whole) - 2
    first = model.windows(rule)[0]
    states = model.bert.states(np.array([first]), np.ones((1, len(first)), dtype=bool))[0]
    read = codes[: len(first) - 2].astype(np.float32) * scales[: len(first) - 2, None]
    read /= np.linalg.norm(read, axis=1, keepdims=True)
    expected = states[1:-1] / np.linalg.norm(states[1:-1], axis=1, keepdims=True)
    assert float(np.einsum("ij,ij->i", read, expected).min()) > 0.999


@pytest.mark.parametrize(
    ("question", "number", "asked", "found"),
    [
        ("bolt the thing in response to its activation, does the effect still resolve",
         "113.7a", "activation", "activated"),
        ("someone gets knocked out of a free-for-all, what happens to their stuff",
         "800.4a", "stuff", "objects"),
    ],
)  # fmt: skip
@needs_model
def test_a_questions_word_finds_the_rules_word_that_means_it(
    question: str, number: str, asked: str, found: str
) -> None:
    """Weighed against the rules around it, the rule is matched best, through the word it uses."""
    texts = _rules(number, "113.7", "113.8", "800.4", "800.4b")
    assert found in texts[0] and asked not in texts[0]
    model = sentence_model()
    assert model is not None
    pieces: list = []
    model.encode(texts, None, pieces)
    match = TokenMatch(TokenStates.joined(pieces, model.dimensions))
    read: list = []
    model.encode([question], None, read)
    scores = match.scores(read[0], range(len(texts)))
    assert int(np.argmax(scores)) == 0 and 0 < float(scores.max()) <= 1
    mean = match._ready_once().mean
    (word,) = model.tokenizer.ids(asked, 10)[1:-1]
    at = read[0][2].tolist().index(word)
    q = read[0][0][at].astype(np.float32) * read[0][1][at] - mean
    rule = match.tokens.vectors(0) - mean
    nearest = int(np.argmax(rule @ q / np.linalg.norm(rule, axis=1)))
    assert model.tokenizer.ids(found, 10)[1:-1] == [int(match.tokens.piece(0)[2][nearest])]


def test_rescoring_lifts_by_the_match_relative_to_the_best() -> None:
    from crdex.index.search.answering.rank import Candidate

    scored = [
        (3.0, Candidate(1, 1.0, {})),
        (2.5, Candidate(2, 1.0, {})),
        (1.0, Candidate(3, 0, {})),
    ]
    out = rescored(scored, np.array([0.25, 0.5], dtype=np.float32), weight=2.0)
    # 3 + 2 * 0.5 = 4 and 2.5 + 2 * 1 = 4.5; the third is beyond the match and stays
    assert [(s, c.docnum) for s, c in out] == [(4.5, 2), (4.0, 1), (1.0, 3)]
    assert rescored(scored, np.zeros(2, dtype=np.float32)) == scored


@needs_model
def test_the_latest_edition_is_searched_with_its_kept_tokens(
    web_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_search(web_home) as index:
        found = [h.number for h in index.search(QUESTION, edition="2026-08-07", limit=3).hits]
        assert "500.5" in found
        monkeypatch.setattr(token_match, "WEIGHT", 0.0)
        monkeypatch.setattr(token_match.rescored, "__defaults__", (0.0,))
        without = [h.number for h in index.search(QUESTION, edition="2026-08-07", limit=3).hits]
    assert "500.5" not in without  # the token match is what lifts it


@needs_model
def test_an_earlier_editions_first_candidates_are_read_as_it_is_asked(
    web_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[int] = []
    real = TokenMatch.read_and_score

    def spy(self: TokenMatch, model, question, texts, check=None):  # type: ignore[no-untyped-def]
        read.append(len(texts))
        return real(self, model, question, texts, check)

    monkeypatch.setattr(TokenMatch, "read_and_score", spy)
    with open_search(web_home) as index:
        index.search("mana pool empties", edition="2026-08-07")
        assert read == []  # the latest edition's tokens are kept
        index.search("mana pool empties", edition="2009-05-01")
        assert read == [token_match.EARLIER_DEPTH]
        index.search("mana pool empties", all_editions=True)
        assert read == [token_match.EARLIER_DEPTH]  # all editions: not read


@needs_model
def test_reading_an_earlier_editions_candidates_stops_at_the_searchs_deadline(
    web_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The model's pass is under the search's bound: a deadline that passes while the model
    reads (a machine busy with other work) stops the search with the bound's error."""
    reading: list[bool] = []

    class Passing(Deadline):
        def expired(self) -> bool:  # passes once the model has started reading
            return bool(reading)

    real = SentenceModel.encode

    def slow(self, texts, done=None, tokens=None):  # type: ignore[no-untyped-def]
        reading.append(True)
        return real(self, texts, done, tokens)

    monkeypatch.setattr(engine, "Deadline", Passing)
    with open_search(web_home) as index:
        index.search("mana pool empties", edition="2009-05-01")  # no reading yet: answered
        monkeypatch.setattr(SentenceModel, "encode", slow)
        with pytest.raises(SearchTooCostly) as stopped:
            index.search("mana pool empties", edition="2009-05-01")
        assert len(reading) == 1  # the question was read, its candidates were not
    assert str(stopped.value) == (
        "the search was stopped after 1.5 s of work; ask with fewer or longer patterns, "
        "or search one edition instead of all"
    )


@needs_model
def test_token_files_that_disagree_are_a_clear_error(tmp_path: Path, web_home: Path) -> None:
    home = tmp_path / "home"
    shutil.copytree(web_home, home)
    live = IndexStore(home / "search").current()
    assert live is not None
    starts = np.load(live / TOKEN_FILES["starts"])
    np.save(live / TOKEN_FILES["starts"], starts[:-1], allow_pickle=False)
    with open_search(home) as index, pytest.raises(SearchError) as caught:
        index.search(QUESTION)
    assert str(caught.value) == (
        f"the search index at {live} cannot be read (ValueError: the token starts do not "
        "cover the tokens); run 'crdex build' to build it again"
    )


@needs_model
def test_an_update_keeps_the_tokens_of_the_texts_it_has_read(tmp_path: Path) -> None:
    library, store, before = search_library(tmp_path / "home")
    old = read_token_states(before)
    old_digests = np.load(before / "sentence-digests-latest.npy").tolist()
    library.add([DATA / "later"])
    assert update_index(library).reason == "update"
    live = store.current()
    assert live is not None and live != before
    new = read_token_states(live)
    digests = np.load(live / "sentence-digests-latest.npy").tolist()
    assert old is not None and new is not None and len(new) == len(digests)
    kept = 0
    for i, d in enumerate(digests):
        if d and d in old_digests:
            j = old_digests.index(d)
            assert new.piece(i)[2].tolist() == old.piece(j)[2].tolist()
            assert np.array_equal(new.piece(i)[0], old.piece(j)[0])
            kept += 1
    assert kept and all(len(new.piece(i)[0]) for i, d in enumerate(digests) if d)


@needs_model
def test_an_index_without_tokens_is_given_them_by_the_next_build(tmp_path: Path) -> None:
    """A generation written before tokens were kept is searched as it is, then read anew."""
    library, store, old = search_library(tmp_path / "home")
    for name in TOKEN_FILES.values():  # as an earlier crdex wrote it
        (old / name).unlink()
    meta = json.loads((old / "meta.json").read_text())
    del meta["tokens"]
    (old / "meta.json").write_text(json.dumps(meta))
    with open_search(tmp_path / "home") as index:
        assert index.search("scry zero").hits  # searched without the token match
    notes: list[str] = []
    report = update_index(library, notice=notes.append)
    assert report.reason == "update" and notes == [
        f"the search index at {old}: its sentence vectors come without the tokens questions "
        "are matched against; giving the latest edition's rules sentence vectors"
    ]
    live = store.current()
    assert live is not None and live != old
    tokens = read_token_states(live)
    assert tokens is not None and len(tokens) == len(np.load(live / "sentence-digests-latest.npy"))
