"""Benchmark: how fast the command line answers, beside ``python -c pass`` in the same run.

Each command runs as a user runs it (a new process), several times,
interleaved with the baseline so that both see the same machine; the
median wall time and the peak memory of the process (ru_maxrss) are
printed. Targets: ``crdex --version`` ≤ 3× ``python -c pass``; ``show``,
``history``, ``resolve`` and a number looked up with ``search`` ≤ 150 ms;
a word search ≤ 200 ms; a lookup's memory ≤ 80 MB.

Usage: ``python bench/cli.py --home DIR`` (a library built with
``crdex build``; without it, one is built from ../shared/corpus first).
Run it with the Python of a plain ``pip install .``, as users install
crdex: an editable install's path hook adds about 10 ms to every start of
that Python, the baseline's included, and so hides what crdex costs.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS: list[tuple[str, list[str], float | None]] = [
    ("crdex --version", ["--version"], None),
    ("crdex show 701.22", ["show", "701.22"], 0.150),
    ("crdex history 701.22", ["history", "701.22"], 0.150),
    ("crdex resolve 502.36 --at 2005-02-01", ["resolve", "502.36", "--at", "2005-02-01"], 0.150),
    ("crdex search 701.22", ["search", "701.22"], 0.150),
    (
        'crdex search "what happens when I scry zero"',
        ["search", "what happens when I scry zero"],
        0.200,
    ),
]


# An installed package has its bytecode compiled (pip does it); an environment that
# forbids writing bytecode would have every run compile the sources again, which
# is not what a user's run costs. The warm-up run below writes it.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _run(argv: list[str]) -> tuple[float, int]:
    """Wall seconds and peak RSS (bytes) of one process."""
    started = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_ENV)
    _pid, _status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - started, usage.ru_maxrss * 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--home", type=Path, help="a built library (default: build one)")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    corpus = Path(__file__).resolve().parents[2] / "shared" / "corpus"
    with tempfile.TemporaryDirectory(prefix="crdex-bench-") as tmp:
        home = args.home
        if home is None:
            home = Path(tmp) / "home"
            subprocess.run(
                [sys.executable, "-m", "crdex", "build", str(corpus), "--home", str(home)],
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        crdex = [sys.executable, "-m", "crdex"]
        load = ", load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
        print(f"crdex command-line benchmark — Python {platform.python_version()}{load}")
        base: list[float] = []
        times: dict[str, list[float]] = {name: [] for name, _a, _t in COMMANDS}
        peaks: dict[str, int] = {name: 0 for name, _a, _t in COMMANDS}
        for _name, argv, _target in COMMANDS:  # warm the file cache once
            _run([*crdex, *argv, *(["--home", str(home)] if argv[0] != "--version" else [])])
        for _ in range(args.runs):
            base.append(_run([sys.executable, "-c", "pass"])[0])
            for name, argv, _target in COMMANDS:
                extra = ["--home", str(home)] if argv[0] != "--version" else []
                seconds, rss = _run([*crdex, *argv, *extra])
                times[name].append(seconds)
                peaks[name] = max(peaks[name], rss)
        b = statistics.median(base)
        print(f"  {'python -c pass (baseline)':<46} {b * 1000:7.1f} ms")
        for name, _argv, target in COMMANDS:
            t = statistics.median(times[name])
            goal = f"target {target * 1000:.0f} ms" if target else "target 3×"
            print(
                f"  {name:<46} {t * 1000:7.1f} ms  {t / b:5.1f}× the baseline  "
                f"peak {peaks[name] / 2**20:5.1f} MB  ({goal})"
            )


if __name__ == "__main__":
    main()
