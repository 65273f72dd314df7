"""Vote, face a villainous choice, collect evidence, forage, venture into the dungeon, open an
Attraction, roll to visit your Attractions (701.38, 701.55, 701.59, 701.61, 701.49, 701.51,
701.52)."""

from __future__ import annotations

import pytest
from action_helpers import cards, creature, new_game, put_in

from crdex.actions.errors import IllegalActionError
from crdex.actions.keywords.attractions import open_an_attraction, roll_to_visit_your_attractions
from crdex.actions.keywords.dungeons import current_dungeon, venture_into_the_dungeon
from crdex.actions.keywords.graveyard import (
    can_collect_evidence,
    can_forage,
    collect_evidence,
    forage,
)
from crdex.actions.keywords.tokens import create
from crdex.actions.keywords.voting import (
    VillainousOption,
    face_villainous_choice,
    face_villainous_choice_each,
    vote,
)
from crdex.actions.model import AttractionCard, DungeonCard, Zone
from crdex.actions.token_kinds import food_token

# -- vote (701.38) ---------------------------------------------------------------------


def test_701_38a_each_player_votes_starting_with_the_specified_player_in_turn_order():
    game, chooser = new_game(
        "Alice",
        "Bob",
        "Carol",
        script={"Alice:vote": ["grace"], "Bob:vote": ["condemnation"], "Carol:vote": ["grace"]},
    )
    result = vote(game, ["grace", "condemnation"], starting_with="Bob")
    assert [p for p, _ in result.votes] == ["Bob", "Carol", "Alice"]
    assert result.tally == {"grace": 2, "condemnation": 1}
    assert result.winners == ["grace"]
    assert [a.player for a in chooser.asked_for("vote")] == ["Bob", "Carol", "Alice"]


def test_701_38b_choices_may_be_objects():
    game, _ = new_game(script={"vote": [["Ogre"], ["Ogre"]]})
    ogre, elf = creature(game, "Alice", "Ogre"), creature(game, "Bob", "Elf")
    assert vote(game, [ogre, elf], starting_with="Alice").winners == [ogre]


def test_701_38d_multiple_votes_happen_when_that_player_votes():
    game, _ = new_game("Alice", "Bob", "Carol")
    result = vote(game, ["a", "b"], starting_with="Alice", extra_votes={"Bob": 1})
    assert [p for p, _ in result.votes] == ["Alice", "Bob", "Bob", "Carol"]
    assert game.events.count("vote") == 4


# -- face a villainous choice (701.55) ---------------------------------------------------


def lose(amount):
    return VillainousOption(f"lose {amount} life", lambda g, p: g.lose_life(p, amount))


def discard_hand():
    def perform(game, player):
        for card in list(player.hand):
            game.move_card(card, Zone.GRAVEYARD)

    return VillainousOption("discard your hand", perform)


def test_701_55a_chosen_option_is_performed():
    game, _ = new_game(script={"villainous_choice": [["lose 4 life"]]})
    face_villainous_choice(game, "Bob", lose(4), discard_hand())
    assert game.player("Bob").life == 16


def test_701_55b_impossible_option_may_be_chosen_and_is_done_as_far_as_possible():
    game, _ = new_game(script={"villainous_choice": [["discard your hand"]]})
    (chosen,) = face_villainous_choice(game, "Bob", lose(4), discard_hand())  # empty hand
    assert chosen.text == "discard your hand" and game.player("Bob").life == 20


def test_701_55c_additional_times_one_at_a_time():
    game, chooser = new_game(script={"villainous_choice": [["lose 4 life"], ["lose 4 life"]]})
    face_villainous_choice(game, "Bob", lose(4), discard_hand(), times=2)
    assert game.player("Bob").life == 12
    assert len(chooser.asked_for("villainous_choice")) == 2


def test_701_55d_several_players_in_apnap_order():
    game, chooser = new_game("Alice", "Bob", "Carol", active="Bob")
    face_villainous_choice_each(game, ["Alice", "Bob", "Carol"], lose(1), discard_hand())
    assert [a.player for a in chooser.asked_for("villainous_choice")] == ["Bob", "Carol", "Alice"]


# -- collect evidence (701.59) -------------------------------------------------------------


def test_701_59a_collect_evidence_exiles_cards_totalling_n_or_more():
    game, _ = new_game(script={"collect_evidence.cards": [["Three", "One"]]})
    put_in(
        game,
        "Alice",
        Zone.GRAVEYARD,
        cards("Alice", ("Three", "{2}{B}"), ("One", "{G}"), ("Two", "{1}{U}")),
    )
    exiled = collect_evidence(game, "Alice", 4)
    assert sorted(c.name for c in exiled) == ["One", "Three"]
    assert [c.name for c in game.player("Alice").graveyard] == ["Two"]


def test_701_59b_cant_choose_to_collect_evidence_without_enough_mana_value():
    game, _ = new_game()
    put_in(game, "Alice", Zone.GRAVEYARD, cards("Alice", ("One", "{G}"), "Forest"))
    assert not can_collect_evidence(game, "Alice", 2)
    with pytest.raises(IllegalActionError):
        collect_evidence(game, "Alice", 2)
    assert len(game.player("Alice").graveyard) == 2


# -- forage (701.61) ---------------------------------------------------------------------------


def test_701_61a_forage_by_exiling_three_cards():
    game, _ = new_game(script={"forage.cards": [["A", "B", "C"]]})
    put_in(game, "Alice", Zone.GRAVEYARD, cards("Alice", "A", "B", "C", "D"))
    forage(game, "Alice")
    assert [c.name for c in game.player("Alice").graveyard] == ["D"]


def test_701_61a_forage_by_sacrificing_a_food():
    game, chooser = new_game()
    put_in(game, "Alice", Zone.GRAVEYARD, cards("Alice", "A", "B"))  # only two cards
    (food,) = create(game, "Alice", food_token())
    forage(game, "Alice")
    assert not game.is_on_battlefield(food)
    assert chooser.asked_for("forage.how")[0].options == ("sacrifice",)


def test_701_61a_forage_impossible_without_three_cards_or_a_food():
    game, _ = new_game()
    put_in(game, "Alice", Zone.GRAVEYARD, cards("Alice", "A", "B"))
    assert not can_forage(game, "Alice")
    with pytest.raises(IllegalActionError):
        forage(game, "Alice")


# -- venture into the dungeon (701.49) ----------------------------------------------------


def lost_mine():
    return DungeonCard(
        "Lost Mine",
        rooms={
            "Cave Entrance": ("Goblin Lair", "Mine Tunnels"),
            "Goblin Lair": ("Dark Pool",),
            "Mine Tunnels": ("Dark Pool",),
            "Dark Pool": (),
        },
        top="Cave Entrance",
        owner="Alice",
    )


def test_701_49a_first_venture_brings_a_dungeon_into_the_command_zone():
    game, _ = new_game()
    (mine,) = put_in(game, "Alice", Zone.OUTSIDE, [lost_mine()])
    assert venture_into_the_dungeon(game, "Alice") == "Cave Entrance"
    assert current_dungeon(game, "Alice") is mine and mine.zone == Zone.COMMAND


def test_701_49b_venture_follows_an_arrow_chosen_among_several():
    game, chooser = new_game(script={"venture.room": [["Mine Tunnels"]]})
    put_in(game, "Alice", Zone.OUTSIDE, [lost_mine()])
    venture_into_the_dungeon(game, "Alice")
    assert venture_into_the_dungeon(game, "Alice") == "Mine Tunnels"
    assert chooser.asked_for("venture.room")[0].options == ("Goblin Lair", "Mine Tunnels")
    assert venture_into_the_dungeon(game, "Alice") == "Dark Pool"


def test_701_49c_venturing_from_bottommost_room_completes_and_starts_again():
    game, _ = new_game()
    (mine,) = put_in(game, "Alice", Zone.OUTSIDE, [lost_mine()])
    for _ in range(3):
        venture_into_the_dungeon(game, "Alice")
    assert game.player("Alice").venture_room == "Dark Pool"
    assert venture_into_the_dungeon(game, "Alice") == "Cave Entrance"
    assert game.player("Alice").completed_dungeons == ["Lost Mine"]
    assert game.events.count("dungeon-completed") == 1
    assert current_dungeon(game, "Alice") is mine


def test_701_49d_venture_into_quality_picks_a_dungeon_with_that_quality():
    game, chooser = new_game()
    undercity = DungeonCard(
        "Undercity", rooms={"Secret Entrance": ()}, top="Secret Entrance", owner="Alice"
    )
    put_in(game, "Alice", Zone.OUTSIDE, [lost_mine(), undercity])
    venture_into_the_dungeon(game, "Alice", quality=lambda d: d.name == "Undercity")
    assert current_dungeon(game, "Alice") is undercity
    assert chooser.asked_for("venture.dungeon")[0].options == (undercity,)


# -- attractions (701.51, 701.52) -----------------------------------------------------------


def test_701_51a_only_with_an_attraction_deck():
    game, _ = new_game()
    with pytest.raises(IllegalActionError):
        open_an_attraction(game, "Alice")


def test_701_51b_c_open_puts_top_attraction_onto_battlefield():
    game, _ = new_game()
    ride = AttractionCard("Ride", lights={2, 3}, owner="Alice")
    game.player("Alice").attraction_deck = [ride, AttractionCard("Other", owner="Alice")]
    perm = open_an_attraction(game, "Alice")
    assert perm is not None and perm.card is ride and perm.controller == "Alice"
    assert len(game.player("Alice").attraction_deck) == 1
    assert game.events.count("attraction-opened") == 1


def test_701_51c_no_trigger_if_attraction_cant_enter():
    game, _ = new_game()
    game.player("Alice").attraction_deck = [AttractionCard("Ride", owner="Alice")]
    game.entry_restrictions.append(lambda g, card, face_down: True)
    assert open_an_attraction(game, "Alice") is None
    assert game.events.count("attraction-opened") == 0


def test_701_52a_roll_visits_attractions_with_that_number_lit():
    game, _ = new_game(seed=4)
    game.player("Alice").attraction_deck = [
        AttractionCard("All Lit", lights={1, 2, 3, 4, 5, 6}, owner="Alice"),
        AttractionCard("None Lit", owner="Alice"),
    ]
    lit = open_an_attraction(game, "Alice")
    open_an_attraction(game, "Alice")
    result, visited = roll_to_visit_your_attractions(game, "Alice")
    assert 1 <= result <= 6
    assert visited == [lit]
    assert game.events.count("visit") == 1
