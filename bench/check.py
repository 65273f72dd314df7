"""``crdex check`` on a whole engine tree with git dates, beside ``git blame`` of the same files.

Two measurements, each a ratio to a baseline measured in the same run:

1. **A tree with dates.** ``crdex check TREE --json`` (a new process, as a
   user runs it: git dates, words compared with the rules through the
   search) against ``git blame --incremental`` of every file that check
   reads, one after another: the least any tool must do to date the lines
   of those files. Runs alternate (blame, check, blame, check …) and the
   best of each is kept. Target: at most 3 times the blame.
2. **Finding citations on one long line.** ``find_citations`` on one line
   of 0.25, 0.5 and 1 MB dense with citations (and the same text as code
   comments), beside one regular expression that finds every rule-shaped
   number in it: the time must grow with the length (ratio 1 MB / 0.25 MB
   near 4), and 1 MB must take under two seconds.

    python bench/check.py [--repo PATH | --dense] [--home HOME] [--repeat 2] [--json]
                          [--no-tree | --no-finding]

``--repo`` is a git work tree (an engine's source; the bench never
changes it); without it, a tree of 500 generated files with five years
of backdated history is made in a temporary folder (:func:`generated_tree`).
On a machine shared with other jobs, the CPU time of the long-line
finding says more than its wall time. ``--home`` is the
library to check against (default: ``$CRDEX_HOME``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from crdex.citations import SourceWalk, find_citations, syntax_for
from evaluation.citations import run_git

NUMBER = re.compile(r"\d{3}\.\d{1,3}[a-z]{0,2}")
CITED = ("601.2f", "702.19b", "704.5k", "100.2a", "613.4c", "509.1a", "702.9b", "117.3a")


def walked(tree: Path) -> list[str]:
    """The files ``crdex check TREE`` reads."""
    return [p for p in SourceWalk([str(tree)]) if Path(p).is_file()]


def blame_all(tree: Path, files: list[str]) -> float:
    start = time.perf_counter()
    for path in files:
        subprocess.run(
            ["git", "-C", str(tree), "blame", "--incremental", "--", os.path.relpath(path, tree)],
            capture_output=True,
            check=False,
        )
    return time.perf_counter() - start


def check_tree(tree: Path, home: str | None) -> tuple[float, dict]:
    args = [sys.executable, "-m", "crdex", "check", str(tree), "--json"]
    if home:
        args += ["--home", home]
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"crdex check failed: {done.stderr}")
    return took, json.loads(done.stdout)


def generated_tree(
    root: Path, files: int = 500, commits: int = 60, cites: int = 1, code: int = 20
) -> Path:
    """A git work tree of ``files`` Python files with cited rules, edited by ``commits`` commits.

    Each commit edits a quarter of the files, adding ``cites`` citation lines
    (five times as many on the first) and ``code`` lines of code to each: by
    default about 20 citations in 320 lines a file, 10,000 in the tree, as
    in the Rust engine of 500 files and 10,000 rule comments that the
    target was set on. ``--dense`` makes every other line a citation (8
    citations and 8 lines of code a commit: 63,000 citations), the worst
    case for everything but blame.
    """
    rng = random.Random(28)
    root.mkdir(parents=True)
    run_git(root, "init", "-q", "-b", "main")
    names = [f"engine/m{i // 50:02d}/mod{i:03d}.py" for i in range(files)]
    for c in range(commits):
        year, month = 2021 + c // 12, c % 12 + 1
        for name in rng.sample(names, k=files // 4 if c else files):
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            lines = path.read_text().splitlines() if path.exists() else []
            for _ in range(cites if c else 5 * cites):
                n = rng.choice(CITED)
                lines.insert(rng.randrange(len(lines) + 1), f"# CR {n}: step {c}, as the rule says")
            for _ in range(code):
                lines.insert(rng.randrange(len(lines) + 1), f"x_{c} = {rng.randrange(1000)}")
            path.write_text("\n".join(lines) + "\n")
        when = f"{year}-{month:02d}-15T12:00:00+0000"
        run_git(root, "add", "-A", when=when)
        run_git(root, "commit", "-q", "-m", f"change {c}", when=when)
    return root


def tree_bench(tree: Path, home: str | None, repeat: int) -> dict:
    files = walked(tree)
    blames, checks = [], []
    report: dict = {}
    for _ in range(repeat):
        blames.append(blame_all(tree, files))
        took, report = check_tree(tree, home)
        checks.append(took)
    blame, check = min(blames), min(checks)
    return {
        "tree": str(tree),
        "files": len(files),
        "citations": report.get("citations"),
        "dates": report.get("dates"),
        "undated_files": len(report.get("undated", {})),
        "searches": report.get("searches"),
        "blame_s": round(blame, 2),
        "check_s": round(check, 2),
        "ratio": round(check / blame, 2),
        "runs": {"blame": [round(x, 2) for x in blames], "check": [round(x, 2) for x in checks]},
    }


def finding_bench() -> dict:
    out: dict = {}
    for label, suffix, unit in (
        ("prose", "notes.txt", "See CR {n} and [{m}], rule {k} / {j}. "),
        ("code", "Engine.java", "x = 1; // CR {n} and {m}\n"),
    ):
        rows = []
        for size in (250_000, 500_000, 1_000_000):
            parts, total = [], 0
            i = 0
            while total < size:
                piece = unit.format(
                    n=CITED[i % 8], m=CITED[(i + 1) % 8], k=CITED[(i + 2) % 8], j=CITED[(i + 3) % 8]
                )
                parts.append(piece)
                total += len(piece)
                i += 1
            text = "".join(parts)[:size]
            base = time.perf_counter()
            NUMBER.findall(text)
            base = time.perf_counter() - base
            start, cpu = time.perf_counter(), time.process_time()
            found = find_citations(text, syntax_for(suffix))
            took, cpu = time.perf_counter() - start, time.process_time() - cpu
            rows.append(
                {
                    "bytes": size,
                    "citations": len(found),
                    "find_s": round(took, 3),
                    "find_cpu_s": round(cpu, 3),
                    "regex_s": round(base, 4),
                    "ratio": round(took / base, 1),
                }
            )
        rows[-1]["growth_1MB_over_250KB"] = round(rows[-1]["find_s"] / rows[0]["find_s"], 2)
        out[label] = rows
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", type=Path, help="a git work tree to check (never changed)")
    ap.add_argument("--home", default=os.environ.get("CRDEX_HOME"))
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-tree", action="store_true", help="only the long-line measurement")
    ap.add_argument("--no-finding", action="store_true", help="only the tree measurement")
    ap.add_argument("--dense", action="store_true", help="generate every other line a citation")
    opts = ap.parse_args()
    result: dict = {"finding": {} if opts.no_finding else finding_bench()}
    if not opts.no_tree:
        if opts.repo is not None:
            result["tree"] = tree_bench(opts.repo.resolve(), opts.home, opts.repeat)
        else:
            with tempfile.TemporaryDirectory(prefix="crdex-bench-") as tmp:
                shape = {"cites": 8, "code": 8} if opts.dense else {}
                tree = generated_tree(Path(tmp) / "engine", **shape)
                result["tree"] = tree_bench(tree, opts.home, opts.repeat)
    if opts.json:
        print(json.dumps(result, indent=1))
        return 0
    for label, rows in result["finding"].items():
        for r in rows:
            print(
                f"finding ({label}) {r['bytes'] / 1e6:.2f} MB on one line: {r['find_s']:.2f} s "
                f"({r['find_cpu_s']:.2f} s CPU), "
                f"{r['citations']} citations, {r['ratio']}× one regex"
            )
        print(f"  1 MB / 0.25 MB: {rows[-1]['growth_1MB_over_250KB']}× (linear: 4×)")
    if "tree" in result:
        t = result["tree"]
        print(
            f"{t['tree']}: {t['files']} files, {t['citations']} citations, dates {t['dates']} "
            f"({t['undated_files']} files not dated), {t['searches']} searches"
        )
        print(
            f"  git blame of every file: {t['blame_s']} s; crdex check: {t['check_s']} s; "
            f"ratio {t['ratio']} (target ≤ 3); runs {t['runs']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
