"""The citation checker on 174 citations from real engine source, adjudicated by hand.

tests/data/citations-dev.tsv (see tests/data/citations-dev.md) holds each
citation's comment, the date its line was written and what the rule texts
of ../shared/corpus say of it. The rows are replayed into a git repository
with backdated commits and checked as ``crdex check`` checks a work tree
(``bench/evaluation/citations.py``). This is the development set: the
checker's constants were chosen on it, and the engines kept for the final
measurement are not in it.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from conftest import REPO
from crdex.citations import GitDates, Judge, RuleWords, WordsCheck, check_paths
from crdex.index.library import Library
from crdex.index.lineage.editions import find_edition
from crdex.index.search import open_search
from crdex.parser.references import expand_range
from evaluation.citations import read_rows, replay, score
from evaluation.citations import table as per_class

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(shutil.which("git") is None, reason="no git command"),
]

DEV = REPO / "tests" / "data" / "citations-dev.tsv"
CLASSES = {"correct", "wrong", "moved", "reused"}
HELD_OUT = ("magefree/mage", "phase-rs")


def test_the_set_is_real_varied_and_adjudicated() -> None:
    rows = read_rows(DEV)
    assert len(rows) >= 150
    assert {r.cls for r in rows} == CLASSES
    assert len({r.engine for r in rows}) >= 6 and len({r.language for r in rows}) >= 5
    assert not any(h in r.engine for r in rows for h in HELD_OUT)
    for r in rows:
        assert r.number in r.excerpt and r.note and len(r.date) == 10, r.id
        assert r.status in ("ok", "moved", "changed"), r.id
    counts = Counter(r.cls for r in rows)
    assert counts["wrong"] >= 20 and counts["moved"] >= 20 and counts["reused"] >= 5


@pytest.fixture(scope="module")
def reports(corpus_home: Path, tmp_path_factory: pytest.TempPathFactory):
    rows = read_rows(DEV)
    repo = tmp_path_factory.mktemp("dev") / "engines"
    replay(rows, repo)
    graph = Library(corpus_home).graph()
    words = WordsCheck(graph, RuleWords.of(graph), open_search(corpus_home))
    judge = Judge(graph, words=words)
    dated = check_paths([repo], judge, dates=GitDates(), fix=True, dry_run=True)
    undated = check_paths([repo], judge)
    return rows, graph, dated, undated


def test_dated_verdicts_and_mismatch_precision(reports) -> None:
    rows, _graph, dated, undated = reports
    scores = score(rows, dated, undated)
    print("\n" + per_class(scores))
    table = scores.to_dict()
    dated_right, dated_total = table["dated"]["all"]
    assert dated_right / dated_total >= 0.98, table["misses"]
    flagged_right, flagged = table["mismatch_precision"].get("all", [0, 0])
    assert flagged >= 5 and flagged_right / flagged >= 0.9, table["misses"]
    # every number that has meant several rules and that words settle without a date is
    # settled as its date settles it (the citations whose words describe another rule apart)
    settled_right, settled = table["undated_settled_right"]
    assert settled >= 30 and settled_right == settled, table["misses"]


def test_no_fix_changes_which_rule_a_citation_means(reports) -> None:
    _rows, graph, dated, _undated = reports
    target = find_edition("latest", graph).index
    fixed = [j for _p, j in dated.judgements if j.replacement is not None]
    assert len(fixed) >= 20
    for j in fixed:
        assert j.mismatch is None
        first, _, last = j.replacement.partition("–")
        new = expand_range(first, last or None) if last else [first]
        assert len(new) == len(j.verdicts), j.citation.text
        for number, v in zip(new, j.verdicts, strict=True):
            assert v.reading is not None and v.reading.settled
            # the number written names, in the edition checked against, the rule it meant
            assert graph.holder(number, target) is v.reading.identity, (j.citation.text, number)
