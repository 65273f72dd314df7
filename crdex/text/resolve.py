"""Where a cited rule is now, as people read it: ``crdex resolve`` and MCP's ``resolve``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .shorten import name, span

if TYPE_CHECKING:
    from crdex.index.lineage.resolve import Resolution

__all__ = ["render_resolution"]


def render_resolution(r: Resolution) -> str:
    lines = [f"{r.asked} in {r.at}: {r.label}  ({r.identity})"]
    if r.status == "current":
        called = name(r.title or "", r.text or "", r.glossary, 80)
        moved = "" if r.number == r.asked else " (renumbered)"
        sep = ": " if r.glossary else " "  # "Scry: To manipulate …", "701.22 Scry"
        lines.append(f"in {r.to}: {r.number}{sep}{called}{moved}")
        if r.note:
            lines.append(f"  {r.note}")
    elif r.status == "removed":
        lines.append(f"in {r.to}: no longer in the rules: {r.note}")
    else:
        lines.append(f"in {r.to}: not in the rules yet: {r.note}")
    if r.chain:
        lines.append("chain:")
        for step in r.chain:
            via = f" ({step.via})" if step.via else ""
            lines.append(f"  {step.number:<10} {span(step.first, step.last):<27} {step.label}{via}")
    for piece in r.split_off:
        lines.append(f"split off in {piece['edition']}: {piece['number']} {piece['label']}")
    for piece in r.merged_in:
        lines.append(f"merged in from {piece['number']} in {piece['edition']}: {piece['label']}")
    return "\n".join(lines)
