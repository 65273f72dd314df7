"""Hostile and careless input: devices, pipes, sockets, unreadable and undecodable files,
documents no edition comes near, a damaged parse cache, a build that fails.

Each answer is a clear error (exit status 1, or 2 for ``crdex check``, whose 1
means "stale citations found") or a recorded repair: never a traceback, never
exit 0 for a failure, never a process that hangs or reads until memory runs
out (every command runs under a timeout).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import REPO, as_nobody, run_crdex

pytestmark = pytest.mark.hostile

CRAFTED = REPO / "tests" / "data" / "web" / "crafted-2030-01-01.txt"
# what each command exits with for an input it cannot read
FAILED = {"parse": 1, "build": 1, "check": 2}


def run(cwd: Path, *args: str, stdin: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``crdex`` in ``cwd``, killed after 60 s: a command that hangs fails the test."""
    return run_crdex(*args, cwd=cwd, stdin=stdin, timeout=60)


def assert_failed(done: subprocess.CompletedProcess[str], command: str, message: str) -> None:
    assert done.returncode == FAILED[command], done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert message in done.stderr, done.stderr


def args_of(command: str, path: str, home: Path) -> list[str]:
    return [command, path, *(["--home", str(home)] if command == "build" else [])]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    return path


@pytest.fixture
def unix_socket(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "sock.txt"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        server.listen()
        yield path


# -- devices, named pipes, sockets (point 5) -----------------------------------------


@pytest.mark.parametrize("command", ["parse", "check", "build"])
def test_dev_zero_is_refused_before_anything_is_read(command: str, tmp_path: Path) -> None:
    done = run(tmp_path, *args_of(command, "/dev/zero", tmp_path / "home"))
    assert_failed(
        done,
        command,
        "/dev/zero: is a character device, not a document file; a document is read from a "
        "regular file (or '-', standard input)",
    )


@pytest.mark.parametrize("command", ["parse", "check", "build"])
def test_a_named_pipe_is_refused_and_nothing_waits_for_a_writer(
    command: str, tmp_path: Path, fifo: Path
) -> None:
    done = run(tmp_path, *args_of(command, str(fifo), tmp_path / "home"))
    assert_failed(done, command, f"{fifo}: is a named pipe (FIFO), not a document file")


@pytest.mark.parametrize("command", ["parse", "check", "build"])
def test_a_socket_is_refused(command: str, tmp_path: Path, unix_socket: Path) -> None:
    done = run(tmp_path, *args_of(command, str(unix_socket), tmp_path / "home"))
    assert_failed(done, command, f"{unix_socket}: is a socket, not a document file")


@pytest.mark.parametrize("command", ["parse", "check"])
def test_standard_input_that_never_ends_is_read_up_to_the_bound(
    command: str, tmp_path: Path
) -> None:
    done = run(tmp_path, command, "-", stdin=Path("/dev/zero"))
    assert done.returncode == FAILED[command], done.stderr
    assert "Traceback" not in done.stderr
    assert "more than 16,777,216 bytes" in done.stderr


def test_a_pipe_in_a_folder_is_listed_as_skipped_beside_the_document_added(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    shutil.copy(CRAFTED, folder)
    os.mkfifo(folder / "pipe.txt")
    done = run(tmp_path, "build", str(folder), "--home", str(tmp_path / "home"))
    assert done.returncode == 0, done.stderr
    assert "1 documents added, 0 already in the library, 1 skipped" in done.stdout
    assert (
        f"warning: skipped {folder / 'pipe.txt'}: is a named pipe (FIFO), not a document file"
    ) in done.stderr


# -- files that cannot be read, files that are not rules (point 6) --------------------


def test_an_unreadable_file_in_a_folder_is_an_error_naming_it_and_the_rest_is_added(
    request: pytest.FixtureRequest,
) -> None:
    prefix = as_nobody()
    if prefix is None:
        pytest.skip("no unprivileged user can run this installation of crdex here")
    # where the unprivileged user can go (pytest's own folders are root's alone)
    root = Path(tempfile.mkdtemp(prefix="crdex-unreadable-"))
    request.addfinalizer(lambda: shutil.rmtree(root, ignore_errors=True))
    root.chmod(0o777)
    folder = root / "docs"
    folder.mkdir()
    shutil.copy(CRAFTED, folder / "a-readable.txt")
    secret = folder / "b-secret.txt"
    shutil.copy(CRAFTED, secret)
    secret.chmod(0o000)
    for path in (folder, folder / "a-readable.txt"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    env = {k: v for k, v in os.environ.items() if k != "CRDEX_HOME"}
    env["HOME"] = str(root)
    home = root / "home"

    def crdex(*args: str) -> subprocess.CompletedProcess[str]:
        return run_crdex(*args, cwd=root, timeout=120, prefix=prefix, env=env)

    built = crdex("build", str(folder), "--home", str(home))
    assert built.returncode == 1, built.stderr
    assert "Traceback" not in built.stderr
    assert f"{secret}: cannot be read (permission denied)" in built.stderr
    shown = crdex("show", "100.1", "--home", str(home))
    assert shown.returncode == 0, shown.stderr
    assert "These Magic rules apply to any Magic game with two or more players." in shown.stdout
    parsed = crdex("parse", str(secret))  # the argument is refused as click refuses one
    assert parsed.returncode == 2
    assert "Traceback" not in parsed.stderr
    assert f"Invalid value for 'PATH': Path '{secret}' is not readable." in parsed.stderr
    # a library inside a folder the user may not enter: an error, not a traceback
    closed = Path(tempfile.mkdtemp(prefix="crdex-closed-"))
    request.addfinalizer(lambda: shutil.rmtree(closed, ignore_errors=True))
    for args in (("build", str(folder)), ("show", "100.1"), ("verify",)):
        done = crdex(*args, "--home", str(closed / "home"))
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stderr
        said = f"cannot read the library home {closed / 'home'}: permission denied"
        assert said in done.stderr


def test_a_build_of_binary_data_adds_nothing_and_fails_saying_why(tmp_path: Path) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 100)
    done = run(tmp_path, "build", str(junk), "--home", str(tmp_path / "home"))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert (
        "Error: nothing was added to the library: the file given is not a rules document "
        f"that could be read:\n  {junk}: this looks like binary data, not text: it contains "
        "100 NUL bytes (the first at byte 0)"
    ) in done.stderr
    assert not (tmp_path / "home" / "CURRENT").exists()


def test_a_folder_of_files_none_of_them_rules_fails_naming_each(tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.txt").write_text("hello\n", "utf-8")
    (folder / "b.md").write_text("# nothing here\n", "utf-8")
    done = run(tmp_path, "build", str(folder), "--home", str(tmp_path / "home"))
    assert done.returncode == 1
    assert "nothing was added to the library: none of the 2 files given is a rules document" in (
        done.stderr
    )
    for name in ("a.txt", "b.md"):
        assert f"  {folder / name}: not a rules document in any known format" in done.stderr


def _with_bytes(tmp_path: Path, old: bytes, new: bytes) -> Path:
    """The crafted edition, made UTF-8 by two curly apostrophes, ``old`` replaced on line 17."""
    lines = CRAFTED.read_bytes().split(b"\n")
    assert lines[16].startswith(b"100.1. These Magic rules apply")
    lines[16] = lines[16].replace(old, new, 1)
    lines[0] += " \u2019 \u2019".encode()
    path = tmp_path / "damaged.txt"
    path.write_bytes(b"\n".join(lines))
    return path


def test_nul_bytes_and_bytes_not_utf8_are_recorded_repairs_with_line_and_column(
    tmp_path: Path,
) -> None:
    # line 17 is "100.1. These Magic rules apply…": the NUL at column 19, 0x92 at 26
    path = _with_bytes(tmp_path, b"Magic rules", b"Magic\x00 rules\x92")
    done = run(tmp_path, "parse", str(path))
    assert done.returncode == 0, done.stderr
    assert "line 17  0x92 '’' at column 26: bytes not valid in UTF-8, read as cp1252" in (
        done.stdout
    )
    assert (
        "line 17  U+0000 at column 19: control characters, which have no place in rules "
        "text, removed"
    ) in done.stdout
    home = tmp_path / "home"
    assert run(tmp_path, "build", str(path), "--home", str(home)).returncode == 0
    shown = run(tmp_path, "show", "100.1", "--home", str(home))
    assert "These Magic rules’ apply to any Magic game" in shown.stdout


def test_a_document_mostly_of_nul_bytes_is_an_error(tmp_path: Path) -> None:
    path = _with_bytes(tmp_path, b"Magic rules", b"Magic" + b"\x00" * 4000 + b" rules")
    done = run(tmp_path, "parse", str(path))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"{path}: this looks like binary data, not text" in done.stderr


# -- documents no edition comes near, the parse cache (point 4) -----------------------

HEAD = (
    "Magic: The Gathering Comprehensive Rules\n\n"
    "These rules are effective as of May 1, 2030.\n\n"
    "1. Game Concepts\n\n100. General\n\n"
)
LINE = (
    "100.1. These Magic rules apply to any Magic game with two or more players, including "
    "two-player games and multiplayer games.\n"
)


@pytest.mark.slow
def test_a_document_of_one_rule_line_repeated_builds_and_its_library_verifies(
    tmp_path: Path,
) -> None:
    # its tree's JSON packs more than 200 to 1: a frame a reader must read all the same
    path = tmp_path / "repeated.txt"
    path.write_text(HEAD + LINE * 20_000, "utf-8")
    home = tmp_path / "home"
    built = run(tmp_path, "build", str(path), "--home", str(home))
    assert built.returncode == 0, built.stderr
    assert "parse cache is damaged" not in built.stderr
    again = run(tmp_path, "build", str(path), "--home", str(home))
    assert again.returncode == 0, again.stderr
    verified = run(tmp_path, "verify", "--home", str(home))
    assert verified.returncode == 0, verified.stdout + verified.stderr
    documents = run(tmp_path, "documents", "--home", str(home))
    assert "repeated.txt  [2030-05-01]" in documents.stdout, documents.stdout


def test_a_document_beyond_the_size_bound_is_refused_naming_the_bound(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(HEAD)
        fh.write(LINE * (17 * (1 << 20) // len(LINE)))
    size = path.stat().st_size
    done = run(tmp_path, "build", str(path), "--home", str(tmp_path / "home"))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert (
        f"{path}: {size:,} bytes; a rules document is at most 16,777,216 bytes "
        "(the largest edition is 1.7 MB)"
    ) in done.stderr
    assert not [p for p in (tmp_path / "home").iterdir() if p.name.startswith("tmp-")]


def test_a_document_beyond_the_line_bound_is_refused_naming_the_bound(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text(HEAD + "x\n" * 100_001, "utf-8")
    done = run(tmp_path, "parse", str(path))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"{path}: 100,009 lines; a rules document has at most 100,000" in done.stderr


def _claim(cache_file: Path, claimed: int) -> None:
    """Make a parse cache file a Zstandard frame whose header claims ``claimed`` bytes."""
    header = b"\x28\xb5\x2f\xfd" + b"\xe0" + claimed.to_bytes(8, "little")
    cache_file.write_bytes(header + b"\x19\x00\x00{}")  # one raw last block of 3 bytes


def test_a_parse_cache_claiming_too_much_is_found_by_verify_repaired_and_read_again(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    assert run(tmp_path, "build", str(CRAFTED), "--home", str(home)).returncode == 0
    (tree,) = home.glob("cache/*/*.tree.zst")
    _claim(tree, 300 << 20)
    verified = run(tmp_path, "verify", "--home", str(home))
    assert verified.returncode == 1
    assert "Traceback" not in verified.stderr
    assert f"problem: {tree}:" in verified.stdout, verified.stdout
    repaired = run(tmp_path, "verify", "--repair", "--home", str(home))
    assert repaired.returncode == 0, repaired.stdout + repaired.stderr
    assert run(tmp_path, "verify", "--home", str(home)).returncode == 0
    again = run(tmp_path, "build", str(CRAFTED), "--home", str(home))
    assert again.returncode == 0, again.stderr
    shown = run(tmp_path, "show", "100.1", "--home", str(home))
    assert "These Magic rules apply to any Magic game with two or more players." in shown.stdout


def test_a_build_reads_a_damaged_parse_cache_again_instead_of_failing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(tmp_path, "build", str(CRAFTED), "--home", str(home)).returncode == 0
    (tree,) = home.glob("cache/*/*.tree.zst")
    _claim(tree, 300 << 20)
    again = run(tmp_path, "build", str(CRAFTED), "--home", str(home))
    assert again.returncode == 0, again.stderr
    assert run(tmp_path, "verify", "--home", str(home)).returncode == 0


def test_a_build_that_fails_leaves_no_scratch_generation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from crdex import api
    from crdex.index.errors import LibraryError
    from crdex.index.library.building import matching as building

    def failing(*_args: object, **_kwargs: object) -> None:
        raise LibraryError("the graph could not be built")

    monkeypatch.setattr(building, "build_graph", failing)
    home = tmp_path / "home"
    with pytest.raises(LibraryError, match="the graph could not be built"):
        api.build([CRAFTED], home=home)
    assert sorted(p.name for p in home.iterdir() if p.name.startswith(("tmp-", "gen-"))) == []
