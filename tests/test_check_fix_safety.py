"""``check --fix`` on awkward trees: links out of the tree, files that cannot be written,
hard links, a failure half-way.

The rules are the invented editions of tests/data/check/library: "20100716 -
701.2" is Scry, which is 701.3 in 2011-01-01, so a fix rewrites it to
"20110101 - 701.3".
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from conftest import MINI_LIBRARY, invented_library
from conftest import crdex_in as crdex
from crdex.citations import FixWriteError, Judge, SourceError, check_paths, writing

STALE = "// 20100716 - 701.2\n"
FIXED = "// 20110101 - 701.3\n"


def fix(paths: list[Path], **options: bool):
    judge = Judge(invented_library(MINI_LIBRARY).graph())
    return check_paths(paths, judge, fix=True, **options)


def stale_files(folder: Path) -> None:
    for name in ("a.js", "b.js", "c.js"):
        (folder / name).write_text(STALE, encoding="utf-8")


def test_a_link_out_of_the_tree_is_not_written(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere" / "shared.js"
    outside.parent.mkdir()
    outside.write_text(STALE, encoding="utf-8")
    root = tmp_path / "engine"
    root.mkdir()
    (root / "own.js").write_text(STALE, encoding="utf-8")
    (root / "inner.js").symlink_to(root / "own.js")
    (root / "shared.js").symlink_to(outside)
    report = fix([root])
    assert outside.read_text(encoding="utf-8") == STALE
    assert (root / "own.js").read_text(encoding="utf-8") == FIXED
    assert (root / "inner.js").is_symlink()  # a link inside the tree is written through
    refused = {Path(f.path).name: f.refused for f in report.files if f.refused}
    assert refused == {
        "shared.js": f"a link to {outside}, outside the tree checked; not written "
        "(--follow-links writes through it)"
    }
    assert [Path(p).name for p, _j in report.unfixed] == ["shared.js"]
    fix([root], follow_links=True)
    assert outside.read_text(encoding="utf-8") == FIXED
    assert (root / "shared.js").is_symlink()


def test_a_named_link_is_written_where_it_leads(tmp_path: Path) -> None:
    target = tmp_path / "real.js"
    target.write_text(STALE, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    link = tmp_path / "sub" / "named.js"
    link.symlink_to(target)
    fix([link])
    assert target.read_text(encoding="utf-8") == FIXED and link.is_symlink()


def test_every_file_is_checked_before_any_is_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale_files(tmp_path)
    real_access = os.access
    locked = {str((tmp_path / n).resolve()) for n in ("b.js", "c.js")}

    def access(path: os.PathLike[str] | str, mode: int) -> bool:
        return False if str(path) in locked and mode == os.W_OK else real_access(path, mode)

    monkeypatch.setattr(writing.os, "access", access)
    with pytest.raises(SourceError) as caught:
        fix([tmp_path])
    assert str(caught.value) == (
        f"nothing was fixed: {tmp_path / 'b.js'}: cannot be written (Permission denied); "
        f"{tmp_path / 'c.js'}: cannot be written (Permission denied)"
    )
    assert all(
        (tmp_path / n).read_text(encoding="utf-8") == STALE for n in ("a.js", "b.js", "c.js")
    )


def test_a_failure_half_way_says_exactly_what_was_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale_files(tmp_path)
    real_write = writing._write

    def write(w: writing.PlannedWrite) -> None:
        if w.shown.endswith("b.js"):
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(w)

    monkeypatch.setattr(writing, "_write", write)
    with pytest.raises(FixWriteError) as caught:
        fix([tmp_path])
    a, b, c = (str(tmp_path / n) for n in ("a.js", "b.js", "c.js"))
    assert str(caught.value) == (
        f"{b}: cannot be written (No space left on device); files fixed before this failure: "
        f"{a}; not fixed: {b}, {c}"
    )
    assert (caught.value.written, caught.value.left) == ([a], [b, c])
    assert [(tmp_path / n).read_text(encoding="utf-8") for n in ("a.js", "b.js", "c.js")] == [
        FIXED,
        STALE,
        STALE,
    ]


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path: Path) -> None:
    src = tmp_path / "a.js"
    src.write_text(STALE, encoding="utf-8")
    report = check_paths(
        [tmp_path], Judge(invented_library(MINI_LIBRARY).graph()), fix=True, dry_run=True
    )
    assert report.diffs
    source = writing.SourceFile(src, STALE, "utf-8", digest=writing.digest(STALE.encode()))
    src.write_text(STALE + "// someone else's edit\n", encoding="utf-8")
    plan = writing.WritePlan([str(tmp_path)])
    with pytest.raises(SourceError, match=r"a\.js: changed since it was read"):
        plan.apply([writing.PlannedWrite(str(src), source, FIXED, source.digest)])
    assert src.read_text(encoding="utf-8").endswith("someone else's edit\n")


def test_a_hard_linked_file_is_rewritten_in_place(tmp_path: Path) -> None:
    src = tmp_path / "tree" / "a.js"
    src.parent.mkdir()
    src.write_text(STALE, encoding="utf-8")
    other = tmp_path / "other-name.js"
    os.link(src, other)
    inode = src.stat().st_ino
    fix([src.parent])
    assert src.stat().st_ino == inode == other.stat().st_ino
    assert other.read_text(encoding="utf-8") == FIXED
    assert sorted(p.name for p in src.parent.iterdir()) == ["a.js"]  # no copy left behind


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    src = tmp_path / "run.sh"
    src.write_text("# 20100716 - 701.2\n", encoding="utf-8")
    src.chmod(0o750)
    fix([tmp_path])
    assert src.stat().st_mode & 0o777 == 0o750
    assert src.read_text(encoding="utf-8") == "# 20110101 - 701.3\n"


def test_cli_read_only_file_changes_nothing(mini_home: Path, tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text(STALE, encoding="utf-8")
    (tmp_path / "b.js").write_text(STALE, encoding="utf-8")
    (tmp_path / "b.js").chmod(0o444)
    done = crdex(tmp_path, "check", ".", "--home", str(mini_home), "--fix")
    assert done.returncode == 2
    # the superuser passes the permission check; the mode still says read-only
    why = (
        "is read-only (mode 0444); not written"
        if os.geteuid() == 0
        else ("cannot be written (Permission denied)")
    )
    assert done.stderr.splitlines()[-1] == f"Error: nothing was fixed: b.js: {why}"
    assert (tmp_path / "a.js").read_text(encoding="utf-8") == STALE
    assert (tmp_path / "b.js").read_text(encoding="utf-8") == STALE
