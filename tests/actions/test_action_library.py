"""Scry, surveil, fateseal, mill, shuffle, search and clash, checked against 701 (2026-08-07)."""

from __future__ import annotations

from action_helpers import cards, new_game, put_in

from crdex.actions.keywords.library import (
    can_mill,
    fateseal,
    mill,
    scry,
    scry_simultaneously,
    search,
    shuffle,
    surveil,
)
from crdex.actions.keywords.library_top import clash, clash_with_opponent
from crdex.actions.model import Zone, make_card, make_creature


def names(seq):
    return [c.name for c in seq]


# -- scry (701.22) ------------------------------------------------------------


def test_701_22a_scry_chosen_cards_go_to_bottom_rest_on_top_in_chosen_order():
    game, _ = new_game(script={"scry.bottom": [["B"]], "scry.order_top": [["C", "A"]]})
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B", "C", "D", "E"))
    result = scry(game, "Alice", 3)
    assert names(result.looked) == ["A", "B", "C"]
    assert names(game.player("Alice").library) == ["C", "A", "D", "E", "B"]


def test_701_22a_scry_orders_the_bottom_cards_too():
    game, _ = new_game(script={"scry.bottom": [["A", "B"]], "scry.order_bottom": [["B", "A"]]})
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B", "C"))
    scry(game, "Alice", 2)
    assert names(game.player("Alice").library) == ["C", "B", "A"]


def test_701_22b_scry_zero_no_event():
    game, chooser = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B"))
    scry(game, "Alice", 0)
    assert game.events.count("scry") == 0
    assert game.events.count("look") == 0
    assert chooser.asked == []


def test_701_22c_simultaneous_scry_decisions_in_apnap_order():
    game, chooser = new_game("Alice", "Bob", active="Bob")
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A1", "A2"))
    put_in(game, "Bob", Zone.LIBRARY, cards("Bob", "B1", "B2"))
    scry_simultaneously(game, {"Alice": 1, "Bob": 1})
    deciders = [a.player for a in chooser.asked_for("scry.bottom")]
    assert deciders == ["Bob", "Alice"]
    kinds = game.events.kinds()
    # both look before anything moves or any scry event happens
    assert kinds.index("scry") > max(i for i, k in enumerate(kinds) if k == "look")


def test_701_22d_scry_event_occurs_even_if_library_is_empty():
    game, _ = new_game()
    scry(game, "Alice", 2)
    assert [e.player for e in game.events.of("scry")] == ["Alice"]


# -- surveil (701.25) -------------------------------------------------------------


def test_701_25a_surveil_chosen_cards_to_graveyard_rest_on_top():
    game, _ = new_game(script={"surveil.graveyard": [["A"]], "surveil.order_top": [["C", "B"]]})
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B", "C", "D"))
    surveil(game, "Alice", 3)
    alice = game.player("Alice")
    assert names(alice.graveyard) == ["A"]
    assert names(alice.library) == ["C", "B", "D"]


def test_701_25b_surveil_additional_cards_may_go_to_graveyard():
    game, _ = new_game(script={"surveil.graveyard": [["C"]]})
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B", "C", "D"))
    result = surveil(game, "Alice", 2, additional=1)
    assert names(result.looked) == ["A", "B", "C"]
    assert names(game.player("Alice").graveyard) == ["C"]
    assert names(game.player("Alice").library) == ["A", "B", "D"]


def test_701_25c_surveil_zero_no_event():
    game, chooser = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A"))
    surveil(game, "Alice", 0)
    assert game.events.count("surveil") == 0
    assert chooser.asked == []


def test_701_25d_surveil_event_even_if_impossible():
    game, _ = new_game()
    surveil(game, "Alice", 2)
    assert game.events.count("surveil") == 1


# -- fateseal (701.29) --------------------------------------------------------------


def test_701_29a_fateseal_puts_opponents_cards_on_bottom_of_their_library():
    game, chooser = new_game(script={"fateseal.bottom": [["B1"]]})
    put_in(game, "Bob", Zone.LIBRARY, cards("Bob", "B1", "B2", "B3"))
    fateseal(game, "Alice", "Bob", 2)
    assert names(game.player("Bob").library) == ["B2", "B3", "B1"]
    assert chooser.asked_for("fateseal.bottom")[0].player == "Alice"


# -- mill (701.17) -------------------------------------------------------------------


def test_701_17a_mill_puts_top_cards_into_graveyard():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B", "C"))
    milled = mill(game, "Alice", 2)
    assert names(milled) == ["A", "B"]
    assert sorted(names(game.player("Alice").graveyard)) == ["A", "B"]
    assert names(game.player("Alice").library) == ["C"]


def test_701_17b_milling_more_than_the_library_mills_as_many_as_possible():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B"))
    milled = mill(game, "Alice", 5)
    assert len(milled) == 2
    assert game.player("Alice").library == []
    assert game.events.of("mill")[0]["amount"] == 2


def test_701_17b_cannot_choose_or_pay_to_mill_more_than_the_library():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B"))
    assert can_mill(game, "Alice", 2)
    assert not can_mill(game, "Alice", 3)


def test_701_17c_milled_cards_are_found_in_the_public_zone_they_moved_to():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A"))
    (card,) = mill(game, "Alice", 1)
    assert card.zone == Zone.GRAVEYARD
    assert card in game.player("Alice").graveyard


# -- shuffle (701.24) ----------------------------------------------------------------


def test_701_24a_shuffle_randomizes_with_the_seeded_rng():
    def run(seed):
        game, _ = new_game(seed=seed)
        put_in(game, "Alice", Zone.LIBRARY, cards("Alice", *"ABCDEFGHIJ"))
        shuffle(game, "Alice")
        return names(game.player("Alice").library)

    assert run(7) == run(7)
    assert sorted(run(7)) == list("ABCDEFGHIJ")
    assert run(7) != list("ABCDEFGHIJ")


def test_701_24b_found_cards_are_not_included_in_the_shuffle():
    game, _ = new_game(seed=3)
    library = put_in(game, "Alice", Zone.LIBRARY, cards("Alice", *"ABCDEFGH"))
    found = library[2]
    shuffle(game, "Alice", exclude=[found])
    assert game.player("Alice").library[2] is found
    assert game.events.count("shuffle") == 1


def test_701_24c_library_shuffled_even_if_object_is_not_where_expected():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B"))
    (guile,) = put_in(game, "Alice", Zone.EXILE, cards("Alice", "Guile"))
    guile.zone = Zone.EXILE
    shuffle(game, "Alice", into=[])  # the ability's object was exiled in response
    assert game.events.count("shuffle") == 1
    assert guile in game.player("Alice").exile


def test_701_24c_object_in_graveyard_is_shuffled_into_library():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B"))
    (guile,) = put_in(game, "Alice", Zone.GRAVEYARD, cards("Alice", "Guile"))
    shuffle(game, "Alice", into=[guile])
    assert guile in game.player("Alice").library
    assert game.events.count("shuffle") == 1


def test_701_24d_and_e_empty_set_and_empty_library_still_shuffle():
    game, _ = new_game()
    shuffle(game, "Alice", into=[])
    assert game.events.count("shuffle") == 1
    assert game.events.of("shuffle")[0]["size"] == 0


def test_701_24g_object_put_in_position_while_library_is_shuffled():
    game, _ = new_game(seed=1)
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", *"ABCDEF"))
    (zombie,) = put_in(game, "Alice", Zone.GRAVEYARD, cards("Alice", "Gravebane Zombie"))
    shuffle(game, "Alice", positioned=[(zombie, "top")])
    assert game.player("Alice").library[0] is zombie
    assert len(game.player("Alice").library) == 7


def test_701_20d_reordered_revealed_cards_stop_being_revealed():
    game, _ = new_game()
    library = put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B", "C"))
    library[0].revealed = True
    shuffle(game, "Alice")
    assert not any(c.revealed for c in game.player("Alice").library)


# -- search (701.23) -----------------------------------------------------------------


def is_land(card):
    return card.is_land


def test_701_23b_hidden_zone_stated_quality_need_not_be_found():
    game, chooser = new_game(script={"search.find": [[]]})
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "Forest", "A", "Forest"))
    found = search(game, "Alice", Zone.LIBRARY, quality=is_land, count=2)
    assert found == []
    assert chooser.asked_for("search.find")[0].minimum == 0


def test_701_23b_public_zone_matching_cards_must_be_found():
    """Splinter: the Howling Mine in the graveyard must be found, those in the library may not."""
    game, chooser = new_game()
    mine = make_card("Howling Mine", "{2}", types={"artifact"}, owner="Bob")
    put_in(game, "Bob", Zone.GRAVEYARD, [mine])
    found = search(
        game,
        "Alice",
        Zone.GRAVEYARD,
        owner="Bob",
        quality=lambda c: c.name == "Howling Mine",
        count=None,
    )
    assert found == [mine]
    assert chooser.asked_for("search.find")[0].minimum == 1


def test_701_23c_undefined_quality_finds_nothing_but_searches():
    game, _ = new_game()
    put_in(game, "Bob", Zone.LIBRARY, cards("Bob", "A", "B"))
    found = search(game, "Alice", Zone.LIBRARY, owner="Bob", undefined=True, count=None)
    assert found == []
    assert game.events.count("search") == 1


def test_701_23d_searching_for_a_quantity_must_find_that_many_or_all():
    game, chooser = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B"))
    found = search(game, "Alice", Zone.LIBRARY, count=3)
    assert len(found) == 2
    assert chooser.asked_for("search.find")[0].minimum == 2


def test_701_23e_found_cards_not_revealed_unless_told():
    game, _ = new_game(script={"search.find": [["Forest"], ["Forest"]]})
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "Forest", "Forest"))
    (hidden,) = search(game, "Alice", quality=is_land)
    assert not hidden.revealed and game.events.count("reveal") == 0
    (shown,) = search(game, "Alice", quality=is_land, reveal=True)
    assert shown.revealed and game.events.count("reveal") == 1


def test_701_23f_searching_a_portion_still_searches_the_library():
    game, chooser = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B", "C", "D", "E", "Forest"))
    found = search(game, "Alice", quality=is_land, portion=4)
    assert found == []  # the Forest is sixth from the top
    assert chooser.asked_for("search.find") == []
    assert game.events.of("search")[0]["zone"] == Zone.LIBRARY
    assert game.events.of("search")[0]["portion"] == 4


def test_701_23j_search_outside_the_game_finds_own_cards():
    game, _ = new_game(script={"search.find": [["Lesson"]]})
    lesson = make_card("Lesson", "{1}", types={"sorcery"}, subtypes={"Lesson"}, owner="Alice")
    put_in(game, "Alice", Zone.OUTSIDE, [lesson])
    found = search(game, "Alice", Zone.OUTSIDE, quality=lambda c: "Lesson" in c.subtypes)
    assert found == [lesson]


# -- clash (701.30) ------------------------------------------------------------------


def test_701_30d_clash_with_equal_mana_values_has_no_winner():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, [make_creature("A", "{2}{G}", owner="Alice")])
    put_in(game, "Bob", Zone.LIBRARY, [make_creature("B", "{1}{U}{U}", owner="Bob")])
    result = clash(game, ["Alice", "Bob"])
    assert result.winner is None
    assert not any(e["won"] for e in game.events.of("clash"))


def test_701_30d_higher_mana_value_wins_the_clash():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, [make_creature("A", "{4}", owner="Alice")])
    put_in(game, "Bob", Zone.LIBRARY, [make_creature("B", "{3}", owner="Bob")])
    assert clash(game, ["Alice", "Bob"]).winner == "Alice"


def test_701_30a_c_clash_reveal_then_apnap_bottom_decisions():
    game, chooser = new_game(active="Bob", script={"Alice:clash.bottom": [True]})
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A1", "A2"))
    put_in(game, "Bob", Zone.LIBRARY, cards("Bob", "B1", "B2"))
    result = clash(game, ["Alice", "Bob"])
    assert [a.player for a in chooser.asked_for("clash.bottom")] == ["Bob", "Alice"]
    assert names(game.player("Alice").library) == ["A2", "A1"]
    assert names(game.player("Bob").library) == ["B1", "B2"]
    assert result.bottom == {"Bob": False, "Alice": True}
    assert game.events.count("reveal") == 2


def test_701_30b_clash_with_an_opponent_chooses_the_opponent():
    game, _ = new_game("Alice", "Bob", "Carol", script={"clash.opponent": [["Carol"]]})
    put_in(game, "Alice", Zone.LIBRARY, [make_creature("A", "{1}", owner="Alice")])
    put_in(game, "Carol", Zone.LIBRARY, [make_creature("C", "{5}", owner="Carol")])
    result = clash_with_opponent(game, "Alice")
    assert set(result.revealed) == {"Alice", "Carol"}
    assert result.winner == "Carol"
