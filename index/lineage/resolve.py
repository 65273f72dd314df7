"""Resolving a citation: what the rule cited as NUMBER on one date is called on another.

A citation ("see 502.36", written in 2008) names whatever rule held that
number *then*; this follows that rule, not the number, to the other date
(forwards or backwards), and says what it is called there, or that it was
removed (or merged into another rule, which is then followed), with the
chain of numbers it held on the way, and the rules split off it or merged
into it on the way (part of what was cited may now be there).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .editions import EditionRef
from .graph import Graph, Identity
from .history import canonical, describe, find_holder, merged_in, split_off

__all__ = ["Resolution", "Step", "resolve"]


@dataclass(slots=True)
class Step:
    """One stretch of the way: the rule held ``number`` from ``first`` to ``last``."""

    identity: str
    number: str
    first: str
    last: str
    label: str
    via: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "identity": self.identity,
            "number": self.number,
            "first_edition": self.first,
            "last_edition": self.last,
            "label": self.label,
            "via": self.via,
        }


@dataclass(slots=True)
class Resolution:
    """``status``: ``current`` (found at the target), ``removed``, or ``not-yet`` (begun later)."""

    asked: str
    at: str
    to: str
    identity: str
    label: str
    status: str
    number: str | None
    title: str | None
    text: str | None
    note: str
    chain: list[Step] = field(default_factory=list)
    glossary: bool = False
    split_off: list[dict[str, Any]] = field(default_factory=list)
    merged_in: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "asked": self.asked,
            "at": self.at,
            "to": self.to,
            "identity": self.identity,
            "glossary": self.glossary,
            "label": self.label,
            "status": self.status,
            "number": self.number,
            "title": self.title,
            "text": self.text,
            "note": self.note,
            "chain": [s.to_dict() for s in self.chain],
            "split_off": self.split_off,
            "merged_in": self.merged_in,
        }


def _steps(graph: Graph, ident: Identity, lo: int, hi: int, via: str) -> list[Step]:
    """Runs of ``ident`` within chain indices lo..hi, runs with one number joined."""
    eds = graph.editions
    steps: list[Step] = []
    for run in ident.runs:
        start, end = max(run.start, lo), min(run.end, hi)
        if start > end:
            continue
        label = describe(graph.version(ident, run), glossary=ident.glossary)
        if steps and steps[-1].number == run.key and steps[-1].identity == ident.id:
            steps[-1].last = eds[end].id
            steps[-1].label = label
            continue
        steps.append(Step(ident.id, run.key, eds[start].id, eds[end].id, label, via))
        via = ""
    return steps


def resolve(graph: Graph, asked: str, at: EditionRef, to: EditionRef) -> Resolution:
    """Follow the rule cited as ``asked`` in edition ``at`` to edition ``to``."""
    assert at.index is not None and to.index is not None
    ident, glossary = find_holder(graph, asked, at.index)
    eds = graph.editions
    start_run = ident.run_at(at.index)
    assert start_run is not None
    label = describe(graph.version(ident, start_run), glossary=glossary)
    key = canonical(asked)
    lo, hi = sorted((at.index, to.index))
    base: dict[str, Any] = dict(
        asked=key,
        at=at.id,
        to=to.id,
        identity=ident.id,
        label=label,
        glossary=glossary,
        split_off=split_off(graph, ident.id, lo, hi),
        merged_in=merged_in(graph, ident.id, lo, hi),
    )
    if to.index >= at.index:
        chain = _steps(graph, ident, at.index, to.index, "")
        current = ident
        while current.last < to.index:
            merges = [ln for ln in graph.links_from(current.id) if ln.kind == "merge"]
            target = graph.identity(merges[0].target) if merges else None
            if target is None:
                gone = eds[current.last + 1]
                return Resolution(
                    **base,
                    status="removed",
                    number=None,
                    title=None,
                    text=None,
                    note=f"removed in {gone.id} (last in {eds[current.last].id} as {current.runs[-1].key})",
                    chain=chain,
                )
            chain += _steps(graph, target, current.last + 1, to.index, "merged")
            base["split_off"] += split_off(graph, target.id, current.last + 1, to.index)
            base["merged_in"] += [
                m
                for m in merged_in(graph, target.id, current.last, to.index)
                if m["identity"] != current.id
            ]
            current = target
        run = current.run_at(to.index)
        assert run is not None
        version = graph.version(current, run)
        note = "merged into another rule on the way" if current is not ident else ""
        return Resolution(
            **base,
            status="current",
            number=run.key,
            title=version.title or None,
            text=version.text,
            note=note,
            chain=chain,
        )
    # backwards: what was it called before?
    chain = list(reversed(_steps(graph, ident, to.index, at.index, "")))
    run = ident.run_at(to.index)
    if run is None:
        first = eds[ident.first]
        splits = [ln for ln in graph.links_to(ident.id) if ln.kind == "split"]
        origin = "split off another rule" if splits else "added"
        if splits:
            source = graph.identity(splits[0].source)
            src_run = source.run_at(ident.first - 1) if source else None
            if src_run is not None:
                origin = f"split off {src_run.key} ({describe(graph.version(source, src_run))})"  # type: ignore[arg-type]
        return Resolution(
            **base,
            status="not-yet",
            number=None,
            title=None,
            text=None,
            note=f"first appeared in {first.id} ({origin})",
            chain=chain,
        )
    version = graph.version(ident, run)
    return Resolution(
        **base,
        status="current",
        number=run.key,
        title=version.title or None,
        text=version.text,
        note="",
        chain=chain,
    )
