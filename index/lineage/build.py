"""Building the identity graph from a chain of editions.

Consecutive editions are matched (:mod:`.match`), and each node of the
newer edition either continues the identity of the node it matched or
starts a new one (see :mod:`.graph` for ids, runs and links). Pairs are
matched in one process, in order: each edition's computed keys serve both
of its pairs, which beats shipping editions to worker processes (measured:
5 s against 9 s for the whole corpus on two cores).

An edition known only from partial witnesses (an excerpt, a cut-short copy,
the rules a rulings page quotes) says nothing about the rules outside its
coverage: they are unknown there, not removed. Such rules are *carried*
through it: the edition is matched with its predecessor as usual (a rule
may well have moved into the part it covers), and what stays unmatched
outside its coverage continues unchanged into the next edition, which is
matched against the carried text. The graph records each edition's
coverage, so that questions can tell a witnessed rule from a carried one.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence

from crdex.index.library.coverage import Coverage
from crdex.parser.normalize import fold_typography

from .classify import NONE, REFERENCES, TYPOGRAPHY, classify
from .content import fold, lossy_copy, marks_alike, masked_key, typography_key
from .graph import EditionInfo, Graph, Identity, Link, Run
from .match import Match, clear_sides, match_nodes
from .overrides import GLOSSARY_PREFIX, Overrides
from .snapshot import Node, Snapshot

__all__ = ["PairResult", "build_graph", "match_pair", "phase_totals"]

PairResult = tuple[Match, Match]
Progress = Callable[[int, int], None]


def match_pair(old: Snapshot, new: Snapshot, overrides: Overrides | None = None) -> PairResult:
    """(rules, glossary) matches between two editions."""
    rules_ov = glossary_ov = None
    if overrides is not None and old.date and new.date:
        rules_ov, glossary_ov = overrides.for_pair(old.date.isoformat(), new.date.isoformat())
    rules = match_nodes(old.rules, new.rules, rules_ov)
    glossary = match_nodes(old.glossary, new.glossary, glossary_ov, structural=False)
    return rules, glossary


class _Texts:
    def __init__(self) -> None:
        self.table: list[str] = []
        self.index: dict[str, int] = {}

    def __call__(self, text: str) -> int:
        i = self.index.get(text)
        if i is None:
            i = self.index[text] = len(self.table)
            self.table.append(text)
        return i


def _date(snap: Snapshot) -> str:
    return snap.date.isoformat() if snap.date else snap.id


# phases whose evidence is the wording or the title itself, not nearness or likeness
_STRONG = frozenset({"same", "exact", "typography", "references", "title", "override"})


def _within(match: Match, old: list[Node], new: list[Node], covered) -> Match:  # type: ignore[no-untyped-def]
    """Pairs a partial edition can vouch for.

    A rule outside the new edition's coverage may still have moved into it:
    its wording or title turns up under a covered number, or it sits under a
    heading that moved to a new number too (its family moved together). Likeness alone proves
    nothing there, since whether it is still in its old place is unknown;
    such pairs are undone, and the old rule is carried.
    """
    old_at = {n.key: i for i, n in enumerate(old)}
    new_at = {n.key: j for j, n in enumerate(new)}
    kept: dict[int, int] = {}
    for i in sorted(match.pairs):
        j = match.pairs[i]
        if covered(old[i].key) or old[i].key == new[j].key or match.phase.get(i, "same") in _STRONG:
            kept[i] = j
            continue
        parent_i = old_at.get(old[i].parent) if old[i].parent else None
        parent_j = new_at.get(new[j].parent) if new[j].parent else None
        moved_family = (
            parent_i is not None
            and parent_j is not None
            and kept.get(parent_i) == parent_j
            and old[parent_i].key != new[parent_j].key
        )
        if moved_family:
            kept[i] = j
    if len(kept) == len(match.pairs):
        return match
    return Match(
        pairs=kept,
        phase={i: p for i, p in match.phase.items() if i in kept},
        splits=[(i, j) for i, j in match.splits if i in kept or covered(old[i].key)],
        merges=[(i, j) for i, j in match.merges if i in kept or covered(old[i].key)],
    )


def _carry(
    old: Snapshot, new: Snapshot, rules: Match, glossary: Match, coverage: Coverage
) -> tuple[Snapshot, dict[int, int], dict[int, int]]:
    """``new`` with the unmatched nodes of ``old`` that it does not cover carried into it.

    Returns the effective snapshot and, for rules and glossary, old index →
    index of the carried node in the effective snapshot.
    """

    def carried(
        old_nodes: list[Node], own: list[Node], match: Match, covered
    ) -> tuple[list[Node], dict[int, int]]:
        nodes = list(own)
        mapping: dict[int, int] = {}
        for i, node in enumerate(old_nodes):
            if i not in match.pairs and not covered(node.key):
                mapping[i] = len(nodes)
                nodes.append(node)
        return nodes, mapping

    rule_nodes, rule_map = carried(old.rules, new.rules, rules, coverage.covers)
    term_nodes, term_map = carried(old.glossary, new.glossary, glossary, coverage.covers_term)
    effective = Snapshot(
        id=new.id,
        date=new.date,
        sha256=new.sha256,
        title=new.title,
        path=new.path,
        rules=rule_nodes,
        glossary=term_nodes,
    )
    return effective, rule_map, term_map


def build_graph(
    chain: Sequence[Snapshot],
    overrides: Overrides | None = None,
    *,
    key: str = "",
    progress: Progress | None = None,
    coverage: Sequence[Coverage | None] | None = None,
) -> Graph:
    """The identity graph of ``chain`` (editions in date order, one per date).

    ``coverage`` gives each edition's coverage (None or complete: it covers
    everything); ``progress(done, total)`` is called after each pair of editions.
    """
    covers = list(coverage) if coverage is not None else [None] * len(chain)
    effective: list[Snapshot] = list(chain[:1])
    results: list[PairResult] = []
    carried: list[tuple[dict[int, int], dict[int, int]]] = []
    total = max(len(chain) - 1, 0)
    for e in range(1, len(chain)):
        old, new = effective[e - 1], chain[e]
        rules, glossary = match_pair(old, new, overrides)
        cov = covers[e]
        if cov is not None and not cov.complete:
            rules = _within(rules, old.rules, new.rules, cov.covers)
            glossary = _within(glossary, old.glossary, new.glossary, cov.covers_term)
        results.append((rules, glossary))
        if cov is not None and not cov.complete:
            new, rule_map, term_map = _carry(old, new, rules, glossary, cov)
        else:
            rule_map, term_map = {}, {}
        effective.append(new)
        carried.append((rule_map, term_map))
        if progress:
            progress(e, total)
    texts = _Texts()
    identities: list[Identity] = []
    links: list[Link] = []
    stats: dict[str, object] = {"pairs": []}
    for glossary in (False, True):
        current: list[Identity] = []
        for e, snap in enumerate(effective):
            nodes = snap.glossary if glossary else snap.rules
            if e == 0:
                current = [_start(snap, n, e, glossary, texts) for n in nodes]
                identities.extend(current)
                continue
            match = results[e - 1][1 if glossary else 0]
            through = carried[e - 1][1 if glossary else 0]
            previous = current
            old_nodes = effective[e - 1].glossary if glossary else effective[e - 1].rules
            b2a = {j: i for i, j in match.pairs.items()}
            b2a.update({j: i for i, j in through.items()})
            current = []
            for j, node in enumerate(nodes):
                i = b2a.get(j)
                if i is None:
                    ident = _start(snap, node, e, glossary, texts)
                    identities.append(ident)
                else:
                    ident = previous[i]
                    _continue(ident, old_nodes[i], node, e, texts, match.phase.get(i, "same"))
                current.append(ident)
            for i, j in match.splits:
                links.append(Link("split", e, previous[i].id, current[j].id))
            for i, j in match.merges:
                links.append(Link("merge", e, previous[i].id, current[j].id))
            if not glossary:
                own = len(chain[e].rules)
                stats["pairs"].append(  # type: ignore[attr-defined]
                    {
                        "old": chain[e - 1].id,
                        "new": snap.id,
                        "phases": dict(match.counts()),
                        "removed": len(old_nodes) - len(match.pairs) - len(through),
                        "added": own - len(match.pairs),
                        "carried": len(through),
                        "splits": len(match.splits),
                        "merges": len(match.merges),
                    }
                )
    editions = [
        EditionInfo(
            s.id,
            _date(s),
            s.sha256,
            s.title,
            s.path,
            len(s.rules),
            len(s.glossary),
            None if cov is None or cov.complete else cov.to_dict(),
        )
        for s, cov in zip(chain, covers, strict=True)
    ]
    if overrides is not None:
        dated = {(_date(a), _date(b)) for a, b in itertools.pairwise(chain)}
        stats["overrides"] = len(overrides.entries)
        stats["unused_overrides"] = [
            {"kind": e.kind, "old": f"{e.old_date}/{e.old}", "new": f"{e.new_date}/{e.new}"}
            for e in overrides.unused(dated)
        ]
    graph = Graph(key, editions, identities, links, texts.table, stats)
    _forget_wordings()
    return graph


def _forget_wordings() -> None:
    """What matching remembered of the wordings is let go once the graph is built.

    Its caches (each wording's keys, the last editions' sides) serve the
    pairs of one chain; kept, they held about 36 MB of a whole-corpus build
    through its search index step.
    """
    clear_sides()
    for cached in (fold, typography_key, masked_key, fold_typography):
        cached.cache_clear()


def _node_key(node_key: str, glossary: bool) -> str:
    return f"{GLOSSARY_PREFIX}{node_key}" if glossary else node_key


def _start(snap: Snapshot, node, e: int, glossary: bool, texts: _Texts) -> Identity:
    ident = Identity(f"{_date(snap)}/{_node_key(node.key, glossary)}", glossary)
    ident.runs.append(Run(e, e, node.key, node.kind, texts(node.title), texts(node.text)))
    return ident


# phases whose evidence already is the edit class
_PHASE_CLASS = {"same": NONE, "exact": NONE, "typography": TYPOGRAPHY, "references": REFERENCES}


def _continue(ident: Identity, old, node, e: int, texts: _Texts, phase: str) -> None:
    run = ident.runs[-1]
    # the identity's last run holds ``old`` as it stands: a node unchanged from it
    # lengthens the run (compared as text: most nodes of an edition are unchanged,
    # and looking their texts up costs more)
    if (
        run.key == node.key
        and run.kind == node.kind
        and old.text == node.text
        and old.title == node.title
    ):
        run.end = e
        return
    same_place = run.key == node.key and run.kind == node.kind and old.title == node.title
    if same_place and _damaged_alike(run, node.text, texts):
        run.end = e
        return
    title, text = texts(node.title), texts(node.text)
    if old.title == node.title and marks_alike(old.text, node.text):
        change = NONE  # moved, its trademark signs typed otherwise: no edit (see classify)
    else:
        change = _PHASE_CLASS.get(phase) or classify(old.title, old.text, node.title, node.text)
    ident.runs.append(Run(e, e, node.key, node.kind, title, text, change))


def _damaged_alike(run: Run, text: str, texts: _Texts) -> bool:
    """Whether ``text`` is the run's wording, as it stands or as a damaged copy has it.

    A copy that lost its quotes and dashes to "?" (2008-05-01's primary
    copy, 2009-05-01's dashes) makes no new version: its edition joins the
    run. A run that began in such a copy takes the clean wording of the
    next edition that has it, which is what it said. Nor does a copy that
    types the run's trademark signs otherwise ("(TM)" for "(tm)" or "™":
    the clean copy of 2008-05-01), whose wording is the run's.
    """
    held = texts.table[run.text]
    if held == text or lossy_copy(held, text) or marks_alike(held, text):
        return True
    if lossy_copy(text, held):
        run.text = texts(text)
        return True
    return False


def phase_totals(graph: Graph) -> Counter[str]:
    """How many matches each phase made over the whole chain (for reports)."""
    total: Counter[str] = Counter()
    for pair in graph.stats.get("pairs", []):
        total.update(pair["phases"])
    return total
