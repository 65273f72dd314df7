"""Discard, connive, recruit, learn, reveal, behold and explore (701.9, 701.50, 701.70, 701.48,
701.20, 701.4, 701.44)."""

from __future__ import annotations

from action_helpers import cards, creature, new_game, put_in

from crdex.actions.keywords.hand import connive, connive_simultaneously, discard, learn, recruit
from crdex.actions.keywords.library_top import explore, explore_simultaneously
from crdex.actions.keywords.reveal import behold, look_at, reveal
from crdex.actions.model import Zone, make_card, make_land


def names(seq):
    return [c.name for c in seq]


# -- discard (701.9) ----------------------------------------------------------------


def test_701_9a_b_discard_player_chooses_card_from_hand_to_graveyard():
    game, chooser = new_game(script={"discard.cards": [["B"]]})
    put_in(game, "Alice", Zone.HAND, cards("Alice", "A", "B"))
    assert names(discard(game, "Alice")) == ["B"]
    assert names(game.player("Alice").graveyard) == ["B"]
    assert chooser.asked_for("discard.cards")[0].player == "Alice"


def test_701_9b_discard_at_random_uses_the_seeded_rng():
    def run(seed):
        game, chooser = new_game(seed=seed)
        put_in(game, "Alice", Zone.HAND, cards("Alice", *"ABCDEFGH"))
        out = names(discard(game, "Alice", 1, at_random=True))
        assert chooser.asked == []
        return out

    assert run(5) == run(5)


def test_701_9b_another_player_may_choose_the_discard():
    game, chooser = new_game(script={"Bob:discard.cards": [["A"]]})
    put_in(game, "Alice", Zone.HAND, cards("Alice", "A", "B"))
    discard(game, "Alice", chosen_by="Bob")
    assert names(game.player("Alice").graveyard) == ["A"]
    assert chooser.asked_for("discard.cards")[0].player == "Bob"


# -- connive (701.50) ------------------------------------------------------------------


def test_701_50a_connive_nonland_discard_gives_a_counter():
    game, _ = new_game(script={"discard.cards": [["Spell"]]})
    rogue = creature(game, "Alice", "Rogue")
    put_in(game, "Alice", Zone.HAND, cards("Alice", "Spell"))
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "Forest"))
    connive(game, rogue)
    assert names(game.player("Alice").hand) == ["Forest"]
    assert rogue.counters["+1/+1"] == 1


def test_701_50a_connive_land_discard_gives_no_counter():
    game, _ = new_game(script={"discard.cards": [["Forest"]]})
    rogue = creature(game, "Alice", "Rogue")
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "Forest"))
    connive(game, rogue)
    assert rogue.counters["+1/+1"] == 0
    assert names(game.player("Alice").graveyard) == ["Forest"]


def test_701_50b_connive_after_leaving_uses_last_known_controller():
    game, _ = new_game()
    rogue = creature(game, "Bob", "Rogue", owner="Alice")
    put_in(game, "Bob", Zone.LIBRARY, cards("Bob", "X"))
    game.leave_battlefield(rogue, Zone.GRAVEYARD)
    connive(game, rogue)
    assert names(game.player("Bob").graveyard) == ["X"]  # Bob drew and discarded
    assert game.events.of("connive")[0].player == "Bob"


def test_701_50c_simultaneous_connive_apnap_chooses_order():
    game, chooser = new_game(active="Bob")
    a = creature(game, "Alice", "A")
    b1 = creature(game, "Bob", "B1")
    b2 = creature(game, "Bob", "B2")
    chooser.add("Bob:connive.next", ["B2"])
    connive_simultaneously(game, [a, b1, b2])
    order = [e.objects[0] for e in game.events.of("connive")]
    assert order == [b2, b1, a]


def test_701_50d_connive_n_counts_nonland_discards():
    game, _ = new_game(script={"discard.cards": [["S1", "Forest", "S2"]]})
    rogue = creature(game, "Alice", "Rogue")
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "S1", "Forest", "S2"))
    connive(game, rogue, 3)
    assert rogue.counters["+1/+1"] == 2


def test_701_50e_connive_zero_no_event():
    game, _ = new_game()
    rogue = creature(game, "Alice", "Rogue")
    connive(game, rogue, 0)
    assert game.events.count("connive") == 0
    assert game.events.count("draw") == 0


def test_701_50f_connive_event_even_if_impossible():
    game, _ = new_game()
    rogue = creature(game, "Alice", "Rogue")
    connive(game, rogue)  # empty library, empty hand
    assert game.events.count("connive") == 1
    assert rogue.counters["+1/+1"] == 0


# -- recruit (701.70) ---------------------------------------------------------------


def test_701_70a_recruit_nonland_discard_creates_human_soldier():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "Spell"))
    token = recruit(game, "Alice")
    assert token is not None
    assert (token.name, token.power, token.toughness, token.colors) == (
        "Human Soldier",
        1,
        1,
        frozenset({"W"}),
    )
    assert token.subtypes == {"Human", "Soldier"}


def test_701_70a_recruit_land_discard_creates_nothing():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "Forest"))
    assert recruit(game, "Alice") is None
    assert game.battlefield == []


# -- learn (701.48) -----------------------------------------------------------------


def test_701_48a_learn_discard_then_draw():
    game, _ = new_game(script={"learn.discard": [["Junk"]]})
    put_in(game, "Alice", Zone.HAND, cards("Alice", "Junk"))
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "New"))
    lesson = make_card("Lesson", "{1}", types={"sorcery"}, subtypes={"Lesson"}, owner="Alice")
    put_in(game, "Alice", Zone.OUTSIDE, [lesson])
    learn(game, "Alice")
    assert names(game.player("Alice").hand) == ["New"]
    assert lesson in game.player("Alice").outside  # didn't also fetch a Lesson


def test_701_48a_learn_without_discard_may_fetch_a_lesson():
    game, chooser = new_game(script={"learn.discard": [[]], "learn.lesson": [["Lesson"]]})
    lesson = make_card("Lesson", "{1}", types={"sorcery"}, subtypes={"Lesson"}, owner="Alice")
    other = make_card("Other", "{1}", types={"sorcery"}, owner="Alice")
    put_in(game, "Alice", Zone.OUTSIDE, [lesson, other])
    assert learn(game, "Alice") is lesson
    assert lesson in game.player("Alice").hand
    assert chooser.asked_for("learn.lesson")[0].options == (lesson,)
    assert game.events.count("reveal") == 1


# -- reveal (701.20) -----------------------------------------------------------------


def test_701_20b_c_revealed_card_stays_in_zone_and_can_be_revealed_again():
    game, _ = new_game()
    (card,) = put_in(game, "Alice", Zone.HAND, cards("Alice", "Merfolk"))
    reveal(game, "Alice", [card])
    reveal(game, "Alice", [card])
    assert card in game.player("Alice").hand and card.revealed
    assert game.events.count("reveal") == 2


def test_701_20e_look_is_shown_only_to_that_player():
    game, _ = new_game()
    (card,) = put_in(game, "Bob", Zone.HAND, cards("Bob", "Secret"))
    look_at(game, "Alice", [card])
    assert not card.revealed
    assert game.events.of("look")[0].player == "Alice"


# -- behold (701.4) ------------------------------------------------------------------


def is_dragon(obj):
    return "Dragon" in obj.subtypes


def test_701_4a_behold_reveals_a_card_from_hand_or_chooses_a_permanent():
    game, chooser = new_game(script={"behold.choose": [["Hand Dragon"]]})
    (hand_dragon,) = put_in(
        game,
        "Alice",
        Zone.HAND,
        [
            make_card(
                "Hand Dragon", "{4}{R}", types={"creature"}, subtypes={"Dragon"}, owner="Alice"
            )
        ],
    )
    field_dragon = creature(game, "Alice", "Field Dragon", subtypes={"Dragon"})
    creature(game, "Bob", "Bob Dragon", subtypes={"Dragon"})
    beheld = behold(game, "Alice", is_dragon)
    assert beheld is not None and beheld.obj is hand_dragon and beheld.from_hand
    assert hand_dragon.revealed and hand_dragon in game.player("Alice").hand
    offered = chooser.asked_for("behold.choose")[0].options
    assert set(map(id, offered)) == {id(hand_dragon), id(field_dragon)}


def test_701_4b_beheld_quality_is_fixed_when_beheld():
    game, _ = new_game(script={"behold.choose": [["Field Dragon"]]})
    dragon = creature(game, "Alice", "Field Dragon", subtypes={"Dragon"})
    beheld = behold(game, "Alice", is_dragon)
    dragon.card.subtypes = frozenset()  # it stops being a Dragon later
    assert beheld is not None and beheld.had_quality and not beheld.from_hand


# -- explore (701.44) -----------------------------------------------------------------


def test_701_44a_explore_land_goes_to_hand():
    game, _ = new_game()
    scout = creature(game, "Alice", "Scout")
    put_in(game, "Alice", Zone.LIBRARY, [make_land("Forest", owner="Alice")])
    explore(game, scout)
    assert names(game.player("Alice").hand) == ["Forest"]
    assert scout.counters["+1/+1"] == 0


def test_701_44a_explore_nonland_counter_and_may_go_to_graveyard():
    game, _ = new_game(script={"explore.graveyard": [True]})
    scout = creature(game, "Alice", "Scout")
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "Spell"))
    explore(game, scout)
    assert scout.counters["+1/+1"] == 1
    assert names(game.player("Alice").graveyard) == ["Spell"]


def test_701_44a_explore_nonland_may_stay_on_top():
    game, _ = new_game(script={"explore.graveyard": [False]})
    scout = creature(game, "Alice", "Scout")
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "Spell"))
    explore(game, scout)
    assert names(game.player("Alice").library) == ["Spell"]


def test_701_44b_explore_event_even_with_empty_library():
    game, _ = new_game()
    scout = creature(game, "Alice", "Scout")
    assert explore(game, scout) is None
    assert game.events.count("explore") == 1
    assert game.events.count("reveal") == 0


def test_701_44c_explore_after_leaving_uses_last_known_information():
    game, _ = new_game()
    scout = creature(game, "Bob", "Scout", owner="Alice")
    put_in(game, "Bob", Zone.LIBRARY, [make_land("Forest", owner="Bob")])
    game.leave_battlefield(scout, Zone.GRAVEYARD)
    explore(game, scout)
    assert names(game.player("Bob").hand) == ["Forest"]


def test_701_44d_simultaneous_explore_one_at_a_time_apnap():
    game, chooser = new_game(active="Alice")
    a1, a2 = creature(game, "Alice", "A1"), creature(game, "Alice", "A2")
    b = creature(game, "Bob", "B")
    chooser.add("Alice:explore.next", ["A2"])
    explore_simultaneously(game, [b, a1, a2])
    assert [e.objects[0] for e in game.events.of("explore")] == [a2, a1, b]
