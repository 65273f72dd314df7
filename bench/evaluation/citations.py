"""Measuring the checker on a table of citations adjudicated by hand (``tests/data/citations-dev.tsv``).

Each row is one citation from real engine source: the comment that holds
it (``excerpt``), the date its line was written (``date``, from the
engine's history) and what reading the rules says of it: the verdict
against the edition checked (``status``, ``current``) and, when its words
describe another rule, that rule (``mismatch``). :func:`replay` writes every
excerpt into a file of its language in a new git repository, each in a
commit backdated to its row's date (``GIT_AUTHOR_DATE``), and checks the
repository as ``crdex check`` would, once with git dates and once
without; :func:`score` compares the verdicts with the table:

- **dated verdicts**: the status and current number of every citation,
  read by its line's date;
- **mismatch**: precision and recall of the warning, a warning counted
  right when it names an expected rule (``|`` separates rules that say the
  same, such as 704.5d and 111.7 on tokens), or one above or below it;
- **undated readings**: with no date, how often the words settle a
  number that has meant several rules, and how often they settle it right
  (as the date does).
"""

from __future__ import annotations

import csv
import os
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crdex.citations.check import CheckReport, check_paths
from crdex.citations.gitdates import GitDates
from crdex.citations.judge import Judge
from crdex.citations.verdicts import Judgement
from crdex.parser.numbers import RuleNumber

__all__ = ["Row", "Scores", "measure", "read_rows", "replay", "run_git", "score", "table"]

_SUFFIX = {
    "Python": "py",
    "TypeScript": "ts",
    "Kotlin": "kt",
    "Java": "java",
    "Rust": "rs",
    "C#": "cs",
    "Go": "go",
    "JavaScript": "js",
}


@dataclass(frozen=True, slots=True)
class Row:
    """One adjudicated citation (see the module docstring)."""

    id: int
    engine: str
    language: str
    path: str
    date: str
    cls: str
    number: str
    status: str
    current: str
    mismatch: str
    excerpt: str
    note: str

    @property
    def file(self) -> str:
        """The name of the file that holds it in a replayed repository."""
        stem = Path(self.path).stem.replace(".", "_")
        return f"r{self.id:03d}_{stem}.{_SUFFIX[self.language]}"


def read_rows(path: str | os.PathLike[str]) -> list[Row]:
    with open(path, newline="", encoding="utf-8") as fh:
        return [
            Row(
                int(r["id"]),
                r["engine"],
                r["language"],
                r["path"],
                r["date"],
                r["class"],
                r["number"],
                r["status"],
                r["current"],
                r["mismatch"],
                _unescape(r["excerpt"]),
                r["note"],
            )
            for r in csv.DictReader(fh, delimiter="\t")
        ]


def _unescape(text: str) -> str:
    out: list[str] = []
    it = iter(text)
    for ch in it:
        if ch != "\\":
            out.append(ch)
            continue
        nxt = next(it, "")
        out.append({"n": "\n", "t": "\t", "\\": "\\"}.get(nxt, "\\" + nxt))
    return "".join(out)


def run_git(repo: Path, *args: str, when: str | None = None) -> None:
    """``git -C repo ARGS`` with a fixed author, no user or system configuration, and, when
    ``when`` is given (``2010-08-01T12:00:00+0000``), commits backdated to it."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "engine",
        "GIT_AUTHOR_EMAIL": "engine@example.org",
        "GIT_COMMITTER_NAME": "engine",
        "GIT_COMMITTER_EMAIL": "engine@example.org",
        "GIT_CONFIG_NOSYSTEM": "1",
        "HOME": str(repo),
    }
    if when is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = when
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def replay(rows: Iterable[Row], repo: Path) -> None:
    """A git repository at ``repo`` holding every row's excerpt, committed on its row's date."""
    repo.mkdir(parents=True, exist_ok=True)
    run_git(repo, "init", "-q", "-b", "main")
    for row in sorted(rows, key=lambda r: (r.date, r.id)):
        (repo / row.file).write_text(row.excerpt + "\n", encoding="utf-8")
        run_git(repo, "add", row.file)
        run_git(repo, "commit", "-q", "-m", f"row {row.id}", when=f"{row.date}T12:00:00+0000")


@dataclass(slots=True)
class Tally:
    right: int = 0
    total: int = 0

    @property
    def share(self) -> float:
        return self.right / self.total if self.total else 1.0


@dataclass(slots=True)
class Scores:
    """What :func:`score` measured, overall and by class (``wrong``, ``moved``, …)."""

    dated: dict[str, Tally] = field(default_factory=dict)
    flagged: dict[str, Tally] = field(default_factory=dict)  # precision: right / flagged
    expected: dict[str, Tally] = field(default_factory=dict)  # recall: found / expected
    settled: Tally = field(default_factory=Tally)  # words settled a reused number rightly
    reused: int = 0  # numbers that meant several rules, read without a date
    misses: list[str] = field(default_factory=list)

    def _add(self, table: dict[str, Tally], cls: str, right: bool) -> None:
        for key in (cls, "all"):
            t = table.setdefault(key, Tally())
            t.total += 1
            t.right += right

    def to_dict(self) -> dict[str, Any]:
        def shares(table: dict[str, Tally]) -> dict[str, list[int]]:
            return {k: [t.right, t.total] for k, t in sorted(table.items())}

        return {
            "dated": shares(self.dated),
            "mismatch_precision": shares(self.flagged),
            "mismatch_recall": shares(self.expected),
            "undated_settled_right": [self.settled.right, self.settled.total],
            "undated_reused": self.reused,
            "misses": self.misses,
        }


_CLASSES = ("correct", "wrong", "moved", "reused", "all")


def table(scores: Scores) -> str:
    """The per-class report, as a markdown table: dated verdicts right, and the mismatch
    warning's precision (right of those given) and recall (found of those expected)."""

    def cell(t: Tally | None) -> str:
        return "–" if t is None or not t.total else f"{t.right}/{t.total} ({t.share:.0%})"

    lines = [
        "| class | dated verdicts right | mismatch precision | mismatch recall |",
        "|---|---|---|---|",
    ]
    for cls in _CLASSES:
        if cls not in scores.dated:
            continue
        row = [cls, *(cell(t.get(cls)) for t in (scores.dated, scores.flagged, scores.expected))]
        lines.append("| " + " | ".join(row) + " |")
    s = scores.settled
    lines.append(
        f"\nundated: of {scores.reused} numbers that have meant several rules, {s.total} settled "
        f"by their words, {s.right} of them as their dates settle them"
    )
    return "\n".join(lines)


def _family(a: str, b: str) -> bool:
    """One number is the other or lies under it (702.14 and 702.14a)."""
    try:
        x, y = RuleNumber.parse(a), RuleNumber.parse(b)
    except ValueError:
        return False

    def up(n: RuleNumber) -> set[str]:
        out = set()
        cur: RuleNumber | None = n
        while cur is not None:
            out.add(str(cur))
            cur = cur.parent
        return out

    return str(x) in up(y) or str(y) in up(x)


def _found(report: CheckReport, row: Row) -> Judgement | None:
    for path, j in report.judgements:
        if Path(path).name == row.file and row.number in j.citation.numbers:
            return j
    return None


def score(rows: list[Row], dated: CheckReport, undated: CheckReport) -> Scores:
    """Compare the checker's verdicts (with git dates, and without) with the table."""
    out = Scores()
    for row in rows:
        j = _found(dated, row)
        if j is None:
            out.misses.append(f"{row.id}: {row.number} not found")
            out._add(out.dated, row.cls, False)
            continue
        verdict = j.verdicts[j.citation.numbers.index(row.number)]
        right = verdict.status == row.status and (verdict.current or "") == row.current
        out._add(out.dated, row.cls, right)
        if not right:
            out.misses.append(
                f"{row.id} {row.number}: dated {verdict.status} {verdict.current} "
                f"(expected {row.status} {row.current}): {verdict.detail}"
            )
        m = j.mismatch
        if m is not None:
            good = any(_family(m.better, x) for x in row.mismatch.split("|") if x)
            out._add(out.flagged, row.cls, good)
            if not good:
                out.misses.append(
                    f"{row.id} {row.number}: warned {m.better} (expected "
                    f"{row.mismatch or 'none'}): {', '.join(m.words)}"
                )
        if row.mismatch:
            found = m is not None and any(_family(m.better, x) for x in row.mismatch.split("|"))
            out._add(out.expected, row.cls, found)
            if m is None:
                out.misses.append(f"{row.id} {row.number}: no warning (expected {row.mismatch})")
        u = _found(undated, row)
        reading = verdict.reading
        if u is None or reading is None or reading.identity is None or row.mismatch:
            continue  # a citation whose words describe another rule: they cannot agree
        v = u.verdicts[u.citation.numbers.index(row.number)]
        if v.reading is None or not (v.reading.meanings or v.reading.how == "ambiguous"):
            continue
        out.reused += 1
        if v.reading.how == "words":
            out.settled.total += 1
            assert v.reading.identity is not None
            out.settled.right += v.reading.identity.id == reading.identity.id
            if v.reading.identity.id != reading.identity.id:
                out.misses.append(
                    f"{row.id} {row.number}: words read {v.reading.identity.id}, "
                    f"dated {reading.identity.id}"
                )
    return out


def measure(rows: list[Row], repo: Path, judge: Judge) -> Scores:
    """:func:`replay` the rows into ``repo``, check it with and without dates, :func:`score`."""
    replay(rows, repo)
    dated = check_paths([repo], judge, dates=GitDates())
    undated = check_paths([repo], judge)
    return score(rows, dated, undated)
