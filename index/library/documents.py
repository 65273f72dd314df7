"""The documents of a library: what each one is, what it witnesses, and which one speaks first.

A document is one file (or one markdown book) as added, known by the
sha256 of its bytes. It witnesses one edition or several (a rulings page
quotes rules from the editions it cites), each with a coverage
(:mod:`crdex.index.library.coverage`). A document with no effective date of its own
and no citations witnesses nothing: it is kept, listed and reported, never
made an edition.

**Precedence** among the witnesses of one edition is the sort key
:func:`witness_rank`, made of the rules of :data:`PRECEDENCE` in their
order, first to last:

1. coverage: a complete text, then one with every rule but no glossary,
   then an excerpt, then a cut-short copy, then a rulings page's quotes (a
   lesser copy never displaces a complete one);
2. damage: a clean copy before a damaged one (characters lost on the way:
   :mod:`.damage`), the less damaged first;
3. the primary copy before a second copy that its file name tags as such
   (``cr-2014-05-01.derived.txt``, ``….upload-20260808.txt``: the naming
   the corpus and the README use for second copies), ``.derived`` first
   among those;
4. format: the official text, then the official Word, PDF and RTF files,
   then text extracted from a PDF, then unofficial renderings (markdown,
   mdBook HTML);
5. a date read in the document's own words before one read only in its
   file name;
6. the sha256, so that the order never depends on the order of a run.

Before all of these (the first rule of :data:`PRECEDENCE`), a document
placed among the editions by its text (``date_source`` ``matched-by-text``,
see :mod:`.undated`) speaks after every document that states its date: its
date is an inference, theirs a statement.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from crdex.index.library.coverage import WitnessSlice

__all__ = [
    "MATCHED_BY_TEXT",
    "PRECEDENCE",
    "REGISTRY_FORMAT",
    "AddReport",
    "DocumentInfo",
    "Skipped",
    "registry_from_dict",
    "registry_to_dict",
    "witness_rank",
]

# bump when DocumentInfo changes shape
REGISTRY_FORMAT = 2

_KIND_RANK = {"complete": 0, "rules": 1, "excerpt": 2, "truncated": 3, "rulings": 4}
_FORMAT_RANK = {
    "official": 0,
    "docx": 1,
    "pdf": 2,
    "rtf": 3,
    "pdf-text": 4,
    "markdown": 5,
    "mdbook-html": 6,
}
_TAG_RANK = {"": 0, "derived": 1}
#: the date source of a document that states no date, placed among the editions by its text
MATCHED_BY_TEXT = "matched-by-text"


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """One document in the library.

    ``path`` is where it was last added from (absolute), so that it can be
    read again when the parser changes; it is never exported. ``name`` is
    the file's (or book's) own name.
    """

    sha256: str
    name: str
    path: str
    id: str
    date: str | None
    date_source: str
    tag: str
    format: str
    kind: str
    title: str
    rules: int
    glossary: int
    witnesses: tuple[WitnessSlice, ...] = ()
    repairs: dict[str, int] = field(default_factory=dict)
    # the version of the coverage rules that described it (crdex.index.library.coverage)
    described: int = 0
    # for a document that states no date: what placing it by its text found (.undated)
    placed: dict[str, Any] | None = None
    # what was found lost in it (Damage.to_dict() of .damage), None when it is clean
    damage: dict[str, Any] | None = None

    @property
    def damaged(self) -> int:
        """How many damaged characters it has (0: clean)."""
        return sum(self.damage["counts"].values()) if self.damage else 0

    @property
    def undated(self) -> bool:
        """It states no effective date: kept and listed, never an edition."""
        return self.date is None and not self.witnesses

    @property
    def names_an_edition(self) -> bool:
        """It can be named by its own id as a copy of a CR edition.

        Rulings pages annotate editions and a rulings summary witnesses none
        (it numbers its own items): neither is a copy of an edition; nor is a
        document with no date of its own that its text placed among editions.
        """
        return self.kind != "rulings" and self.date is not None and bool(self.witnesses)

    def to_dict(self) -> dict[str, Any]:
        return {
            "sha256": self.sha256,
            "name": self.name,
            "path": self.path,
            "id": self.id,
            "date": self.date,
            "date_source": self.date_source,
            "tag": self.tag,
            "format": self.format,
            "kind": self.kind,
            "title": self.title,
            "rules": self.rules,
            "glossary": self.glossary,
            "witnesses": [w.to_dict() for w in self.witnesses],
            "repairs": dict(self.repairs),
            "described": self.described,
            "placed": self.placed,
            "damage": self.damage,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DocumentInfo:
        fields = dict(data)
        fields["witnesses"] = tuple(WitnessSlice.from_dict(w) for w in data.get("witnesses", ()))
        fields["repairs"] = dict(data.get("repairs", {}))
        return cls(**fields)


#: the rules of precedence among the witnesses of one edition, first to last (see the module
#: docstring): each gives a document a value, lower speaking first; the first that differs decides
PRECEDENCE: tuple[tuple[str, Callable[[DocumentInfo], Any]], ...] = (
    # a date matched by text, after every date stated
    ("matched", lambda d: int(d.date_source == MATCHED_BY_TEXT)),
    ("coverage", lambda d: _KIND_RANK.get(d.kind, len(_KIND_RANK))),
    ("damage", lambda d: d.damaged),
    ("copy", lambda d: _TAG_RANK.get(d.tag, 2)),
    ("format", lambda d: _FORMAT_RANK.get(d.format, len(_FORMAT_RANK))),
    ("date", lambda d: 0 if d.date_source not in ("filename", "none", "") else 1),
    ("tag", lambda d: d.tag),
    ("sha256", lambda d: d.sha256),
)


def witness_rank(doc: DocumentInfo) -> tuple[Any, ...]:
    """Sort key among the witnesses of one edition: lower speaks first (:data:`PRECEDENCE`)."""
    return tuple(rank(doc) for _name, rank in PRECEDENCE)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file that was not added, and why.

    ``unreadable``: the file could not be read at all (no permission, an
    input/output error), so whether it is a rules document is unknown: an
    error for the build, not a skip.
    """

    path: str
    reason: str
    unreadable: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "reason": self.reason, "unreadable": self.unreadable}

    @classmethod
    def of(cls, path: str, error: Exception | str | None) -> Skipped:
        """Why ``path`` was not added, from the error that stopped it (its first line, without
        the path the message begins with)."""
        from crdex.corpus.errors import DocumentUnreadable, NotADocumentFile

        reason = (str(error) if error is not None else "") or "not a rules document"
        reason = reason.strip().split("\n", 1)[0].removeprefix(f"{path}: ")
        unreadable = isinstance(error, DocumentUnreadable) and not isinstance(
            error, NotADocumentFile
        )
        return cls(path, reason, unreadable)


@dataclass(slots=True)
class AddReport:
    """What a build did with each file it was given."""

    added: list[DocumentInfo] = field(default_factory=list)
    known: list[DocumentInfo] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    reparsed: list[DocumentInfo] = field(default_factory=list)


def registry_to_dict(documents: dict[str, DocumentInfo]) -> dict[str, Any]:
    return {
        "format": REGISTRY_FORMAT,
        "documents": {sha: d.to_dict() for sha, d in sorted(documents.items())},
    }


def registry_from_dict(data: dict[str, Any]) -> dict[str, DocumentInfo]:
    return {sha: DocumentInfo.from_dict(d) for sha, d in data.get("documents", {}).items()}
