"""Checking the rule citations of files against an edition, and fixing moved ones.

    judge = Judge(graph, "latest", words=WordsCheck(graph, RuleWords.of(graph), index))
    report = check_paths(["src/", "docs/"], judge, dates=GitDates(), fix=True, dry_run=True)
    report.problems        # judgements that are findings
    report.warnings        # mismatches: words that fit another rule much better
    report.diffs           # path -> unified diff of the fixes

A check runs in phases: every file is read and its citations found with
their words (:mod:`.context`); the lines of undated citations in git work
trees are dated (:mod:`.gitdates`, only those lines, two ``git`` processes
at a time); every citation is judged; then, with ``fix``, the files are
rewritten, all checked before any is changed (:mod:`.writing`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .context import Context, contexts
from .errors import CheckError, TooManyCitations
from .finder import Citation, find_citations
from .fix import apply_fixes, unified_diff
from .gitdates import GitDates
from .judge import Judge
from .lexer import syntax_for
from .sources import STDIN, Skipped, SourceFile, SourceWalk, read_source
from .verdicts import Judgement
from .writing import PlannedWrite, WritePlan

__all__ = ["MAX_CITATIONS", "CheckReport", "FileResult", "check_one", "check_paths", "check_text"]

Progress = Callable[[str, int, int], None]
# the citations one posted text may hold (the API, MCP): about two seconds of judging
MAX_CITATIONS = 20_000
# fewer files than this are quick: no progress is reported for them
_QUIET = 50


@dataclass(slots=True)
class FileResult:
    """One file's judgements; its fix (diff, how many) and whether it was written.

    ``dates`` says how its undated citations were dated: ``git``, or why
    not (``not in a git work tree``, a failure of ``git blame``); empty
    when dates were not asked for or the file has no undated citation.
    ``refused`` says why its fixes were not written (a link out of the tree).
    """

    path: str
    judgements: list[Judgement]
    diff: str = ""
    fixed: int = 0
    written: bool = False
    dates: str = ""
    refused: str | None = None


@dataclass(slots=True)
class CheckReport:
    """Everything a check found, file by file, and what a fix changed.

    ``dates`` says where undated citations got their dates: ``git``,
    ``none``, or ``as-of DATE``; ``strict`` makes warnings findings.
    """

    edition: str
    dates: str = "none"
    files: list[FileResult] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    written: bool = False
    strict: bool = False
    searches: int = 0
    unsearched: int = 0

    @property
    def judgements(self) -> list[tuple[str, Judgement]]:
        return [(f.path, j) for f in self.files for j in f.judgements]

    @property
    def problems(self) -> list[tuple[str, Judgement]]:
        return [(p, j) for p, j in self.judgements if not j.ok]

    @property
    def warnings(self) -> list[tuple[str, Judgement]]:
        return [(p, j) for p, j in self.judgements if j.warned]

    @property
    def unfixed(self) -> list[tuple[str, Judgement]]:
        """Findings that remain in the files (with ``strict``, warnings too)."""
        written = {f.path for f in self.files if f.written}
        out = [
            (p, j)
            for p, j in self.judgements
            if (not j.ok or (self.strict and j.warned))
            and not (p in written and j.replacement is not None)
        ]
        return out

    @property
    def diffs(self) -> dict[str, str]:
        return {f.path: f.diff for f in self.files if f.diff}

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for _path, j in self.judgements:
            out[j.status] = out.get(j.status, 0) + 1
        return out

    def readings(self) -> dict[str, int]:
        """How many numbers were read each way (pinned, dated, only, words, ambiguous)."""
        out: dict[str, int] = {}
        for _path, j in self.judgements:
            for v in j.verdicts:
                how = v.reading.how if v.reading is not None else "unread"
                out[how] = out.get(how, 0) + 1
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "dates": self.dates,
            "strict": self.strict,
            "files": len(self.files),
            "citations": len(self.judgements),
            "problems": len(self.problems),
            "warnings": len(self.warnings),
            "counts": self.counts(),
            "readings": self.readings(),
            "fixed": sum(f.fixed for f in self.files if f.written),
            "written": [f.path for f in self.files if f.written],
            "not_written": {f.path: f.refused for f in self.files if f.refused},
            "undated": {f.path: f.dates for f in self.files if f.dates not in ("", "git")},
            "searches": self.searches,
            "unsearched": self.unsearched,
            "findings": [{"path": p, **j.to_dict()} for p, j in self.judgements],
            "diffs": self.diffs,
            "skipped": [x.to_dict() for x in self.skipped],
        }


def check_text(
    text: str, path: str, judge: Judge, dates: dict[int, str] | None = None
) -> list[Judgement]:
    """The judgements of every citation in one file's text (its name picks the syntax).

    ``dates`` maps line numbers to the dates they were written, when known.
    """
    syntax = syntax_for(path)
    citations = find_citations(text, syntax)
    found = contexts(text, syntax, citations)
    when = [dates.get(c.line) if dates else None for c in citations]
    return judge.judge_all(citations, found, when)


def check_one(text: str, path: str, judge: Judge, *, limit: int | None = None) -> CheckReport:
    """One text checked as a file named ``path`` would be (no version control dates it).

    ``limit`` bounds the citations it may hold (:class:`.errors.TooManyCitations`
    beyond), so that a request's work is bounded.
    """
    syntax = syntax_for(path)
    citations = find_citations(text, syntax)
    if limit is not None and len(citations) > limit:
        raise TooManyCitations(
            f"the text holds {len(citations)} citations; at most {limit} are checked at once "
            "(check it in parts, or as a file with 'crdex check')"
        )
    judgements = judge.judge_all(citations, contexts(text, syntax, citations))
    how = f"as-of {judge.as_of}" if judge.as_of else "none"
    report = CheckReport(judge.edition, how, files=[FileResult(path, judgements)])
    if judge.words is not None:
        report.searches, report.unsearched = judge.words.searches, judge.words.unsearched
    return report


@dataclass(slots=True)
class _Read:
    shown: str
    source: SourceFile
    citations: list[Citation]
    contexts: list[Context]


def _read_all(walk: SourceWalk, stdin_name: str, progress: Progress | None) -> list[_Read]:
    out: list[_Read] = []
    for path in walk:
        source = read_source(path)
        shown = stdin_name if path == STDIN else path
        if source is None:
            walk.skipped.append(Skipped(shown, "file", "binary"))
            continue
        syntax = syntax_for(shown)
        citations = find_citations(source.text, syntax)
        out.append(_Read(path, source, citations, contexts(source.text, syntax, citations)))
        if progress is not None and len(out) % _QUIET == 0:
            progress("reading files", len(out), len(out))
    return out


def _dates(
    files: list[_Read], dates: GitDates | None, progress: Progress | None
) -> dict[str, dict[int, str] | str]:
    """Path → line dates, or why its lines were not dated."""
    if dates is None:
        return {}
    wanted = {
        f.shown: sorted({c.line for c in f.citations if not c.pin_text})
        for f in files
        if f.shown != STDIN and any(not c.pin_text for c in f.citations)
    }
    found = dates.blame_all(
        wanted, (lambda d, t: progress("dating lines with git", d, t)) if progress else None
    )
    out: dict[str, dict[int, str] | str] = {}
    for path in wanted:
        if path in found:
            out[path] = {n: d.date for n, d in found[path].items()}
        else:
            out[path] = dates.failures.get(path, "not in a git work tree")
    return out


def check_paths(
    paths: Iterable[str | os.PathLike[str]],
    judge: Judge,
    *,
    fix: bool = False,
    dry_run: bool = False,
    stdin_name: str = "<stdin>",
    dates: GitDates | None = None,
    follow_links: bool = False,
    strict: bool = False,
    progress: Progress | None = None,
) -> CheckReport:
    """Check every file under ``paths`` (``-``: standard input, shown as ``stdin_name``).

    ``dates`` dates undated citations by their lines (None: by ``judge.as_of``,
    or not at all). With ``fix``, moved citations whose meaning is settled
    are rewritten (not if ``dry_run``), only inside the trees named unless
    ``follow_links`` (:mod:`.writing`).
    """
    names = [os.fspath(p) for p in paths]
    if fix and not dry_run and STDIN in names:
        raise CheckError("standard input cannot be fixed in place; use --dry-run for the diff")
    how = "git" if dates is not None else f"as-of {judge.as_of}" if judge.as_of else "none"
    report = CheckReport(judge.edition, how, written=fix and not dry_run, strict=strict)
    walk = SourceWalk(names)
    files = _read_all(walk, stdin_name, progress)
    report.skipped = walk.skipped
    dated = _dates(files, dates, progress)
    planned: list[tuple[FileResult, PlannedWrite]] = []
    plan = WritePlan(names, follow_links)
    for i, f in enumerate(files, 1):
        shown = stdin_name if f.shown == STDIN else f.shown
        lines = dated.get(f.shown)
        when = [lines.get(c.line) if isinstance(lines, dict) else None for c in f.citations]
        result = FileResult(shown, judge.judge_all(f.citations, f.contexts, when))
        if isinstance(lines, str):
            result.dates = lines
        elif lines is not None:
            result.dates = "git"
        if progress is not None and len(files) >= _QUIET:
            progress("judging citations", i, len(files))
        if fix:
            new, count = apply_fixes(f.source.text, result.judgements)
            if count:
                result.diff = unified_diff(shown, f.source.text, new)
                result.fixed = count
                result.refused = plan.refusal(f.shown) if f.shown != STDIN else None
                if result.refused is None:
                    planned.append((result, PlannedWrite(shown, f.source, new, f.source.digest)))
        report.files.append(result)
    if judge.words is not None:
        report.searches, report.unsearched = judge.words.searches, judge.words.unsearched
    if report.written and planned:
        done = set(plan.apply([w for _r, w in planned]))
        for result, _w in planned:
            result.written = result.path in done
    return report
