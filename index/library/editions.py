"""Editions made of documents: the chain, each edition's witnesses, and where they disagree.

An edition is what was published on one effective date, and its id is that
date. Its witnesses are the documents that speak for it, in the order of
:func:`~.documents.witness_rank`; the first speaks first. When the first is
complete, the edition's tree is that document's tree. Otherwise the tree is
*composed*: each witness in turn adds the rules and glossary terms it
covers that no earlier witness covered, and the edition's coverage is the
union of theirs. A rulings page contributes the rules it quotes (without
its rulings, which attach to rule identities instead).

Witnesses of one edition that disagree beyond typography (the words of a
rule differ once quotes, case, punctuation and spacing are folded) are
reported, rule by rule, with the documents.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from crdex.index.library.coverage import COMPLETE, Coverage
from crdex.parser.numbers import RuleNumber

if TYPE_CHECKING:
    # a reader lists the chain; composing and comparing witnesses (a build's work) needs the trees
    from crdex.parser.tree import Edition, Rule

from .documents import DocumentInfo, witness_rank

__all__ = [
    "EditionRecord",
    "Witness",
    "compose",
    "disagreements",
    "plan_chain",
]

# rules listed per disagreeing witness; the count says how many there were in all
_SHOWN = 12


@dataclass(frozen=True, slots=True)
class Witness:
    """One document speaking for one edition."""

    sha256: str
    name: str
    id: str
    kind: str
    format: str
    coverage: Coverage
    # what was found lost in the document (see .damage), None when it is clean
    damage: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "sha256": self.sha256,
            "name": self.name,
            "document": self.id,
            "kind": self.kind,
            "format": self.format,
            "coverage": self.coverage.to_dict(),
            "covers": self.coverage.describe(),
            "damage": self.damage,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Witness:
        return cls(
            data["sha256"],
            data["name"],
            data["document"],
            data["kind"],
            data["format"],
            Coverage.from_dict(data["coverage"]),
            data.get("damage"),
        )


@dataclass(slots=True)
class EditionRecord:
    """One edition of the chain, with its witnesses (first speaks first).

    ``key`` names its tree: the first witness's sha256 when that document
    alone makes the edition, else a digest of the witnesses it is composed of.
    """

    id: str
    date: str
    key: str
    title: str
    witnesses: tuple[Witness, ...]
    coverage: Coverage
    composed: bool
    rules: int = 0
    glossary: int = 0
    disagreements: list[dict[str, Any]] = field(default_factory=list)

    @property
    def sha256(self) -> str:
        """The tree's key (the name older code reads it by)."""
        return self.key

    @property
    def path(self) -> str:
        return self.witnesses[0].name

    @property
    def complete(self) -> bool:
        return self.coverage.complete

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "date": self.date,
            "key": self.key,
            "title": self.title,
            "coverage": self.coverage.to_dict(),
            "covers": self.coverage.describe(),
            "composed": self.composed,
            "rules": self.rules,
            "glossary": self.glossary,
            "witnesses": [w.to_dict() for w in self.witnesses],
            "disagreements": self.disagreements,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EditionRecord:
        return cls(
            id=data["id"],
            date=data["date"],
            key=data["key"],
            title=data["title"],
            witnesses=tuple(Witness.from_dict(w) for w in data["witnesses"]),
            coverage=Coverage.from_dict(data["coverage"]),
            composed=data["composed"],
            rules=data.get("rules", 0),
            glossary=data.get("glossary", 0),
            disagreements=list(data.get("disagreements", [])),
        )


def plan_chain(
    documents: Iterable[DocumentInfo], tree: Callable[[str], Edition] | None = None
) -> list[EditionRecord]:
    """One record per effective date that some document witnesses, in date order.

    With ``tree`` (a document's tree by sha256), the copies of an edition are
    compared for the lines one lost that another has (:mod:`.lost`): their
    damage, which orders them like the damage found in a copy alone.
    """
    import hashlib  # planning is a build's work: a reader only reads the chain planned

    by_date: dict[str, list[tuple[DocumentInfo, Coverage]]] = {}
    for doc in documents:
        for piece in doc.witnesses:
            by_date.setdefault(piece.date, []).append((doc, piece.coverage))
    chain = []
    for date in sorted(by_date):
        witnessing = _with_lost_lines(by_date[date], tree) if tree else by_date[date]
        ranked = sorted(witnessing, key=lambda dc: witness_rank(dc[0]))
        witnesses = tuple(
            Witness(d.sha256, d.name, d.id, d.kind, d.format, cov, d.damage) for d, cov in ranked
        )
        first_doc, first_cov = ranked[0]
        # a second copy speaking first (the primary is damaged, or absent) has an id of its
        # own ("2008-05-01.alt-vensersjournal"): the edition's tree is composed, named by date
        composed = not first_cov.complete or first_doc.kind == "rulings" or first_doc.id != date
        coverage = COMPLETE if first_cov.complete else _union(c for _d, c in ranked)
        key = first_doc.sha256
        if composed:
            blob = json.dumps([date, [[w.sha256, w.coverage.to_dict()] for w in witnesses]])
            key = "edition-" + hashlib.sha256(blob.encode()).hexdigest()[:40]
        chain.append(
            EditionRecord(
                id=date,
                date=date,
                key=key,
                title=first_doc.title,
                witnesses=witnesses,
                coverage=coverage,
                composed=composed,
                rules=first_doc.rules,
                glossary=first_doc.glossary,
            )
        )
    return chain


def _with_lost_lines(
    witnessing: list[tuple[DocumentInfo, Coverage]], tree: Callable[[str], Edition]
) -> list[tuple[DocumentInfo, Coverage]]:
    """The witnesses of one edition, each copy's damage with the lines it lost beside it."""
    from .lost import lost_in_copies, with_lost

    lost = lost_in_copies((d for d, _c in witnessing), tree)
    return [
        (dataclasses.replace(d, damage=with_lost(d.damage, lost[d.sha256])), c)
        if d.sha256 in lost
        else (d, c)
        for d, c in witnessing
    ]


def _union(coverages: Iterable[Coverage]) -> Coverage:
    out = Coverage()
    for cov in coverages:
        out = out.union(cov)
    return out


def _order(rule: Rule) -> tuple[float, float, float]:
    try:
        return RuleNumber.parse(rule.number).sort_key()
    except ValueError:
        return (float("inf"), 0.0, 0.0)


def compose(record: EditionRecord, tree_of: Callable[[str], Edition]) -> Edition:
    """The edition's tree from its witnesses, first to last, each adding what it alone covers."""
    from crdex.parser.tree import Edition, Source

    covered = Coverage()
    rules: list[Rule] = []
    glossary = []
    first: Edition | None = None
    for witness in record.witnesses:
        tree = tree_of(witness.sha256)
        first = first or tree
        cov = witness.coverage
        for rule in tree.rules:
            if cov.covers(rule.number) and not covered.covers(rule.number):
                rules.append(dataclasses.replace(rule, rulings=(), children=[]))
        for entry in tree.glossary:
            if cov.covers_term(entry.term) and not covered.covers_term(entry.term):
                glossary.append(entry)
        covered = covered.union(cov)
        if covered.complete:
            break
    rules.sort(key=_order)
    held = {r.number: r for r in rules}
    for rule in rules:
        parent = held.get(rule.parent) if rule.parent is not None else None
        if parent is not None:
            parent.children.append(rule.number)
    assert first is not None
    return Edition(
        id=record.id,
        effective_date=_dt.date.fromisoformat(record.date),
        title=record.title,
        source=Source(path="", sha256=record.key, format="composed", encoding=""),
        rules=rules,
        glossary=glossary,
        contents=list(first.contents) if record.witnesses[0].kind != "rulings" else [],
    )


def disagreements(record: EditionRecord, tree_of: Callable[[str], Edition]) -> list[dict[str, Any]]:
    """Where a later witness's words differ from the edition's, rule by rule."""
    if len(record.witnesses) < 2:
        return []
    from crdex.index.lineage.content import typography_key

    edition = tree_of(record.key)
    wording = {r.number: typography_key(f"{r.title or ''} {r.text}") for r in edition.rules}
    out = []
    for witness in record.witnesses[1:]:
        tree = tree_of(witness.sha256)
        differ = [
            r.number
            for r in tree.rules
            if witness.coverage.covers(r.number)
            and r.number in wording
            and typography_key(f"{r.title or ''} {r.text}") != wording[r.number]
        ]
        missing = [
            n
            for n in wording
            if witness.coverage.covers(n) and tree.rule(n) is None and not witness.coverage.spans
        ]
        if differ or missing:
            out.append(
                {
                    "document": witness.id,
                    "name": witness.name,
                    "differ": len(differ),
                    "rules": differ[:_SHOWN],
                    "missing": len(missing),
                    "missing_rules": missing[:_SHOWN],
                }
            )
    return out
