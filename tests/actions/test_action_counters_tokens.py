"""Counter and token keyword actions: proliferate, bolster, support, adapt, blight, time travel,
endure, create, investigate, populate, amass, incubate (701.7, 701.16, 701.34, 701.36, 701.39,
701.41, 701.46, 701.47, 701.53, 701.56, 701.63, 701.68)."""

from __future__ import annotations

import pytest
from action_helpers import creature, new_game, put_in

from crdex.actions.keywords.counters import (
    adapt,
    blight,
    bolster,
    can_blight,
    endure,
    proliferate,
    support,
    time_travel,
)
from crdex.actions.keywords.tokens import amass, create, incubate, investigate, populate
from crdex.actions.model import Player, Zone, make_card
from crdex.actions.token_kinds import spirit_token

# -- proliferate (701.34) -----------------------------------------------------------


def test_701_34a_proliferate_offers_only_things_with_counters_and_adds_one_of_each_kind():
    game, chooser = new_game()
    a = creature(game, "Alice", "A")
    b = creature(game, "Bob", "B")
    plain = creature(game, "Bob", "Plain")
    a.counters.update({"+1/+1": 2, "charge": 1})
    b.counters.update({"-1/-1": 1})
    game.player("Bob").counters["poison"] = 3
    chooser.add("proliferate.choose", [a, "Bob"])
    proliferate(game, "Alice")
    offered = chooser.asked_for("proliferate.choose")[0].options
    assert plain not in offered and game.player("Alice") not in offered
    assert set(map(id, offered)) == {id(a), id(b), id(game.player("Bob"))}
    assert a.counters == {"+1/+1": 3, "charge": 2}
    assert b.counters == {"-1/-1": 1}  # not chosen
    assert game.player("Bob").counters["poison"] == 4


def test_701_34a_proliferate_choosing_nothing_changes_nothing():
    game, _ = new_game(script={"proliferate.choose": [[]]})
    a = creature(game, "Alice", "A")
    a.counters["+1/+1"] = 1
    proliferate(game, "Alice")
    assert a.counters["+1/+1"] == 1


def test_701_34b_two_headed_giant_only_one_teammate_gets_poison():
    players = [Player("A1", team="x"), Player("A2", team="x"), Player("B1", team="y")]
    from crdex.actions.model import Game, ScriptedChooser

    chooser = ScriptedChooser(
        {"proliferate.choose": [["A1", "A2"]], "proliferate.poison_player": [["A2"]]}
    )
    game = Game(players, chooser=chooser)
    for p in players[:2]:
        p.counters["poison"] = 4
    proliferate(game, "B1")
    assert game.player("A1").counters["poison"] == 4
    assert game.player("A2").counters["poison"] == 5


# -- bolster (701.39) -------------------------------------------------------------


def test_701_39a_bolster_puts_counters_on_least_toughness():
    game, _ = new_game()
    small = creature(game, "Alice", "Small", 3, 1)
    creature(game, "Alice", "Big", 1, 3)
    creature(game, "Bob", "Tiny", 0, 0)  # not Alice's
    assert bolster(game, "Alice", 2) is small
    assert small.counters["+1/+1"] == 2


def test_701_39a_bolster_tie_is_the_players_choice():
    game, chooser = new_game(script={"bolster.creature": [["Second"]]})
    creature(game, "Alice", "First", 1, 2)
    second = creature(game, "Alice", "Second", 5, 2)
    creature(game, "Alice", "Tough", 1, 4)
    assert bolster(game, "Alice", 1) is second
    assert [p.name for p in chooser.asked_for("bolster.creature")[0].options] == [
        "First",
        "Second",
    ]


# -- support (701.41) ---------------------------------------------------------------


def test_701_41a_support_on_a_permanent_targets_up_to_n_other_creatures():
    game, _ = new_game()
    source = creature(game, "Alice", "Source")
    a, b = creature(game, "Alice", "A"), creature(game, "Bob", "B")
    support(game, 2, [a, b], source=source)
    assert a.counters["+1/+1"] == b.counters["+1/+1"] == 1
    with pytest.raises(ValueError):
        support(game, 2, [source], source=source)
    with pytest.raises(ValueError):
        support(game, 1, [a, b])


def test_701_41a_support_on_a_spell_may_target_any_creatures():
    game, _ = new_game()
    a = creature(game, "Alice", "A")
    assert support(game, 3, [a]) == [a]
    assert a.counters["+1/+1"] == 1


# -- adapt (701.46) -------------------------------------------------------------------


def test_701_46a_adapt_only_without_plus_one_counters():
    game, _ = new_game()
    a = creature(game, "Alice", "A")
    assert adapt(game, a, 3)
    assert a.counters["+1/+1"] == 3
    assert not adapt(game, a, 3)
    assert a.counters["+1/+1"] == 3


def test_701_46a_adapt_works_with_only_minus_one_counters():
    game, _ = new_game()
    a = creature(game, "Alice", "A")
    a.counters["-1/-1"] = 1
    assert adapt(game, a, 2)


# -- blight (701.68) -------------------------------------------------------------------


def test_701_68a_c_blight_puts_minus_counters_on_chosen_creature():
    game, _ = new_game(script={"blight.creature": [["B"]]})
    creature(game, "Alice", "A")
    b = creature(game, "Alice", "B", 4, 4)
    assert blight(game, "Alice", 2) is b
    assert b.counters["-1/-1"] == 2
    assert (b.power, b.toughness) == (2, 2)


def test_701_68b_cant_choose_to_blight_without_creatures():
    game, _ = new_game()
    assert not can_blight(game, "Alice", 1)
    creature(game, "Alice", "A")
    assert can_blight(game, "Alice", 1)


def test_701_68d_blight_event_even_if_nothing_happened():
    game, _ = new_game()
    assert blight(game, "Alice", 1) is None
    assert game.events.count("blight") == 1


# -- time travel (701.56) ------------------------------------------------------------


def test_701_56a_time_travel_adds_or_removes_a_time_counter_on_each_chosen():
    game, chooser = new_game()
    clock = creature(game, "Alice", "Clock")
    clock.counters["time"] = 2
    none = creature(game, "Alice", "None")
    theirs = creature(game, "Bob", "Theirs")
    theirs.counters["time"] = 1
    suspended = make_card("Rift", "{R}", types={"sorcery"}, keywords={"suspend"}, owner="Alice")
    suspended.counters["time"] = 3
    put_in(game, "Alice", Zone.EXILE, [suspended])
    chooser.add("time_travel.choose", [clock, suspended])
    chooser.add("time_travel.add", True, False)
    time_travel(game, "Alice")
    offered = chooser.asked_for("time_travel.choose")[0].options
    assert none not in offered and theirs not in offered
    assert clock.counters["time"] == 3
    assert suspended.counters["time"] == 2


# -- endure (701.63) -------------------------------------------------------------------


def test_701_63a_endure_counters_or_spirit_token():
    game, _ = new_game(script={"endure.counters": [True, False]})
    a = creature(game, "Alice", "A")
    assert endure(game, a, 2) is None
    assert a.counters["+1/+1"] == 2
    spirit = endure(game, a, 3)
    assert spirit is not None
    assert (spirit.name, spirit.power, spirit.toughness, spirit.colors) == (
        "Spirit",
        3,
        3,
        frozenset({"W"}),
    )
    assert a.counters["+1/+1"] == 2


def test_701_63b_endure_zero_does_nothing():
    game, chooser = new_game()
    a = creature(game, "Alice", "A")
    assert endure(game, a, 0) is None
    assert a.counters == {} and len(game.battlefield) == 1 and chooser.asked == []


# -- create / investigate / populate (701.7, 701.16, 701.36) ------------------------------


def test_701_7a_create_puts_tokens_with_those_characteristics_onto_battlefield():
    game, _ = new_game()
    made = create(game, "Alice", spirit_token(1), 2)
    assert len(made) == 2 and made[0].card is not made[1].card
    assert all(p.token and p.owner == "Alice" and p.controller == "Alice" for p in made)


def test_701_16a_investigate_creates_a_clue():
    game, _ = new_game()
    clue = investigate(game, "Alice")
    assert clue is not None
    assert clue.name == "Clue" and clue.types == {"artifact"} and clue.subtypes == {"Clue"}
    assert clue.colors == frozenset() and clue.token
    assert "Sacrifice this token: Draw a card" in clue.text


def test_701_36a_populate_copies_a_creature_token_you_control():
    game, _ = new_game(script={"populate.token": [["Spirit"]]})
    (spirit,) = create(game, "Alice", spirit_token(2))
    spirit.counters["+1/+1"] = 1
    copy = populate(game, "Alice")
    assert copy is not None and copy is not spirit
    assert (copy.name, copy.power, copy.toughness) == ("Spirit", 2, 2)  # no counters copied


def test_701_36b_populate_without_creature_tokens_creates_nothing():
    game, _ = new_game()
    creature(game, "Alice", "Nontoken")
    create(game, "Bob", spirit_token(1))  # Bob's token isn't Alice's
    assert populate(game, "Alice") is None
    assert len(game.battlefield) == 2


# -- amass (701.47) ---------------------------------------------------------------------


def test_701_47a_amass_without_an_army_creates_a_0_0_black_army_token():
    game, _ = new_game()
    army = amass(game, "Alice", "Orc", 2)
    assert army is not None and army.token
    assert army.subtypes == {"Orc", "Army"} and army.colors == {"B"}
    assert (army.base_power, army.base_toughness) == (0, 0)
    assert army.counters["+1/+1"] == 2


def test_701_47a_amass_with_an_army_adds_counters_and_subtype():
    game, _ = new_game()
    first = amass(game, "Alice", "Zombies", 1)
    again = amass(game, "Alice", "Orc", 2)
    assert again is first
    assert first.counters["+1/+1"] == 3
    assert first.subtypes >= {"Zombies", "Orc", "Army"}
    assert sum(1 for p in game.battlefield if p.token) == 1


def test_701_47b_c_amass_event_and_amassed_army():
    game, _ = new_game()
    army = amass(game, "Alice", "Orc", 0)
    (event,) = game.events.of("amass")
    assert event.objects == (army,)


# -- incubate (701.53) ------------------------------------------------------------------


def test_701_53a_b_incubate_creates_incubator_with_counters():
    game, _ = new_game()
    inc = incubate(game, "Alice", 3)
    assert inc is not None and inc.token
    assert inc.name == "Incubator" and inc.types == {"artifact"} and inc.colors == frozenset()
    assert inc.counters["+1/+1"] == 3
    back = inc.card.back
    assert back is not None
    assert (back.name, back.types, back.power, back.toughness) == (
        "Phyrexian Token",
        {"artifact", "creature"},
        0,
        0,
    )
