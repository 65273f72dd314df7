"""Snapshots read with one Shared: equal to those read alone, what they repeat held once."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from crdex.index.lineage.snapshot import GLOSSARY, Node, Shared, Snapshot


def _snapshot(edition: str, scry: str) -> Snapshot:
    rules = [
        Node("701", "section", "Keyword Actions", "", None, ("701.1",)),
        Node("701.1", "rule", "Scry", "", "701", ("701.1a",)),
        Node("701.1a", "subrule", "", scry, "701.1"),
    ]
    glossary = [Node("Scry", GLOSSARY, "Scry", "To look at the top cards.")]
    return Snapshot(
        edition, dt.date.fromisoformat(edition), "0" * 64, "CR", "cr.txt", rules, glossary
    )


def _copy(snapshot: Snapshot, shared: Shared | None = None) -> Snapshot:
    """Read back through JSON, whose strings are new objects, as a cache file gives them."""
    return Snapshot.from_dict(json.loads(json.dumps(snapshot.to_dict())), shared)


def test_shared_snapshots_equal_their_own_and_hold_one_copy() -> None:
    old = _snapshot("2009-10-01", "Look at the top N cards of your library.")
    new = _snapshot("2010-07-01", "Look at the top N cards of your library, then reorder them.")
    shared = Shared()
    a, b = _copy(old, shared), _copy(new, shared)
    assert (a, b) == (_copy(old), _copy(new)) == (old, new)
    # the same node in both editions is one object, and so are the strings they repeat
    assert a.rules[0] is b.rules[0] and a.rules[1] is b.rules[1]
    assert a.glossary[0] is b.glossary[0]
    assert a.rules[2] is not b.rules[2]
    assert _copy(old).rules[0] is not _copy(old).rules[0]
    assert a.rules[2].key is b.rules[2].key and a.rules[2].parent is b.rules[2].parent


def test_a_damaged_row_is_an_error_not_a_snapshot() -> None:
    data = _snapshot("2009-10-01", "x").to_dict()
    data["rules"][0] = ["701", "section"]
    with pytest.raises(TypeError):
        Snapshot.from_dict(data, Shared())
