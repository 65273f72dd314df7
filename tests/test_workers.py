"""Worker processes, forked or fresh: they do their jobs, a dead one is a LibraryError, none outlives its build."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from crdex.index.errors import LibraryError
from crdex.index.storage.workers import WorkerPool

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux processes")

# set in the building process after import: a forked worker has it, a fresh one does not
STATE = {"set": False}


def _state() -> bool:
    return STATE["set"]


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.mark.parametrize("fresh", [False, True])
def test_a_pool_does_its_jobs_in_other_processes(fresh: bool) -> None:
    STATE["set"] = True
    try:
        with WorkerPool(2, "testing", fresh=fresh) as pool:
            pids = {pool.result(pool.submit(os.getpid)) for _ in range(4)}
            inherited = pool.result(pool.submit(_state))
    finally:
        STATE["set"] = False
    assert os.getpid() not in pids
    # a fresh worker starts from a new interpreter, not from a copy of this process's memory
    assert inherited is not fresh


@pytest.mark.parametrize("fresh", [False, True])
def test_a_worker_that_dies_is_a_library_error(fresh: bool) -> None:
    with (
        pytest.raises(LibraryError, match="a process testing died unexpectedly"),
        WorkerPool(1, "testing", fresh=fresh) as pool,
    ):
        pool.result(pool.submit(_die))


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as fh:
            return "State:\tZ" not in fh.read()
    except OSError:
        return False


@pytest.mark.parametrize("fresh", [False, True])
def test_workers_die_with_a_building_process_killed_with_sigkill(fresh: bool) -> None:
    script = textwrap.dedent(
        f"""
        import os, sys, time
        from crdex.index.storage.workers import WorkerPool

        pool = WorkerPool(2, "testing", fresh={fresh})
        pids = {{pool.result(pool.submit(os.getpid)) for _ in range(6)}}
        for _ in range(2):
            pool.submit(time.sleep, 600)
        print(" ".join(map(str, sorted(pids))), flush=True)
        time.sleep(600)
        """
    )
    with subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as builder:
        assert builder.stdout is not None
        workers = [int(p) for p in builder.stdout.readline().split()]
        assert workers and all(_alive(p) for p in workers)
        builder.send_signal(signal.SIGKILL)
        builder.wait(timeout=30)
    deadline = time.monotonic() + 5
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [p for p in workers if _alive(p)]


@pytest.mark.parametrize("fresh", [False, True])
def test_leaving_a_pool_by_an_exception_kills_its_workers_at_once(fresh: bool) -> None:
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt), WorkerPool(2, "testing", fresh=fresh) as pool:
        pids = {pool.result(pool.submit(os.getpid)) for _ in range(6)}
        pool.submit(time.sleep, 600)
        raise KeyboardInterrupt
    deadline = time.monotonic() + 5
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [p for p in pids if _alive(p)]
    assert time.monotonic() - started < 10


@pytest.mark.parametrize(
    ("where", "safe"),
    [("-c", True), ("script", False), ("package", True)],
)
def test_fresh_workers_only_where_they_do_not_run_the_program_again(
    tmp_path, where: str, safe: bool
) -> None:
    """A script with no main guard that asks for fresh workers gets forked ones.

    A fresh worker runs the program's main file again first: this script
    would start a pool in each of its workers, which fails, and a build
    written so would build again in each, waiting for its own lock.
    """
    body = textwrap.dedent(
        """
        import os
        from crdex.index.storage.workers import WorkerPool, fresh_is_safe
        print(fresh_is_safe())
        with WorkerPool(1, "testing", fresh=True) as pool:
            print(pool.result(pool.submit(os.getpid)) != os.getpid())
        """
    )
    if where == "-c":
        argv = [sys.executable, "-c", body]
    elif where == "script":
        (tmp_path / "build_it.py").write_text(body)
        argv = [sys.executable, str(tmp_path / "build_it.py")]
    else:
        (tmp_path / "job").mkdir()
        (tmp_path / "job" / "__init__.py").write_text("")
        (tmp_path / "job" / "__main__.py").write_text(body)
        argv = [sys.executable, "-m", "job"]
    done = subprocess.run(
        argv, capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path
    )
    assert (done.returncode, done.stdout.split()) == (0, [str(safe), "True"]), done.stderr
