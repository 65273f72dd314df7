"""Load test of ``crdex serve`` on loopback, beside a static file served in the same run.

The real server (``crdex serve``: uvicorn, ``--workers`` processes) is
started on a free loopback port over a library; then, for a bounded time,
``--clients`` concurrent clients (each one keep-alive connection, a new
request as soon as the last is answered, no pause) ask for:

1. the baseline alone, ``--baseline`` seconds: the stylesheet, a static
   file served by the same server (the floor: what the server and this
   client cost without any rules work);
2. the mix, ``--duration`` seconds: rule pages (most in the latest edition,
   some in others), history and rule answers of the API, search pages and
   API searches (glossary terms of the latest edition as queries), and the
   static file again. Within each kind, URLs are asked for as on the web:
   the k-th most popular 1/k as often as the first (a Zipf law), drawn
   into a plan of 2,000 requests that the clients pick from at random.

Between the two, ``--warm-up`` seconds of the same clients asking for one
rule page of each edition in the mix (``/e/<edition>/100``, not one of the
pages measured) and one search, so that every worker has loaded the
editions, as a server in use has; every page measured is still rendered on
its first request (later requests for it are answered from the server's
cache, as they would be). For each kind:
requests, throughput, p50/p95/p99 latency and errors, and the ratio of its
p95 to the baseline's. The server stops when the run
ends, whatever happens. Targets on a 2-core machine: rule page p95 at most
30 ms, search p95 at most 60 ms, no errors.

    python bench/serve.py [--home DIR] [--clients 50] [--duration 20] [--workers 2] [--json]

Without ``--home`` a temporary library is built from a dozen editions of
``--corpus`` and removed afterwards. The load generator runs in this
process, on the same machine: its CPU time is reported too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from crdex.web import launch

EDITIONS = (
    "cr-2002-10-07.txt",
    "cr-2005-02-01.txt",
    "cr-2007-05-01.txt",
    "cr-2009-05-01.txt",
    "cr-2009-07-11.txt",
    "cr-2012-07-01.txt",
    "cr-2015-01-23.txt",
    "cr-2018-01-19.txt",
    "cr-2020-07-03.txt",
    "cr-2023-02-03.txt",
    "cr-2025-06-06.txt",
    "cr-2026-08-07.txt",
)
MIX = {
    "rule page": 0.40,
    "history (API)": 0.15,
    "search page": 0.15,
    "search (API)": 0.10,
    "rule (API)": 0.10,
    "static file": 0.10,
}
TARGETS = {"rule page": 30.0, "search page": 60.0}


def zipf(n: int) -> list[float]:
    """Weights of n URLs as web traffic has them: the k-th most asked for, 1/k."""
    return [1 / k for k in range(1, n + 1)]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def build_library(corpus: Path, home: Path) -> None:
    from crdex.index.library import Library
    from crdex.index.search import update_index

    library = Library(home)
    library.add([corpus / name for name in EDITIONS if (corpus / name).exists()])
    library.graph()
    update_index(library)


def warm_up_plan(kinds: dict[str, list[str]]) -> list[tuple[str, str]]:
    """One page of each edition in the mix (not one measured) and one search, for every worker."""
    editions = sorted({path.split("/")[2] for path in kinds["rule page"]})
    paths = [f"/e/{e}/100" for e in editions] + ["/search?q=warm+up", "/api/search?q=warm+up"]
    return [("warm-up", path) for path in paths]


def urls(home: Path, rng: random.Random) -> dict[str, list[str]]:
    """The requests of each kind, drawn from the library itself."""
    from crdex.api import Reader

    reader = Reader(home)
    chain = [e["id"] for e in reader.editions()]
    latest = chain[-1]
    pairs: list[tuple[str, str]] = []
    for edition in [latest] * 7 + rng.sample(chain[:-1], min(3, len(chain) - 1)):
        numbers = [
            r.number for r in reader.edition(edition).rules if r.kind == "rule" and "." in r.number
        ]
        pairs += [(edition, n) for n in rng.sample(numbers, min(40, len(numbers)))]
    terms = [g.term for g in reader.glossary(latest) if not g.obsolete]
    queries = rng.sample(terms, min(200, len(terms)))
    return {
        "rule page": [f"/e/{e}/{n}" for e, n in pairs],
        "history (API)": [f"/api/history/{n}?edition={e}" for e, n in pairs],
        "rule (API)": [f"/api/editions/{e}/rules/{n}" for e, n in pairs],
        "search page": ["/search?" + urlencode({"q": q}) for q in queries],
        "search (API)": ["/api/search?" + urlencode({"q": q.lower()}) for q in queries],
    }


def server_cpu(pid: int) -> float:
    """CPU seconds used so far by the server process and its workers (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if stat.parent.name == str(pid) or fields[1] == str(pid):
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


async def fetch(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str
) -> tuple[int, int]:
    """One request on a keep-alive connection: (status, body bytes)."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    match = re.search(rb"\r\ncontent-length:\s*(\d+)", head, re.IGNORECASE)
    length = int(match.group(1)) if match else 0
    await reader.readexactly(length)
    return status, length


async def client(
    port: int,
    plan: list[tuple[str, str]],
    until: float,
    seed: int,
    out: dict[str, list[float]],
    errors: dict[str, int],
) -> None:
    rng = random.Random(seed)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while time.perf_counter() < until:
            kind, path = rng.choice(plan)
            start = time.perf_counter()
            try:
                status, _size = await fetch(reader, writer, path)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                errors[kind] += 1
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                continue
            elapsed = (time.perf_counter() - start) * 1000
            if status >= 400:
                errors[kind] += 1
            out[kind].append(elapsed)
    finally:
        writer.close()


async def phase(
    port: int, plan: list[tuple[str, str]], clients: int, seconds: float, pid: int
) -> dict[str, Any]:
    out: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    distinct = {kind: len({path for k, path in plan if k == kind}) for kind, _path in plan}
    cpu, wall, served = time.process_time(), time.perf_counter(), server_cpu(pid)
    until = wall + seconds
    await asyncio.gather(*(client(port, plan, until, n, out, errors) for n in range(clients)))
    wall = time.perf_counter() - wall
    report = {}
    for kind in sorted(out, key=lambda k: list(MIX).index(k) if k in MIX else -1):
        values = out[kind]
        report[kind] = {
            "requests": len(values),
            "per_second": round(len(values) / wall, 1),
            "p50_ms": round(percentile(values, 0.50), 2),
            "p95_ms": round(percentile(values, 0.95), 2),
            "p99_ms": round(percentile(values, 0.99), 2),
            "mean_ms": round(statistics.fmean(values), 2),
            "errors": errors[kind],
            "distinct_urls": distinct[kind],
        }
    total = sum(len(v) for v in out.values())
    served = server_cpu(pid) - served
    return {
        "server_cpu_ms_per_request": round(1000 * served / max(total, 1), 2),
        "server_cores": round(served / wall, 2),
        "seconds": round(wall, 2),
        "requests": total,
        "per_second": round(total / wall, 1),
        "errors": sum(errors.values()),
        "client_cpu_share": round((time.process_time() - cpu) / wall, 2),
        "kinds": report,
    }


def print_report(figures: dict[str, Any]) -> None:
    base = figures["baseline"]["kinds"]["static file"]
    print(
        f"crdex serve, {figures['workers']} workers, {figures['clients']} clients, "
        f"loopback, {figures['cores']} cores (load average before: {figures['load_before']})"
    )
    print(
        f"{'':16} {'URLs':>5} {'requests':>9} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>6}  p95 / baseline p95"
    )
    rows = [("baseline: static", base), *figures["mix"]["kinds"].items()]
    for name, row in rows:
        ratio = row["p95_ms"] / base["p95_ms"] if base["p95_ms"] else float("nan")
        target = TARGETS.get(name)
        mark = f"  (target p95 ≤ {target:.0f} ms)" if target else ""
        print(
            f"{name:16} {row['distinct_urls']:5d} {row['requests']:9d} {row['per_second']:8.1f} {row['p50_ms']:8.2f} "
            f"{row['p95_ms']:8.2f} {row['p99_ms']:8.2f} {row['errors']:6d}  {ratio:5.1f}×{mark}"
        )
    warm = figures["warm_up"]
    print(
        f"warm-up before the mix: {warm['requests']} requests in {warm['seconds']} s, {warm['errors']} errors"
    )
    for name in ("baseline", "mix"):
        p = figures[name]
        print(
            f"{name}: {p['requests']} requests in {p['seconds']} s = {p['per_second']} req/s, "
            f"{p['errors']} errors; server CPU {p['server_cpu_ms_per_request']} ms a request "
            f"({p['server_cores']} cores busy); the load generator used "
            f"{p['client_cpu_share']:.0%} of a core"
        )


def main() -> None:
    here = Path(__file__).resolve().parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--home", type=Path, help="a built library (default: build one from --corpus)")
    ap.add_argument("--corpus", type=Path, default=here.parent.parent / "shared" / "corpus")
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--duration", type=float, default=20.0, help="seconds of the mix")
    ap.add_argument("--baseline", type=float, default=10.0, help="seconds of the baseline alone")
    ap.add_argument("--warm-up", type=float, default=5.0, help="seconds of warming up")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()

    temp = Path(tempfile.mkdtemp(prefix="crdex-bench-serve-"))
    server = None
    try:
        home = args.home
        if home is None:
            home = temp / "home"
            print(f"building a library of {len(EDITIONS)} editions in {home} …", file=sys.stderr)
            build_library(args.corpus, home)
        rng = random.Random(args.seed)
        kinds = urls(home, rng)
        server = launch.start(home, temp / "serve.log", workers=args.workers)
        process, port = server.process, int(server.url.rsplit(":", 1)[1])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as answer:
            css = re.search(r'href="(/static/style\.css\?v=\w+)"', answer.read().decode())
        assert css is not None
        kinds["static file"] = [css.group(1)]
        plan = [
            (kind, path)
            for kind, share in MIX.items()
            for path in rng.choices(
                kinds[kind], weights=zipf(len(kinds[kind])), k=round(share * 2000)
            )
        ]
        load_before = round(os.getloadavg()[0], 2)
        try:
            import uvloop

            run = uvloop.run
        except ImportError:
            run = asyncio.run
        static = [("static file", css.group(1))]
        baseline = run(phase(port, static, args.clients, args.baseline, process.pid))
        # every worker takes some of the clients' connections, so each loads every edition
        warmed = run(phase(port, warm_up_plan(kinds), args.clients, args.warm_up, process.pid))
        mix = run(phase(port, plan, args.clients, args.duration, process.pid))
        figures = {
            "workers": args.workers,
            "clients": args.clients,
            "cores": os.cpu_count(),
            "load_before": load_before,
            "load_after": round(os.getloadavg()[0], 2),
            "warm_up": warmed,
            "baseline": baseline,
            "mix": mix,
        }
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(temp, ignore_errors=True)
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print_report(figures)


if __name__ == "__main__":
    main()
