"""Before and after in one run: a benchmark run by two checkouts of crdex in turn.

A change that should not move a figure (a reorganisation, a refactor) is
measured against the code before it on the same machine in the same minutes,
since these machines run at different speeds from one hour to the next. Each
round runs the benchmark once with each checkout, alternating which goes
first; every figure the benchmark prints is then shown for both, with the
ratio after/before of the medians.

    python bench/ab.py --before /old/checkout --before-python /old/venv/bin/python \\
        --after . --after-python .venv/bin/python --rounds 3 -- cli.py --runs 10

The benchmark's own baseline runs inside each run, so a figure's ratio to its
baseline can be compared too (it is one of the printed numbers). A line whose
words differ between the runs (a count that is not a measurement) is shown
as it was printed by each.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def _run(checkout: Path, python: str, script: str, args: list[str]) -> list[str]:
    """One run of the benchmark from a checkout: its lines of output."""
    done = subprocess.run(
        [python, str(checkout / "bench" / script), *args],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(
            f"{script} failed from {checkout} (exit {done.returncode}):\n{done.stderr[-2000:]}"
        )
    return done.stdout.splitlines()


def _shape(line: str) -> tuple[str, list[float]]:
    """A line's words with its numbers taken out, and the numbers."""
    values = [float(m.replace(",", "")) for m in NUMBER.findall(line)]
    # columns padded to a number's width would make two runs' lines differ
    return " ".join(NUMBER.sub("#", line).split()), values


def _medians(runs: list[list[str]]) -> list[tuple[str, list[float] | None]]:
    """Per line of the first run: its shape and the median of each number over the runs."""
    shapes = [[_shape(line) for line in lines] for lines in runs]
    out: list[tuple[str, list[float] | None]] = []
    for i, (shape, _values) in enumerate(shapes[0]):
        same = [s[i][1] for s in shapes if i < len(s) and s[i][0] == shape]
        if len(same) != len(shapes) or any(len(v) != len(same[0]) for v in same):
            out.append((runs[0][i], None))
            continue
        out.append((shape, [statistics.median(col) for col in zip(*same, strict=True)]))
    return out


def _compare(before: list[list[str]], after: list[list[str]]) -> None:
    """Prints each line with its before and after figures and the ratio of each pair."""
    for (shape_b, vals_b), (shape_a, vals_a) in zip(
        _medians(before), _medians(after), strict=False
    ):
        if vals_b is None or vals_a is None or shape_b != shape_a or not vals_b:
            print(
                f"  before: {shape_b}\n  after:  {shape_a}"
                if shape_b != shape_a
                else f"  {shape_b}"
            )
            continue
        pairs = [
            f"{b:g}→{a:g}" + (f" ({a / b:.2f}×)" if b else "")
            for b, a in zip(vals_b, vals_a, strict=True)
        ]
        print(f"  {shape_b.strip()}\n      {'; '.join(pairs)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--before", type=Path, required=True, help="the checkout before the change")
    ap.add_argument("--before-python", required=True, help="the Python that has it installed")
    ap.add_argument("--after", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--after-python", default=sys.executable)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("script", help="a benchmark of bench/, e.g. cli.py")
    ap.add_argument("args", nargs=argparse.REMAINDER, help="its arguments (after --)")
    opts = ap.parse_args(argv)
    args = [a for a in opts.args if a != "--"]
    sides = {
        "before": (opts.before.resolve(), opts.before_python),
        "after": (opts.after.resolve(), opts.after_python),
    }
    runs: dict[str, list[list[str]]] = {"before": [], "after": []}
    for round_ in range(opts.rounds):
        order = ("before", "after") if round_ % 2 == 0 else ("after", "before")
        for side in order:
            started = time.monotonic()
            runs[side].append(_run(*sides[side], opts.script, args))
            took = time.monotonic() - started
            print(f"round {round_ + 1}/{opts.rounds}: {side} in {took:.1f} s", file=sys.stderr)
    print(f"{opts.script} {' '.join(args)}: medians of {opts.rounds} runs each, before→after")
    _compare(runs["before"], runs["after"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
