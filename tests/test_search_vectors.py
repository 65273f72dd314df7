"""The vectors beside the index, on the small invented editions of tests/data/search.

What the editions say is in tests/data/search/README.md: Scry is 701.2 in
2021-04-22 (701.2b: "If a player is instructed to scry 0, no scry event
occurs"); 2022-01-01 adds 701.5 Investigate (701.5, 701.5a).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import crdex
from conftest import REPO, run_crdex
from crdex.index.library import Library
from crdex.index.search import SearchError, open_search, update_index
from crdex.index.search.building.indexer import index_name
from crdex.index.search.meta import PARTS
from crdex.index.search.models.embedding import Embedder
from crdex.index.search.store import IndexStore
from crdex.index.search.vectors import read_part, read_weights

DATA = REPO / "tests" / "data" / "search"

# Every way out to the network fails, as on a machine with none.
NO_NETWORK = """
import socket

def _refuse(*args, **kwargs):
    raise OSError("the network is unreachable (test)")

socket.socket.connect = _refuse
socket.create_connection = _refuse
socket.getaddrinfo = _refuse
"""


def offline(script: str, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a new process with the network unreachable and no caches."""
    env = {
        k: v
        for k, v in os.environ.items()
        if "proxy" not in k.lower() and k not in ("CRDEX_HOME", "HF_HOME", "XDG_CACHE_HOME")
    }
    env.update(HOME=str(home), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run(
        [sys.executable, "-c", NO_NETWORK + script, *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=home,
        env=env,
    )


def test_building_and_searching_with_the_network_unreachable(tmp_path: Path) -> None:
    script = """
import sys
from pathlib import Path
from crdex.index.library import Library
from crdex.index.search import open_search, update_index

library = Library(Path(sys.argv[1]))
library.add([Path(sys.argv[2])])
update_index(library)
with open_search(Path(sys.argv[1])) as index:
    print(index.search("what happens when I scry zero").hits[0].number)
"""
    done = offline(script, str(tmp_path / "home"), str(DATA / "library"), home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["701.2b"]


def test_the_vectors_are_wordllamas_own(tmp_path: Path) -> None:
    """The model read from the package's files embeds as WordLlama itself does (downloads off)."""
    script = """
from wordllama import WordLlama
from crdex.index.search.models.embedding import Embedder, package_dir

texts = ["what happens when I scry zero", "Trample", "702.19b If an attacking creature"]
theirs = WordLlama.load(cache_dir=package_dir(), disable_download=True).embed(texts, norm=True)
ours = Embedder.load().embed(texts)
print(float(abs(theirs - ours).max()))
"""
    done = offline(script, home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert float(done.stdout.split()[-1]) < 1e-5


def test_the_vectors_are_stored_beside_the_whoosh_files(search_home: Path) -> None:
    from whoosh import index as whoosh_index

    live = IndexStore(search_home / "search").current()
    assert live is not None
    assert read_weights(live).shape == (32000,)
    for part in PARTS:
        vectors, digests = read_part(live, part)
        ix = whoosh_index.open_dir(live, indexname=index_name(part), readonly=True)
        with ix.reader() as reader:
            assert len(vectors) == len(digests) == reader.doc_count_all()
        ix.close()
        assert vectors.dtype == np.float16
        norms = np.linalg.norm(vectors.astype(np.float32), axis=1)
        assert np.allclose(norms, 1.0, atol=1e-2)


def test_a_version_is_embedded_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    embedded: list[str] = []
    real = Embedder.embed

    def counting(self: Embedder, texts, weights=None):  # type: ignore[no-untyped-def]
        embedded.extend(texts)
        return real(self, texts, weights)

    monkeypatch.setattr(Embedder, "embed", counting)
    library = Library(tmp_path / "home")
    library.add([DATA / "library"])
    update_index(library)
    assert embedded and len(embedded) == len(set(embedded))
    embedded.clear()
    library.add([DATA / "later"])
    report = update_index(library)
    assert report.reason == "update"
    # only the two versions 2022-01-01 adds: 701.5 Investigate and 701.5a
    assert len(embedded) == 2
    assert all("Investigate" in text for text in embedded)


def test_an_index_with_another_models_vectors_is_read_around_then_rebuilt(
    search_home: Path,
) -> None:
    """A library built before the vectors (or with another model) still searches, with a note."""
    store = IndexStore(search_home / "search")
    live = store.current()
    assert live is not None
    meta = json.loads((live / "meta.json").read_text())
    meta["vectors"] = "an older model"
    (live / "meta.json").write_text(json.dumps(meta))
    notes: list[str] = []
    with open_search(search_home, notice=notes.append) as index:
        assert index.search("scry zero").hits[0].number == "701.2b"
    (note,) = notes
    assert "word vectors come from an older model" in note
    report = update_index(Library(search_home), notice=notes.append)
    assert report.reason == "format" and store.current() != live
    assert "rebuilding it" in notes[-1]


def test_each_method_alone_and_fused(search_home: Path) -> None:
    with open_search(search_home) as index:
        for method in ("hybrid", "bm25", "vectors"):
            assert index.search("scry zero", method=method).hits[0].number == "701.2b"
        with pytest.raises(SearchError) as info:
            index.search("scry", method="words")
    assert str(info.value) == "method must be one of hybrid, bm25, vectors, not 'words'"


def test_no_nearest_vectors_when_no_word_is_in_the_rules(search_home: Path) -> None:
    """2021-04-22 has no word of "quux": no guesses from the vectors alone."""
    with open_search(search_home) as index:
        result = index.search("quux")
    assert result.hits == [] and result.total == 0


@pytest.mark.parametrize(
    "args",
    [
        ["what happens when I scry zero"],
        ["exile", "--edition", "2008-05-01"],
        ["scry* OR mill"],
        ["scry", "--all-editions"],
    ],
)
def test_the_command_and_the_python_api_rank_alike(search_home: Path, args: list[str]) -> None:
    done = run_crdex("search", "--home", str(search_home), "--json", *args)
    assert done.returncode == 0, done.stderr
    edition = args[args.index("--edition") + 1] if "--edition" in args else None
    api = crdex.search(
        args[0], edition=edition, all_editions="--all-editions" in args, home=search_home
    ).to_dict()
    assert json.loads(done.stdout) == json.loads(json.dumps(api))


def _python(probe: str) -> subprocess.CompletedProcess[str]:
    """``probe`` run by a new Python, as a command starts."""
    return subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False, timeout=120
    )


def test_importing_the_search_package_loads_nothing_heavy() -> None:
    probe = (
        "import sys, crdex.index.search\n"
        "from crdex.index.search import SearchError, Hit\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('whoosh', 'numpy', 'tokenizers', 'safetensors', 'wordllama')))"
    )
    done = _python(probe)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_damaged_vectors_file_is_a_clear_error_when_a_search_reads_it(
    search_home: Path,
) -> None:
    """Each part's vectors are read when first needed; a damaged one is named then."""
    live = IndexStore(search_home / "search").current()
    assert live is not None
    earlier = live / "vectors-earlier.npy"
    earlier.write_bytes(earlier.read_bytes()[:100])  # cut short
    with open_search(search_home) as index:
        # the latest edition's search reads the latest part alone
        assert index.search("scry zero").hits[0].number == "701.2b"
        with pytest.raises(SearchError) as caught:
            index.search("scry zero", all_editions=True)
    assert str(caught.value).startswith(f"the search index at {live} cannot be read (ValueError:")
    assert str(caught.value).endswith("run 'crdex build' to build it again")


def test_vectors_that_do_not_match_the_documents_are_a_clear_error(
    search_home: Path, static_vectors_only
) -> None:
    live = IndexStore(search_home / "search").current()
    assert live is not None
    vectors, _digests = read_part(live, "latest")
    np.save(live / "vectors-latest.npy", vectors[:-1], allow_pickle=False)
    with open_search(search_home) as index, pytest.raises(SearchError) as caught:
        index.search("scry zero")
    assert str(caught.value) == (
        f"the search index at {live} cannot be read: {len(vectors) - 1} vectors for "
        f"{len(vectors)} documents; run 'crdex build' to build it again"
    )


def test_a_damaged_earlier_part_is_a_clear_error_when_a_search_reads_it(
    search_home: Path,
) -> None:
    """The earlier part's Whoosh files are opened when a search first goes beyond the latest edition."""
    live = IndexStore(search_home / "search").current()
    assert live is not None
    for segment in live.glob("EARLIER_*.seg"):
        segment.unlink()
    with open_search(search_home) as index:
        assert index.search("scry zero").hits[0].number == "701.2b"
        with pytest.raises(SearchError) as caught:
            index.search("scry zero", all_editions=True)
    assert str(caught.value).startswith(
        f"the search index at {live} cannot be read (FileNotFoundError:"
    )
    assert str(caught.value).endswith("run 'crdex build' to build it again")


def test_a_word_search_imports_only_what_it_uses(search_home: Path) -> None:
    """Whoosh runs without urllib.request, asyncio, html and its English word forms (see
    .imports), and the index's digest is checked without loading OpenSSL (_hashlib)."""
    probe = (
        "import sys\n"
        "from crdex.cli import main\n"
        "try:\n"
        f"    main(['search', '--home', {str(search_home)!r}, 'scry zero'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in ('whoosh.compat', 'whoosh.reading', 'numpy', 'urllib.request', "
        "'asyncio', 'cached_property', 'importlib.metadata', 'email', 'ssl', "
        "'whoosh.lang.morph_en', 'html', '_hashlib') if m in sys.modules), "
        "file=sys.stderr)\n"
        "import urllib.request, whoosh.compat, whoosh.reading, functools\n"
        "assert 'urlopen' in vars(sys.modules['urllib.request'])  # the real module, not a stand-in\n"
        "assert whoosh.reading.cached_property is functools.cached_property\n"
        "assert whoosh.compat.htmlescape('<a href=\"x\">') == '&lt;a href=&quot;x&quot;&gt;'\n"
        "import hashlib, whoosh.filedb.filetables as tables\n"
        "assert tables.md5_hash(b'701.22') == int(hashlib.md5(b'701.22').hexdigest(), 16) & 0xFFFFFFFF\n"
        "import html\n"
        "assert len(html.entities.html5) > 2000  # the real module\n"
        "import whoosh.query.terms\n"
        "assert 'rulings' in whoosh.query.terms.variations('rule')  # the real one, when called\n"
    )
    done = _python(probe)
    assert done.returncode == 0, done.stderr
    assert "701.2b" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "['numpy', 'whoosh.compat', 'whoosh.reading']"
