"""Cast, activate, counter, play, discover, airbend, earthbend and waterbend (701.5, 701.2,
701.6, 701.18, 701.57, 701.65, 701.66, 701.67)."""

from __future__ import annotations

import pytest
from action_helpers import battlefield, cards, creature, new_game, put_in

from crdex.actions.errors import IllegalActionError
from crdex.actions.keywords.bending import airbend, airbend_cost, earthbend, waterbend
from crdex.actions.keywords.library_top import discover
from crdex.actions.keywords.stack import activate, can_play_land, cast, counter, play, play_land
from crdex.actions.model import ActivatedAbility, Zone, make_artifact, make_card, make_land
from crdex.actions.resolution import resolve_top


def names(seq):
    return [c.name for c in seq]


def bolt(owner="Alice"):
    return make_card("Shock", "{R}", types={"instant"}, owner=owner)


# -- cast (701.5) ------------------------------------------------------------------------


def test_701_5a_cast_moves_card_to_stack_and_pays_its_cost():
    game, _ = new_game()
    (card,) = put_in(game, "Alice", Zone.HAND, [bolt()])
    game.player("Alice").mana_pool.update({"R": 1, "G": 1})
    item = cast(game, "Alice", card)
    assert game.stack == [item] and card.zone == Zone.STACK
    assert game.player("Alice").hand == []
    assert game.player("Alice").mana_pool == {"G": 1}


def test_701_5a_cast_needs_priority():
    game, _ = new_game()
    (card,) = put_in(game, "Bob", Zone.HAND, [bolt("Bob")])
    game.player("Bob").mana_pool["R"] = 1
    with pytest.raises(IllegalActionError):
        cast(game, "Bob", card)  # Alice has priority
    assert card in game.player("Bob").hand


def test_701_5a_unpayable_cost_leaves_everything_as_it_was():
    game, _ = new_game()
    (card,) = put_in(game, "Alice", Zone.HAND, [bolt()])
    game.player("Alice").mana_pool["G"] = 1
    with pytest.raises(IllegalActionError):
        cast(game, "Alice", card)
    assert card in game.player("Alice").hand and game.player("Alice").mana_pool == {"G": 1}


def test_701_5b_casting_a_card_is_casting_it_as_a_spell_so_lands_cant_be_cast():
    game, _ = new_game()
    (forest,) = put_in(game, "Alice", Zone.HAND, [make_land("Forest")])
    with pytest.raises(IllegalActionError):
        cast(game, "Alice", forest)


# -- counter (701.6) -----------------------------------------------------------------------


def test_701_6a_b_countered_spell_goes_to_graveyard_without_refund():
    game, _ = new_game()
    (card,) = put_in(game, "Alice", Zone.HAND, [bolt()])
    game.player("Alice").mana_pool["R"] = 1
    resolved = []
    item = cast(game, "Alice", card, effect=lambda g, i: resolved.append(i))
    assert counter(game, item)
    assert game.stack == [] and card in game.player("Alice").graveyard
    assert game.player("Alice").mana_pool == {}  # no refund
    assert resolve_top(game) is None and resolved == []  # it never resolves


def test_701_6a_counter_an_ability_removes_it():
    game, _ = new_game()
    clue = battlefield(game, "Alice", make_artifact("Clue", None))
    item = activate(game, "Alice", clue, ActivatedAbility("Draw", lambda g, i: g.draw("Alice")))
    assert counter(game, item) and game.stack == []
    assert not counter(game, item)  # no longer on the stack


# -- activate (701.2) ------------------------------------------------------------------


def draw_one(game, item):
    game.draw(item.controller)


def test_701_2a_activate_pays_costs_and_puts_ability_on_stack():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A"))
    clue = battlefield(game, "Alice", make_artifact("Clue", None))
    game.player("Alice").mana_pool["C"] = 2
    ability = ActivatedAbility(
        "{2}, Sacrifice: Draw a card.", draw_one, mana="{2}", sacrifice_self=True
    )
    activate(game, "Alice", clue, ability)
    assert not game.is_on_battlefield(clue) and game.player("Alice").mana_pool == {}
    resolve_top(game)
    assert names(game.player("Alice").hand) == ["A"]


def test_701_2a_only_the_controller_may_activate():
    game, _ = new_game()
    rock = battlefield(game, "Bob", make_artifact("Rock", None))
    with pytest.raises(IllegalActionError):
        activate(game, "Alice", rock, ActivatedAbility("{T}: Nothing.", tap=True))
    shared = ActivatedAbility("Any player may activate.", any_player=True)
    assert activate(game, "Alice", rock, shared).controller == "Alice"


def test_701_2a_tap_cost_needs_an_untapped_permanent():
    game, _ = new_game()
    rock = battlefield(game, "Alice", make_artifact("Rock", None))
    rock.tapped = True
    with pytest.raises(IllegalActionError):
        activate(game, "Alice", rock, ActivatedAbility("{T}: Nothing.", tap=True))


def test_701_35a_detained_permanent_cant_activate():
    from crdex.actions.keywords.combat import detain

    game, _ = new_game()
    rock = battlefield(game, "Alice", make_artifact("Rock", None))
    detain(game, rock, "Bob")
    with pytest.raises(IllegalActionError):
        activate(game, "Alice", rock, ActivatedAbility("Nothing."))


# -- play (701.18) -------------------------------------------------------------------------


def test_701_18a_play_a_land_once_per_turn_in_main_phase_with_empty_stack():
    game, _ = new_game()
    f1, f2 = put_in(game, "Alice", Zone.HAND, [make_land("Forest"), make_land("Forest")])
    perm = play_land(game, "Alice", f1)
    assert game.is_on_battlefield(perm) and game.stack == []
    assert not can_play_land(game, "Alice")
    with pytest.raises(IllegalActionError):
        play_land(game, "Alice", f2)


def test_701_18a_no_land_play_outside_main_phase_or_on_others_turn():
    game, _ = new_game()
    (forest,) = put_in(game, "Bob", Zone.HAND, [make_land("Forest", owner="Bob")])
    game.priority = "Bob"
    assert not can_play_land(game, "Bob")  # Alice's turn
    game.begin_turn("Bob")
    game.priority = "Bob"
    assert not can_play_land(game, "Bob")  # upkeep
    game.phase = "precombat main"
    assert play(game, "Bob", forest).controller == "Bob"


def test_701_18a_putting_a_land_onto_battlefield_by_effect_is_not_playing_it():
    game, _ = new_game()
    (forest,) = put_in(game, "Alice", Zone.HAND, [make_land("Forest")])
    game.put_onto_battlefield(forest, "Alice")
    assert can_play_land(game, "Alice")
    assert game.events.count("land-played") == 0


def test_701_18b_play_a_card_casts_a_spell():
    game, _ = new_game()
    (card,) = put_in(game, "Alice", Zone.HAND, [bolt()])
    game.player("Alice").mana_pool["R"] = 1
    item = play(game, "Alice", card)
    assert item.card is card and game.events.count("cast") == 1


# -- discover (701.57) ---------------------------------------------------------------------


def test_701_57a_discover_exiles_until_nonland_mv_n_or_less_and_casts_it_free():
    game, _ = new_game(script={"discover.cast": [True]})
    put_in(
        game,
        "Alice",
        Zone.LIBRARY,
        [
            make_land("Forest", owner="Alice"),
            make_card("Big", "{5}", types={"sorcery"}, owner="Alice"),
            make_card("Small", "{1}{U}", types={"instant"}, owner="Alice"),
            make_card("Later", "{1}", types={"instant"}, owner="Alice"),
        ],
    )
    result = discover(game, "Alice", 3)
    assert result.discovered is not None and result.discovered.name == "Small" and result.cast
    assert game.stack[-1].card is result.discovered and game.stack[-1].without_paying
    library = names(game.player("Alice").library)
    assert library[0] == "Later" and sorted(library[1:]) == ["Big", "Forest"]


def test_701_57a_discover_not_cast_goes_to_hand():
    game, _ = new_game(script={"discover.cast": [False]})
    put_in(
        game, "Alice", Zone.LIBRARY, [make_card("Small", "{2}", types={"sorcery"}, owner="Alice")]
    )
    result = discover(game, "Alice", 2)
    assert not result.cast and names(game.player("Alice").hand) == ["Small"]


def test_701_57b_c_discover_with_nothing_found_still_discovers():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, [make_card("Big", "{6}", types={"sorcery"}, owner="Alice")])
    result = discover(game, "Alice", 2)
    assert result.discovered is None
    assert names(game.player("Alice").library) == ["Big"]
    assert game.events.count("discover") == 1


# -- airbend (701.65) -------------------------------------------------------------------


def test_701_65a_airbend_exiles_and_owner_may_cast_for_2():
    game, _ = new_game()
    ogre = creature(game, "Bob", "Ogre", cost="{5}{R}", owner="Bob")
    (exiled,) = airbend(game, "Alice", [ogre])
    assert exiled in game.player("Bob").exile
    assert airbend_cost(game, "Alice", exiled) is None  # only its owner
    cost = airbend_cost(game, "Bob", exiled)
    assert cost == "{2}"
    game.priority = "Bob"
    game.player("Bob").mana_pool["C"] = 2
    cast(game, "Bob", exiled, alternative_cost=cost)
    assert game.player("Bob").mana_pool == {}


def test_701_65a_airbend_a_spell_on_the_stack():
    game, _ = new_game()
    (card,) = put_in(game, "Alice", Zone.HAND, [bolt()])
    game.player("Alice").mana_pool["R"] = 1
    item = cast(game, "Alice", card)
    airbend(game, "Bob", [item])
    assert game.stack == [] and card in game.player("Alice").exile


def test_701_65b_airbend_event_only_when_something_is_exiled():
    game, _ = new_game()
    airbend(game, "Alice", [])
    assert game.events.count("airbend") == 0
    airbend(game, "Alice", [creature(game, "Bob")])
    assert game.events.count("airbend") == 1


# -- earthbend (701.66) -------------------------------------------------------------------


def test_701_66a_earthbend_makes_a_0_0_land_creature_with_haste_and_counters():
    game, _ = new_game()
    land = battlefield(game, "Alice", make_land("Forest"))
    assert earthbend(game, "Alice", land, 3)
    assert land.types >= {"land", "creature"} and "haste" in land.keywords
    assert (land.power, land.toughness) == (3, 3)


def test_701_66a_earthbent_land_returns_tapped_when_it_dies():
    game, _ = new_game()
    land = battlefield(game, "Alice", make_land("Forest"))
    earthbend(game, "Alice", land, 2)
    game.leave_battlefield(land, Zone.GRAVEYARD)
    back = game.permanent_of(land.card)
    assert back is not None and back.tapped and back.controller == "Alice"
    assert not back.is_creature  # a new object: the effect is gone


def test_701_66a_earthbend_needs_a_land_you_control():
    game, _ = new_game()
    theirs = battlefield(game, "Bob", make_land("Forest"))
    assert not earthbend(game, "Alice", theirs, 2)
    assert theirs.counters == {}


def test_701_66b_earthbend_event_when_the_delayed_trigger_is_created():
    game, _ = new_game()
    land = battlefield(game, "Alice", make_land("Forest"))
    earthbend(game, "Alice", land, 1)
    assert game.events.count("earthbend") == 1


# -- waterbend (701.67) -------------------------------------------------------------------


def test_701_67a_waterbend_taps_artifacts_and_creatures_for_generic_mana():
    game, _ = new_game(script={"waterbend.tap": [["Bear", "Rock"]]})
    bear = creature(game, "Alice", "Bear")
    rock = battlefield(game, "Alice", make_artifact("Rock", None))
    battlefield(game, "Alice", make_land("Island"))  # lands can't help
    game.player("Alice").mana_pool.update({"U": 2})
    tapped = waterbend(game, "Alice", "{3}{U}")
    assert tapped == [bear, rock] and bear.tapped and rock.tapped
    assert game.player("Alice").mana_pool == {}


def test_701_67a_waterbend_cant_tap_for_colored_mana():
    game, chooser = new_game(script={"waterbend.tap": [["Bear"]]})
    creature(game, "Alice", "Bear")
    assert waterbend(game, "Alice", "{U}") is None
    assert chooser.asked_for("waterbend.tap") == []  # no generic mana to pay by tapping


def test_701_67c_waterbend_event_however_the_cost_was_paid():
    game, _ = new_game()
    game.player("Alice").mana_pool["C"] = 1
    assert waterbend(game, "Alice", "{1}") == []
    assert game.events.count("waterbend") == 1
