"""Editions made of documents over the real corpus: partial witnesses never corrupt the chain.

- The bundled samples and then the whole corpus in one home give the same
  graph as the corpus alone: the rulings page (section 501 quotes, dated
  2008-03-17) and the markdown slice (section 701 of 2022-10-07) are
  witnesses of editions the corpus holds complete, not editions of their own.
- A copy cut short (cr-2013-02-01.truncated.txt ends inside its glossary)
  never displaces the complete copy, whichever is added first, and the
  library says so.
"""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import pytest

from conftest import CORPUS, REPO, corpus_path, run_crdex
from crdex import api
from crdex.index.answers.questions import Lineage
from crdex.index.library import Library

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

SAMPLES = REPO / "corpus" / "samples"


def test_samples_then_corpus_diff_like_the_corpus_alone(tmp_path: Path, corpus_home: Path) -> None:
    home = tmp_path / "home"
    api.build(sorted(SAMPLES.glob("*.txt")), home=home)
    api.build([CORPUS], home=home)
    mixed, alone = Library(home), Library(corpus_home)
    assert [e.id for e in mixed.chain()] == [e.id for e in alone.chain()]
    assert len(mixed.graph().identities) == len(alone.graph().identities)
    a, b = Lineage(mixed), Lineage(alone)
    for old, new in itertools.pairwise(e.id for e in alone.chain()):
        assert a.diff(old, new).to_dict() == b.diff(old, new).to_dict(), (old, new)
    # the rulings page speaks for the 2007 editions it quotes, and its rulings follow Scry
    record = mixed.record("2007-05-01")
    assert record is not None
    assert [w.name for w in record.witnesses] == [
        "cr-2007-05-01.txt",
        "rulings-501-keyword-actions.txt",
    ]
    # "501.10.Ruling.1 - There are no ties or losses in a clash. … [Lorwyn FAQ 2007/09/25]"
    graph = mixed.graph()
    at = [e.id for e in graph.editions].index("2007-10-01")
    clash = graph.holder("501.10", at)
    assert clash is not None and graph.texts[clash.runs[-1].title] == "Clash"
    rulings = mixed.rulings(clash.id)
    assert [r["number"] for r in rulings][:2] == ["501.10.Ruling.1", "501.10.Ruling.2"]
    assert rulings[0]["source"] == "Lorwyn FAQ" and rulings[0]["date"] == "2007-09-25"
    assert clash.runs[-1].end == len(graph.editions) - 1  # Clash is still a rule today


@pytest.mark.parametrize("order", ["truncated first", "complete first"])
def test_a_truncated_copy_never_displaces_the_complete_one(tmp_path: Path, order: str) -> None:
    complete, cut = corpus_path("cr-2013-02-01.txt"), corpus_path("cr-2013-02-01.truncated.txt")
    first, second = (cut, complete) if order == "truncated first" else (complete, cut)
    home = tmp_path / "home"
    reports = [api.build([first], home=home), api.build([second], home=home)]
    library = Library(home)
    (edition,) = library.chain()
    assert edition.witnesses[0].name == "cr-2013-02-01.txt" and edition.complete
    assert [w.kind for w in edition.witnesses] == ["complete", "truncated"]
    warnings = [w for r in reports for w in r.warnings]
    assert any(w.startswith("cr-2013-02-01.truncated.txt is cut short") for w in warnings)
    shown = run_crdex("show", "904.12c", "--home", str(home), "--json")
    assert shown.returncode == 0, shown.stderr
    glossary = library.edition(edition.key).glossary
    assert len(glossary) > 30  # the complete glossary, not the 30 terms before the cut


def test_crdex_parse_of_a_cut_short_copy_says_so_and_fails() -> None:
    done = run_crdex("parse", str(corpus_path("cr-2013-02-01.truncated.txt")))
    assert done.returncode == 1
    assert "truncated" in done.stdout + done.stderr


def test_a_named_home_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-home"
    for args in (("show", "701.22"), ("history", "701.22"), ("search", "scry"), ("documents",)):
        done = run_crdex(*args, "--home", str(missing))
        assert done.returncode == 1, args
        assert done.stderr.strip() == (
            f"Error: no library at {missing}: the directory does not exist "
            f"(make one with 'crdex build --home {missing} PATH...')"
        )
    with pytest.raises(Exception, match="no library at"):
        api.rule("701.22", home=missing)


def test_an_unusable_home_for_build_is_a_clear_error(tmp_path: Path) -> None:
    file = tmp_path / "a-file"
    file.write_text("x", "utf-8")
    sample = str(SAMPLES / "2022-10-07.keyword-actions.txt")
    cases = {
        str(file): f"Error: the library home {file} is a file, not a directory",
        "/proc/crdex-home": "Error: cannot create the library home /proc/crdex-home: ",
    }
    for home, message in cases.items():
        done = run_crdex("build", sample, "--home", home)
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert done.stderr.startswith(message), done.stderr


def test_build_of_a_path_that_does_not_exist_fails(tmp_path: Path) -> None:
    done = run_crdex("build", str(tmp_path / "nonexistent.txt"), "--home", str(tmp_path / "h"))
    assert done.returncode == 1
    assert (
        done.stderr.strip() == f"Error: {tmp_path / 'nonexistent.txt'}: no such file or directory"
    )
    assert not (tmp_path / "h" / "CURRENT").exists()


def test_remove_and_documents_and_editions(tmp_path: Path) -> None:
    home = tmp_path / "home"
    shutil.copytree(SAMPLES, tmp_path / "samples")
    api.build([tmp_path / "samples"], home=home)
    listed = json.loads(run_crdex("documents", "--home", str(home), "--json").stdout)["documents"]
    assert {d["kind"] for d in listed} == {"excerpt", "rulings"}
    editions = json.loads(run_crdex("editions", "--home", str(home), "--json").stdout)["editions"]
    assert [e["id"] for e in editions] == ["2007-05-01", "2007-10-01", "2022-10-07"]
    assert all(not e["coverage"]["complete"] for e in editions)
    done = run_crdex("remove", "rulings-501-keyword-actions.txt", "--home", str(home))
    assert done.returncode == 0, done.stderr
    assert "removed rulings-501-keyword-actions.txt (2008-03-17)" in done.stdout
    editions = json.loads(run_crdex("editions", "--home", str(home), "--json").stdout)["editions"]
    assert [e["id"] for e in editions] == ["2022-10-07"]
    bad = run_crdex("remove", "no-such-thing", "--home", str(home))
    assert bad.returncode == 1
    assert bad.stderr.startswith("Error: no document or edition 'no-such-thing' in the library")
