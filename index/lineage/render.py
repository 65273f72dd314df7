"""Lineage answers as text for people (the ``--json`` forms are the objects' ``to_dict``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .diff import DiffItem, EditionDiff
    from .history import History
    from .resolve import Resolution

__all__ = [
    "historical_heading",
    "render_change",
    "render_diff",
    "render_diff_summary",
    "render_history",
    "render_resolution",
    "render_reused",
    "topic_line",
]

_CHANGE = {
    "none": "",
    "typography": "typography only",
    "references": "cross-references only",
    "meaning": "wording changed",
}


def _span(first: str, last: str) -> str:
    return first if first == last else f"{first} … {last}"


def _short(text: str, width: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _name(title: str, text: str, glossary: bool, width: int) -> str:
    """What a version is called: its title, or (a glossary entry's title is its term) its words."""
    return (not glossary and title) or _short(text, width)


def _with(partners: list[dict]) -> str:
    return "; ".join(f"{p['number']} ({p['label']})" for p in partners)


def topic_line(topic: dict[str, Any]) -> str:
    """One rulings summary's topic on a rule, as ``show`` and ``history`` print it.

    One written against an earlier edition than the one read says so first.
    """
    year = topic["date"][:4] if topic.get("date") else ""
    line = (
        f"{year} rulings on {topic['on']}'s topic: {topic['topic']} {topic['title']} "
        f"({topic['rulings']} rulings, {topic['rules']} rules) in {topic['page']}"
    ).strip()
    return f"{historical_heading(topic)}: {line}" if topic.get("historical") else line


def historical_heading(ruling: dict[str, Any]) -> str:
    """What a ruling written against an earlier edition is shown under."""
    against = ruling.get("written_against")
    where = f"the Comprehensive Rules of {against}" if against else "an earlier edition"
    return f"historical rulings, written against {where}"


def render_history(h: History) -> str:
    from .worddiff import render  # words compared only where a change is printed

    first = h.entries[0]
    last = h.entries[-1]
    asked = h.at_edition()
    name = _name(asked.title, asked.text, h.glossary, 60)
    kind = "glossary entry" if h.glossary else "rule"
    lines = [f"{h.asked} in {h.edition}: {name}  ({kind} {h.identity})"]
    origin = h.origin
    if origin["relation"] == "split":
        src = origin["from"]
        lines.append(f"  began in {origin['edition']}, split off {src['number']} ({src['label']})")
        if origin.get("with"):
            lines.append(f"    with: {_with(origin['with'])}")
    elif origin["relation"] == "added":
        lines.append(f"  added in {origin['edition']}")
    else:
        lines.append(f"  present since the first edition in the library ({origin['edition']})")
    end = h.end
    if end["relation"] == "current":
        lines.append(f"  current: {last.number} in {end['edition']}")
    elif end["relation"] == "merged":
        into = end["into"]
        lines.append(f"  merged in {end['edition']} into {into['number']} ({into['label']})")
        if end.get("with"):
            lines.append(f"    with: {_with(end['with'])}")
    else:
        lines.append(f"  removed in {end['edition']} (last in {last.last} as {last.number})")
    lines.append("")
    for e in h.entries:
        if e is first:
            what = {"split": "split off", "added": "added", "first": "first"}[e.relation]
        elif e.relation == "moved":
            what = f"moved from {e.previous_number}"
            if e.change != "none" and (h.typography or e.change != "typography"):
                what += f"; {_CHANGE[e.change]}"
        else:
            what = f"edited: {_CHANGE[e.change]}" if e.change != "none" else "unchanged"
        if e.typography_edits:
            n = len(e.typography_edits)
            what += f" (+{n} typography-only edit{'s' if n != 1 else ''})"
        span = _span(e.first, e.last)
        count = f"{len(e.editions)} edition{'s' if len(e.editions) != 1 else ''}"
        lines.append(f"  {e.number:<10} {span:<27} {count:<12} {what}")
        if e.diff:
            lines.append(f"      {render(e.diff)}")
        elif e is first:
            lines.append(f"      {_short(' '.join(filter(None, [e.title, e.text])), 100)}")
        for m in h.matched:
            if m["version"] == e.first:
                lines.append(
                    f"      also in {m['document']}: no date of its own, matched by its text "
                    f"to {_span(m['first_edition'], m['last_edition'])}"
                )
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
            lines.append(f"    {_span(use.first, use.last):<27} {use.label}")
    if h.topics:
        lines.append("")
        lines.extend(f"  {topic_line(t)}" for t in h.topics)
    return "\n".join(lines)


def render_resolution(r: Resolution) -> str:
    lines = [f"{r.asked} in {r.at}: {r.label}  ({r.identity})"]
    if r.status == "current":
        name = _name(r.title or "", r.text or "", r.glossary, 80)
        moved = "" if r.number == r.asked else " (renumbered)"
        sep = ": " if r.glossary else " "  # "Scry: To manipulate …", "701.22 Scry"
        lines.append(f"in {r.to}: {r.number}{sep}{name}{moved}")
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
            lines.append(
                f"  {step.number:<10} {_span(step.first, step.last):<27} {step.label}{via}"
            )
    for piece in r.split_off:
        lines.append(f"split off in {piece['edition']}: {piece['number']} {piece['label']}")
    for piece in r.merged_in:
        lines.append(f"merged in from {piece['number']} in {piece['edition']}: {piece['label']}")
    return "\n".join(lines)


def _sides(sides: list) -> str:
    return ", ".join(s.number for s in sides) or "-"


def render_change(item: DiffItem, words: bool = True) -> list[str]:
    """One change of a diff: a line, and its word-level differences under it when ``words``."""
    from .worddiff import render  # words compared only where a change is printed

    old, new = item.old, item.new
    if item.kind == "added":
        s = new[0]
        return [f"+ added    {s.number}  {_short(s.title or s.text)}"]
    if item.kind == "removed":
        s = old[0]
        return [f"- removed  {s.number}  {_short(s.title or s.text)}"]
    if item.kind == "split":
        return [
            f"< split    {_sides(old)} → {_sides(new)}  {_short(old[0].title or old[0].text, 60)}"
        ]
    if item.kind == "merged":
        return [
            f"> merged   {_sides(old)} → {_sides(new)}  {_short(new[0].title or new[0].text, 60)}"
        ]
    a, b = old[0], new[0]
    label = f"{a.number} → {b.number}" if a.number != b.number else a.number
    change = f" [{item.change}]" if item.change != "none" else ""
    head = "~ moved  " if item.kind == "moved" else "* edited "
    out = [f"{head} {label}{change}  {_short(b.title or b.text, 60)}"]
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
    return f"  {reused['number']:<10} {_short(reused['old'], 40)}  ⇒  {_short(reused['new'], 40)}"


def render_diff(d: EditionDiff, *, words: bool = True, kinds: set[str] | None = None) -> str:
    lines = [*render_diff_summary(d), ""]
    for item in d.items:
        if kinds and item.kind not in kinds:
            continue
        lines.extend(render_change(item, words))
    if d.reused and (not kinds or "reused" in kinds):
        lines.append("")
        lines.append("reused numbers:")
        lines.extend(render_reused(r) for r in d.reused)
    return "\n".join(lines)
