"""Benchmark: following rules across editions, against a difflib baseline measured in the same run.

Prints times for

* the 2009-05-01 → 2009-07-11 pair (the Magic 2010 renumbering, where
  almost every number changed): parsing both documents, crdex's matching,
  and two difflib baselines of the kind existing tools use — a
  SequenceMatcher alignment with ``get_close_matches`` inside each changed
  block (fast, but blind to rules that moved out of their block), and
  ``get_close_matches`` of every changed rule against every changed rule
  (what it takes to follow moved rules with difflib; timed on a sample and
  extrapolated, because it runs for minutes);
* the whole corpus chain: a cold build into a fresh library (parsing every
  document, then matching every consecutive pair), a warm load of the
  cached graph, and the block-local baseline over every pair.

Usage: ``python bench/lineage.py [CORPUS_DIR]`` (default ../shared/corpus).
"""

from __future__ import annotations

import difflib
import itertools
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from crdex.index.library import Library
from crdex.index.lineage import match_pair
from crdex.index.lineage.snapshot import Snapshot, snapshot_of
from crdex.parser import parse_path

PAIR = ("2009-05-01", "2009-07-11")
SAMPLE = 40


def cold_caches() -> None:
    """Forget computed keys, so that a match is timed from scratch."""
    from crdex.index.lineage import content
    from crdex.index.lineage.match import clear_sides

    for fn in (content.fold, content.typography_key, content.masked_key):
        fn.cache_clear()
    clear_sides()


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def wording(snap: Snapshot) -> list[str]:
    return [n.text or n.title for n in snap.rules]


def baseline_blocks(old: Snapshot, new: Snapshot) -> int:
    """difflib alignment, then closest match inside each changed block; returns links made."""
    a, b = wording(old), wording(new)
    links = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            links += i2 - i1
            continue
        block = b[j1:j2]
        for i in range(i1, i2):
            links += bool(difflib.get_close_matches(a[i], block, n=1, cutoff=0.6))
    return links


def baseline_all_pairs_estimate(old: Snapshot, new: Snapshot) -> tuple[float, int]:
    """Seconds for closest-match of every changed rule against all changed rules, extrapolated."""
    a, b = wording(old), wording(new)
    changed_a: list[str] = []
    changed_b: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            changed_a.extend(a[i1:i2])
            changed_b.extend(b[j1:j2])
    sample = random.Random(2009).sample(changed_a, min(SAMPLE, len(changed_a)))
    start = time.perf_counter()
    for text in sample:
        difflib.get_close_matches(text, changed_b, n=1, cutoff=0.6)
    per_rule = (time.perf_counter() - start) / max(len(sample), 1)
    return per_rule * len(changed_a), len(changed_a)


def line(label: str, seconds: float, note: str = "") -> None:
    print(f"  {label:<44} {seconds:8.2f} s  {note}".rstrip())


def bench_pair(corpus: Path) -> None:
    paths = [corpus / f"cr-{d}.txt" for d in PAIR]
    print(f"pair {PAIR[0]} → {PAIR[1]}")
    t_parse, editions = timed(lambda: [parse_path(p) for p in paths])
    old, new = (snapshot_of(e) for e in editions)
    print(
        f"  ({len(old.rules)} → {len(new.rules)} rules, {len(old.glossary)} → {len(new.glossary)} glossary entries)"
    )
    line("parse both documents", t_parse)
    cold_caches()
    t_match, (rules, _glossary) = timed(lambda: match_pair(old, new))
    moved = sum(old.rules[i].key != new.rules[j].key for i, j in rules.pairs.items())
    line(
        "crdex: match rules and glossary",
        t_match,
        f"{len(rules.pairs)} rules linked, {moved} of them renumbered",
    )
    t_base, base_links = timed(lambda: baseline_blocks(old, new))
    line("baseline: difflib, closest match per block", t_base, f"{base_links} rules linked")
    est, changed = baseline_all_pairs_estimate(old, new)
    line(
        "baseline: difflib, all changed pairs (est.)",
        est,
        f"{changed} changed rules; sample of {SAMPLE}",
    )
    print(
        f"  crdex matching is {t_base / t_match:.1f}× the block baseline's speed, "
        f"{est / t_match:.0f}× the all-pairs baseline's"
    )


def bench_chain(corpus: Path) -> None:
    print("whole corpus chain")
    with tempfile.TemporaryDirectory(prefix="crdex-bench-") as tmp:
        home = Path(tmp)
        library = Library(home)
        t_parse, report = timed(lambda: library.add([corpus]))
        chain = library.chain()
        print(
            f"  ({len(report.added)} documents, {len(report.skipped)} files skipped, "
            f"a chain of {len(chain)} editions)"
        )
        line(f"parse every document ({os.cpu_count()} workers)", t_parse)
        t_graph, graph = timed(library.graph)
        line(
            "match every consecutive pair, build graph",
            t_graph,
            f"{len(graph.identities)} identities, {len(graph.links)} split/merge links",
        )
        line("cold build, total", t_parse + t_graph, "(aim: under 60 s)")
        t_warm, _ = timed(lambda: Library(home).graph())
        line("warm: load the cached graph", t_warm)
        snaps = [library.snapshot(d.sha256) for d in chain]
        t_base, _ = timed(lambda: [baseline_blocks(a, b) for a, b in itertools.pairwise(snaps)])
        line("baseline: difflib per block, every pair", t_base)
        cold_caches()
        t_match, _ = timed(lambda: [match_pair(a, b) for a, b in itertools.pairwise(snaps)])
        line("crdex: match every pair (no I/O)", t_match)


def main(argv: list[str]) -> None:
    corpus = (
        Path(argv[1])
        if len(argv) > 1
        else Path(__file__).resolve().parents[2] / "shared" / "corpus"
    )
    if not (corpus / f"cr-{PAIR[0]}.txt").is_file():
        sys.exit(f"no corpus at {corpus} (pass the corpus directory as the first argument)")
    load = (
        ", load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
        if hasattr(os, "getloadavg")
        else ""
    )
    print(
        f"crdex lineage benchmark — Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {platform.machine()}{load}"
    )
    bench_pair(corpus)
    bench_chain(corpus)


if __name__ == "__main__":
    main(sys.argv)
