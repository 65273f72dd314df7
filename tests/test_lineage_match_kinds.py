"""The kinds of change the matcher must read right, on the editions where they happen.

Each case was read in both documents; the rule texts are quoted next to the
expectation. The matcher runs without the overrides file: these cases are
decided by the documents' own words and places, not by a person.
"""

from __future__ import annotations

import pytest

from conftest import parsed
from crdex.index.lineage import match_pair
from crdex.index.lineage.overrides import load_overrides
from crdex.index.lineage.snapshot import snapshot_of

pytestmark = pytest.mark.corpus


class Links:
    """One pair of editions matched: pairs, splits and merges by rule number."""

    def __init__(self, old_file: str, new_file: str) -> None:
        old, new = snapshot_of(parsed(old_file)), snapshot_of(parsed(new_file))
        rules, _glossary = match_pair(old, new)
        a, b = old.rules, new.rules
        self.pairs = {a[i].key: b[j].key for i, j in rules.pairs.items()}
        self.splits = {(a[i].key, b[j].key) for i, j in rules.splits}
        self.merges = {(a[i].key, b[j].key) for i, j in rules.merges}


# -- a rule reworded and renumbered in the same release ---------------------------------


def test_subrule_promoted_and_reworded() -> None:
    links = Links("cr-2014-09-25.txt", "cr-2015-01-23.txt")
    # 2014-09-25 711.1c "While a double-faced card is in a public zone, each player may look
    #   at both faces. In other zones, each player that is allowed to look at a double-faced
    #   card may look at both faces."
    # 2015-01-23 711.2. "Players who are allowed to look at a double-faced card may look at
    #   both faces."
    assert links.pairs["711.1c"] == "711.2"
    # and the old 711.2 ("Each face of a double-faced card has its own set of
    # characteristics.") is 711.4 word for word
    assert links.pairs["711.2"] == "711.4"


def test_rules_reworded_when_the_2009_renumbering_moved_them() -> None:
    links = Links("cr-2009-05-01.txt", "cr-2009-07-11.txt")
    # 510.3. "Permanents come into play untapped, unflipped, and face up unless a spell or
    #   ability says otherwise." / 110.6b "Permanents enter the battlefield untapped,
    #   unflipped, face up, and phased in unless a spell or ability says otherwise."
    assert links.pairs["510.3"] == "110.6b"
    # 217.1f "If an object in the removed-from-the-game zone is removed from the game, it
    #   doesn't change zones, ..." / 400.8. "If an object in the exile zone is exiled, it
    #   doesn't change zones, ..."
    assert links.pairs["217.1f"] == "400.8"
    # 310.2c "A blocked creature will assign combat damage, divided as its controller
    #   chooses, to the creatures blocking it." / 510.1c "A blocked creature assigns its
    #   combat damage to the creatures blocking it."; 310.2d "A blocking creature will assign
    #   combat damage ... to the attacking creatures it's blocking." / 510.1d "A blocking
    #   creature assigns combat damage to the creatures it's blocking."
    assert (links.pairs["310.2c"], links.pairs["310.2d"]) == ("510.1c", "510.1d")
    # 403.5. "Activated abilities that read "Play this ability only any time you could play a
    #   sorcery" ... Activated abilities that read "Play this ability only any time you could
    #   play an instant" ..." became 602.5d ("... you could cast a sorcery") and 602.5e
    #   ("... you could cast an instant"): the opening continues
    assert links.pairs["403.5"] == "602.5d"


def test_rule_moved_under_a_new_parent_keeps_its_number() -> None:
    links = Links("cr-2022-09-08.txt", "cr-2022-10-07.txt")
    # 2022-09-08 103.2a (under 103.2 "After the starting player has been determined, each
    #   player shuffles ...") "If a player is using a sideboard (see rule 100.4) or cards
    #   being represented by substitute cards (see rule 714), those cards are set aside
    #   before shuffling."
    # 2022-10-07 103.2a (under the new 103.2 "Some games require additional steps ...")
    #   "If any players are using sideboards (see rule 100.4) or cards being represented by
    #   substitute cards (see rule 714), those cards are set aside. ..."; the shuffling rule
    #   is now 103.3
    assert links.pairs["103.2a"] == "103.2a"
    assert links.pairs["103.2"] == "103.3"


# -- a split: the part that keeps the number continues ----------------------------------


def test_split_in_place_continues_in_the_part_that_keeps_the_number() -> None:
    links = Links("cr-2017-01-20.txt", "cr-2017-04-28.txt")
    # 2017-01-20 108.2. "When a rule or text on a card refers to a "card," it means only a
    #   Magic card. Most Magic games use only traditional Magic cards, which measure
    #   approximately 2.5 inches ... Tokens aren't considered cards—even a card that
    #   represents a token isn't considered a card for rules purposes."
    # 2017-04-28 108.2. "When a rule or text on a card refers to a "card," it means only a
    #   Magic card or an object represented by a Magic card." 108.2a "Most Magic games use
    #   only traditional Magic cards, ..." 108.2b "Tokens aren't considered cards—even a
    #   card-sized game supplement that represents a token ..."
    assert links.pairs["108.2"] == "108.2"
    assert {("108.2", "108.2a"), ("108.2", "108.2b")} <= links.splits


@pytest.mark.parametrize(
    ("old_file", "new_file", "number", "piece"),
    [
        # 602.1. "Activated abilities have a cost and an effect. They are written as
        #   "[Cost]: [Effect.] [Activation restriction (if any).]" The activation cost is
        #   everything before the colon (:). ..." became 602.1 "Activated abilities have a
        #   cost and an effect. They are written as ..." and 602.1a "The activation cost is
        #   everything before the colon (:). ..."
        ("cr-2010-06-18.txt", "cr-2010-07-16.txt", "602.1", "602.1a"),
        # 117.1. "Each player begins the game with a life total of 20. In a Two-Headed Giant
        #   game, each team begins the game with a shared life total of 30 instead; ..."
        #   became 117.1 "Each player begins the game with a life total of 20." and 117.1a
        #   "In a Two-Headed Giant game, each team begins ... 30 instead; ..."
        ("cr-2009-09-04.txt", "cr-2009-10-01.txt", "117.1", "117.1a"),
        # 106.4a "If a player passes priority (see rule 116) while there is mana in his or
        #   her mana pool, that player announces what mana is there. If any mana remains in a
        #   player's mana pool after he or she spends mana to pay a cost, that player
        #   announces what mana is still there." became 106.4a "If any mana remains ..."
        #   and 106.4b "If a player passes priority (see rule 116) while there is mana in
        #   their mana pool, ..."
        ("cr-2018-01-19.txt", "cr-2018-04-27.txt", "106.4a", "106.4b"),
        # 702.12b "Landwalk is an evasion ability. A creature with landwalk is unblockable
        #   as long as ..." became 702.12b "Landwalk is an evasion ability." and 702.12c "A
        #   creature with landwalk is unblockable as long as ..."
        ("cr-2009-10-01.txt", "cr-2010-02-01.txt", "702.12b", "702.12c"),
    ],
)
def test_split_continues_where_the_number_stays(
    old_file: str, new_file: str, number: str, piece: str
) -> None:
    links = Links(old_file, new_file)
    assert links.pairs[number] == number
    assert (number, piece) in links.splits


# -- a rule folded under an umbrella rule ------------------------------------------------


def test_rules_folded_under_an_umbrella_continue_as_its_subrules() -> None:
    links = Links("cr-2007-09-07.txt", "cr-2007-10-01.txt")
    # 2007-09-07: three headings, each with one rule
    #   209.1. "The illustration credit for a card is printed directly below the text box.
    #     The credit has no effect on game play."
    #   210.1. "Legal text (the fine print at the bottom of the card) lists the copyright
    #     information. It has no effect on game play."
    #   211.1. "Some card sets feature collector numbers. ..."
    # 2007-10-01: 210. "Information Below the Text Box", 210.1 "Each card features text
    #   printed below the text box that has no effect on game play." and under it
    #   210.1a "The illustration credit for a card is printed on the first line below the
    #     text box. ..."
    #   210.1b "Legal text (the fine print at the bottom of the card) lists the trademark
    #     and copyright information."
    #   210.1c "Some card sets feature collector numbers. ..."
    assert links.pairs["209.1"] == "210.1a"
    assert links.pairs["210.1"] == "210.1b"
    assert links.pairs["211.1"] == "210.1c"
    # the umbrella's new sentence continues none of them
    assert "210.1" not in links.pairs.values()


# -- merges into a rule that keeps its number -------------------------------------------


def test_merge_into_a_rule_that_keeps_its_number() -> None:
    links = Links("cr-2025-07-25.txt", "cr-2025-11-14.txt")
    # 2025-07-25 603.2e "Some effects refer to a triggered ability of an object. Such
    #   effects refer only to triggered abilities the object has, not any delayed triggered
    #   abilities (see rule 603.7) that may be created by abilities the object has."
    # 2025-11-14 603.2d keeps its number and its text ("An ability may state that a
    #   triggered ability triggers additional times. ...") and gains "An effect that states
    #   a triggered ability of an object triggers additional times refers only to
    #   triggered abilities that object has, not to any delayed or reflexive triggered
    #   abilities (see rule 603.7 and rule 603.12) that may be created by abilities the
    #   object has."
    assert links.pairs["603.2d"] == "603.2d"
    assert "603.2e" not in links.pairs
    assert ("603.2e", "603.2d") in links.merges
    # 603.2f ("Some trigger events use the word "becomes" ...") moved up to 603.2e
    assert links.pairs["603.2f"] == "603.2e"


def test_two_rules_reworded_into_one_continue_in_the_one_that_keeps_the_number() -> None:
    links = Links("cr-2015-03-27.txt", "cr-2015-07-17.txt")
    # 903.11. "If a commander would be put into its owner's graveyard from anywhere, that
    #   player may put it into the command zone instead." and 903.12. "If a commander would
    #   be put into the exile zone from anywhere, its owner may put it into the command
    #   zone instead." became 903.11. "If a commander would be exiled from anywhere or put
    #   into its owner's hand, graveyard, or library from anywhere, its owner may put it
    #   into the command zone instead. ..."
    assert links.pairs["903.11"] == "903.11"
    assert ("903.12", "903.11") in links.merges
    # 701.16c "... but none of those objects are in the zone they're expected to be in,
    #   that library isn't shuffled." and 701.16d "... and a replacement or prevention
    #   effect causes all such objects to be moved to another zone instead, that library
    #   isn't shuffled." became 701.16c "... that library is shuffled even if none of those
    #   objects are in the zone they're expected to be in or an effect causes all of those
    #   objects to be moved to another zone or remain in their current zone."
    assert links.pairs["701.16c"] == "701.16c"
    assert ("701.16d", "701.16c") in links.merges


def test_merge_found_across_the_2009_renumbering() -> None:
    links = Links("cr-2009-05-01.txt", "cr-2009-07-11.txt")
    # 203.1d "Tokens have no mana cost unless the effect that creates them specifies
    #   otherwise." went into 202.1b "Some objects have no mana cost. This normally includes
    #   all land cards, any other cards that have no mana symbols where their mana cost
    #   would appear, and tokens (unless the effect that creates them specifies
    #   otherwise). ..."
    assert ("203.1d", "202.1b") in links.merges


def test_no_override_decides_these_cases() -> None:
    named = {
        name
        for e in load_overrides().entries
        for name in (f"{e.old_date}/{e.old}", f"{e.new_date}/{e.new}")
    }
    for case in ("2015-03-27/903.11", "2015-03-27/903.12", "2015-03-27/701.16d"):
        assert case not in named
