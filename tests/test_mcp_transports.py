"""``crdex mcp`` as a client starts it: a process on stdio (from the checkout and from
elsewhere), and the streamable HTTP transport on 127.0.0.1, through the SDK's client.

Expectation from the documents: Scry is "502.36. Scry" in cr-2005-02-01.txt and
"701.22. Scry" in cr-2026-08-07.txt.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from mcp import StdioServerParameters

from conftest import REPO, mcp_session

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

RESOLVE = {"number": "502.36", "at": "2005-02-01"}


async def _resolve_and_fail(client: Any) -> tuple[list[str], Any, Any]:
    tools = sorted(t.name for t in (await client.list_tools()).tools)
    found = await client.call_tool("resolve", RESOLVE)
    failed = await client.call_tool("resolve", {"number": "502.36", "at": "nope"})
    return tools, found, failed


@pytest.mark.parametrize("where", ["outside", "checkout"])
def test_stdio(few_editions_home: Path, tmp_path: Path, where: str) -> None:
    """A client starts the server as a process; standard output carries only the protocol."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "crdex", "mcp", "--home", str(few_editions_home)],
        cwd=REPO if where == "checkout" else tmp_path,
    )
    tools, found, failed = mcp_session(params, _resolve_and_fail)
    assert "resolve" in tools and "search" in tools
    assert (found.structured_content["number"], found.structured_content["title"]) == (
        "701.22",
        "Scry",
    )
    assert failed.is_error
    assert failed.content[0].text.startswith(
        "Error executing tool resolve: no edition 'nope' in the library"
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for(port: int, server: subprocess.Popen[bytes], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"crdex mcp --http exited with status {server.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"crdex mcp --http did not listen on port {port}")


def test_streamable_http_on_localhost(few_editions_home: Path, tmp_path: Path) -> None:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "CRDEX_HOME"}
    argv = [sys.executable, "-m", "crdex", "mcp", "--http", "--port", str(port)]
    server = subprocess.Popen(
        [*argv, "--home", str(few_editions_home)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for(port, server)
        tools, found, failed = mcp_session(f"http://127.0.0.1:{port}/mcp", _resolve_and_fail)
    finally:
        server.terminate()
        server.wait(timeout=60)
    assert "resolve" in tools
    assert found.structured_content["number"] == "701.22"
    assert failed.is_error
