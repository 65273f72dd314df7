"""Checking the rule citations of files against an edition, and fixing moved ones.

judge = Judge(graph, "latest")
report = check_paths(["src/", "docs/"], judge, fix=True, dry_run=True)
report.problems        # judgements that are not ok
report.diffs           # path -> unified diff of the fixes
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import CheckError
from .finder import find_citations
from .fix import apply_fixes, unified_diff
from .judge import Judge
from .lexer import syntax_for
from .sources import STDIN, Skipped, SourceWalk, read_source, write_source
from .verdicts import Judgement

__all__ = ["CheckReport", "FileResult", "check_paths", "check_text"]


@dataclass(slots=True)
class FileResult:
    path: str
    judgements: list[Judgement]
    diff: str = ""
    fixed: int = 0


@dataclass(slots=True)
class CheckReport:
    """Everything a check found, file by file, and what a fix changed."""

    edition: str
    files: list[FileResult] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    written: bool = False

    @property
    def judgements(self) -> list[tuple[str, Judgement]]:
        return [(f.path, j) for f in self.files for j in f.judgements]

    @property
    def problems(self) -> list[tuple[str, Judgement]]:
        return [(p, j) for p, j in self.judgements if not j.ok]

    @property
    def unfixed(self) -> list[tuple[str, Judgement]]:
        """Problems that remain in the files (all of them unless fixes were written)."""
        if not self.written:
            return self.problems
        return [(p, j) for p, j in self.problems if j.replacement is None]

    @property
    def diffs(self) -> dict[str, str]:
        return {f.path: f.diff for f in self.files if f.diff}

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for _path, j in self.judgements:
            out[j.status] = out.get(j.status, 0) + 1
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "files": len(self.files),
            "citations": len(self.judgements),
            "problems": len(self.problems),
            "counts": self.counts(),
            "fixed": sum(f.fixed for f in self.files) if self.written else 0,
            "findings": [{"path": p, **j.to_dict()} for p, j in self.judgements],
            "diffs": self.diffs,
            "skipped": [x.to_dict() for x in self.skipped],
        }


def check_text(text: str, path: str, judge: Judge) -> list[Judgement]:
    """The judgements of every citation in one file's text (its name picks the syntax)."""
    return judge.judge_all(find_citations(text, syntax_for(path)))


def check_paths(
    paths: Iterable[str | os.PathLike[str]],
    judge: Judge,
    *,
    fix: bool = False,
    dry_run: bool = False,
    stdin_name: str = "<stdin>",
) -> CheckReport:
    """Check every file under ``paths`` (``-``: standard input, shown as ``stdin_name``).

    With ``fix``, moved citations are rewritten in place (not if ``dry_run``).
    """
    names = [os.fspath(p) for p in paths]
    if fix and not dry_run and STDIN in names:
        raise CheckError("standard input cannot be fixed in place; use --dry-run for the diff")
    report = CheckReport(judge.edition, written=fix and not dry_run)
    walk = SourceWalk(names)
    for path in walk:
        source = read_source(path)
        shown = stdin_name if path == STDIN else path
        if source is None:
            walk.skipped.append(Skipped(shown, "file", "binary"))
            continue
        judgements = check_text(source.text, shown, judge)
        result = FileResult(shown, judgements)
        if fix:
            new, count = apply_fixes(source.text, judgements)
            if count:
                result.diff = unified_diff(shown, source.text, new)
                result.fixed = count
                if not dry_run:
                    write_source(source, new)
        report.files.append(result)
    report.skipped = walk.skipped
    return report
