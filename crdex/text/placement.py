"""Which edition a document is, as a person reads it: ``crdex identify`` and MCP's answer.

The editions it matches, the counts, each rule that differs. Typography is grouped (a document typed with curly quotes differs so in
most of its rules: one line says it for all of them); every other
difference is listed rule by rule, with its why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crdex.index.placement.compare import TYPOGRAPHY
from crdex.index.placement.explain import typing

if TYPE_CHECKING:
    from crdex.index.placement.result import Placement

__all__ = ["render_placement"]

# rules named on one line of a group before "and N more"
_NAMED = 8


def render_placement(placement: Placement) -> str:
    """The answer of ``crdex identify`` (the same content as its ``--json``)."""
    doc = placement.document
    span = f"{doc['first']}–{doc['last']}" if doc["first"] != doc["last"] else doc["first"]
    lines = [
        f"{doc['name']}: {doc['rules']} rules ({span}), {doc['format']}"
        + (f", dated {doc['date']}" if doc["date"] else ", no effective date")
    ]
    lines.append(_verdict(placement))
    if placement.verdict == "unplaced":
        return "\n".join(lines)
    counts = placement.counts
    lines.append(
        "  "
        + ", ".join(
            f"{counts[k]} {label}"
            for k, label in (
                ("identical", "identical"),
                ("typography", "typography only"),
                ("cut-short", "cut short"),
                ("differ", "differ"),
                ("missing", "missing from the document"),
            )
            if counts.get(k) or k == "identical"
        )
    )
    lines.extend(_typography(placement))
    for d in placement.differences:
        if d.status != TYPOGRAPHY:
            where = (
                "" if len(d.editions) == len(placement.editions) else f" (in {_ids(d.editions)})"
            )
            lines.append(f"  {d.number:<9} {d.status}{where}: {d.why}")
    for n in placement.neighbours:
        named = ", ".join(n["rules"][:_NAMED]) + (" …" if n["differ"] > _NAMED else "")
        lines.append(f"  {n['edition']} differs in {n['differ']} rule(s): {named}")
    if placement.repairs:
        lines.append("  repaired in the document before comparing:")
        for r in placement.repairs:
            where = f"{r.path}:{r.line}" if r.path else f"line {r.line:<5}"
            lines.append(f"    {where} {r.rule or '':<9} {r.kind}: {r.reason}")
    return "\n".join(lines)


def _verdict(placement: Placement) -> str:
    runs = ", ".join(str(r) for r in placement.runs)
    editions = len(placement.editions)
    plural = "s" if editions != 1 else ""
    if placement.verdict == "matched":
        return f"matches {runs} ({editions} edition{plural}): its text is theirs"
    if placement.verdict == "between":
        pairs = "; ".join(f"{a} and {b}" for a, b in placement.between)
        return (
            f"lies between {pairs}: its wording is newer than the first and older than the "
            "second, an edition the library does not hold"
        )
    if placement.verdict == "nearest":
        return f"matches no edition; nearest: {runs} ({editions} edition{plural})"
    return f"cannot be placed: {placement.note}"


def _typography(placement: Placement) -> list[str]:
    """The typography differences, one line per way of typing."""
    groups: dict[str, list[str]] = {}
    for d in placement.differences:
        if d.status == TYPOGRAPHY:
            groups.setdefault(typing(d.changes), []).append(d.number)
    out = []
    for how, numbers in sorted(groups.items(), key=lambda g: -len(g[1])):
        named = ", ".join(numbers[:_NAMED])
        more = f" and {len(numbers) - _NAMED} more" if len(numbers) > _NAMED else ""
        out.append(f"  typography: {how}: {named}{more}")
    return out


def _ids(ids: list[str]) -> str:
    return ids[0] if len(ids) == 1 else f"{ids[0]} … {ids[-1]}"
