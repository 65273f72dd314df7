"""The citation checker: rule numbers cited in code and prose, judged against an edition.

:func:`find_citations` finds them (:mod:`.finder` says what counts) and
:func:`contexts` the words around them; :class:`Judge` settles which rule
each means (:mod:`.meaning`: its pinned date, the date its line was
written, its words) and follows it through the identity graph;
:class:`WordsCheck` compares its words with that rule through the search;
:func:`check_paths` runs all of it over files (:class:`SourceWalk` says
which, :class:`GitDates` dates their lines) and rewrites moved citations
on request, safely (:mod:`.writing`).
"""

from __future__ import annotations

from .check import MAX_CITATIONS, CheckReport, FileResult, check_one, check_paths, check_text
from .context import Context, contexts
from .errors import CheckError, FixWriteError, SourceError, TooManyCitations
from .finder import Citation, find_citations, find_in_line
from .fix import apply_fixes, unified_diff
from .gitdates import GitDates, LineDate
from .judge import Judge
from .lexer import Syntax, prose_mask, syntax_for
from .meaning import Meaning, Reading
from .mismatch import Mismatch, WordsCheck
from .sources import STDIN, Skipped, SourceWalk, missing_paths
from .verdicts import LABELS, PROBLEMS, STATUSES, WARNINGS, Judgement, Verdict
from .words import RuleWords

__all__ = [
    "LABELS",
    "MAX_CITATIONS",
    "PROBLEMS",
    "STATUSES",
    "STDIN",
    "WARNINGS",
    "CheckError",
    "CheckReport",
    "Citation",
    "Context",
    "FileResult",
    "FixWriteError",
    "GitDates",
    "Judge",
    "Judgement",
    "LineDate",
    "Meaning",
    "Mismatch",
    "Reading",
    "RuleWords",
    "Skipped",
    "SourceError",
    "SourceWalk",
    "Syntax",
    "TooManyCitations",
    "Verdict",
    "WordsCheck",
    "apply_fixes",
    "check_one",
    "check_paths",
    "check_text",
    "contexts",
    "find_citations",
    "find_in_line",
    "missing_paths",
    "prose_mask",
    "syntax_for",
    "unified_diff",
]
