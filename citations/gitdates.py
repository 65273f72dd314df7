"""The date each cited line was written, from version control (git).

A citation written without a date ("CR 704.5y") means the rule that held
the number when its line was written. When the file lies in a git work
tree, that is the author date of the commit that last wrote the line; a
line not committed yet (changed in the work tree, or in a file git does
not track) was written now.

How the history is read was chosen by measurement: whole-file blame of the
same randomly chosen files, one after another, on a 2-core machine (git
2.39, pygit2 1.21 with libgit2 1.9, dulwich 0.22):

- 40 files of a 563-commit Python engine: ``git blame --incremental``
  1.1 s, ``git blame --line-porcelain`` 1.7 s, pygit2's
  ``Repository.blame`` 2.9 s, dulwich's ``annotate`` failed (a blob absent
  from the snapshot, which git never needed);
- 20 files of a 12 096-commit Kotlin engine: 4.9 s, 5.8 s, 38.6 s, and
  dulwich failed likewise;
- 20 files of a 360-commit Rust engine: 0.33 s, 0.39 s, 1.3 s, 44 s.

The ``git`` command is 3-8 times quicker than libgit2's blame, which also
sees only commits (lines changed in the work tree would need a second
pass), and dulwich's pure-Python annotate is two orders of magnitude
slower and needs every blob of the history. So crdex runs ``git blame
--incremental``, asking only for the lines that hold citations (``-L``
for each): on the 12 096-commit history that is 2.7 times quicker than
blaming the whole files, since git stops following a line once it has
found who wrote it. ``-M -C`` follow a line moved within its file or out
of another file changed in the same commit: a refactoring that split a
class ("Decompose TurnManager into sub-managers") dated every line it
moved to its own day, weeks after the citations were written, and so in
a later edition. Following moves costs 3.5 times as much (1.6 s → 5.5 s
for the lines of 20 files of the 12 096-commit history); the check stays
within three times a whole-file blame (``bench/check.py``). Nothing is
installed for it; without a ``git`` command, nothing is dated and the
report says so.
"""

from __future__ import annotations

import datetime as _dt
import os
import shutil
import subprocess
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["GitDates", "LineDate", "line_ranges"]

# the blame of one file, at most (a file whose history takes longer is left undated)
BLAME_TIMEOUT = 300.0
# a blame runs in its own process; two at a time keep both cores busy
WORKERS = 2
_UNCOMMITTED = "0" * 40
# -M and -C: a line moved within its file, or out of another file changed in the same
# commit (a class split in two), keeps the date it was written, not the date it moved
_BLAME = ("blame", "--incremental", "-M", "-C")


@dataclass(frozen=True, slots=True)
class LineDate:
    """When a line was written: the author date (ISO) and the commit (None: not committed)."""

    date: str
    commit: str | None

    @property
    def committed(self) -> bool:
        return self.commit is not None


def line_ranges(lines: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted line numbers as runs of consecutive lines: [3, 4, 5, 9] → [(3, 5), (9, 9)]."""
    out: list[tuple[int, int]] = []
    for n in sorted(set(lines)):
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def _author_date(epoch: str, tz: str) -> str:
    """The calendar date in the author's own time zone (+0200 → UTC+2)."""
    sign = -1 if tz.startswith("-") else 1
    offset = _dt.timedelta(hours=int(tz[1:3] or 0), minutes=int(tz[3:5] or 0)) * sign
    moment = _dt.datetime.fromtimestamp(int(epoch), _dt.timezone(offset))
    return moment.date().isoformat()


def parse_incremental(out: str, today: str) -> dict[int, LineDate]:
    """Line number → date, from ``git blame --incremental`` output.

    Each group starts ``SHA ORIG FINAL COUNT``; a commit's ``author-time``
    and ``author-tz`` are given the first time it appears only.
    """
    dates: dict[str, LineDate] = {}
    lines: dict[int, LineDate] = {}
    epoch = tz = ""
    sha = ""
    final = count = 0
    for row in out.splitlines():
        head = row.split(" ")
        if len(head) == 4 and len(head[0]) == 40 and head[1].isdigit():
            sha, final, count = head[0], int(head[2]), int(head[3])
            epoch = tz = ""
        elif head[0] == "author-time":
            epoch = head[1]
        elif head[0] == "author-tz":
            tz = head[1]
        elif head[0] == "filename":  # the last line of a group
            if sha not in dates:
                if sha == _UNCOMMITTED or not epoch:
                    dates[sha] = LineDate(today, None)
                else:
                    dates[sha] = LineDate(_author_date(epoch, tz or "+0000"), sha)
            for n in range(final, final + count):
                lines[n] = dates[sha]
    return lines


@dataclass(slots=True)
class GitDates:
    """Dates of cited lines from ``git blame``, per file, for files in git work trees.

    ``git`` is the command (default: the one on PATH; None when there is
    none: :attr:`available` is then False). ``today`` dates uncommitted
    lines. ``failures`` collects, by path, why a file could not be dated.
    """

    git: str | None = field(default_factory=lambda: shutil.which("git"))
    today: str = field(default_factory=lambda: _dt.date.today().isoformat())
    failures: dict[str, str] = field(default_factory=dict)
    _trees: dict[str, Path | None] = field(default_factory=dict)

    @property
    def available(self) -> bool:
        return self.git is not None

    def work_tree(self, path: str) -> Path | None:
        """The top of the git work tree holding ``path``, or None (found by looking for ``.git``)."""
        folder = os.path.dirname(os.path.abspath(path))
        seen: list[str] = []
        top: Path | None = None
        while True:
            if folder in self._trees:
                top = self._trees[folder]
                break
            seen.append(folder)
            if os.path.exists(os.path.join(folder, ".git")):
                top = Path(folder)
                break
            parent = os.path.dirname(folder)
            if parent == folder:
                break
            folder = parent
        for f in seen:
            self._trees[f] = top
        return top

    def blame(self, path: str, lines: Sequence[int]) -> dict[int, LineDate] | None:
        """The dates of ``lines`` of ``path``; None when it cannot be dated (see ``failures``)."""
        top = self.work_tree(path)
        if top is None or self.git is None or not lines:
            return None
        name = os.path.relpath(os.path.realpath(path), os.path.realpath(top))
        spans = [arg for a, b in line_ranges(lines) for arg in ("-L", f"{a},{b}")]
        cmd = [self.git, "-C", str(top), "-c", "core.fsmonitor=false", *_BLAME]
        try:
            done = subprocess.run(
                [*cmd, *spans, "--", name],
                capture_output=True,
                timeout=BLAME_TIMEOUT,
                check=False,
                stdin=subprocess.DEVNULL,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            self.failures[path] = f"git blame did not finish ({exc})"
            return None
        err = done.stderr.decode("utf-8", "replace").strip()
        if done.returncode != 0:
            if "no such path" in err or "no such ref" in err or "bad revision 'HEAD'" in err:
                # a file git does not track, or a repository with no commit yet: all new
                return {n: LineDate(self.today, None) for n in lines}
            self.failures[path] = err.splitlines()[-1] if err else f"git exit {done.returncode}"
            return None
        return parse_incremental(done.stdout.decode("utf-8", "replace"), self.today)

    def blame_all(
        self,
        wanted: dict[str, Sequence[int]],
        progress: Callable[[int, int], None] | None = None,
    ) -> dict[str, dict[int, LineDate]]:
        """:meth:`blame` for many files, two ``git`` processes at a time; path → dates."""
        paths = [p for p, lines in wanted.items() if lines and self.work_tree(p) is not None]
        out: dict[str, dict[int, LineDate]] = {}
        with ThreadPoolExecutor(WORKERS) as pool:
            for i, (path, dates) in enumerate(
                zip(paths, pool.map(lambda p: self.blame(p, wanted[p]), paths), strict=True), 1
            ):
                if dates is not None:
                    out[path] = dates
                if progress is not None:
                    progress(i, len(paths))
        return out
