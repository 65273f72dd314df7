"""What changed between two editions, as people read it: ``crdex diff`` and MCP's ``diff``.

The head counts the changes of each kind; each change is a line (its
word-level differences under it when asked); the numbers reused for
another rule come last. MCP's answer is a page of the changes, saying
where the next page starts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .pages import more
from .shorten import short

if TYPE_CHECKING:
    from crdex.index.lineage.diff import DiffItem, EditionDiff

__all__ = [
    "diff_text",
    "render_change",
    "render_diff",
    "render_diff_summary",
    "render_reused",
]


def _sides(sides: list) -> str:
    return ", ".join(s.number for s in sides) or "-"


def render_change(item: DiffItem, words: bool = True) -> list[str]:
    """One change of a diff: a line, and its word-level differences under it when ``words``."""
    from crdex.index.lineage.worddiff import render  # words compared only where printed

    old, new = item.old, item.new
    if item.kind == "added":
        s = new[0]
        return [f"+ added    {s.number}  {short(s.title or s.text)}"]
    if item.kind == "removed":
        s = old[0]
        return [f"- removed  {s.number}  {short(s.title or s.text)}"]
    if item.kind == "split":
        return [
            f"< split    {_sides(old)} → {_sides(new)}  {short(old[0].title or old[0].text, 60)}"
        ]
    if item.kind == "merged":
        return [
            f"> merged   {_sides(old)} → {_sides(new)}  {short(new[0].title or new[0].text, 60)}"
        ]
    a, b = old[0], new[0]
    label = f"{a.number} → {b.number}" if a.number != b.number else a.number
    change = f" [{item.change}]" if item.change != "none" else ""
    head = "~ moved  " if item.kind == "moved" else "* edited "
    out = [f"{head} {label}{change}  {short(b.title or b.text, 60)}"]
    if words and item.diff:
        out.append(f"      {render(item.diff)}")
    return out


def render_diff_summary(d: EditionDiff) -> list[str]:
    """The head of a diff: how many rules changed in each way, and how edits divide."""
    c = d.counts()
    summary = ", ".join(
        f"{c[k]} {k}" for k in ("added", "removed", "moved", "edited", "split", "merged")
    )
    lines = [f"{d.old} → {d.new}: {summary}; {c['unchanged']} unchanged"]
    if d.coverage:
        lines.append(
            f"compared only where both are witnessed ({d.old}: {d.coverage['old']}; "
            f"{d.new}: {d.coverage['new']}); {d.not_compared} rules unknown on one side "
            "are not compared"
        )
    classes = d.edit_classes()
    if classes:
        lines.append("edits: " + ", ".join(f"{n} {k}" for k, n in classes.items()))
    if d.reused:
        lines.append(f"numbers reused for another rule: {len(d.reused)}")
    return lines


def render_reused(reused: dict[str, Any]) -> str:
    """One number that named one rule in the old edition and another in the new."""
    return f"  {reused['number']:<10} {short(reused['old'], 40)}  ⇒  {short(reused['new'], 40)}"


def _body(d: EditionDiff, items: Iterable[DiffItem], words: bool) -> list[str]:
    """The head, a blank line, then every change of ``items``."""
    lines = [*render_diff_summary(d), ""]
    for item in items:
        lines.extend(render_change(item, words))
    return lines


def _reused(reused: Sequence[dict[str, Any]]) -> list[str]:
    return ["reused numbers:", *(render_reused(r) for r in reused)] if reused else []


def render_diff(d: EditionDiff, *, words: bool = True, kinds: set[str] | None = None) -> str:
    """A whole diff, or only the changes of ``kinds`` (``"reused"`` for the reused numbers)."""
    lines = _body(d, (item for item in d.items if not kinds or item.kind in kinds), words)
    if d.reused and (not kinds or "reused" in kinds):
        lines += ["", *_reused(d.reused)]
    return "\n".join(lines)


def diff_text(
    d: EditionDiff,
    items: Sequence[DiffItem],
    reused: Sequence[dict[str, Any]],
    where: dict[str, Any],
    words: bool,
) -> str:
    """One page of a diff: its changes and reused numbers, then where the next page starts."""
    return "\n".join([*_body(d, items, words), *_reused(reused), more(where, "changes")])
