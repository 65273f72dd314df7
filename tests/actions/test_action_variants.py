"""Planeswalk, set in motion and abandon (701.31, 701.32, 701.33)."""

from __future__ import annotations

import pytest
from action_helpers import new_game

from crdex.actions.errors import IllegalActionError
from crdex.actions.keywords.variants import (
    abandon,
    face_up_planar_cards,
    planeswalk,
    set_in_motion,
)
from crdex.actions.model import Card, Zone


def plane(name, owner):
    return Card(name, types=frozenset({"plane"}), owner=owner)


def scheme(name, owner="Alice", ongoing=False):
    return Card(
        name,
        types=frozenset({"scheme"}),
        owner=owner,
        supertypes=frozenset({"ongoing"} if ongoing else ()),
    )


def planechase():
    game, _ = new_game()
    game.player("Alice").planar_deck = [plane("A1", "Alice"), plane("A2", "Alice")]
    game.player("Bob").planar_deck = [plane("B1", "Bob")]
    first = plane("B0", "Bob")
    first.zone = Zone.COMMAND
    game.player("Bob").command.append(first)
    return game, first


def test_701_31a_planeswalk_only_in_planechase():
    game, _ = new_game()
    with pytest.raises(IllegalActionError):
        planeswalk(game, "Alice")


def test_701_31a_only_the_planar_controller_planeswalks():
    game, _ = planechase()
    with pytest.raises(IllegalActionError):
        planeswalk(game, "Bob")  # Alice is the active player


def test_701_31b_d_face_up_planes_go_to_owners_deck_bottom_then_top_card_face_up():
    game, first = planechase()
    walked = planeswalk(game, "Alice")
    assert walked.away_from == (first,) and walked.to is not None
    assert walked.to.name == "A1"
    assert game.player("Bob").planar_deck[-1] is first  # its owner's deck, bottom
    assert face_up_planar_cards(game) == [walked.to]
    assert [c.name for c in game.player("Alice").planar_deck] == ["A2"]


def test_701_31b_the_plane_walked_away_from_is_in_the_deck_not_among_the_face_up_cards():
    # 701.31b "put each face-up plane card and phenomenon card on the bottom of its owner's
    # planar deck face down, then move the top card of your planar deck off that planar
    # deck and turn it face up"; 901.4 keeps all of them in the command zone, where the
    # model holds face-up cards in Player.command (zone COMMAND) and deck cards in the
    # deck, in none of the zone lists (zone None)
    game, first = planechase()
    walked = planeswalk(game, "Alice")
    bob = game.player("Bob")
    assert first.zone is None and first not in bob.command and bob.planar_deck[-1] is first
    assert walked.to is not None and walked.to.zone is Zone.COMMAND
    assert game.player("Alice").command == [walked.to]
    # walking back: Alice's plane goes under her deck, Bob's is still his to find
    game.active_player = "Bob"
    again = planeswalk(game, "Bob")
    assert again.away_from == (walked.to,) and walked.to.zone is None
    assert again.to is not None and again.to.name == "B1" and again.to.zone is Zone.COMMAND
    every = [c for p in game.players for c in p.command]
    assert all(c.zone is Zone.COMMAND for c in every)
    decks = [c for p in game.players for c in p.planar_deck or []]
    assert all(c.zone is None for c in decks)


def test_701_32a_only_the_archenemy_sets_schemes_in_motion():
    game, _ = new_game()
    game.player("Alice").scheme_deck = [scheme("S1")]
    game.archenemy = "Alice"
    with pytest.raises(IllegalActionError):
        set_in_motion(game, "Bob")


def test_701_32b_c_set_in_motion_moves_top_schemes_face_up_one_at_a_time():
    game, _ = new_game()
    game.archenemy = "Alice"
    s1, s2, s3 = scheme("S1"), scheme("S2"), scheme("S3")
    game.player("Alice").scheme_deck = [s1, s2, s3]
    assert set_in_motion(game, "Alice", times=2) == [s1, s2]
    assert game.player("Alice").scheme_deck == [s3]
    assert game.events.count("set-in-motion") == 2


def test_701_32b_face_up_scheme_is_set_in_motion_without_moving():
    game, _ = new_game()
    game.archenemy = "Alice"
    s1 = scheme("S1")
    game.player("Alice").scheme_deck = []
    game.player("Alice").command.append(s1)
    assert set_in_motion(game, "Alice", s1) == [s1]
    assert game.player("Alice").command == [s1]


def test_701_33a_b_abandon_only_face_up_ongoing_scheme_to_deck_bottom():
    game, _ = new_game()
    game.archenemy = "Alice"
    ongoing, plain = scheme("Ongoing", ongoing=True), scheme("Plain")
    game.player("Alice").scheme_deck = [scheme("Top")]
    set_in_motion(game, "Alice", ongoing)
    set_in_motion(game, "Alice", plain)
    assert not abandon(game, "Alice", plain)
    assert abandon(game, "Alice", ongoing)
    assert game.player("Alice").scheme_deck[-1] is ongoing
    assert ongoing not in game.player("Alice").command
    # 701.33b "turn it face down and put it on the bottom of its owner's scheme deck":
    # like a plane, no longer among the face-up cards (zone None), as set_in_motion expects
    assert ongoing.zone is None and plain.zone is Zone.COMMAND
