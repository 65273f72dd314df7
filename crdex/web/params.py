"""Every value a URL carries, checked before it reaches the reader.

A value from a URL is a name, never a path: edition names, rule numbers,
glossary terms and identity ids are matched against their exact shapes
here, and anything else is a :class:`BadValue` (422) naming what was
expected. Nothing read from a URL is ever joined to a file path; the
reader resolves names inside the library it holds.
"""

from __future__ import annotations

import re

from crdex.index.lineage.classify import MEANING, REFERENCES, TYPOGRAPHY
from crdex.index.lineage.diff import KINDS
from crdex.index.search.answering.budget import MAX_CHARS

from .errors import BadValue

__all__ = [
    "BadValue",
    "change_classes",
    "change_kinds",
    "date_value",
    "edition_name",
    "glossary_letter_value",
    "identity_id",
    "limit_value",
    "rule_number",
    "search_query",
    "term_name",
]

# "latest", a date, or an edition id: a date with an optional tag ("2026-08-07.upload-20260808")
_EDITION = re.compile(r"latest|\d{4}-\d{2}-\d{2}(?:\.[A-Za-z0-9][A-Za-z0-9_.-]{0,63})?")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
# a section "7", a rule "701" / "701.22", a subrule "701.22a" / "704.5aa" (as crdex.parser.numbers)
_NUMBER = re.compile(r"\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?")
# an identity id: the id of its first version, "<edition>/<number>" or "<edition>/glossary:<term>",
# with "#2" for a number a document prints twice
_IDENTITY = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:\.[A-Za-z0-9][A-Za-z0-9_.-]{0,63})?/"
    r"(?:\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?|glossary:[^\x00-\x1f\x7f]{1,100})(?:#\d{1,3})?"
)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
MAX_TERM = 100
MAX_LIMIT = 100


def edition_name(value: str, where: str = "edition") -> str:
    """An edition id, a date (the edition in force that day) or ``latest``."""
    value = value.strip()
    if not _EDITION.fullmatch(value):
        raise BadValue(
            where, value, "an edition: an id such as 2026-08-07, a date (YYYY-MM-DD) or 'latest'"
        )
    return value


def date_value(value: str, where: str = "date") -> str:
    value = value.strip()
    if not _DATE.fullmatch(value):
        raise BadValue(where, value, "a date (YYYY-MM-DD)")
    return value


def rule_number(value: str, where: str = "rule number") -> str:
    """A rule number as written (``701.22``, ``704.5aa``, ``7``); the reader canonicalizes it."""
    value = value.strip().rstrip(".")
    if not _NUMBER.fullmatch(value):
        raise BadValue(where, value, "a rule number such as 7, 701, 701.22 or 704.5aa")
    return value


def term_name(value: str, where: str = "glossary term") -> str:
    """A glossary term: printable text of at most 100 characters."""
    value = value.strip()
    if not value or len(value) > MAX_TERM or _CONTROL.search(value):
        raise BadValue(where, value, f"a glossary term (printable, 1 to {MAX_TERM} characters)")
    return value


def glossary_letter_value(value: str) -> str:
    """A letter of the glossary's index: A to Z in either case (given as a capital), or ``#``."""
    value = value.strip()
    if value == "#" or (len(value) == 1 and value.isascii() and value.isalpha()):
        return value.upper()
    raise BadValue("letter", value, "a letter A to Z, or # for the terms that begin otherwise")


def identity_id(value: str) -> str:
    """An identity id such as ``2004-06-01/502.36`` or ``2005-02-01/glossary:Scry``."""
    value = value.strip()
    if not _IDENTITY.fullmatch(value):
        raise BadValue(
            "identity", value, "an identity such as 2004-06-01/502.36 or 2005-02-01/glossary:Scry"
        )
    return value


def search_query(value: str) -> str:
    value = value.strip()
    if len(value) > MAX_CHARS or _CONTROL.search(value.replace("\t", " ")):
        raise BadValue("query", value, f"a search of at most {MAX_CHARS} printable characters")
    return value


def limit_value(value: int) -> int:
    if not 1 <= value <= MAX_LIMIT:
        raise BadValue("limit", str(value), f"a number from 1 to {MAX_LIMIT}")
    return value


def change_kinds(values: list[str]) -> list[str]:
    """Kinds of change a diff is filtered to (added, removed, moved, edited, split, merged)."""
    for value in values:
        if value not in KINDS:
            raise BadValue("kind of change", value, f"one of {', '.join(KINDS)}")
    return list(dict.fromkeys(values))


def change_classes(values: list[str]) -> list[str]:
    """Classes of edit a diff is filtered to (meaning, references, typography)."""
    classes = (MEANING, REFERENCES, TYPOGRAPHY)
    for value in values:
        if value not in classes:
            raise BadValue("class of edit", value, f"one of {', '.join(classes)}")
    return list(dict.fromkeys(values))
