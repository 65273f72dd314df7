"""``crdex serve`` in a child process, for as long as a test, a benchmark or a tool needs it.

:func:`start` runs the real command (uvicorn, its workers) on a free
loopback port and returns once the server answers; :meth:`Server.stop`
ends it (terminate, then kill if it lingers). The server's output goes to
a log file, quoted in the error if the server stops or never answers.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from .errors import ServerError

__all__ = ["Server", "free_port", "start"]


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(slots=True)
class Server:
    process: subprocess.Popen[bytes]
    url: str
    log: Path

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=30)


def start(home: Path, log: Path, *, workers: int = 1, wait: float = 300.0) -> Server:
    """``crdex serve --home HOME`` on a free loopback port, answering when this returns.

    The child does not inherit ``CRDEX_HOME``: it serves ``home`` only.
    """
    port = free_port()
    command = [sys.executable, "-m", "crdex", "serve", "--home", str(home)]
    command += ["--port", str(port), "--workers", str(workers)]
    env = {k: v for k, v in os.environ.items() if k != "CRDEX_HOME"}
    with open(log, "wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    server = Server(process, f"http://127.0.0.1:{port}", log)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerError(f"crdex serve stopped:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(f"{server.url}/api/editions", timeout=5) as answer:
                if answer.status == 200:
                    return server
        except OSError:
            time.sleep(0.3)
    server.stop()
    raise ServerError(
        f"crdex serve did not answer within {wait:.0f} s:\n{log.read_text(errors='replace')}"
    )
