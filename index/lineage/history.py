"""The history of one rule: every edition it appears in, what it was called, what changed.

Asked by number ("613.1") or glossary term, in one edition (default: the
latest edition that has that number). A number can have meant several
rules over the years, so the answer also lists the other rules that held
the same number, to say "502.36 was Scry until 2007, then Shroud".

Typing is not wording: editions flip straight and curly apostrophes back
and forth, and a copy may lose them to "?". By default a version that
differs from the one before only in typography is no version of its own
(its editions join the run before it, and the editions where that happened
are listed in ``typography_edits``), and word differences leave out words
whose typing alone changed; ``typography=True`` shows every version as the
identity graph holds it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from crdex.errors import shown
from crdex.parser.numbers import RuleNumber

from ..errors import UnknownRule
from .classify import TYPOGRAPHY
from .editions import EditionRef, near_numbers, near_terms, suggestion
from .graph import Graph, Identity, Link, Version
from .worddiff import WordChange, without_typography, word_diff

__all__ = [
    "History",
    "HistoryEntry",
    "NumberUse",
    "describe",
    "find_holder",
    "hide_typography",
    "history",
    "is_rule_number",
    "merged_in",
    "split_off",
]


def is_rule_number(text: str) -> bool:
    """A rule number such as 701.22 or 704.5aa (anything else is read as a glossary term)."""
    try:
        RuleNumber.parse(text)
    except ValueError:
        return False
    return True


def _looks_numeric(text: str) -> bool:
    return bool(re.match(r"\s*\d", text))


def canonical(text: str) -> str:
    return str(RuleNumber.parse(text)) if is_rule_number(text) else text.strip()


def describe(version: Version, width: int = 80, *, glossary: bool = False) -> str:
    """A one-line label: the title, or the start of the wording.

    A glossary entry's title is its term, which the reader already has
    beside the label: ``glossary`` labels it by its definition instead.
    """
    head = (not glossary and version.title) or version.text.split("\n", 1)[0]
    return head if len(head) <= width else head[: width - 1].rstrip() + "…"


@dataclass(slots=True)
class HistoryEntry:
    """One run of editions in which the rule kept one number and one wording."""

    first: str
    last: str
    first_date: str
    until: str | None
    editions: list[str]
    number: str
    kind: str
    title: str
    text: str
    relation: str
    change: str
    previous_number: str | None = None
    diff: list[WordChange] = field(default_factory=list)
    # editions where a typography-only edit began, folded into this run (typography hidden)
    typography_edits: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "first_edition": self.first,
            "last_edition": self.last,
            "from": self.first_date,
            "until": self.until,
            "editions": self.editions,
            "number": self.number,
            "kind": self.kind,
            "title": self.title,
            "text": self.text,
            "relation": self.relation,
            "change": self.change,
            "previous_number": self.previous_number,
            "diff": [c.to_dict() for c in self.diff],
            "typography_edits": self.typography_edits,
        }


@dataclass(slots=True)
class NumberUse:
    """Another rule that held the asked number, and when."""

    identity: str
    first: str
    last: str
    label: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "identity": self.identity,
            "first_edition": self.first,
            "last_edition": self.last,
            "label": self.label,
        }


@dataclass(slots=True)
class History:
    identity: str
    glossary: bool
    asked: str
    edition: str
    entries: list[HistoryEntry]
    origin: dict[str, Any]
    end: dict[str, Any]
    split_off: list[dict[str, Any]]
    merged_in: list[dict[str, Any]]
    number_also: list[NumberUse]
    # rulings summaries' topics on the rule (or a heading above it), nearest first: the
    # lineage knows no documents, so whoever holds the library fills these in
    topics: list[dict[str, Any]] = field(default_factory=list)
    # documents with no date of their own that witness a version, placed there by their
    # text: filled in, like the topics, by whoever holds the library
    matched: list[dict[str, Any]] = field(default_factory=list)
    # whether typography-only edits are versions of their own (see the module's docstring)
    typography: bool = False

    @property
    def typography_edits(self) -> int:
        """How many typography-only edits were folded into the versions around them."""
        return sum(len(e.typography_edits) for e in self.entries)

    def brief(self) -> dict[str, Any]:
        """The history in a few words: since when, the editions that changed it, how it ends.

        ``changes`` lists each later version: its first edition, its number
        (or term), how it came (moved, edited) and the class of its edit.
        """
        return {
            "identity": self.identity,
            "since": self.origin["edition"],
            "origin": self.origin["relation"],
            "changes": [
                {
                    "edition": e.first,
                    "number": e.number,
                    "relation": e.relation,
                    "change": e.change,
                }
                for e in self.entries[1:]
            ],
            "end": {"relation": self.end["relation"], "edition": self.end["edition"]},
        }

    def at_edition(self) -> HistoryEntry:
        """The version of the rule in the edition asked about."""
        for entry in self.entries:
            if self.edition in entry.editions:
                return entry
        return self.entries[-1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "identity": self.identity,
            "glossary": self.glossary,
            "asked": self.asked,
            "edition": self.edition,
            "origin": self.origin,
            "end": self.end,
            "versions": [e.to_dict() for e in self.entries],
            "split_off": self.split_off,
            "merged_in": self.merged_in,
            "number_also": [u.to_dict() for u in self.number_also],
            "topics": self.topics,
            "matched_by_text": self.matched,
            "typography": self.typography,
        }


def find_holder(graph: Graph, asked: str, index: int) -> tuple[Identity, bool]:
    """The identity holding number or term ``asked`` in chain edition ``index``."""
    if _looks_numeric(asked) and not is_rule_number(asked):
        known = [k for k in graph.known_keys() if k[:1].isdigit()]
        raise UnknownRule(
            f"{shown(asked.strip())} is not a rule number: rule numbers look like 7, 701, "
            f"701.22 or 704.5aa{suggestion(near_numbers(asked.strip(), known))}"
        )
    glossary = not is_rule_number(asked)
    key = canonical(asked)
    ident = graph.holder(key, index, glossary=glossary)
    if ident is not None:
        return ident, glossary
    raise UnknownRule(_unknown_message(graph, key, index, glossary))


def _unknown_message(graph: Graph, key: str, index: int, glossary: bool) -> str:
    edition = graph.editions[index].id
    what = f"glossary term {shown(key)}" if glossary else f"rule {key}"
    spans = graph.holders(key, glossary=glossary)
    if spans:
        eds = graph.editions
        parts = []
        for start, end, ident in _joined(spans)[-4:]:
            run = ident.run_at(start)
            label = describe(graph.version(ident, run), 40, glossary=glossary) if run else ""
            when = f"{eds[start].id}…{eds[end].id}" if start != end else eds[start].id
            parts.append(f"{when} ({label})" if label else when)
        return (
            f"there is no {what} in edition {edition}; it exists in {', '.join(parts)}; "
            "name an edition or date in one of those ranges"
        )
    present = [
        run.key
        for ident in graph.identities
        if ident.glossary == glossary
        for run in ident.runs
        if run.start <= index <= run.end
    ]
    if glossary:
        return f"no edition has a {what}{suggestion(near_terms(key, present))}"
    near = near_numbers(key, present) or near_numbers(key, graph.known_keys())
    return f"no edition has a {what}{suggestion(near)}"


def _joined(spans: list[tuple[int, int, Identity]]) -> list[tuple[int, int, Identity]]:
    """Adjacent spans of one identity as one span."""
    out: list[tuple[int, int, Identity]] = []
    for start, end, ident in spans:
        if out and out[-1][2] is ident and out[-1][1] + 1 == start:
            out[-1] = (out[-1][0], end, ident)
        else:
            out.append((start, end, ident))
    return out


def _link_label(graph: Graph, identity_id: str, index: int) -> dict[str, Any]:
    ident = graph.identity(identity_id)
    if ident is None:
        return {"identity": identity_id}
    run = ident.run_at(index) or (ident.runs[-1] if index > ident.last else ident.runs[0])
    version = graph.version(ident, run)
    return {
        "identity": identity_id,
        "number": run.key,
        "edition": graph.editions[index].id if 0 <= index < len(graph.editions) else None,
        "label": describe(version, glossary=ident.glossary),
    }


def split_off(graph: Graph, identity_id: str, lo: int = 0, hi: int | None = None) -> list[dict]:
    """Rules split off ``identity_id`` in chain editions ``lo`` < e <= ``hi``, as they began."""
    eds = graph.editions
    last = len(eds) - 1 if hi is None else hi
    return [
        {**_link_label(graph, ln.target, ln.edition), "edition": eds[ln.edition].id}
        for ln in graph.links_from(identity_id)
        if ln.kind == "split" and lo < ln.edition <= last
    ]


def merged_in(graph: Graph, identity_id: str, lo: int = 0, hi: int | None = None) -> list[dict]:
    """Rules merged into ``identity_id`` in chain editions ``lo`` < e <= ``hi``, as they ended."""
    eds = graph.editions
    last = len(eds) - 1 if hi is None else hi
    return [
        {**_link_label(graph, ln.source, ln.edition - 1), "edition": eds[ln.edition].id}
        for ln in graph.links_to(identity_id)
        if ln.kind == "merge" and lo < ln.edition <= last
    ]


def _partners(graph: Graph, link: Link, me: str) -> list[dict[str, Any]]:
    """The other rules of one split or merge, as ``diff`` shows them together.

    A split: what the source continued as, and the other pieces split off
    it at the same edition. A merge: the rule that continued into the
    target, and the other rules merged into it at the same edition.
    """
    e = link.edition
    if link.kind == "split":
        whole = graph.identity(link.source)
        out = [_link_label(graph, link.source, e)] if whole and whole.run_at(e) else []
        return out + [
            _link_label(graph, ln.target, e)
            for ln in graph.links_from(link.source)
            if ln.kind == "split" and ln.edition == e and ln.target != me
        ]
    target = graph.identity(link.target)
    out = [_link_label(graph, link.target, e - 1)] if target and target.run_at(e - 1) else []
    return out + [
        _link_label(graph, ln.source, e - 1)
        for ln in graph.links_to(link.target)
        if ln.kind == "merge" and ln.edition == e and ln.source != me
    ]


def hide_typography(entries: list[HistoryEntry]) -> list[HistoryEntry]:
    """The runs with each typography-only edit folded into the run before it.

    The folded run takes the later wording (the next version's differences
    are read against it); a move keeps its place, without the words whose
    typing alone changed; so does every edit of wording.
    """
    out: list[HistoryEntry] = []
    for entry in entries:
        if out and entry.relation == "edited" and entry.change == TYPOGRAPHY:
            run = out[-1]
            run.last, run.until = entry.last, entry.until
            run.editions = [*run.editions, *entry.editions]
            run.title, run.text = entry.title, entry.text
            run.typography_edits = [*run.typography_edits, entry.first, *entry.typography_edits]
            continue
        entry.diff = without_typography(entry.diff)
        out.append(entry)
    return out


def history(graph: Graph, asked: str, where: EditionRef, *, typography: bool = False) -> History:
    """Every edition of the rule that ``asked`` names in edition ``where``.

    ``typography``: keep typography-only edits as versions of their own.
    """
    assert where.index is not None
    ident, glossary = find_holder(graph, asked, where.index)
    eds = graph.editions
    entries: list[HistoryEntry] = []
    previous: Version | None = None
    splits_in = [ln for ln in graph.links_to(ident.id) if ln.kind == "split"]
    for version in graph.versions(ident):
        if previous is None:
            relation = "split" if splits_in else "first" if version.start == 0 else "added"
            diff: list[WordChange] = []
            prev_number = None
        else:
            moved = previous.key != version.key
            relation = "moved" if moved else ("edited" if version.change != "none" else "unchanged")
            prev_number = previous.key if moved else None
            text_a = previous.text if glossary else f"{previous.title}\n{previous.text}".strip()
            text_b = version.text if glossary else f"{version.title}\n{version.text}".strip()
            diff = word_diff(text_a, text_b) if text_a != text_b else []
        until = eds[version.end + 1].date if version.end + 1 < len(eds) else None
        entries.append(
            HistoryEntry(
                first=eds[version.start].id,
                last=eds[version.end].id,
                first_date=eds[version.start].date,
                until=until,
                editions=[e.id for e in eds[version.start : version.end + 1]],
                number=version.key,
                kind=version.kind,
                title=version.title,
                text=version.text,
                relation=relation,
                change=version.change or "none",
                previous_number=prev_number,
                diff=diff,
            )
        )
        previous = version
    origin: dict[str, Any] = {"edition": eds[ident.first].id}
    if splits_in:
        origin |= {
            "relation": "split",
            "from": _link_label(graph, splits_in[0].source, ident.first - 1),
            "with": _partners(graph, splits_in[0], ident.id),
        }
    else:
        origin["relation"] = "first" if ident.first == 0 else "added"
    end: dict[str, Any]
    if ident.last == len(eds) - 1:
        end = {"relation": "current", "edition": eds[-1].id}
    else:
        merges = [ln for ln in graph.links_from(ident.id) if ln.kind == "merge"]
        end = {"relation": "merged" if merges else "removed", "edition": eds[ident.last + 1].id}
        if merges:
            end["into"] = _link_label(graph, merges[0].target, merges[0].edition)
            end["with"] = _partners(graph, merges[0], ident.id)
    also = []
    for start, stop, other in graph.holders(canonical(asked), glossary=glossary):
        if other.id == ident.id:
            continue
        run = other.run_at(start)
        assert run is not None
        also.append(
            NumberUse(
                other.id,
                eds[start].id,
                eds[stop].id,
                describe(graph.version(other, run), glossary=glossary),
            )
        )
    return History(
        identity=ident.id,
        glossary=glossary,
        asked=canonical(asked),
        edition=where.id,
        entries=entries if typography else hide_typography(entries),
        origin=origin,
        end=end,
        split_off=split_off(graph, ident.id),
        merged_in=merged_in(graph, ident.id),
        number_also=also,
        typography=typography,
    )
