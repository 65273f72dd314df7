"""Load test of ``crdex serve`` with realistic traffic and attackers, beside a static file.

The real server (``crdex serve``: uvicorn, ``--workers`` processes) is
started on a free loopback port over a library; then, for a bounded time,
``--clients`` concurrent clients (each one keep-alive connection, a new
request as soon as the last is answered, no pause) send a mix of the
requests of :data:`KINDS`, a table of request kinds, each with its share of
the mix and the URLs it draws from the library:

- rule pages of ``--editions`` editions spread over the whole chain, any
  rule, drawn uniformly from tens of thousands, so that nearly every page
  is built for its request (not served from the server's cache);
- players' questions (the development questions of
  ``tests/data/search-dev.tsv``), as search pages and API searches, each
  in a random edition or at a random date;
- diffs between random editions (pages and API), and API calls: a rule,
  its history, where a citation went;
- a static file of the same server (the stylesheet): the floor, measured
  in the same run under the same load.

Beside them, ``--attackers`` clients send the worst requests in
:data:`ATTACKS` one after another without pause: all-editions searches of
wildcards, fuzzy terms and phrases at the largest limit, the diff of the
first and last editions, a megabyte of citations to check. Their answers
(mostly 503: given up at the deadline, or refused when their lane is full)
are reported apart.

For each kind: requests, throughput, p50/p95/p99 latency and errors, and
its p95 against the static file's; the server's CPU; each worker's memory
(resident and proportional set size) sampled every ``--sample`` seconds.
Before the mix, ``--baseline`` seconds of the static file alone and
``--warm-up`` seconds of one page per edition of the mix (the first page
of an edition reads it: a server in use has). The server stops when the
run ends, whatever happens.

Targets (2 workers, 50 clients, the attackers running): no errors; rule
page p95 at most 10 times the static file's p95 in the same run; each
worker's memory flat and at most 600 MB over a 10-minute run
(``--duration 600``).

    python bench/serve.py [--home DIR] [--clients 50] [--attackers 2] [--duration 60]
                          [--workers 2] [--editions 26] [--json]

Without ``--home`` a temporary library is built from ``--editions``
editions of ``--corpus`` and removed afterwards (minutes). The load
generator runs in this process, on the same machine: its CPU is reported
too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from crdex.web import launch

HERE = Path(__file__).resolve().parent
QUESTIONS = HERE.parent / "tests" / "data" / "search-dev.tsv"
TIMEOUT = 120.0  # seconds a client waits for one answer before counting an error


@dataclass(slots=True)
class Library:
    """What the URLs are drawn from: the editions of the mix, their rules, the questions."""

    chain: list[str]
    editions: list[str]
    rules: dict[str, list[str]]
    questions: list[str]
    static: str = ""


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of request: its share of the mix and how its requests are drawn."""

    name: str
    share: float
    draw: Callable[[Library, random.Random], str]
    method: str = "GET"


def _rule(lib: Library, rng: random.Random) -> tuple[str, str]:
    edition = rng.choice(lib.editions)
    return edition, rng.choice(lib.rules[edition])


def _question(lib: Library, rng: random.Random, page: bool) -> str:
    q = rng.choice(lib.questions)
    where = rng.random()
    if where < 0.4:
        params: dict[str, str] = {"q": q}
    elif where < 0.7:
        params = {"q": q, "edition": rng.choice(lib.editions)}
    else:
        params = {"q": q, "as_of": f"{rng.randint(2000, 2026)}-{rng.randint(1, 12):02d}-15"}
    return ("/search?" if page else "/api/search?") + urlencode(params)


def _pair(lib: Library, rng: random.Random) -> tuple[str, str]:
    if rng.random() < 0.5:  # neighbours, as "what changed" asks
        i = rng.randrange(1, len(lib.chain))
        return lib.chain[i - 1], lib.chain[i]
    old, new = sorted(rng.sample(lib.editions, 2), key=lib.chain.index)
    return old, new


def _diff(lib: Library, rng: random.Random, page: bool) -> str:
    old, new = _pair(lib, rng)
    only = rng.choice(["", "?only=moved", "?only=edited&change=meaning", "?only=added"])
    return f"{'/diff' if page else '/api/diff'}/{old}/{new}{only}"


#: the mix: each kind's share of the requests (the shares add up to 1)
KINDS: tuple[Kind, ...] = (
    Kind("rule page", 0.40, lambda lib, rng: "/e/{}/{}".format(*_rule(lib, rng))),
    Kind("question (page)", 0.08, lambda lib, rng: _question(lib, rng, page=True)),
    Kind("question (API)", 0.08, lambda lib, rng: _question(lib, rng, page=False)),
    Kind("diff (page)", 0.02, lambda lib, rng: _diff(lib, rng, page=True)),
    Kind("diff (API)", 0.02, lambda lib, rng: _diff(lib, rng, page=False)),
    Kind("rule (API)", 0.12, lambda lib, rng: "/api/editions/{}/rules/{}".format(*_rule(lib, rng))),
    Kind(
        "history (API)",
        0.10,
        lambda lib, rng: "/api/history/{1}?edition={0}".format(*_rule(lib, rng)),
    ),
    Kind(
        "resolve (API)",
        0.08,
        lambda lib, rng: "/api/resolve/{1}?at={0}".format(*_rule(lib, rng)),
    ),
    Kind("static file", 0.10, lambda lib, rng: lib.static),
)
BASELINE = "static file"
TARGET_RATIO = {"rule page": 10.0}  # p95 at most this many times the static file's


def _citations(size: int) -> str:
    text = " ".join(
        f"See rule {100 + n % 800}.{1 + n % 9}{'abcdefghijk'[n % 11]}." for n in range(size // 20)
    )
    return json.dumps({"text": text[: size - 100], "as_of": "2005-02-01"})


#: the attackers' requests, sent in turn: (name, method, URL, body)
ATTACKS: tuple[tuple[str, str, str, str], ...] = (
    (
        "wildcards, all editions",
        "GET",
        "/api/search?q=*a*+*e*+*i*+*o*&all_editions=true&limit=100",
        "",
    ),
    (
        "prefixes, all editions",
        "GET",
        "/api/search?"
        + urlencode(
            {"q": " ".join(f"{c}*" for c in "abcdefghijklm"), "all_editions": "true", "limit": 100}
        ),
        "",
    ),
    (
        "fuzzy terms, all editions",
        "GET",
        "/api/search?"
        + urlencode(
            {"q": " ".join(f"word{n}~2" for n in range(20)), "all_editions": "true", "limit": 100}
        ),
        "",
    ),
    (
        "phrases with slop, page",
        "GET",
        "/search?"
        + urlencode({"q": " ".join(['"the creature the player"~50'] * 6), "all": 1, "limit": 100}),
        "",
    ),
    ("first to last diff", "GET", "/api/diff/{first}/{last}", ""),
    ("first to last diff page", "GET", "/diff/{first}/{last}", ""),
    ("a megabyte of citations", "POST", "/api/check", _citations(1 << 20)),
)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return (
        ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")
    )


def build_library(corpus: Path, home: Path, count: int) -> None:
    from crdex import api

    files = sorted(p for p in corpus.glob("cr-*.txt") if p.name.count(".") == 1)
    step = max(1, len(files) // count)
    api.build(files[::step][-count:], home=home)


def library(home: Path, count: int, rng: random.Random) -> Library:
    from crdex.api import Reader

    reader = Reader(home)
    chain = [e["id"] for e in reader.editions()]
    step = max(1, len(chain) // count)
    editions = sorted({*chain[::step][-(count - 1) :], chain[-1]}, key=chain.index)
    rules = {
        e: [r.number for r in reader.edition(e).rules if r.kind != "section"] for e in editions
    }
    questions = [
        line.split("\t", 1)[0]
        for line in QUESTIONS.read_text("utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    return Library(chain, editions, rules, questions)


# -- the clients -------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))


async def fetch(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, method: str, path: str, body: str
) -> int:
    """One request on a keep-alive connection; its status (the body is read and dropped)."""
    data = body.encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if data:
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    answer = await reader.readuntil(b"\r\n\r\n")
    status = int(answer.split(b" ", 2)[1])
    length = re.search(rb"\r\ncontent-length:\s*(\d+)", answer, re.IGNORECASE)
    if length is not None:
        await reader.readexactly(int(length.group(1)))
    elif re.search(rb"\r\ntransfer-encoding:\s*chunked", answer, re.IGNORECASE):
        while size := int((await reader.readuntil(b"\r\n")).strip(), 16):
            await reader.readexactly(size + 2)
        await reader.readuntil(b"\r\n")
    if re.search(rb"\r\nconnection:\s*close", answer, re.IGNORECASE):
        raise ConnectionResetError("the server closed the connection")
    return status


async def client(
    port: int, plan: list[tuple[str, str, str, str]], until: float, seed: int, tally: Tally
) -> None:
    """Requests of ``plan`` at random (an attacker's in turn), one after another, until ``until``."""
    rng = random.Random(seed)
    turn = seed
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while time.perf_counter() < until:
            kind, method, path, body = rng.choice(plan)
            if kind.startswith("attack"):
                kind, method, path, body = plan[turn % len(plan)]
                turn += 1
            start = time.perf_counter()
            try:
                status = await asyncio.wait_for(fetch(reader, writer, method, path, body), TIMEOUT)
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
                tally.statuses[kind][0] += 1
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                continue
            tally.times[kind].append((time.perf_counter() - start) * 1000)
            tally.statuses[kind][status] += 1
    finally:
        writer.close()


# -- what the server uses --------------------------------------------------------------------


def processes(pid: int) -> list[int]:
    """The server's process and its children (its workers, multiprocessing's tracker): Linux /proc."""
    found = [pid]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if stat.read_text().rsplit(")", 1)[1].split()[1] == str(pid):
                found.append(int(stat.parent.name))
        except (OSError, IndexError):
            continue
    return found


def is_worker(pid: int) -> bool:
    """A worker of the server (not multiprocessing's resource tracker)."""
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def workers_started(pid: int, count: int, quiet: float = 1.5, wait: float = 180.0) -> None:
    """Wait until ``count`` workers run and none of them is still loading (its CPU time still).

    The server answers as soon as its first worker has loaded; the clients'
    keep-alive connections, opened at once, would then all go to that one
    worker and stay there for the whole run.
    """
    deadline = time.monotonic() + wait
    last, still_since = -1.0, time.monotonic()
    while time.monotonic() < deadline:
        workers = [p for p in processes(pid) if is_worker(p)]
        used = cpu_seconds(workers)
        if used != last:
            last, still_since = used, time.monotonic()
        elif len(workers) >= count and time.monotonic() - still_since >= quiet:
            return
        time.sleep(0.25)
    print(f"warning: the workers were still loading after {wait:.0f} s", file=sys.stderr)


def memory_mb(pid: int) -> tuple[float, float]:
    """(resident, proportional) set size of a process, in MB."""
    rss = pss = 0.0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
    except OSError:
        pass
    return round(rss, 1), round(pss, 1)


async def sampler(
    workers: list[int], every: float, until: float, out: list[dict[str, Any]]
) -> None:
    start = time.perf_counter()
    while time.perf_counter() < until:
        out.append(
            {"t": round(time.perf_counter() - start, 1), "workers": [memory_mb(w) for w in workers]}
        )
        await asyncio.sleep(every)


async def phase(
    port: int,
    plan: list[tuple[str, str, str, str]],
    clients: int,
    seconds: float,
    pid: int,
    attacks: list[tuple[str, str, str, str]] | None = None,
    attackers: int = 0,
    sample: float = 0.0,
) -> dict[str, Any]:
    tally = Tally()
    pids = processes(pid)
    memory: list[dict[str, Any]] = []
    cpu, wall, served = time.process_time(), time.perf_counter(), cpu_seconds(pids)
    until = wall + seconds
    tasks = [client(port, plan, until, n, tally) for n in range(clients)]
    tasks += [client(port, attacks or [], until, 1000 + n, tally) for n in range(attackers)]
    if sample:
        tasks.append(sampler([p for p in pids if is_worker(p)], sample, until, memory))
    await asyncio.gather(*tasks)
    wall = time.perf_counter() - wall
    served = cpu_seconds(pids) - served
    kinds = {}
    for kind in sorted(tally.statuses, key=_order):
        times, statuses = tally.times[kind], tally.statuses[kind]
        kinds[kind] = {
            "requests": sum(statuses.values()),
            "per_second": round(sum(statuses.values()) / wall, 1),
            "p50_ms": round(percentile(times, 0.50), 1),
            "p95_ms": round(percentile(times, 0.95), 1),
            "p99_ms": round(percentile(times, 0.99), 1),
            "errors": sum(n for s, n in statuses.items() if s >= 400 or s == 0),
            "statuses": {str(s): n for s, n in sorted(statuses.items())},
        }
    total = sum(k["requests"] for k in kinds.values())
    return {
        "seconds": round(wall, 1),
        "requests": total,
        "per_second": round(total / wall, 1),
        "server_cpu_ms_per_request": round(1000 * served / max(total, 1), 2),
        "server_cores": round(served / wall, 2),
        "client_cpu_share": round((time.process_time() - cpu) / wall, 2),
        "kinds": kinds,
        "memory": memory,
    }


def _order(kind: str) -> int:
    names = [k.name for k in KINDS]
    return names.index(kind) if kind in names else len(names)


# -- the report ---------------------------------------------------------------------------


def memory_summary(samples: list[dict[str, Any]]) -> list[dict[str, float]]:
    """Per worker: resident and proportional size at the start, the peak, the end (MB)."""
    if not samples:
        return []
    out = []
    for w in range(len(samples[0]["workers"])):
        rss = [s["workers"][w][0] for s in samples if len(s["workers"]) > w]
        pss = [s["workers"][w][1] for s in samples if len(s["workers"]) > w]
        tenth = max(1, len(rss) // 10)
        out.append(
            {
                "rss_first_tenth": max(rss[:tenth]),
                "rss_last_tenth": max(rss[-tenth:]),
                "rss_peak": max(rss),
                "pss_peak": max(pss),
            }
        )
    return out


def print_report(figures: dict[str, Any]) -> None:
    mix = figures["mix"]
    base = mix["kinds"].get(BASELINE, {}).get("p95_ms", float("nan"))
    print(
        f"crdex serve, {figures['workers']} workers, {figures['clients']} clients and "
        f"{figures['attackers']} attackers, {figures['editions']} editions of "
        f"{figures['chain']}, {mix['seconds']} s, loopback, {figures['cores']} cores "
        f"(load average before: {figures['load_before']})"
    )
    print(
        f"{'':28} {'requests':>9} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>6}  p95/static"
    )
    alone = figures["baseline"]["kinds"].get(BASELINE)
    rows = ([("static file alone (before)", alone)] if alone else []) + list(mix["kinds"].items())
    for name, row in rows:
        ratio = row["p95_ms"] / base if base else float("nan")
        target = TARGET_RATIO.get(name)
        mark = f"  (target ≤ {target:g}×)" if target else ""
        statuses = "" if not name.startswith("attack") else "  " + json.dumps(row["statuses"])
        print(
            f"{name[:28]:28} {row['requests']:9d} {row['per_second']:7.1f} {row['p50_ms']:8.1f} "
            f"{row['p95_ms']:8.1f} {row['p99_ms']:8.1f} {row['errors']:6d}  {ratio:6.1f}×{mark}{statuses}"
        )
    print(
        f"mix: {mix['requests']} requests, {mix['per_second']} req/s; server CPU "
        f"{mix['server_cpu_ms_per_request']} ms a request ({mix['server_cores']} cores busy); "
        f"the load generator used {mix['client_cpu_share']:.0%} of a core"
    )
    for n, worker in enumerate(memory_summary(mix["memory"])):
        print(
            f"worker {n + 1}: resident {worker['rss_first_tenth']:.0f} MB in the first tenth of the "
            f"mix, {worker['rss_last_tenth']:.0f} MB in the last, peak {worker['rss_peak']:.0f} MB "
            f"(proportional {worker['pss_peak']:.0f} MB)"
        )
        print(f"  over time: {memory_over_time(mix['memory'], n)}")


def memory_over_time(samples: list[dict[str, Any]], worker: int, points: int = 12) -> str:
    """A worker's resident memory at about ``points`` moments of the mix ("30 s 412 MB, …")."""
    held = [s for s in samples if len(s["workers"]) > worker]
    step = max(1, -(-len(held) // points))
    return ", ".join(f"{s['t']:.0f} s {s['workers'][worker][0]:.0f} MB" for s in held[::step])


def plan_of(
    lib: Library, rng: random.Random, size: int = 20_000
) -> list[tuple[str, str, str, str]]:
    return [
        (kind.name, kind.method, kind.draw(lib, rng), "")
        for kind in KINDS
        for _ in range(round(kind.share * size))
    ]


def attacks_of(lib: Library) -> list[tuple[str, str, str, str]]:
    first, last = lib.chain[0], lib.chain[-1]
    return [
        (f"attack: {name}", method, url.format(first=quote(first), last=quote(last)), body)
        for name, method, url, body in ATTACKS
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--home", type=Path, help="a built library (default: build one from --corpus)")
    ap.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--attackers", type=int, default=2)
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of the mix")
    ap.add_argument("--baseline", type=float, default=5.0, help="seconds of the static file alone")
    ap.add_argument("--warm-up", type=float, default=10.0, help="seconds of warming up")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--editions", type=int, default=26, help="editions the mix asks about")
    ap.add_argument("--sample", type=float, default=2.0, help="seconds between memory samples")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()

    temp = Path(tempfile.mkdtemp(prefix="crdex-bench-serve-"))
    server = None
    try:
        home = args.home
        if home is None:
            home = temp / "home"
            print(f"building a library of {args.editions} editions in {home} …", file=sys.stderr)
            build_library(args.corpus, home, args.editions)
        rng = random.Random(args.seed)
        lib = library(home, args.editions, rng)
        server = launch.start(home, temp / "serve.log", workers=args.workers)
        port = int(server.url.rsplit(":", 1)[1])
        workers_started(server.process.pid, args.workers)
        with urllib.request.urlopen(server.url + "/") as answer:
            css = re.search(r'href="(/static/style\.css\?v=\w+)"', answer.read().decode())
        assert css is not None
        lib.static = css.group(1)
        try:
            import uvloop

            run = uvloop.run
        except ImportError:
            run = asyncio.run
        pid = server.process.pid
        load_before = round(os.getloadavg()[0], 2)
        static = [(BASELINE, "GET", lib.static, "")]
        baseline = run(phase(port, static, args.clients, args.baseline, pid))
        warm = [("warm-up", "GET", f"/e/{e}/100", "") for e in lib.editions]
        warmed = run(phase(port, warm, args.clients, args.warm_up, pid))
        mix = run(
            phase(
                port,
                plan_of(lib, rng),
                args.clients,
                args.duration,
                pid,
                attacks_of(lib),
                args.attackers,
                args.sample,
            )
        )
        figures = {
            "workers": args.workers,
            "clients": args.clients,
            "attackers": args.attackers,
            "editions": len(lib.editions),
            "chain": len(lib.chain),
            "cores": os.cpu_count(),
            "load_before": load_before,
            "load_after": round(os.getloadavg()[0], 2),
            "baseline": baseline,
            "warm_up": {k: v for k, v in warmed.items() if k != "memory"},
            "mix": mix,
            "memory": memory_summary(mix["memory"]),
        }
    finally:
        if server is not None:
            server.stop()
            faults = server.log.read_text(errors="replace").count("Traceback")
            if faults:
                print(f"the server logged {faults} tracebacks; the last:", file=sys.stderr)
                print(server.log.read_text(errors="replace")[-3000:], file=sys.stderr)
        shutil.rmtree(temp, ignore_errors=True)
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print_report(figures)


if __name__ == "__main__":
    main()
