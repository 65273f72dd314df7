"""What changed between any two editions, not only neighbours.

For two editions of the chain the identity graph answers directly: a rule
present in both was unchanged, moved (new number) or edited (with a class:
meaning, references, typography); one present only in the older edition
was removed, or merged into a rule of the newer one (merge links followed
through the editions between); one present only in the newer edition was
added, or split off a rule of the older one. Numbers that both editions
use for different rules are listed as reused.

A tagged copy outside the chain (``2026-08-07.upload-20260808``) has no
place in the graph; it is matched directly against the other edition.

An edition known only from partial witnesses (an excerpt, a cut-short copy,
a rulings page's quotes) is compared only where both editions are
witnessed: a rule outside either side's coverage is unknown there, and is
counted in ``not_compared`` instead of being called added or removed.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from crdex.parser.numbers import RuleNumber

from .classify import NONE, classify
from .graph import Graph, Identity, Run
from .match import Match
from .snapshot import Node, Snapshot
from .worddiff import WordChange, word_diff

__all__ = ["DiffItem", "EditionDiff", "Side", "diff_chain", "diff_snapshots"]

KINDS = ("added", "removed", "moved", "edited", "split", "merged")
_INVERSE = {
    "added": "removed",
    "removed": "added",
    "split": "merged",
    "merged": "split",
    "moved": "moved",
    "edited": "edited",
}


@dataclass(frozen=True, slots=True)
class Side:
    """One version of a rule as a diff shows it."""

    number: str
    title: str
    text: str
    glossary: bool = False
    identity: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "title": self.title,
            "text": self.text,
            "glossary": self.glossary,
            "identity": self.identity,
        }

    @property
    def body(self) -> str:
        return f"{self.title}\n{self.text}".strip()


@dataclass(slots=True)
class DiffItem:
    kind: str
    old: list[Side]
    new: list[Side]
    change: str = NONE
    diff: list[WordChange] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "change": self.change,
            "old": [s.to_dict() for s in self.old],
            "new": [s.to_dict() for s in self.new],
            "diff": [c.to_dict() for c in self.diff],
        }

    def sort_key(self) -> tuple[int, tuple[float, float, float], str]:
        side = (self.new or self.old)[0]
        if side.glossary:
            return (1, (0.0, 0.0, 0.0), side.number.casefold())
        try:
            return (0, RuleNumber.parse(side.number).sort_key(), "")
        except ValueError:
            return (0, (0.0, 0.0, 0.0), side.number)

    def inverted(self) -> DiffItem:
        kind = _INVERSE[self.kind]
        item = DiffItem(kind, self.new, self.old, self.change)
        if len(item.old) == 1 and len(item.new) == 1 and self.diff:
            item.diff = word_diff(item.old[0].body, item.new[0].body)
        return item


@dataclass(slots=True)
class EditionDiff:
    old: str
    new: str
    items: list[DiffItem]
    unchanged: int
    reused: list[dict[str, Any]]
    # rules left out because one side's witnesses do not cover them, and what each side covers
    not_compared: int = 0
    coverage: dict[str, str] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        c = Counter(i.kind for i in self.items)
        return {k: c.get(k, 0) for k in KINDS} | {"unchanged": self.unchanged}

    def edit_classes(self) -> dict[str, int]:
        c = Counter(
            i.change for i in self.items if i.kind in ("edited", "moved") and i.change != NONE
        )
        return dict(sorted(c.items()))

    def to_dict(self) -> dict[str, Any]:
        return {
            "old": self.old,
            "new": self.new,
            "coverage": self.coverage,
            "not_compared": self.not_compared,
            "counts": self.counts(),
            "edit_classes": self.edit_classes(),
            "reused_numbers": self.reused,
            "changes": [i.to_dict() for i in self.items],
        }


def _pair_item(a: Side, b: Side) -> DiffItem | None:
    if a.number == b.number and a.title == b.title and a.text == b.text:
        return None
    change = classify(a.title, a.text, b.title, b.text)
    kind = "moved" if a.number != b.number else "edited"
    if kind == "edited" and change == NONE:
        return None
    diff = word_diff(a.body, b.body) if change != NONE else []
    return DiffItem(kind, [a], [b], change, diff)


def _side(graph: Graph, ident: Identity, run: Run) -> Side:
    v = graph.version(ident, run)
    return Side(v.key, "" if ident.glossary else v.title, v.text, ident.glossary, ident.id)


def diff_chain(graph: Graph, ia: int, ib: int) -> EditionDiff:
    """Diff of chain editions ``ia`` and ``ib`` (either order)."""
    if ia > ib:
        forward = diff_chain(graph, ib, ia)
        items = sorted((i.inverted() for i in forward.items), key=DiffItem.sort_key)
        reused = [{"number": r["number"], "old": r["new"], "new": r["old"]} for r in forward.reused]
        coverage = {"old": forward.coverage.get("new", ""), "new": forward.coverage.get("old", "")}
        return EditionDiff(
            forward.new,
            forward.old,
            items,
            forward.unchanged,
            reused,
            forward.not_compared,
            coverage if forward.coverage else {},
        )
    present_a, present_b, not_compared = _within_coverage(
        graph, ia, ib, graph.present(ia, glossary=None), graph.present(ib, glossary=None)
    )
    items: list[DiffItem] = []
    unchanged = 0
    for ident_id, (ident, ra) in present_a.items():
        if ident_id not in present_b:
            continue
        rb = present_b[ident_id][1]
        item = None if ra is rb else _pair_item(_side(graph, ident, ra), _side(graph, ident, rb))
        if item is None:
            unchanged += 1
        else:
            items.append(item)
    merged: dict[str, list[Side]] = defaultdict(list)
    for ident_id, (ident, ra) in present_a.items():
        if ident_id in present_b:
            continue
        target = _merge_target(graph, ident, ib, present_b)
        if target is None:
            items.append(DiffItem("removed", [_side(graph, ident, ra)], []))
        else:
            merged[target].append(_side(graph, ident, ra))
    split: dict[str, list[Side]] = defaultdict(list)
    for ident_id, (ident, rb) in present_b.items():
        if ident_id in present_a:
            continue
        source = _split_source(graph, ident, ia, present_a)
        if source is None:
            items.append(DiffItem("added", [], [_side(graph, ident, rb)]))
        else:
            split[source].append(_side(graph, ident, rb))
    for target, olds in merged.items():
        ident, rb = present_b[target]
        before = [_side(graph, ident, present_a[target][1])] if target in present_a else []
        items.append(DiffItem("merged", before + olds, [_side(graph, ident, rb)]))
    for source, news in split.items():
        ident, ra = present_a[source]
        after = [_side(graph, ident, present_b[source][1])] if source in present_b else []
        items.append(DiffItem("split", [_side(graph, ident, ra)], after + news))
    reused = _reused(
        {(r.key, i.glossary): i.id for i, r in present_a.values()},
        {(r.key, i.glossary): i.id for i, r in present_b.values()},
        lambda ident_id: _label(graph, present_a[ident_id]),
        lambda ident_id: _label(graph, present_b[ident_id]),
    )
    eds = graph.editions
    items.sort(key=DiffItem.sort_key)
    coverage = {}
    if not (eds[ia].complete and eds[ib].complete):
        coverage = {"old": graph.coverage(ia).describe(), "new": graph.coverage(ib).describe()}
    return EditionDiff(eds[ia].id, eds[ib].id, items, unchanged, reused, not_compared, coverage)


Present = dict[str, tuple[Identity, Run]]


def _within_coverage(
    graph: Graph, ia: int, ib: int, present_a: Present, present_b: Present
) -> tuple[Present, Present, int]:
    """Only what both editions witness; and how many rules were left out for that."""
    if graph.editions[ia].complete and graph.editions[ib].complete:
        return present_a, present_b, 0

    def seen(edition: int, ident: Identity, run: Run) -> bool:
        return graph.witnessed(edition, run.key, glossary=ident.glossary)

    keep_a: Present = {}
    keep_b: Present = {}
    left_out = 0
    for key, (ident, ra) in present_a.items():
        if key in present_b:
            rb = present_b[key][1]
            if seen(ia, ident, ra) and seen(ib, ident, rb):
                keep_a[key], keep_b[key] = (ident, ra), (ident, rb)
            else:
                left_out += 1
        elif seen(ia, ident, ra) and seen(ib, ident, ra):
            keep_a[key] = (ident, ra)
        else:
            left_out += 1
    for key, (ident, rb) in present_b.items():
        if key in present_a:
            continue
        if seen(ib, ident, rb) and seen(ia, ident, rb):
            keep_b[key] = (ident, rb)
        else:
            left_out += 1
    return keep_a, keep_b, left_out


def _label(graph: Graph, entry: tuple[Identity, Run]) -> str:
    ident, run = entry
    v = graph.version(ident, run)
    return v.title or v.text.split("\n", 1)[0][:80]


def _reused(a: dict, b: dict, label_a, label_b) -> list[dict[str, Any]]:
    out = []
    for (key, glossary), ident_a in a.items():
        ident_b = b.get((key, glossary))
        if glossary or ident_b is None or ident_b == ident_a:
            continue
        out.append({"number": key, "old": label_a(ident_a), "new": label_b(ident_b)})
    out.sort(key=lambda r: RuleNumber.parse(r["number"]).sort_key())
    return out


def _merge_target(graph: Graph, ident: Identity, ib: int, present_b: dict) -> str | None:
    """Follow merge links from ``ident`` until a rule present in edition ``ib``."""
    seen = {ident.id}
    current = ident
    while True:
        links = [
            ln for ln in graph.links_from(current.id) if ln.kind == "merge" and ln.edition <= ib
        ]
        if not links:
            return None
        target = links[0].target
        if target in present_b:
            return target
        nxt = graph.identity(target)
        if nxt is None or target in seen:
            return None
        seen.add(target)
        current = nxt


def _split_source(graph: Graph, ident: Identity, ia: int, present_a: dict) -> str | None:
    """Follow split links back from ``ident`` until a rule present in edition ``ia``."""
    seen = {ident.id}
    current = ident
    while True:
        links = [ln for ln in graph.links_to(current.id) if ln.kind == "split" and ln.edition > ia]
        if not links:
            return None
        source = links[0].source
        if source in present_a:
            return source
        prev = graph.identity(source)
        if prev is None or source in seen:
            return None
        seen.add(source)
        current = prev


def _node_side(node: Node, glossary: bool) -> Side:
    return Side(node.key, "" if glossary else node.title, node.text, glossary)


def diff_snapshots(old: Snapshot, new: Snapshot, rules: Match, glossary: Match) -> EditionDiff:
    """Diff of two editions matched directly (used for copies outside the chain)."""
    items: list[DiffItem] = []
    unchanged = 0
    reused_a: dict = {}
    reused_b: dict = {}
    for is_glossary, match, a_nodes, b_nodes in (
        (False, rules, old.rules, new.rules),
        (True, glossary, old.glossary, new.glossary),
    ):
        b2a = {j: i for i, j in match.pairs.items()}
        split_pieces = {j for _i, j in match.splits}
        merge_pieces = {i for i, _j in match.merges}
        for i, j in match.pairs.items():
            item = _pair_item(
                _node_side(a_nodes[i], is_glossary), _node_side(b_nodes[j], is_glossary)
            )
            if item is None:
                unchanged += 1
            else:
                items.append(item)
        for i, node in enumerate(a_nodes):
            if i not in match.pairs and i not in merge_pieces:
                items.append(DiffItem("removed", [_node_side(node, is_glossary)], []))
        for j, node in enumerate(b_nodes):
            if j not in b2a and j not in split_pieces:
                items.append(DiffItem("added", [], [_node_side(node, is_glossary)]))
        by_source: dict[int, list[int]] = defaultdict(list)
        for i, j in match.splits:
            by_source[i].append(j)
        for i, pieces in by_source.items():
            news = [_node_side(b_nodes[match.pairs[i]], is_glossary)] + [
                _node_side(b_nodes[j], is_glossary) for j in pieces
            ]
            items.append(DiffItem("split", [_node_side(a_nodes[i], is_glossary)], news))
        by_target: dict[int, list[int]] = defaultdict(list)
        for i, j in match.merges:
            by_target[j].append(i)
        for j, pieces in by_target.items():
            olds = [_node_side(a_nodes[b2a[j]], is_glossary)] + [
                _node_side(a_nodes[i], is_glossary) for i in pieces
            ]
            items.append(DiffItem("merged", olds, [_node_side(b_nodes[j], is_glossary)]))
        if not is_glossary:
            for i, node in enumerate(a_nodes):
                reused_a[(node.key, False)] = ("a", i)
            for j, node in enumerate(b_nodes):
                reused_b[(node.key, False)] = ("a", b2a[j]) if j in b2a else ("b", j)
    reused = _reused(
        reused_a,
        reused_b,
        lambda ref: _first_line(old.rules[ref[1]]),
        lambda ref: _first_line(old.rules[ref[1]] if ref[0] == "a" else new.rules[ref[1]]),
    )
    items.sort(key=DiffItem.sort_key)
    return EditionDiff(old.id, new.id, items, unchanged, reused)


def _first_line(node: Node) -> str:
    return node.title or node.text.split("\n", 1)[0][:80]
