"""Matching two editions: each phase on small hand-made editions, then the 2009 renumbering."""

from __future__ import annotations

import pytest

from conftest import parsed
from crdex.index.lineage import build_graph, match_pair
from crdex.index.lineage.graph import Graph
from crdex.index.lineage.match import match_nodes
from crdex.index.lineage.overrides import load_overrides
from crdex.index.lineage.snapshot import GLOSSARY, Node, Snapshot, snapshot_of


def rule(key: str, text: str = "", title: str = "", parent: str | None = None, children=()) -> Node:
    kind = (
        "subrule"
        if key[-1].isalpha()
        else ("section" if "." not in key and len(key) == 1 else "rule")
    )
    return Node(key, kind, title, text, parent, tuple(children))


def pairs_by_key(old: list[Node], new: list[Node], **kw) -> dict[str, str]:
    m = match_nodes(old, new, **kw)
    return {old[i].key: new[j].key for i, j in m.pairs.items()}


KEYWORD_ACTIONS_OLD = [
    rule("701", title="Keyword Actions", children=("701.1", "701.2", "701.3")),
    rule("701.1", title="Sacrifice", parent="701", children=("701.1a",)),
    rule(
        "701.1a",
        "To sacrifice a permanent, its controller moves it to its owner's graveyard.",
        parent="701.1",
    ),
    rule("701.2", title="Scry", parent="701", children=("701.2a",)),
    rule("701.2a", 'To "scry N" means to look at the top N cards of your library.', parent="701.2"),
    rule("701.3", title="Shuffle", parent="701", children=("701.3a",)),
    rule("701.3a", "To shuffle a library, randomize the cards within it.", parent="701.3"),
]
# "Play" inserted before "Sacrifice": every later number moves up, 701.2 now means Sacrifice
KEYWORD_ACTIONS_NEW = [
    rule("701", title="Keyword Actions", children=("701.1", "701.2", "701.3", "701.4")),
    rule("701.1", title="Play", parent="701", children=("701.1a",)),
    rule(
        "701.1a",
        "To play a land means to put it onto the battlefield from your hand.",
        parent="701.1",
    ),
    rule("701.2", title="Sacrifice", parent="701", children=("701.2a",)),
    rule(
        "701.2a",
        "To sacrifice a permanent, its controller moves it to its owner's graveyard.",
        parent="701.2",
    ),
    rule("701.3", title="Scry", parent="701", children=("701.3a",)),
    rule(
        "701.3a",
        "To \u201cscry N\u201d means to look at the top N cards of your library.",
        parent="701.3",
    ),
    rule("701.4", title="Shuffle", parent="701", children=("701.4a",)),
    rule("701.4a", "To shuffle a library, randomize the cards within it.", parent="701.4"),
]


def test_insertion_renumbers_by_content_not_by_number() -> None:
    links = pairs_by_key(KEYWORD_ACTIONS_OLD, KEYWORD_ACTIONS_NEW)
    assert links == {
        "701": "701",
        "701.1": "701.2",
        "701.1a": "701.2a",
        "701.2": "701.3",
        "701.2a": "701.3a",
        "701.3": "701.4",
        "701.3a": "701.4a",
    }


def test_phases_are_reported() -> None:
    m = match_nodes(KEYWORD_ACTIONS_OLD, KEYWORD_ACTIONS_NEW)
    phase = {KEYWORD_ACTIONS_OLD[i].key: p for i, p in m.phase.items()}
    assert phase["701"] == "same"
    assert phase["701.1a"] == "exact"
    assert phase["701.2a"] == "typography"
    assert phase["701.2"] == "exact"  # a heading is its title: "Scry" printed the same


def test_generic_titles_need_their_parent() -> None:
    old = [
        rule("1", title="Game Concepts", children=("100", "101")),
        rule("100", title="General", parent="1"),
        rule("101", title="Starting the Game", parent="1"),
        rule("2", title="Parts of a Card", children=("200",)),
        rule("200", title="General", parent="2"),
    ]
    new = [
        rule("1", title="Game Concepts", children=("100", "101", "102")),
        rule("100", title="Introduction", parent="1"),
        rule("101", title="Starting the Game", parent="1"),
        rule("102", title="General", parent="1"),
        rule("2", title="Parts of a Card", children=("200",)),
        rule("200", title="General", parent="2"),
    ]
    links = pairs_by_key(old, new)
    assert links["200"] == "200"
    assert links["100"] == "102"


def test_references_only_change() -> None:
    old = [rule("101.1", "The only exception is that a player can concede (see rule 102.3a).")]
    new = [rule("104.1", "The only exception is that a player can concede (see rule 104.3a).")]
    m = match_nodes(old, new)
    assert m.pairs == {0: 0}
    assert m.phase[0] == "references"


def test_a_reused_number_is_not_a_continuation() -> None:
    old = [
        rule("502", title="Keyword Abilities", children=("502.36",)),
        rule("502.36", title="Scry", parent="502", children=("502.36a",)),
        rule(
            "502.36a",
            "Scry is a static ability that functions while a spell is resolving.",
            parent="502.36",
        ),
        rule("501", title="Keyword Actions", children=()),
    ]
    new = [
        rule("502", title="Keyword Abilities", children=("502.36",)),
        rule("502.36", title="Shroud", parent="502", children=("502.36a",)),
        rule(
            "502.36a",
            'Shroud is a static ability. "Shroud" means "This permanent can\'t be the target of spells."',
            parent="502.36",
        ),
        rule("501", title="Keyword Actions", children=("501.8",)),
        rule("501.8", title="Scry", parent="501", children=("501.8a",)),
        rule(
            "501.8a",
            'To "scry N" means to look at the top N cards of your library.',
            parent="501.8",
        ),
    ]
    links = pairs_by_key(old, new)
    assert links["502.36"] == "501.8"
    assert "502.36" not in links.values()


def test_split_is_found_and_the_closer_piece_continues() -> None:
    text = (
        "First, the active player draws a card. This game action doesn't use the stack. "
        "Then any abilities that trigger at the beginning of the draw step go on the stack."
    )
    old = [rule("304", title="Draw Step", children=("304.1",)), rule("304.1", text, parent="304")]
    new = [
        rule("504", title="Draw Step", children=("504.1", "504.2")),
        rule(
            "504.1",
            "First, the active player draws a card. This turn-based action doesn't use the stack.",
            parent="504",
        ),
        rule(
            "504.2",
            "Second, any abilities that trigger at the beginning of the draw step go on the stack.",
            parent="504",
        ),
    ]
    m = match_nodes(old, new)
    continued = new[m.pairs[1]].key
    pieces = [new[j].key for i, j in m.splits if i == 1]
    assert {continued, *pieces} == {"504.1", "504.2"}


def test_merge_is_found() -> None:
    old = [
        rule("903", title="Commander", children=("903.11", "903.12")),
        rule(
            "903.11",
            "If a commander would be put into its owner's graveyard from anywhere, its owner may put it into the command zone instead.",
            parent="903",
        ),
        rule(
            "903.12",
            "If a commander would be put into the exile zone from anywhere, its owner may put it into the command zone instead.",
            parent="903",
        ),
    ]
    new = [
        rule("903", title="Commander", children=("903.11",)),
        rule(
            "903.11",
            "If a commander would be put into its owner's graveyard from anywhere, its owner may put it into the command zone instead. "
            "If a commander would be put into the exile zone from anywhere, its owner may put it into the command zone instead.",
            parent="903",
        ),
    ]
    m = match_nodes(old, new)
    assert len(m.pairs) == 2
    assert [(old[i].key, new[j].key) for i, j in m.merges] == [("903.12", "903.11")]


def test_glossary_entry_keeps_its_term() -> None:
    old = [
        Node(
            "Scry",
            GLOSSARY,
            "Scry",
            'To "scry N" means to look at the top N cards. See rule 501.8.',
        )
    ]
    new = [
        Node(
            "Scry",
            GLOSSARY,
            "Scry",
            "To manipulate some of the cards on top of your library. See rule 701.16.",
        )
    ]
    assert match_nodes(old, new, structural=False).pairs == {0: 0}


def _snap(date: str, rules: list[Node]) -> Snapshot:
    import datetime as dt

    return Snapshot(date, dt.date.fromisoformat(date), date, "", "", rules, [])


def test_overrides_apply_to_their_pair(tmp_path) -> None:
    path = tmp_path / "overrides.toml"
    path.write_text(
        '[[link]]\nold = "2020-01-24/613.1a"\nnew = "2020-04-17/613.1a"\nreason = "reworded"\n'
        '[[added]]\nnew = "2020-04-17/613.1b"\nreason = "new"\n',
        "utf-8",
    )
    ov = load_overrides(path)
    old = _snap(
        "2020-01-24",
        [rule("613.1a", "Layer 1: Copy effects are applied."), rule("613.1b", "Layer 2: Control.")],
    )
    new = _snap(
        "2020-04-17",
        [
            rule("613.1a", "Layer 1: Rules and effects that modify copiable values are applied."),
            rule("613.1b", "Layer 2: Control."),
        ],
    )
    rules, _glossary = match_pair(old, new, ov)
    assert rules.pairs == {0: 0}
    assert rules.phase[0] == "override"


def test_override_without_reason_is_refused(tmp_path) -> None:
    from crdex.index.errors import OverridesError

    path = tmp_path / "overrides.toml"
    path.write_text('[[link]]\nold = "2020-01-24/613.1a"\nnew = "2020-04-17/613.1a"\n', "utf-8")
    with pytest.raises(OverridesError, match="every override needs a reason"):
        load_overrides(path)


def test_committed_overrides_all_have_reasons_and_load() -> None:
    ov = load_overrides()
    assert ov.entries
    assert all(e.reason.strip() for e in ov.entries)


def test_identity_ids_and_runs() -> None:
    a = _snap("2017-01-20", KEYWORD_ACTIONS_OLD)
    b = _snap("2018-04-27", KEYWORD_ACTIONS_NEW)
    graph = build_graph([a, b])
    scry = graph.holder("701.3", 1)
    assert scry is not None and scry.id == "2017-01-20/701.2"
    assert [(r.start, r.end, r.key) for r in scry.runs] == [(0, 0, "701.2"), (1, 1, "701.3")]
    play = graph.holder("701.1", 1)
    assert play is not None and play.id == "2018-04-27/701.1"
    again = Graph.from_dict(build_graph([a, b]).to_dict())
    assert sorted(i.id for i in again.identities) == sorted(i.id for i in graph.identities)


# -- the Magic 2010 renumbering, read from the documents -----------------------------------

# (old number in 2009-05-01, new number in 2009-07-11), each read in both files
M10 = [
    ("501.8", "701.16"),  # Scry
    ("501.8a", "701.16a"),
    ("502.36", "702.16"),  # Shroud
    ("502.36a", "702.16a"),
    ("502.36b", "702.16b"),
    ("502.4", "702.9"),  # Flying
    ("502.9", "702.17"),  # Trample
    ("502.33", "702.6"),  # Equip
    ("501.7", "701.15"),  # Tap, then "Tap and Untap"
    ("501.9", "701.17"),  # Fateseal
    ("501.10", "701.18"),  # Clash
    ("314", "514"),  # Cleanup Step
    ("303", "503"),  # Upkeep Step
    ("406", "605"),  # Mana Abilities
    ("410", "603"),  # Handling Triggered Abilities
    ("420", "704"),  # State-Based Effects, then State-Based Actions
    ("503", "706"),  # Copying Objects
    ("504", "707"),  # Face-Down Spells and Permanents
    ("505", "708"),  # Split Cards
    ("506", "712"),  # Subgames
    ("508", "709"),  # Flip Cards
    ("606", "806"),  # Two-Headed Giant Variant
    ("607", "807"),  # Emperor Variant
    ("103.1", "101.1"),  # "Whenever a card's text directly contradicts these rules"
    ("101.1", "103.1"),  # "At the start of a game, each player shuffles"
]


@pytest.mark.corpus
def test_2009_renumbering() -> None:
    old = snapshot_of(parsed("cr-2009-05-01.txt"))
    new = snapshot_of(parsed("cr-2009-07-11.txt"))
    rules, _glossary = match_pair(old, new, load_overrides())
    links = {old.rules[i].key: new.rules[j].key for i, j in rules.pairs.items()}
    for before, after in M10:
        assert links.get(before) == after, before
    # combat damage no longer uses the stack in the 2009-07-11 rules
    assert "310.4" not in links
