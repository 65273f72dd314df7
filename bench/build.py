"""Benchmark: a cold whole-corpus ``crdex build``, its memory, and the Ctrl-C latency.

Prints, each beside a baseline measured in the same run:

* the cold build of ``../shared/corpus`` into a fresh library (the command
  as a user runs it: parsing in workers, the identity graph, lookup tables,
  the search index), wall time and peak memory: the largest sum of the
  proportional set sizes (and, beside it, of the resident sizes) of the
  build and its worker processes, sampled every 50 ms from /proc; the
  baseline reads every document's bytes, decodes
  them and splits them into lines with a regex;
* a no-op build of the same library (everything known: nothing parsed,
  the graph and index reused);
* how long a build takes to stop after Ctrl-C (SIGINT), three seconds in.

Usage: ``python bench/build.py [CORPUS_DIR]``.
"""

from __future__ import annotations

import os
import platform
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from crdex.corpus import decode, read_bytes
from crdex.index.library.files import iter_files

_LINE = re.compile(r"[^\n]*\n?")


def _memory(pid: int) -> tuple[int, int]:
    """(resident, proportional) bytes of one process; (0, 0) once it is gone."""
    try:
        statm = (Path("/proc") / str(pid) / "statm").read_text().split()
        rollup = (Path("/proc") / str(pid) / "smaps_rollup").read_text()
    except OSError:
        return 0, 0
    pss = next(
        (int(line.split()[1]) * 1024 for line in rollup.splitlines() if line.startswith("Pss:")),
        0,
    )
    return int(statm[1]) * os.sysconf("SC_PAGE_SIZE"), pss


def _tree_memory(root: int) -> tuple[int, int]:
    """Resident and proportional bytes of a process and all its descendants.

    Workers are forked: each maps the pages it shares with the building
    process, so the sum of resident sizes counts those pages once per
    process. The proportional set size (PSS) charges a shared page to its
    processes in equal parts, so its sum is the memory the build really
    holds; both are printed.
    """
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    rss = pss = 0
    stack = [root]
    while stack:
        pid = stack.pop()
        r, p = _memory(pid)
        rss, pss = rss + r, pss + p
        stack.extend(children.get(pid, ()))
    return rss, pss


def run_build(args: list[str], home: Path) -> tuple[float, tuple[int, int], int]:
    """Wall seconds, peak tree (RSS, PSS) and exit code of ``crdex build ARGS --home HOME``."""
    env = {k: v for k, v in os.environ.items() if k != "CRDEX_HOME"}
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "crdex", "build", *args, "--home", str(home)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    peak = (0, 0)
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            rss, pss = _tree_memory(proc.pid)
            peak = (max(peak[0], rss), max(peak[1], pss))
            time.sleep(0.05)

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    code = proc.wait()
    stop.set()
    watcher.join()
    return time.perf_counter() - started, peak, code


def baseline(corpus: Path) -> tuple[float, int]:
    """Read, decode and regex-split every document (the least any build must do)."""
    started = time.perf_counter()
    lines = 0
    for path in iter_files([corpus]):
        if path.is_dir():
            continue
        try:
            text = decode(read_bytes(path), str(path)).text
        except Exception:  # binary and foreign files: the build skips them too
            continue
        lines += len(_LINE.findall(text))
    return time.perf_counter() - started, lines


def interrupt_latency(corpus: Path, home: Path) -> float:
    env = {k: v for k, v in os.environ.items() if k != "CRDEX_HOME"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "crdex", "build", str(corpus), "--home", str(home)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    time.sleep(3.0)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    proc.wait()
    return time.perf_counter() - sent


def main(argv: list[str]) -> None:
    corpus = (
        Path(argv[1])
        if len(argv) > 1
        else Path(__file__).resolve().parents[2] / "shared" / "corpus"
    )
    if not corpus.is_dir():
        sys.exit(f"no corpus at {corpus}")
    load = ", load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
    print(
        f"crdex build benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs{load}"
    )
    base_s, lines = baseline(corpus)
    with tempfile.TemporaryDirectory(prefix="crdex-bench-") as tmp:
        home = Path(tmp) / "home"
        cold_s, cold_rss, code = run_build([str(corpus)], home)
        assert code == 0, f"the build failed (exit {code})"
        warm_s, warm_rss, _ = run_build([str(corpus)], home)
        stop_s = interrupt_latency(corpus, Path(tmp) / "interrupted")
    print(f"  baseline: read, decode, split {lines} lines        {base_s:7.2f} s")
    print(
        f"  cold build, whole corpus                     {cold_s:7.2f} s  "
        f"({cold_s / base_s:.1f}× the baseline; targets 25 s and 40 s on the idle machine), "
        f"peak {cold_rss[1] / 2**20:.0f} MB with its workers (PSS; target 400 MB; "
        f"the sum of resident sizes, shared pages counted in every process: "
        f"{cold_rss[0] / 2**20:.0f} MB)"
    )
    print(
        f"  no-op build of the same documents            {warm_s:7.2f} s  "
        f"peak {warm_rss[1] / 2**20:.0f} MB (PSS; resident sum {warm_rss[0] / 2**20:.0f} MB)"
    )
    print(f"  Ctrl-C to exit, 3 s into a build             {stop_s:7.2f} s  (target: under 1 s)")


if __name__ == "__main__":
    main(sys.argv)
