"""A build's middle phase: the editions counted, the identity graph matched or reused.

The graph is built again only when its key changed: the chain's trees and
coverage, the graph's format, the overrides, the matching code or the
parser. The rule table's worker (:mod:`..beside`) is started first, so that
it works while this process matches the editions.
"""

from __future__ import annotations

import functools
import hashlib
import json
import time
from pathlib import Path

from crdex.index.lineage import build_graph
from crdex.index.lineage.graph import GRAPH_FORMAT
from crdex.index.lineage.overrides import Overrides, load_overrides
from crdex.index.lineage.snapshot import snapshot_of
from crdex.parser.fingerprint import parser_fingerprint

from ..beside import Beside
from ..editions import EditionRecord, compose
from ..generation import GenerationWriter
from ..ruletable import RULES
from .state import BuildState

__all__ = ["graph_key", "match_graph"]

# the modules whose code decides what the graph says: a change to any of them
# makes a stored graph stale even when GRAPH_FORMAT was not bumped
_GRAPH_CODE = ("classify", "content", "graph", "build", "match", "snapshot")


@functools.cache
def _code_digest() -> str:
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent.parent.parent / "lineage"
    for name in _GRAPH_CODE:
        # a module, or a subpackage (every module in it)
        files = sorted((here / name).glob("*.py")) or [here / f"{name}.py"]
        for path in files:
            try:
                h.update(path.read_bytes())
            except OSError:  # an installation without sources: the format version decides
                h.update(name.encode())
    return h.hexdigest()[:16]


def graph_key(chain: list[EditionRecord], overrides: Overrides) -> str:
    """The chain's trees and coverage, the graph format, the overrides, the matching code, the parser."""
    blob = json.dumps(
        [
            GRAPH_FORMAT,
            _code_digest(),
            parser_fingerprint(),
            overrides.digest,
            [[e.id, e.key, e.coverage.to_dict()] for e in chain],
        ]
    ).encode()
    return hashlib.sha256(blob).hexdigest()[:32]


def match_graph(build: BuildState) -> None:
    """Compose the editions made of several witnesses, count every edition, match the graph."""
    settings, previous, chain, trees = build.settings, build.previous, build.chain, build.trees
    # the editions of the last generation, when the same parser read them: an
    # edition of the same witnesses is counted as it was then
    known = (
        {r.id: r for r in previous.chain}
        if previous is not None and previous.manifest.get("parser") == parser_fingerprint()
        else {}
    )
    kept = build.kept = {r.id: _same_edition(known, r) for r in chain}
    for record in chain:
        if record.composed:
            tree = compose(record, trees.tree)
            trees.composed[record.key] = (tree, snapshot_of(tree))
    overrides = settings.overrides if settings.overrides is not None else load_overrides()
    key = build.key = graph_key(chain, overrides)
    reuse = (
        previous is not None
        and not settings.force
        and previous.graph_key == key
        and previous.intact("graph.json")
    )
    build.writer = GenerationWriter(build.scratch)
    build.beside = _start_rule_table(build, reuse)
    # the snapshots are read (for their counts, and the graph) while the worker starts
    for record in chain:
        before = kept[record.id]
        if before is not None and not record.composed:
            record.rules, record.glossary = before.rules, before.glossary
        else:
            snap = trees.snapshot(record.key)
            record.rules, record.glossary = len(snap.rules), len(snap.glossary)
    if reuse and previous is not None:
        build.graph = previous.full_graph
    elif chain:
        build.report.graph_rebuilt = True
        matching = time.perf_counter()
        build.graph = build_graph(
            [trees.snapshot(r.key) for r in chain],
            overrides,
            key=key,
            progress=settings.matching,
            coverage=[r.coverage for r in chain],
        )
        build.report.graph_seconds = time.perf_counter() - matching
    else:
        build.graph = None
    trees.snapshots_read()


def _start_rule_table(build: BuildState, reuse: bool) -> Beside:
    """The rule table and the witnesses' disagreements, made in a worker while the graph is."""
    settings, chain = build.settings, build.chain
    beside = Beside(
        home=settings.home,
        cache=build.cache,
        table=build.scratch / RULES,
        chain=chain,
        composed={k: tree for k, (tree, _snap) in build.trees.composed.items()},
        # what the witnesses of an edition disagree on follows from their trees: the
        # same witnesses read by the same parser disagree as they did last time
        compare={r.id for r in chain if build.kept[r.id] is None},
        previous=None if settings.force else build.previous,
        parser=parser_fingerprint(),
        apart=not reuse and settings.workers != 1,
        workers=settings.workers,
    )
    build.cleanup.callback(beside.stop)
    return beside


def _same_edition(known: dict[str, EditionRecord], record: EditionRecord) -> EditionRecord | None:
    """The last generation's record of this edition, if the same witnesses made it."""
    before = known.get(record.id)
    if before is None or before.key != record.key:
        return None
    same = [w.sha256 for w in before.witnesses] == [w.sha256 for w in record.witnesses]
    return before if same else None
