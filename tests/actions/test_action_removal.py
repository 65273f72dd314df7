"""Destroy, regenerate, sacrifice and exile, checked against 701.8, 701.19, 701.21, 701.13."""

from __future__ import annotations

import pytest
from action_helpers import cards, creature, new_game, put_in

from crdex.actions.errors import IllegalActionError
from crdex.actions.keywords.removal import (
    can_sacrifice,
    destroy,
    exile,
    regenerate,
    regenerate_static,
    sacrifice,
)
from crdex.actions.model import Zone


def test_701_8a_destroy_moves_permanent_to_owners_graveyard():
    game, _ = new_game()
    bear = creature(game, "Bob", owner="Alice")  # Bob controls Alice's card
    assert destroy(game, bear)
    assert bear not in game.battlefield
    assert game.player("Alice").graveyard == [bear.card]
    assert game.player("Bob").graveyard == []


def test_701_8c_701_19a_regeneration_shield_replaces_destruction():
    game, _ = new_game()
    bear = creature(game, "Alice")
    bear.damage = 1
    bear.attacking = True
    regenerate(game, bear)
    assert not destroy(game, bear)
    assert game.is_on_battlefield(bear)
    assert bear.damage == 0  # all damage removed
    assert bear.tapped  # its controller taps it
    assert not bear.attacking  # removed from combat
    assert game.events.count("destroyed") == 0
    assert game.events.count("regenerated") == 1


def test_701_19a_shield_is_used_up_the_next_time():
    game, _ = new_game()
    bear = creature(game, "Alice")
    regenerate(game, bear)
    assert not destroy(game, bear)
    assert destroy(game, bear)  # no shield left
    assert bear.card in game.player("Alice").graveyard


def test_701_19a_shield_lasts_only_this_turn():
    game, _ = new_game()
    bear = creature(game, "Alice")
    regenerate(game, bear)
    game.begin_turn("Bob")
    assert destroy(game, bear)


def test_701_19b_static_regeneration_replaces_each_destruction():
    game, _ = new_game()
    bear = creature(game, "Alice")
    regenerate_static(game, bear)
    assert not destroy(game, bear)
    assert not destroy(game, bear)
    assert game.events.count("regenerated") == 2


def test_701_19c_cant_be_regenerated_shield_can_be_made_but_isnt_applied():
    game, _ = new_game()
    bear = creature(game, "Alice")
    bear.cant_be_regenerated = True
    regenerate(game, bear)
    assert game.events.count("regeneration-shield") == 1
    assert destroy(game, bear)


def test_701_21a_sacrifice_moves_directly_to_owners_graveyard_regeneration_ignored():
    game, _ = new_game()
    bear = creature(game, "Alice")
    regenerate(game, bear)
    sacrifice(game, "Alice", bear)
    assert bear.card in game.player("Alice").graveyard
    assert game.events.count("regenerated") == 0
    assert game.events.count("destroyed") == 0


def test_701_21a_sacrificing_something_you_dont_control_is_impossible():
    game, _ = new_game()
    bears = creature(game, "Bob")
    assert not can_sacrifice(game, "Alice", bears)
    with pytest.raises(IllegalActionError):
        sacrifice(game, "Alice", bears)
    assert game.is_on_battlefield(bears)


def test_701_21a_cant_sacrifice_something_that_isnt_a_permanent():
    game, _ = new_game()
    (card,) = put_in(game, "Alice", Zone.HAND, cards("Alice", "Bear"))
    assert not can_sacrifice(game, "Alice", card)
    with pytest.raises(IllegalActionError):
        sacrifice(game, "Alice", card)


def test_701_8b_701_21a_sacrifice_is_not_destruction_indestructible_doesnt_help():
    game, _ = new_game()
    god = creature(game, "Alice", "God", keywords={"indestructible"})
    assert not destroy(game, god)
    sacrifice(game, "Alice", god)
    assert not game.is_on_battlefield(god)


def test_701_13a_exile_from_battlefield_and_from_graveyard():
    game, _ = new_game()
    bear = creature(game, "Alice")
    (dead,) = put_in(game, "Bob", Zone.GRAVEYARD, cards("Bob", "Dead"))
    exile(game, bear)
    exile(game, dead)
    assert game.player("Alice").exile == [bear.card]
    assert game.player("Bob").exile == [dead]
    assert dead.zone == Zone.EXILE


def test_701_13a_exiled_token_ceases_to_exist():
    game, _ = new_game()
    bear = creature(game, "Alice")
    bear.card.token = True
    assert exile(game, bear) == []
    assert game.player("Alice").exile == []
