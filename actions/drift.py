"""Which implementations no longer follow the rule text they were verified against.

Each implementation records the edition, number and digest of the rule text
it was checked against. First, that digest is compared with the text of
the rule (and its subrules) in the pinned edition as the library holds it:
a different text means the implementation was checked against words the
library does not have (an edited or different copy of the edition, or a
pin copied wrong), and is reported. Then, through the identity graph, that
rule and its subrules are followed to the latest edition; an implementation
is reported when any of them later changed in meaning (the graph's edit
class ``meaning``), was removed, or when a subrule was added under the
heading. Changes of typography or of cited numbers only are not reported:
the rule still says the same thing.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from crdex.index.lineage.classify import MEANING
from crdex.index.lineage.graph import Graph, Identity

from .registry import REGISTRY, ActionRegistry, KeywordAction, load_builtin_actions
from .verify import edition_rule_digest

__all__ = ["LATER_CHANGE", "PINNED_TEXT", "Drift", "check_drift"]

#: a rule followed after the pinned edition changed (meaning, removal, a new subrule)
LATER_CHANGE = "later-change"
#: the pinned edition's text in the library is not the text the implementation pins
PINNED_TEXT = "pinned-text"

# sha256 (hex) → the parsed edition, as the library gives it
EditionLoader = Callable[[str], Any]


@dataclass(frozen=True, slots=True)
class Drift:
    """One reason an implementation may no longer follow its rule."""

    keyword: str
    verified_edition: str
    verified_number: str
    edition: str
    number: str
    reason: str
    kind: str = LATER_CHANGE

    def to_dict(self) -> dict[str, str]:
        return {
            "keyword": self.keyword,
            "kind": self.kind,
            "verified_edition": self.verified_edition,
            "verified_number": self.verified_number,
            "edition": self.edition,
            "number": self.number,
            "reason": self.reason,
        }


@dataclass
class _Editions:
    """Per edition, the numbers present and who holds them, built once per edition."""

    graph: Graph
    _keys: dict[int, tuple[list[str], dict[str, Identity]]] = field(default_factory=dict)

    def _at(self, index: int) -> tuple[list[str], dict[str, Identity]]:
        if index not in self._keys:
            holders = {run.key: ident for ident, run in self.graph.present(index).values()}
            self._keys[index] = (sorted(holders), holders)
        return self._keys[index]

    def subtree(self, number: str, index: int) -> list[Identity]:
        """The identities of a rule and its subrules as they stood in edition ``index``."""
        keys, holders = self._at(index)
        pattern = re.compile(rf"{re.escape(number)}(?:[a-z]{{1,2}})?")
        out = []
        for key in keys[bisect.bisect_left(keys, number) :]:
            if not key.startswith(number):
                break
            if pattern.fullmatch(key):
                out.append(holders[key])
        return sorted(out, key=lambda ident: ident.id)


def _drifts_for(editions: _Editions, action: KeywordAction) -> tuple[list[Drift], str | None]:
    graph = editions.graph
    pin = action.verified_against
    ids = [e.id for e in graph.editions]
    if pin.edition not in ids:
        return [], f"{action.keyword}: verified against {pin.edition}, which is not in the library"
    start = ids.index(pin.edition)
    heading = graph.holder(pin.number, start)
    if heading is None:
        return [], f"{action.keyword}: {pin.number} does not exist in {pin.edition}"
    drifts: list[Drift] = []
    members = editions.subtree(pin.number, start)
    last = len(graph.editions) - 1
    for ident in members:
        for run in ident.runs:
            if run.start <= start:
                continue
            if run.change == MEANING:
                drifts.append(
                    Drift(
                        action.keyword,
                        pin.edition,
                        pin.number,
                        graph.editions[run.start].id,
                        run.key,
                        f"the meaning of {run.key} changed",
                    )
                )
        if ident.last < last:
            gone = graph.editions[ident.last + 1].id
            drifts.append(
                Drift(
                    action.keyword,
                    pin.edition,
                    pin.number,
                    gone,
                    ident.runs[-1].key,
                    f"{ident.runs[-1].key} was removed or merged into another rule",
                )
            )
    known = {ident.id for ident in members}
    for index in range(start + 1, last + 1):
        run = heading.run_at(index)
        if run is None:
            break
        for ident in editions.subtree(run.key, index):
            if ident.id not in known:
                known.add(ident.id)
                drifts.append(
                    Drift(
                        action.keyword,
                        pin.edition,
                        pin.number,
                        graph.editions[index].id,
                        ident.run_at(index).key,  # type: ignore[union-attr]
                        f"subrule {ident.run_at(index).key} was added",  # type: ignore[union-attr]
                    )
                )
    drifts.sort(key=lambda d: (ids.index(d.edition), d.number))
    return drifts, None


def _pinned_text(
    graph: Graph, action: KeywordAction, load_edition: EditionLoader
) -> tuple[Drift | None, str | None]:
    """The pinned digest against the pinned edition's text in the library."""
    pin = action.verified_against
    info = next((e for e in graph.editions if e.id == pin.edition), None)
    if info is None:
        return None, None  # said once, by _drifts_for
    if not pin.text_sha256:
        return None, f"{action.keyword}: no text digest pinned for {pin.number} in {pin.edition}"
    found = edition_rule_digest(load_edition(info.sha256), pin.number)
    if found is None or found == pin.text_sha256:
        return None, None  # a missing number is said once, by _drifts_for
    reason = (
        f"the text of {pin.number} in the library's {pin.edition} is not the text the "
        f"implementation was verified against (pinned sha256 {pin.text_sha256[:12]}…, "
        f"library {found[:12]}…)"
    )
    drift = Drift(
        action.keyword, pin.edition, pin.number, pin.edition, pin.number, reason, PINNED_TEXT
    )
    return drift, None


def check_drift(
    graph: Graph,
    registry: ActionRegistry | None = None,
    *,
    load_edition: EditionLoader | None = None,
) -> tuple[list[Drift], list[str]]:
    """Drifts of every implementation, and notes on pins the library cannot check.

    With ``load_edition`` (a library's ``edition``, sha256 → parsed
    edition), each pinned digest is also compared with the pinned edition's
    text (:data:`PINNED_TEXT` findings).
    """
    if registry is None:
        load_builtin_actions()
        registry = REGISTRY
    editions = _Editions(graph)
    drifts: list[Drift] = []
    notes: list[str] = []
    for keyword in registry.keywords():
        action = registry.get(keyword)
        if load_edition is not None:
            mismatch, note = _pinned_text(graph, action, load_edition)
            if mismatch is not None:
                drifts.append(mismatch)
            if note:
                notes.append(note)
        found, note = _drifts_for(editions, action)
        drifts.extend(found)
        if note:
            notes.append(note)
    return drifts, notes
