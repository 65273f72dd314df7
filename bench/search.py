"""Search index build time and query latency, beside a linear scan measured in the same run.

Figures:

- building the library (parsing every document, matching editions): not the
  search index, shown for scale;
- building the whole search index from the library, and that time per edition;
- adding the last edition to an index of all the others (an update, not a rebuild);
- query latency (p50, p95, wall clock and CPU) over the evaluation questions,
  with the top-3 hit rate and mean reciprocal rank, for crdex search and for
  the baseline: a linear scan of every rule of the edition, scoring a rule by
  how many query words (question words dropped) its text contains; and the
  latency of the same questions asked across all editions.

    python bench/search.py [--corpus ../shared/corpus] [--home DIR] [--repeat 5] [--json]

``--home`` reuses (and fills) a library directory; by default a temporary
one is built and removed.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from crdex.index.library import Library
from crdex.index.search import SearchIndex, open_search, update_index
from crdex.index.search.evaluate import Question, accepts, evaluate, read_questions
from crdex.index.search.terms import QUERY_STOP_WORDS, words_of

T = TypeVar("T")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class LinearScan:
    """The baseline: every rule of the edition, scored by the query words its text contains."""

    def __init__(self, library: Library) -> None:
        graph = library.graph()
        self.editions = {e.id: i for i, e in enumerate(graph.editions)}
        self.rules: dict[int, list[tuple[str, str]]] = {}
        for index in range(len(graph.editions)):
            present = graph.present(index, glossary=False)
            self.rules[index] = [
                (run.key, f"{graph.texts[run.title]} {graph.texts[run.text]}".lower())
                for _ident, run in present.values()
            ]

    def search(self, query: str, edition: str, limit: int = 10) -> list[str]:
        words = [w for w in words_of(query) if w not in QUERY_STOP_WORDS] or list(words_of(query))
        patterns = [re.compile(rf"\b{re.escape(w)}") for w in words]
        scored = []
        for number, text in self.rules[self.editions[edition]]:
            score = sum(1 for p in patterns if p.search(text))
            if score:
                scored.append((-score, len(text), number))
        scored.sort()
        return [number for _s, _l, number in scored[:limit]]


def timed(fn: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[T, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - wall, time.process_time() - cpu


def latency(
    run: Callable[[Question], object], questions: list[Question], repeat: int
) -> dict[str, float]:
    for q in questions:  # warm caches (edition tables, stemmer) outside the timings
        run(q)
    walls, cpus = [], []
    for _ in range(repeat):
        for q in questions:
            _out, wall, cpu = timed(run, q)
            walls.append(wall * 1000)
            cpus.append(cpu * 1000)
    return {
        "p50_ms": percentile(walls, 0.5),
        "p95_ms": percentile(walls, 0.95),
        "cpu_p50_ms": percentile(cpus, 0.5),
        "cpu_p95_ms": percentile(cpus, 0.95),
        "mean_ms": statistics.fmean(walls),
    }


def baseline_quality(scan: LinearScan, questions: list[Question]) -> tuple[float, float]:
    hits = mrr = 0.0
    for q in questions:
        got = scan.search(q.query, q.edition)
        rank = next((i for i, n in enumerate(got, 1) if accepts(q.answers, n)), None)
        hits += rank is not None and rank <= 3
        mrr += 1 / rank if rank else 0
    return hits / len(questions), mrr / len(questions)


def incremental(library: Library, scratch: Path) -> dict[str, float]:
    """Index all editions but the last, then add the last one and time the update."""
    chain = library.chain()
    last = chain[-1]
    home = scratch / "incremental"
    home.mkdir()
    for name in ("editions", "snapshots"):  # reuse the parse cache: nothing is parsed again
        shutil.copytree(Path(library.home or "") / name, home / name)
    partial = Library(home)
    partial.add([d.path for d in chain[:-1]])
    partial.graph()
    update_index(partial)
    partial.add([last.path])
    partial.graph()  # matching the new edition is lineage's work, not the index's
    report, wall, _cpu = timed(update_index, partial)
    return {
        "edition": last.id,
        "seconds": wall,
        "added": report.added,
        "removed": report.removed,
        "documents": report.documents,
    }


def main() -> int:
    here = Path(__file__).resolve().parents[1]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=here.parent / "shared" / "corpus")
    ap.add_argument(
        "--queries", type=Path, default=here.parent / "shared" / "eval" / "search-queries.tsv"
    )
    ap.add_argument("--home", type=Path, help="library directory to use (default: a temporary one)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--skip-incremental", action="store_true")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    if not args.corpus.is_dir() or not args.queries.is_file():
        print(f"need {args.corpus} and {args.queries}", file=sys.stderr)
        return 1
    scratch = Path(tempfile.mkdtemp(prefix="crdex-bench-"))
    try:
        home = args.home or scratch / "home"
        library = Library(home)
        _r, library_s, _c = timed(library.add, [args.corpus])
        _g, graph_s, _c = timed(library.graph)
        editions = len(library.chain())
        report, index_s, index_cpu = timed(update_index, library, force=True)
        size = sum(f.stat().st_size for f in Path(report.path or "").iterdir())
        figures: dict[str, object] = {
            "editions": editions,
            "library_parse_s": library_s,
            "library_graph_s": graph_s,
            "index_build_s": index_s,
            "index_build_cpu_s": index_cpu,
            "index_per_edition_ms": index_s / editions * 1000,
            "index_documents": report.documents,
            "index_mb": size / 1e6,
        }
        if not args.skip_incremental:
            figures["add_one_edition"] = incremental(library, scratch)

        questions = read_questions(args.queries)
        index: SearchIndex = open_search(home)
        evaluation = evaluate(index, questions)
        figures["search"] = {
            **latency(lambda q: index.search(q.query, edition=q.edition), questions, args.repeat),
            "top3": evaluation.hit_rate,
            "mrr": evaluation.mrr,
        }
        figures["search_all_editions"] = latency(
            lambda q: index.search(q.query, all_editions=True), questions, args.repeat
        )
        scan = LinearScan(library)
        top3, mrr = baseline_quality(scan, questions)
        figures["linear_scan"] = {
            **latency(lambda q: scan.search(q.query, q.edition), questions, args.repeat),
            "top3": top3,
            "mrr": mrr,
        }
        index.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    s, b = figures["search"], figures["linear_scan"]
    assert isinstance(s, dict) and isinstance(b, dict)
    print(f"library: {editions} editions parsed in {library_s:.1f} s, matched in {graph_s:.1f} s")
    print(
        f"search index: {report.documents} documents, {figures['index_mb']:.1f} MB, "
        f"built in {index_s:.1f} s ({index_cpu:.1f} s CPU), "
        f"{figures['index_per_edition_ms']:.0f} ms per edition"
    )
    if "add_one_edition" in figures:
        inc = figures["add_one_edition"]
        assert isinstance(inc, dict)
        print(
            f"adding {inc['edition']} to an index of the others: {inc['seconds']:.2f} s "
            f"({inc['added']} documents added, {inc['removed']} removed of {inc['documents']})"
        )
    print(f"{len(questions)} questions, {args.repeat} rounds:")
    print(
        f"  {'':12} {'p50 ms':>8} {'p95 ms':>8} {'CPU p50':>8} {'CPU p95':>8} {'top-3':>6} {'MRR':>6}"
    )
    for name, row in (("crdex search", s), ("linear scan", b)):
        print(
            f"  {name:12} {row['p50_ms']:8.1f} {row['p95_ms']:8.1f} {row['cpu_p50_ms']:8.1f} "
            f"{row['cpu_p95_ms']:8.1f} {row['top3']:6.1%} {row['mrr']:6.3f}"
        )
    print(f"  p95 ratio search / scan: {s['p95_ms'] / b['p95_ms']:.2f}")
    a = figures["search_all_editions"]
    assert isinstance(a, dict)
    print(
        f"  the same questions across all editions (--all-editions): "
        f"p50 {a['p50_ms']:.1f} ms, p95 {a['p95_ms']:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
