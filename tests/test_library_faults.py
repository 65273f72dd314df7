"""Concurrency and faults, as whoosh and SQLite promise them, over real documents.

Every build here is the ``crdex`` command in a process of its own, killed
or interrupted the way a user or the machine would: SIGKILL at each named
point of a build (``crdex.index.storage.faults``) and at moments chosen by the
clock, Ctrl-C, three builds at once. After each: no process left behind,
``crdex verify`` passes, readers answer from the last complete generation
without writing, and the next build completes with every document.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from conftest import corpus_path
from crdex.index.storage.faults import ENV as FAULT_ENV
from crdex.index.storage.faults import POINTS

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

BASE = ("cr-2005-02-01.txt", "cr-2005-08-01.txt")
EXTRA = ("cr-2005-10-01.txt", "cr-2006-02-01.txt", "cr-2006-07-15.txt", "cr-2006-10-01.txt")


def _env(mark: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CRDEX_HOME", FAULT_ENV)}
    env["CRDEX_TEST_MARK"] = mark
    env.update(extra)
    return env


def _start(home: Path, *args: str, mark: str, **extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "crdex", *args, "--home", str(home)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(mark, **extra),
        cwd=Path(__file__).parent,
        preexec_fn=_as_from_a_shell,
    )


def _as_from_a_shell() -> None:
    """In the child before it runs: Ctrl-C as an interactive shell leaves it (default, unblocked).

    A process inherits an ignored Ctrl-C and a blocked one from whatever
    thread starts it, and Python keeps both: a build started so never sees
    the Ctrl-C these tests send. What the tests measure is the build's own
    handling of it.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _sigint_state(pid: int) -> str:
    """Whether ``pid`` blocks, ignores or catches SIGINT, from /proc (for a failure's message)."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return "(gone)"
    bit = 1 << (signal.SIGINT - 1)
    masks = {
        k: int(v, 16)
        for k, _, v in (ln.partition(":\t") for ln in lines)
        if k in ("SigBlk", "SigIgn", "SigCgt")
    }
    return ", ".join(
        f"{k} {bool(masks[k] & bit)}" for k in ("SigBlk", "SigIgn", "SigCgt") if k in masks
    )


def _run(home: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "crdex", *args, "--home", str(home)],
        capture_output=True,
        text=True,
        env=_env("none", **extra),
        cwd=Path(__file__).parent,
        timeout=900,
        check=False,
    )


def _marked(mark: str) -> list[int]:
    """Processes still alive whose environment carries ``mark`` (a build and its workers)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            status = (entry / "status").read_text()
        except OSError:
            continue
        if f"CRDEX_TEST_MARK={mark}".encode() in environ.split(b"\0") and "State:\tZ" not in status:
            alive.append(int(entry.name))
    return alive


def _survivors(mark: str, wait: float = 5.0) -> list[int]:
    """What is still alive after the kernel and the workers' watch had their chance."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        alive = _marked(mark)
        if not alive:
            return []
        time.sleep(0.1)
    return _marked(mark)


def _listing(home: Path) -> dict[str, tuple[int, int]]:
    return {
        str(p.relative_to(home)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in sorted(home.rglob("*"))
        if p.is_file() and p.name != "lock"
    }


def _documents(home: Path) -> list[str]:
    done = _run(home, "documents", "--json")
    assert done.returncode == 0, done.stderr
    return sorted(d["name"] for d in json.loads(done.stdout)["documents"])


def _files(*names: str) -> list[str]:
    return [str(corpus_path(n)) for n in names]


@pytest.fixture(scope="module")
def base_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library of two editions, built once and copied by each test that changes it."""
    home = tmp_path_factory.mktemp("faults") / "home"
    done = _run(home, "build", *_files(*BASE))
    assert done.returncode == 0, done.stderr
    return home


def _copy(base: Path, where: Path) -> Path:
    import shutil

    home = where / "home"
    shutil.copytree(base, home, symlinks=True)
    return home


def test_three_builds_at_once_each_keep_their_documents(tmp_path: Path, base_home: Path) -> None:
    home = _copy(base_home, tmp_path)
    mark = uuid.uuid4().hex
    builds = [_start(home, "build", path, mark=mark) for path in _files(*EXTRA[:3])]
    outcomes = [(b.communicate(timeout=900)[1], b.returncode) for b in builds]
    assert [code for _err, code in outcomes] == [0, 0, 0], outcomes
    assert any("waiting for process" in err for err, _code in outcomes)
    assert _documents(home) == sorted([*BASE, *EXTRA[:3]])
    assert _survivors(mark) == []


@pytest.mark.parametrize("point", POINTS)
def test_a_build_killed_at_a_named_point_changes_nothing_readers_see(
    tmp_path: Path, base_home: Path, point: str
) -> None:
    home = _copy(base_home, tmp_path)
    before = _run(home, "show", "100.1", "--json")
    assert before.returncode == 0, before.stderr
    mark = uuid.uuid4().hex
    build = _start(home, "build", *_files(*EXTRA), mark=mark, **{FAULT_ENV: point})
    build.communicate(timeout=900)
    assert build.returncode == -signal.SIGKILL
    assert _survivors(mark) == []
    listing = _listing(home)
    after = _run(home, "show", "100.1", "--json")
    assert after.returncode == 0, after.stderr
    assert json.loads(after.stdout)["text"] == json.loads(before.stdout)["text"]
    assert _listing(home) == listing  # the reader wrote nothing
    documents = _documents(home)
    assert documents in (sorted(BASE), sorted([*BASE, *EXTRA]))  # as before, or as after
    verify = _run(home, "verify")
    assert verify.returncode == 0, verify.stdout + verify.stderr
    done = _run(home, "build", *_files(*EXTRA))
    assert done.returncode == 0, done.stderr
    assert _documents(home) == sorted([*BASE, *EXTRA])


@pytest.mark.parametrize("fraction", [0.15, 0.35, 0.55, 0.8])
def test_a_build_killed_at_a_moment_changes_nothing_readers_see(
    tmp_path: Path, base_home: Path, fraction: float
) -> None:
    probe = _copy(base_home, tmp_path / "probe")
    started = time.monotonic()
    assert _run(probe, "build", *_files(*EXTRA)).returncode == 0
    duration = time.monotonic() - started
    home = _copy(base_home, tmp_path)
    mark = uuid.uuid4().hex
    build = _start(home, "build", *_files(*EXTRA), mark=mark)
    time.sleep(duration * fraction)
    build.send_signal(signal.SIGKILL)
    build.communicate(timeout=60)
    assert _survivors(mark) == []
    assert _run(home, "verify").returncode == 0
    assert _documents(home) in (sorted(BASE), sorted([*BASE, *EXTRA]))
    assert _run(home, "build", *_files(*EXTRA)).returncode == 0
    assert _documents(home) == sorted([*BASE, *EXTRA])


def test_a_build_killed_while_workers_write_a_new_search_index_leaves_no_process(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    mark = uuid.uuid4().hex
    build = _start(home, "build", *_files(*BASE, *EXTRA), mark=mark, **{FAULT_ENV: "indexing"})
    _out, err = build.communicate(timeout=900)
    assert build.returncode == -signal.SIGKILL, err
    assert _survivors(mark) == []
    assert not (home / "search" / "CURRENT").exists()
    done = _run(home, "build", *_files(*BASE, *EXTRA))
    assert done.returncode == 0, done.stderr
    assert _documents(home) == sorted([*BASE, *EXTRA])
    assert _run(home, "verify").returncode == 0


def test_ctrl_c_stops_a_build_at_once_with_exit_130(tmp_path: Path, base_home: Path) -> None:
    home = _copy(base_home, tmp_path)
    mark = uuid.uuid4().hex
    build = _start(home, "build", *_files(*EXTRA), mark=mark)
    assert build.stderr is not None
    # Ctrl-C once the build is at work (its first progress line), not after a
    # fixed time: on a fast machine a build of four editions is over in 3 s
    first = build.stderr.readline()
    assert first.startswith("parsing documents"), first
    state = _sigint_state(build.pid)
    build.send_signal(signal.SIGINT)
    _out, rest = build.communicate(timeout=60)
    err = first + rest
    assert build.returncode == 130, f"SIGINT when sent: {state}\n{err}"
    assert "Traceback" not in err
    assert err.rstrip().endswith("Interrupted.")
    assert _survivors(mark) == []
    assert _run(home, "verify").returncode == 0
