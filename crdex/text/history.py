"""A rule's history as people read it: ``crdex history`` and MCP's ``history``.

The ``--json`` form is :meth:`History.to_dict`; this is the text: where
the rule began and ended, each version on a line with what changed, and
what else its number has meant.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rulings import topic_line
from .shorten import name, short, span

if TYPE_CHECKING:
    from crdex.index.lineage.history import History

__all__ = ["CHANGE", "render_history"]

# what a version's change of wording is called (``Change`` of crdex.index.lineage.classify)
CHANGE = {
    "none": "",
    "typography": "typography only",
    "references": "cross-references only",
    "meaning": "wording changed",
}


def _with(relation: dict) -> list[str]:
    """The other rules a split or a merge went with, on a line under it (if any)."""
    partners = relation.get("with")
    if not partners:
        return []
    return ["    with: " + "; ".join(f"{p['number']} ({p['label']})" for p in partners)]


def _origin(h: History) -> list[str]:
    origin = h.origin
    if origin["relation"] == "split":
        src = origin["from"]
        began = f"  began in {origin['edition']}, split off {src['number']} ({src['label']})"
        return [began, *_with(origin)]
    if origin["relation"] == "added":
        return [f"  added in {origin['edition']}"]
    return [f"  present since the first edition in the library ({origin['edition']})"]


def _end(h: History) -> list[str]:
    end, last = h.end, h.entries[-1]
    if end["relation"] == "current":
        return [f"  current: {last.number} in {end['edition']}"]
    if end["relation"] == "merged":
        into = end["into"]
        return [
            f"  merged in {end['edition']} into {into['number']} ({into['label']})",
            *_with(end),
        ]
    return [f"  removed in {end['edition']} (last in {last.last} as {last.number})"]


def _versions(h: History) -> list[str]:
    from crdex.index.lineage.worddiff import render  # words compared only where printed

    first = h.entries[0]
    lines = []
    for e in h.entries:
        if e is first:
            what = {"split": "split off", "added": "added", "first": "first"}[e.relation]
        elif e.relation == "moved":
            what = f"moved from {e.previous_number}"
            if e.change != "none" and (h.typography or e.change != "typography"):
                what += f"; {CHANGE[e.change]}"
        else:
            what = f"edited: {CHANGE[e.change]}" if e.change != "none" else "unchanged"
        if e.typography_edits:
            n = len(e.typography_edits)
            what += f" (+{n} typography-only edit{'s' if n != 1 else ''})"
        count = f"{len(e.editions)} edition{'s' if len(e.editions) != 1 else ''}"
        lines.append(f"  {e.number:<10} {span(e.first, e.last):<27} {count:<12} {what}")
        if e.diff:
            lines.append(f"      {render(e.diff)}")
        elif e is first:
            lines.append(f"      {short(' '.join(filter(None, [e.title, e.text])), 100)}")
        for m in h.matched:
            if m["version"] == e.first:
                lines.append(
                    f"      also in {m['document']}: no date of its own, matched by its text "
                    f"to {span(m['first_edition'], m['last_edition'])}"
                )
    return lines


def _after(h: History) -> list[str]:
    """The pieces split off and merged in, folded typography, other meanings, topics."""
    lines = []
    for piece in h.split_off:
        lines.append(f"  split off in {piece['edition']}: {piece['number']} {piece['label']}")
    for piece in h.merged_in:
        lines.append(f"  merged in from {piece['number']} in {piece['edition']}: {piece['label']}")
    if h.typography_edits:
        n = h.typography_edits
        lines.append(
            f"  {n} typography-only edit{'s' if n != 1 else ''} (quotes, apostrophes, italics) "
            "folded into the versions before them; --typography lists them"
        )
    if h.number_also:
        lines.append("")
        lines.append(f"  {h.asked} has also meant:")
        for use in h.number_also:
            lines.append(f"    {span(use.first, use.last):<27} {use.label}")
    if h.topics:
        lines.append("")
        lines.extend(f"  {topic_line(t)}" for t in h.topics)
    return lines


def render_history(h: History) -> str:
    asked = h.at_edition()
    called = name(asked.title, asked.text, h.glossary, 60)
    kind = "glossary entry" if h.glossary else "rule"
    lines = [f"{h.asked} in {h.edition}: {called}  ({kind} {h.identity})"]
    lines += [*_origin(h), *_end(h), "", *_versions(h), *_after(h)]
    return "\n".join(lines)
