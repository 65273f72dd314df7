"""Start-up to first answer of ``crdex mcp``, beside baselines measured in the same run.

What an assistant waits for when it starts the server: spawn ``crdex mcp``
on stdio, send ``initialize`` (and ``notifications/initialized``), call one
tool (``resolve 502.36 at 2005-02-01``) and read the answer. Each figure is
the median wall time of ``--repeat`` fresh processes, after a warm-up that
is not counted (so the library's caches and the operating system's file
cache are warm):

- ``python -c pass``: starting the interpreter;
- ``import mcp.server.mcpserver``: the MCP SDK's own import, the floor
  under any server built on it;
- ``crdex resolve 502.36 --at 2005-02-01 --json``: the same answer from the
  command line;
- ``crdex mcp``: time to the ``initialize`` answer, to the tool's answer, and
  for the same call asked again in the same session (the library loaded).

Beside each wall time, the CPU time of the process (user and system, from
the operating system's accounting of ended children): on a machine shared
with other work the wall times grow with the load, the CPU times much less.

Each round runs each of them once, so a change in the machine's load
touches all of them alike.

The client here speaks JSON-RPC itself, one JSON message per line as the
stdio transport does, instead of importing the SDK: the measured time is
then the server's alone, and this file, named ``mcp.py``, never stands in
for the SDK (every process runs in a temporary folder for the same
reason: ``python -m`` puts its folder first on the import path).

    python bench/mcp.py --home DIR [--repeat 5] [--json]

``--home`` (or ``CRDEX_HOME``) names a library holding 2005-02-01 and a
later edition, built beforehand (``crdex build``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from typing import IO, Any

CALL = {"name": "resolve", "arguments": {"number": "502.36", "at": "2005-02-01"}}
AGAIN = 5  # the same call asked again in the same session, once the library is loaded


def _send(pipe: IO[bytes], message: dict[str, Any]) -> None:
    pipe.write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
    pipe.flush()


def _answer(pipe: IO[bytes], ident: int) -> dict[str, Any]:
    """The response to request ``ident`` (notifications and logs in between are skipped)."""
    while True:
        line = pipe.readline()
        if not line:
            raise RuntimeError(f"the server closed its output before answering request {ident}")
        message = json.loads(line)
        if message.get("id") == ident:
            return message


def _children_cpu() -> float:
    """CPU seconds (user and system) of every child process that has ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def mcp_session(home: str, cwd: str) -> tuple[float, float, float, float, dict[str, Any]]:
    """Seconds to the ``initialize`` answer and to the tool's answer, the median seconds of
    the same call asked again, the server's CPU seconds (its whole life), and the answer."""
    cpu = _children_cpu()
    start = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "crdex", "mcp", "--home", home],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=cwd,
    )
    assert server.stdin is not None and server.stdout is not None
    try:
        _send(
            server.stdin,
            {
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "bench", "version": "0"},
                },
            },
        )
        _answer(server.stdout, 1)
        initialized = time.perf_counter() - start
        _send(server.stdin, {"method": "notifications/initialized"})
        _send(server.stdin, {"id": 2, "method": "tools/call", "params": CALL})
        answer = _answer(server.stdout, 2)
        answered = time.perf_counter() - start
        again = []
        for ident in range(3, 3 + AGAIN):
            asked = time.perf_counter()
            _send(server.stdin, {"id": ident, "method": "tools/call", "params": CALL})
            _answer(server.stdout, ident)
            again.append(time.perf_counter() - asked)
    finally:
        server.stdin.close()
        server.wait(timeout=60)
    return initialized, answered, statistics.median(again), _children_cpu() - cpu, answer


def run(args: list[str], cwd: str) -> tuple[float, float]:
    """Wall and CPU seconds of one process."""
    cpu = _children_cpu()
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, cwd=cwd)
    return time.perf_counter() - start, _children_cpu() - cpu


FIGURES = (
    "python -c pass",
    "import mcp.server.mcpserver",
    "crdex resolve --json",
    "crdex mcp: initialize answered",
    "crdex mcp: first tool answered",
    "crdex mcp: the same call again",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", default=os.environ.get("CRDEX_HOME"), help="the library")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    opts = parser.parse_args()
    if not opts.home:
        parser.error("name a built library with --home DIR (or CRDEX_HOME)")
    home = os.path.abspath(opts.home)
    py = sys.executable
    resolve = [py, "-m", "crdex", "resolve", "502.36", "--at", "2005-02-01", "--json"]
    resolve += ["--home", home]
    wall: dict[str, list[float]] = {name: [] for name in FIGURES}
    cpu: dict[str, list[float]] = {name: [] for name in FIGURES}

    def measure(name: str, args: list[str]) -> None:
        seconds, used = run(args, cwd)
        wall[name].append(seconds)
        cpu[name].append(used)

    with tempfile.TemporaryDirectory(prefix="crdex-bench-mcp-") as cwd:
        *_, answer = mcp_session(home, cwd)  # warm-up, and a check of the answer
        structured = answer.get("result", {}).get("structuredContent") or {}
        if structured.get("number") != "701.22":
            sys.exit(f"unexpected answer from crdex mcp: {json.dumps(answer)[:500]}")
        run(resolve, cwd)
        # one of each per round, so that a change in the machine's load touches all alike
        for _round in range(opts.repeat):
            measure("python -c pass", [py, "-c", "pass"])
            measure("import mcp.server.mcpserver", [py, "-c", "import mcp.server.mcpserver"])
            measure("crdex resolve --json", resolve)
            initialized, answered, again, used, _ = mcp_session(home, cwd)
            wall["crdex mcp: initialize answered"].append(initialized)
            wall["crdex mcp: first tool answered"].append(answered)
            wall["crdex mcp: the same call again"].append(again)
            cpu["crdex mcp: first tool answered"].append(used)
    figures = {
        name: {
            "wall": round(statistics.median(wall[name]), 3),
            "cpu": round(statistics.median(cpu[name]), 3) if cpu[name] else None,
        }
        for name in FIGURES
    }
    if opts.json:
        print(json.dumps(figures, indent=1))
        return
    first = figures["crdex mcp: first tool answered"]["wall"]
    load = os.getloadavg()[0]
    print(
        f"median of {opts.repeat} fresh processes each (after a warm-up), library {home}, "
        f"load average {load:.1f} on {os.cpu_count()} cores"
    )
    print(f"  {'':<34} {'wall':>8} {'CPU':>8}   first answer ÷ this (wall)")
    for name, f in figures.items():
        used = f"{f['cpu']:.3f} s" if f["cpu"] is not None else ""
        print(f"  {name:<34} {f['wall']:6.3f} s {used:>8}   {first / f['wall']:5.2f}")
    verdict = "within" if first <= 1.0 else "over"
    print(f"start-up to first answer: {first:.3f} s wall, {verdict} the 1 s budget")
    print("(CPU: user and system seconds of the whole process, shutdown included)")


if __name__ == "__main__":
    main()
