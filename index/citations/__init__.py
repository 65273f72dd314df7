"""The citation checker: rule numbers cited in code and prose, judged against an edition.

:func:`find_citations` finds them (:mod:`.finder` says what counts),
:class:`Judge` follows each through the identity graph, :func:`check_paths`
runs both over files (:class:`SourceWalk` says which, and what it skipped)
and rewrites moved citations on request.
"""

from __future__ import annotations

from .check import CheckReport, FileResult, check_paths, check_text
from .errors import CheckError, SourceError
from .finder import Citation, find_citations, find_in_line
from .fix import apply_fixes, unified_diff
from .judge import Judge
from .lexer import Syntax, prose_mask, syntax_for
from .sources import STDIN, Skipped, SourceWalk, missing_paths
from .verdicts import LABELS, PROBLEMS, STATUSES, Judgement, Verdict

__all__ = [
    "LABELS",
    "PROBLEMS",
    "STATUSES",
    "STDIN",
    "CheckError",
    "CheckReport",
    "Citation",
    "FileResult",
    "Judge",
    "Judgement",
    "Skipped",
    "SourceError",
    "SourceWalk",
    "Syntax",
    "Verdict",
    "apply_fixes",
    "check_paths",
    "check_text",
    "find_citations",
    "find_in_line",
    "missing_paths",
    "prose_mask",
    "syntax_for",
    "unified_diff",
]
