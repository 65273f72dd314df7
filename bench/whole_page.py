"""Benchmark: the whole latest edition on one page, against a single rule page, both uncached.

The real server (``crdex serve``, one worker) is started on a free loopback
port over a library, and asked, one request at a time and alternating:

1. the whole latest edition on one page (``/e/<latest>/all``), and
2. the baseline, beside it in the same run: single rule pages of the same
   edition (four for each whole page, drawn at random among its rules).

Each request is a URL the server has not answered before (``?uncached=N``,
a query string no page reads: the response cache keys answers by their
whole URL), so every page is written from scratch; a warm-up first loads
the edition and compiles the templates, as a server in use has. Requests
are made as a browser makes them (gzip accepted) and timed to the first and
to the last byte; the server's CPU time for each is read beside (every
thread's ``schedstat``), a figure a busy machine disturbs less than the
wall clock. Target: the whole page within 10× a rule page (medians).

Then the whole page's first paint in headless Chromium (``/usr/bin/chromium``
through selenium), read from the Performance API's paint timing
(``first-paint`` and ``first-contentful-paint``, from navigation start), for
a new uncached URL each time. Target: under a second on an idle machine; the
load average at the start of the run is printed beside it.

    python bench/whole_page.py [--home DIR] [--rounds 10] [--paints 3] [--json]

Without ``--home`` a temporary library is built from ``--editions`` of
``--corpus`` (the latest of them is the one measured) and removed afterwards.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from crdex.web import launch

EDITIONS = ("cr-2020-07-03.txt", "cr-2025-06-06.txt", "cr-2026-08-07.txt")
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def build_library(corpus: Path, names: list[str], home: Path) -> None:
    """A library of ``names``, as ``crdex build`` makes it (graph and search index)."""
    from crdex.index.library import Library
    from crdex.index.search import update_index

    library = Library(home)
    library.add([corpus / name for name in names])
    library.graph()
    update_index(library)


def server_cpu_ms(pid: int) -> float:
    """CPU time of every thread of the server so far (``/proc/PID/task/*/schedstat``, in ns)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, IndexError, ValueError):  # a thread that ended meanwhile
            continue
    return total / 1e6


def timed_get(port: int, pid: int, path: str) -> tuple[float, float, float, int]:
    """One GET as a browser asks (gzip accepted): ms to the first byte, ms to the last,
    the server's CPU ms, bytes."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        cpu = server_cpu_ms(pid)
        start = time.perf_counter()
        conn.request("GET", path, headers={"Accept-Encoding": "gzip"})
        answer = conn.getresponse()
        answer.read(1)
        first = time.perf_counter()
        size = 1 + len(answer.read())
        last = time.perf_counter()
        if answer.status != 200:
            raise RuntimeError(f"{path}: {answer.status}")
        used = server_cpu_ms(pid) - cpu
        return (first - start) * 1000, (last - start) * 1000, used, size
    finally:
        conn.close()


def paints(urls: list[str]) -> list[dict[str, float]]:
    """The paint timings (ms from navigation start) of each URL in headless Chromium."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"  # no driver download: the installed one
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    browser = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    try:
        out = []
        for url in urls:
            browser.get("about:blank")
            browser.get(url)
            entries = browser.execute_script(
                "return performance.getEntriesByType('paint').map(e => [e.name, e.startTime])"
            )
            out.append({name: round(at, 1) for name, at in entries})
        return out
    finally:
        browser.quit()


def measure(home: Path, log: Path, rounds: int, n_paints: int, seed: int) -> dict[str, Any]:
    """The figures of one run (see the module's docstring)."""
    from crdex.api import Reader

    reader = Reader(home)
    latest = reader.editions()[-1]["id"]
    numbers = [r.number for r in reader.edition(latest).rules if r.kind == "rule"]
    rules = random.Random(seed).sample(numbers, min(rounds * 4, len(numbers)))
    server = launch.start(home, log, workers=1)
    try:
        port, pid = int(server.url.rsplit(":", 1)[1]), server.process.pid
        for path in (f"/e/{latest}/100.1?uncached=warm", f"/e/{latest}/all?uncached=warm"):
            timed_get(port, pid, path)
        whole: list[tuple[float, float, float, int]] = []
        single: list[tuple[float, float, float, int]] = []
        for n in range(rounds):
            whole.append(timed_get(port, pid, f"/e/{latest}/all?uncached={n}"))
            for number in rules[n * 4 : n * 4 + 4]:
                single.append(timed_get(port, pid, f"/e/{latest}/{number}?uncached={n}"))
        painted = paints(
            [f"{server.url}/e/{latest}/all?uncached=paint{n}" for n in range(n_paints)]
        )
    finally:
        server.stop()
    return figures(latest, whole, single, painted)


def figures(
    latest: str,
    whole: list[tuple[float, float, float, int]],
    single: list[tuple[float, float, float, int]],
    painted: list[dict[str, float]],
) -> dict[str, Any]:
    def median(rows: list[tuple[float, float, float, int]], i: int) -> float:
        return round(statistics.median(row[i] for row in rows), 1)

    def paint(name: str) -> float | None:
        values = [p[name] for p in painted if name in p]
        return round(statistics.median(values), 1) if values else None

    out: dict[str, Any] = {
        "edition": latest,
        "whole_pages": len(whole),
        "rule_pages": len(single),
        "whole_first_byte_ms": median(whole, 0),
        "whole_ms": median(whole, 1),
        "whole_server_cpu_ms": median(whole, 2),
        "whole_bytes_sent": whole[0][3],
        "rule_first_byte_ms": median(single, 0),
        "rule_ms": median(single, 1),
        "rule_server_cpu_ms": median(single, 2),
        "paints": len(painted),
        "first_paint_ms": paint("first-paint"),
        "first_contentful_paint_ms": paint("first-contentful-paint"),
        "load_average": round(os.getloadavg()[0], 2),
    }
    out["ratio"] = round(out["whole_ms"] / out["rule_ms"], 1)
    out["first_byte_ratio"] = round(out["whole_first_byte_ms"] / out["rule_first_byte_ms"], 1)
    out["server_cpu_ratio"] = round(out["whole_server_cpu_ms"] / out["rule_server_cpu_ms"], 1)
    return out


def report(f: dict[str, Any]) -> None:
    print(
        f"the whole edition {f['edition']} on one page against single rule pages, uncached "
        f"({f['whole_pages']} and {f['rule_pages']} requests, medians, gzip, 1 worker)"
    )
    print(
        f"  whole edition: first byte {f['whole_first_byte_ms']} ms, "
        f"complete {f['whole_ms']} ms, server CPU {f['whole_server_cpu_ms']} ms "
        f"({f['whole_bytes_sent']:,} bytes sent)"
    )
    print(
        f"  rule page:     first byte {f['rule_first_byte_ms']} ms, complete {f['rule_ms']} ms, "
        f"server CPU {f['rule_server_cpu_ms']} ms"
    )
    print(
        f"  ratio: complete {f['ratio']}×, first byte {f['first_byte_ratio']}×, "
        f"server CPU {f['server_cpu_ratio']}× (target: 10×)"
    )
    print(
        f"  in Chromium (median of {f['paints']}): first paint {f['first_paint_ms']} ms, "
        f"first contentful paint {f['first_contentful_paint_ms']} ms (target: 1000 ms); "
        f"load average {f['load_average']}"
    )


def main() -> None:
    here = Path(__file__).resolve().parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--home", type=Path, help="an existing library (else one is built)")
    ap.add_argument("--corpus", type=Path, default=here.parent.parent / "shared" / "corpus")
    ap.add_argument("--editions", nargs="+", default=list(EDITIONS))
    ap.add_argument("--rounds", type=int, default=10, help="whole pages asked (4 rule pages each)")
    ap.add_argument("--paints", type=int, default=3, help="whole pages opened in Chromium")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        sys.exit(f"error: the first paint needs {CHROMIUM} and {CHROMEDRIVER}")
    temp = Path(tempfile.mkdtemp(prefix="crdex-bench-whole-"))
    try:
        home = args.home
        if home is None:
            home = temp / "home"
            print(f"building a library of {len(args.editions)} editions …", file=sys.stderr)
            build_library(args.corpus, args.editions, home)
        found = measure(home, temp / "serve.log", args.rounds, args.paints, args.seed)
        print(json.dumps(found, indent=1)) if args.json else report(found)
    finally:
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
