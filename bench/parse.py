"""Parse speed of every official-text edition, beside a plain regex line split of the same bytes.

Both are measured in this run, on this machine, one after the other for each
file, so the ratio holds even where absolute times are noisy. The baseline
decodes the bytes, splits lines and finds rule numbers with one regex: about
the least any parser must do.

    python bench/parse.py [--corpus ../shared/corpus] [--repeat 3] [--json] [--no-formats]

After the official-text editions it runs ``bench/parse_formats.py``: one
document of every other source format (markdown, mdBook HTML, PDF text,
rulings, Word, PDF, RTF), each beside the same baseline.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from crdex.parser import parse_bytes

RULE = re.compile(r"^\s*\d{3}\.\d{1,3}[a-z]{0,2}\.?\s", re.M)


def baseline(data: bytes) -> int:
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16")
    else:
        text = data.decode("utf-8", errors="replace")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return len(lines) + len(RULE.findall(text))


def _utf16(path: Path) -> bool:
    with path.open("rb") as fh:
        return fh.read(2) in (b"\xff\xfe", b"\xfe\xff")


def best_of(repeat: int, fn, *args, clock=time.perf_counter) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        fn(*args)
        times.append(clock() - start)
    return min(times)


def main() -> int:
    here = Path(__file__).resolve().parents[1]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=here.parent / "shared" / "corpus")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument(
        "--no-formats", action="store_true", help="only the official text, not the other formats"
    )
    args = ap.parse_args()
    files = sorted(args.corpus.glob("cr-*.txt"))
    if not files:
        print(f"no cr-*.txt under {args.corpus}", file=sys.stderr)
        return 1
    parse_bytes(
        files[-1].read_bytes(), str(files[-1])
    )  # load the grammar once, outside the timings
    rows = []
    for path in files:
        data = path.read_bytes()
        t_parse = best_of(args.repeat, parse_bytes, data, str(path))
        # CPU time as well: on a shared machine it is less disturbed than wall time
        t_cpu = best_of(args.repeat, parse_bytes, data, str(path), clock=time.process_time)
        t_base = best_of(args.repeat, baseline, data)
        rows.append(
            {
                "file": path.name,
                "bytes": len(data),
                "parse_s": t_parse,
                "parse_cpu_s": t_cpu,
                "baseline_s": t_base,
                "ratio": t_parse / t_base,
                "mb_per_s": len(data) / t_parse / 1e6,
            }
        )
    total_bytes = sum(r["bytes"] for r in rows)
    total_parse = sum(r["parse_s"] for r in rows)
    total_base = sum(r["baseline_s"] for r in rows)
    # the largest edition is the one with the most text: UTF-16 files have twice the bytes
    largest = max(rows, key=lambda r: r["bytes"] / (2 if _utf16(args.corpus / r["file"]) else 1))
    summary = {
        "editions": len(rows),
        "bytes": total_bytes,
        "parse_s": total_parse,
        "baseline_s": total_base,
        "ratio": total_parse / total_base,
        "mb_per_s": total_bytes / total_parse / 1e6,
        "median_ratio": statistics.median(r["ratio"] for r in rows),
        "largest": largest,
    }
    if args.json:
        print(json.dumps({"rows": rows, "summary": summary}, indent=1))
        return 0
    print(f"{'file':<40} {'KB':>6} {'parse ms':>9} {'regex ms':>9} {'ratio':>6} {'MB/s':>6}")
    for r in rows:
        print(
            f"{r['file']:<40} {r['bytes'] / 1024:>6.0f} {r['parse_s'] * 1e3:>9.1f} "
            f"{r['baseline_s'] * 1e3:>9.2f} {r['ratio']:>6.0f} {r['mb_per_s']:>6.2f}"
        )
    print(
        f"\nwhole corpus: {len(rows)} editions, {total_bytes / 1e6:.1f} MB: parse {total_parse:.2f} s "
        f"({summary['mb_per_s']:.2f} MB/s), regex split {total_base:.3f} s, ratio {summary['ratio']:.0f}x"
    )
    print(
        f"largest edition: {largest['file']} ({largest['bytes'] / 1e6:.2f} MB) parses in "
        f"{largest['parse_s'] * 1e3:.0f} ms wall, {largest['parse_cpu_s'] * 1e3:.0f} ms CPU "
        f"(target: under 300 ms), {largest['ratio']:.0f}x the regex split"
    )
    if not args.no_formats:
        print("\nevery source format:", flush=True)
        formats = Path(__file__).with_name("parse_formats.py")
        extra = ["--corpus", str(args.corpus), "--repeat", str(args.repeat)]
        return subprocess.run([sys.executable, str(formats), *extra], check=False).returncode
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
