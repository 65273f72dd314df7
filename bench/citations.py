"""The citation checker on its development set: per-class accuracy of the dated verdicts and
precision and recall of the mismatch warning, and how many fixes keep their citation's rule.

``tests/data/citations-dev.tsv`` (see ``citations-dev.md`` beside it) holds
citations from real engine source, each adjudicated from the rule texts.
They are replayed into a new git repository with commits backdated to the
day each line was written, and checked as ``crdex check --fix --dry-run``
checks a work tree (git dates, words compared through the library's
search), and again without dates (``bench/evaluation/citations.py``).

    python bench/citations.py [--home HOME] [--set TSV] [--json]

``--home`` is a library holding the whole corpus (default:
``$CRDEX_HOME``; without either, one is built from ``../shared/corpus`` in
a temporary folder, which takes minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from crdex.citations import GitDates, Judge, RuleWords, WordsCheck, check_paths
from crdex.index.library import Library
from crdex.index.lineage.editions import find_edition
from crdex.index.search import open_search, update_index
from crdex.parser.references import expand_range
from evaluation.citations import read_rows, replay, score, table

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT / "tests" / "data" / "citations-dev.tsv"
CORPUS = ROOT.parent / "shared" / "corpus"


def library(home: Path | None, scratch: Path) -> Path:
    if home is not None:
        return home
    home = scratch / "home"
    lib = Library(home)
    lib.add([CORPUS])
    update_index(lib)
    return home


def fixes_keep_their_rule(graph, dated) -> tuple[int, int]:
    """(fixes whose new number names, in the edition checked, the rule the citation meant;
    fixes). Every number a fix writes is compared with the number it replaces."""
    target = find_edition("latest", graph).index
    fixed = [j for _p, j in dated.judgements if j.replacement is not None]
    kept = 0
    for j in fixed:
        first, _, last = j.replacement.partition("–")
        numbers = expand_range(first, last) if last else [first]
        kept += len(numbers) == len(j.verdicts) and all(
            v.reading is not None and graph.holder(n, target) is v.reading.identity
            for n, v in zip(numbers, j.verdicts, strict=True)
        )
    return kept, len(fixed)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    env = os.environ.get("CRDEX_HOME")
    ap.add_argument("--home", type=Path, default=Path(env) if env else None)
    ap.add_argument("--set", type=Path, default=DEV, help="adjudicated citations (TSV)")
    ap.add_argument("--json", action="store_true")
    opts = ap.parse_args()
    rows = read_rows(opts.set)
    with tempfile.TemporaryDirectory(prefix="crdex-citations-") as tmp:
        home = library(opts.home, Path(tmp))
        graph = Library(home).graph()
        words = WordsCheck(graph, RuleWords.of(graph), open_search(home))
        judge = Judge(graph, words=words)
        repo = Path(tmp) / "engines"
        replay(rows, repo)
        start = time.perf_counter()
        dated = check_paths([repo], judge, dates=GitDates(), fix=True, dry_run=True)
        took = time.perf_counter() - start
        undated = check_paths([repo], judge)
    scores = score(rows, dated, undated)
    kept, fixed = fixes_keep_their_rule(graph, dated)
    if opts.json:
        out = {**scores.to_dict(), "fixes_keep_rule": [kept, fixed], "check_s": round(took, 2)}
        print(json.dumps(out, indent=1))
        return 0
    print(f"{len(rows)} citations from {len({r.engine for r in rows})} engines ({opts.set.name})")
    print(table(scores))
    print(f"fixes that keep the rule their citation meant: {kept} of {fixed}")
    print(f"checked with git dates in {took:.1f} s, {words.searches} searches")
    for miss in scores.misses:
        print("  " + miss)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
