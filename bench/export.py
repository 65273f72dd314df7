"""Export time for the whole corpus, per format, beside a baseline measured in the same run.

The baseline reads every edition of the chain from the library's parse cache
and serializes it to JSON into a null sink: the least any export of the
trees must do. Each format is then written for real, to a temporary
directory, and timed with its size and its ratio to the baseline, in wall
time and in CPU time: on a machine shared with other work the CPU ratio
holds better (the wall time of a format also holds the fsync that makes
its file durable before it is renamed into place).

    python bench/export.py [--home DIR | --corpus ../shared/corpus] [--formats json,jsonl,sqlite] [--json]

Without --home, a library is built from --corpus into a temporary directory
first (its build time is printed, not counted).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from crdex.index.export import FORMATS, export, plan_export
from crdex.index.library import Library


class _Null:
    def write(self, text: str) -> int:
        return len(text)


def _clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def _since(started: tuple[float, float]) -> tuple[float, float]:
    wall, cpu = _clock()
    return wall - started[0], cpu - started[1]


def baseline(library: Library) -> tuple[float, float]:
    """(wall, CPU) seconds to read every cached tree of the chain and serialize it."""
    assert library.home is not None
    started = _clock()
    sink = _Null()
    for doc in library.chain():
        data = library.edition_dict(doc.sha256)
        sink.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return _since(started)


def main() -> int:
    here = Path(__file__).resolve().parents[1]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--home", type=Path, help="a built library (default: build one from --corpus)")
    ap.add_argument("--corpus", type=Path, default=here.parent / "shared" / "corpus")
    ap.add_argument("--formats", default=",".join(FORMATS))
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    formats = [f for f in args.formats.split(",") if f]
    with tempfile.TemporaryDirectory(prefix="crdex-bench-") as tmp:
        home = args.home
        build_s = None
        if home is None:
            if not args.corpus.is_dir():
                print(f"no corpus at {args.corpus}; give --home or --corpus", file=sys.stderr)
                return 1
            home = Path(tmp) / "home"
            started = time.perf_counter()
            Library(home).add([args.corpus])
            Library(home).graph()
            build_s = time.perf_counter() - started
        library = Library(home)
        graph = library.graph()
        chain = library.chain()
        if not chain:
            print(f"the library at {home} holds no editions", file=sys.stderr)
            return 1
        base, base_cpu = baseline(library)
        rows = []
        for fmt in formats:
            out = Path(tmp) / f"crdex.{fmt}"
            started = _clock()
            export(plan_export(library, graph, all_editions=True), fmt, out)
            took, cpu = _since(started)
            rows.append(
                {
                    "format": fmt,
                    "seconds": took,
                    "cpu_seconds": cpu,
                    "bytes": os.path.getsize(out),
                    "ratio": took / base,
                    "cpu_ratio": cpu / base_cpu,
                }
            )
            out.unlink()
    summary = {
        "editions": len(chain),
        "rules": sum(d.rules for d in chain),
        "identities": len(graph.identities),
        "baseline_s": base,
        "baseline_cpu_s": base_cpu,
        "build_s": build_s,
        "formats": rows,
    }
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    if build_s is not None:
        print(f"library built from {args.corpus} in {build_s:.1f} s (not counted)")
    print(
        f"whole corpus: {summary['editions']} editions, {summary['rules']} rules, "
        f"{summary['identities']} identities"
    )
    print(
        f"baseline (read every cached tree, serialize it to JSON): {base:.1f} s, "
        f"{base_cpu:.1f} s CPU"
    )
    print(f"{'format':<8} {'seconds':>8} {'ratio':>6} {'CPU s':>8} {'ratio':>6} {'MB':>8}")
    for r in rows:
        print(
            f"{r['format']:<8} {r['seconds']:>8.1f} {r['ratio']:>6.2f} "
            f"{r['cpu_seconds']:>8.1f} {r['cpu_ratio']:>6.2f} {r['bytes'] / 1e6:>8.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
