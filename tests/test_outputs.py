"""Writing a file the user named: links, pipes, devices, atomic replacement, and its faults.

The same module writes ``crdex export -o`` and the files ``crdex check --fix``
rewrites, so both are tried here through the command line as well.
"""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import crdex_in as crdex
from crdex.index.errors import OutputError
from crdex.index.storage.outputs import destination, open_output, output_path, write_bytes


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@contextmanager
def fifo_reader(folder: Path, timeout: float = 60) -> Iterator[tuple[Path, list[bytes]]]:
    """A new FIFO in ``folder`` and the bytes a reader thread drains from it (after the block)."""
    fifo = folder / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    try:
        yield fifo, got
    finally:
        reader.join(timeout)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)  # still a pipe, not a file put in its place


def test_a_new_file_gets_the_mode_open_would_give(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_bytes(tmp_path / "new.txt", b"one")
    finally:
        os.umask(old)
    assert (tmp_path / "new.txt").read_bytes() == b"one"
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_a_regular_file_is_replaced_whole_keeping_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_bytes(b"old")
    target.chmod(0o604)
    before = target.stat().st_ino
    with open_output(target, text=True) as out:
        out.write("new ✓")
        assert target.read_bytes() == b"old"  # nothing shows before the end
    assert target.read_text("utf-8") == "new ✓"
    assert stat.S_IMODE(target.stat().st_mode) == 0o604
    assert target.stat().st_ino != before  # a new file renamed into place
    assert leftovers(tmp_path) == []


def test_an_error_while_writing_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), open_output(target) as out:
        out.write(b"half")
        raise RuntimeError("stopped")
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


def test_a_link_is_written_through_to_its_target(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "data.json"
    real.write_bytes(b"old")
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(Path("real") / "data.json")
    write_bytes(link, b"new")
    assert link.is_symlink()
    assert os.readlink(link) == str(Path("real") / "data.json")
    assert real.read_bytes() == b"new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert leftovers(tmp_path / "real") == [] and leftovers(tmp_path) == []


def test_a_dangling_link_makes_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to("made.json")
    write_bytes(link, b"x")
    assert link.is_symlink() and (tmp_path / "made.json").read_bytes() == b"x"


def test_a_fifo_is_streamed_into(tmp_path: Path) -> None:
    with fifo_reader(tmp_path) as (fifo, got):
        write_bytes(fifo, b"through the pipe")
    assert got == [b"through the pipe"]
    assert leftovers(tmp_path) == []


def test_a_path_for_sqlite_streams_into_a_fifo(tmp_path: Path) -> None:
    with fifo_reader(tmp_path) as (fifo, got), output_path(fifo) as tmp:
        assert tmp.parent != tmp_path
        tmp.write_bytes(b"a whole database")
    assert got == [b"a whole database"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_dev_full_is_an_error_not_a_success() -> None:
    before = os.stat("/dev/full")
    with pytest.raises(OutputError) as caught:
        write_bytes("/dev/full", b"x" * 10)
    assert str(caught.value) == "/dev/full: cannot be written (No space left on device)"
    after = os.stat("/dev/full")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputError) as caught:
        destination(tmp_path)
    assert str(caught.value) == f"{tmp_path}: is a directory; give the name of a file to write"


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    name = str(tmp_path / "no" / "x.json")
    with pytest.raises(OutputError) as caught:
        write_bytes(name, b"x")
    assert (
        str(caught.value)
        == f"{name}: cannot be written (the folder {tmp_path / 'no'} does not exist)"
    )


def test_a_link_into_a_missing_folder_names_the_target_folder(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "gone" / "x.json")
    with pytest.raises(OutputError) as caught:
        write_bytes(link, b"x")
    assert str(caught.value) == (
        f"{link}: cannot be written (the folder {tmp_path / 'gone'} does not exist)"
    )


def test_a_read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No temporary file can be made beside the target: the old file stays, the error says why.

    Root ignores a folder's permissions, so when the tests run as root the
    refusal the kernel gives everyone else (EACCES) is given by a stand-in
    for ``os.open`` in that folder.
    """
    folder = tmp_path / "ro"
    folder.mkdir()
    target = folder / "out.json"
    target.write_bytes(b"old")
    folder.chmod(0o555)
    if os.geteuid() == 0:
        real_open = os.open

        def refusing(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
            if Path(path).parent == folder and flags & os.O_CREAT:
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real_open(path, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", refusing)
    try:
        with pytest.raises(OutputError) as caught:
            write_bytes(target, b"new")
    finally:
        folder.chmod(0o755)
    assert str(caught.value) == (
        f"{target}: cannot be written (no file can be created in {folder}: Permission denied)"
    )
    assert target.read_bytes() == b"old"
    assert leftovers(folder) == []


def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root may write any file; the check is the file's own permission")
    target = tmp_path / "locked.json"
    target.write_bytes(b"old")
    target.chmod(0o444)
    with pytest.raises(OutputError, match=r"locked.json: cannot be written \(Permission denied\)"):
        write_bytes(target, b"new")
    assert target.read_bytes() == b"old"


_FULL_DISK = """
import resource, sys
from crdex.index.storage.outputs import write_bytes
from crdex.errors import CrdexError
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
try:
    write_bytes(sys.argv[1], b"x" * 100_000)
except CrdexError as exc:
    print(exc)
    sys.exit(1)
"""


def test_a_disk_that_fills_up_midway(tmp_path: Path) -> None:
    """A file-size limit makes the kernel refuse every byte past 4 KiB, as a full disk would."""
    target = tmp_path / "out.json"
    target.write_bytes(b"old")
    done = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, str(target)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 1, done.stderr
    assert done.stdout == f"{target}: cannot be written (File too large)\n"
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


# -- through the command line ---------------------------------------------------------


@pytest.mark.parametrize("fmt", ["json", "sqlite"])
def test_export_through_a_link(mini_home: Path, tmp_path: Path, fmt: str) -> None:
    real = tmp_path / f"real.{fmt}"
    real.write_bytes(b"old")
    real.chmod(0o600)
    (tmp_path / f"link.{fmt}").symlink_to(real.name)
    done = crdex(tmp_path, "export", "-o", f"link.{fmt}", "--home", str(mini_home))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / f"link.{fmt}").is_symlink()
    assert real.read_bytes()[:15] in (b'{"format":"crde', b"SQLite format 3")
    assert stat.S_IMODE(real.stat().st_mode) == 0o600


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("fmt", ["json", "jsonl", "sqlite"])
def test_export_to_dev_full_fails(mini_home: Path, tmp_path: Path, fmt: str) -> None:
    done = crdex(tmp_path, "export", "-f", fmt, "-o", "/dev/full", "--home", str(mini_home))
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        "Error: /dev/full: cannot be written (No space left on device)"
    )
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_export_to_dev_stdout_and_a_fifo(mini_home: Path, tmp_path: Path) -> None:
    done = crdex(tmp_path, "export", "-f", "jsonl", "-o", "/dev/stdout", "--home", str(mini_home))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith('{"type":"header"')
    with fifo_reader(tmp_path) as (_fifo, got):
        done = crdex(tmp_path, "export", "-f", "sqlite", "-o", "pipe", "--home", str(mini_home))
    assert done.returncode == 0, done.stderr
    assert got and got[0].startswith(b"SQLite format 3\x00")
    assert "exported 1 edition (2011-01-01) as sqlite to pipe (" in done.stderr


def test_check_fix_writes_through_a_link(mini_home: Path, tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    real = tmp_path / "src" / "a.py"
    real.write_bytes(b"# 20100716 - 701.2\r\n")
    real.chmod(0o750)
    (tmp_path / "a.py").symlink_to(Path("src") / "a.py")
    done = crdex(tmp_path, "check", "a.py", "--fix", "--home", str(mini_home))
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "a.py").is_symlink()
    # Scry was 701.2 on 2010-07-16 and is 701.3 in 2011-01-01 (tests/test_check_judge.py)
    assert real.read_bytes() == b"# 20110101 - 701.3\r\n"
    assert stat.S_IMODE(real.stat().st_mode) == 0o750
