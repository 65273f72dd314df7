"""Monstrosity, suspect, harness, the Ring tempts you, manifest, cloak, manifest dread,
transform, convert and meld (701.37, 701.60, 701.64, 701.54, 701.40, 701.58, 701.62, 701.27,
701.28, 701.42)."""

from __future__ import annotations

from action_helpers import battlefield, cards, creature, new_game, put_in

from crdex.actions.keywords.designations import (
    harness,
    is_ring_bearer,
    monstrosity,
    ring_abilities,
    ring_tempts_you,
    suspect,
    unsuspect,
)
from crdex.actions.keywords.face_down import (
    cloak,
    manifest,
    manifest_dread,
    manifest_from_library,
    turn_face_up,
)
from crdex.actions.keywords.faces import convert, meld, transform
from crdex.actions.model import Card, Zone, make_card, make_creature


def names(seq):
    return [c.name for c in seq]


# -- monstrosity (701.37) -------------------------------------------------------------


def test_701_37a_monstrosity_puts_counters_and_makes_monstrous():
    game, _ = new_game()
    hydra = creature(game, "Alice", "Hydra", 3, 3)
    assert monstrosity(game, hydra, 3)
    assert hydra.counters["+1/+1"] == 3 and "monstrous" in hydra.designations


def test_701_37a_b_monstrosity_only_once():
    game, _ = new_game()
    hydra = creature(game, "Alice", "Hydra", 3, 3)
    monstrosity(game, hydra, 2)
    assert not monstrosity(game, hydra, 5)
    assert hydra.counters["+1/+1"] == 2
    assert game.events.count("monstrous") == 1


def test_701_37b_monstrous_ends_when_it_leaves_the_battlefield():
    game, _ = new_game()
    hydra = creature(game, "Alice", "Hydra", 3, 3)
    monstrosity(game, hydra, 2)
    game.leave_battlefield(hydra, Zone.HAND)
    again = game.put_onto_battlefield(hydra.card, "Alice")
    assert again is not None and "monstrous" not in again.designations
    assert monstrosity(game, again, 1)


def test_701_37c_monstrosity_x_is_remembered():
    game, _ = new_game()
    hydra = creature(game, "Alice", "Hydra", 0, 0)
    monstrosity(game, hydra, 4)
    assert hydra.monstrosity_x == 4


# -- suspect (701.60) and harness (701.64) ---------------------------------------------


def test_701_60a_c_suspected_has_menace_and_cant_block():
    game, _ = new_game()
    rogue = creature(game, "Alice", "Rogue")
    assert suspect(game, rogue)
    assert "menace" in rogue.keywords and "this creature can't block" in rogue.keywords
    assert unsuspect(game, rogue)
    assert "menace" not in rogue.keywords


def test_701_60d_suspected_cant_become_suspected_again():
    game, _ = new_game()
    rogue = creature(game, "Alice", "Rogue")
    suspect(game, rogue)
    assert not suspect(game, rogue)
    assert game.events.count("suspected") == 1


def test_701_60b_only_permanents_can_be_suspected():
    game, _ = new_game()
    rogue = creature(game, "Alice", "Rogue")
    game.leave_battlefield(rogue, Zone.GRAVEYARD)
    assert not suspect(game, rogue)


def test_701_64a_b_harness_once_until_it_leaves():
    game, _ = new_game()
    engine = creature(game, "Alice", "Engine")
    assert harness(game, engine)
    assert not harness(game, engine)
    assert "harnessed" in engine.designations


# -- the Ring tempts you (701.54) ------------------------------------------------------


def test_701_54a_c_ring_emblem_then_ring_bearer_chosen():
    game, _ = new_game(script={"ring.bearer": [["Frodo"], ["Sam"]]})
    frodo = creature(game, "Alice", "Frodo")
    sam = creature(game, "Alice", "Sam")
    assert ring_tempts_you(game, "Alice") is frodo
    assert game.player("Alice").emblems == ["The Ring"]
    assert ring_tempts_you(game, "Alice") is sam
    assert game.player("Alice").emblems == ["The Ring"]  # not a second emblem
    assert not is_ring_bearer(game, "Alice", frodo)
    assert is_ring_bearer(game, "Alice", sam)
    assert len(ring_abilities(game, "Alice")) == 2


def test_701_54a_e_ring_bearer_ends_when_another_player_gains_control():
    game, _ = new_game()
    frodo = creature(game, "Alice", "Frodo")
    ring_tempts_you(game, "Alice")
    game.change_control(frodo, "Bob")
    assert not is_ring_bearer(game, "Alice", frodo)
    assert not is_ring_bearer(game, "Bob", frodo)


def test_701_54d_ring_tempts_even_without_creatures():
    game, _ = new_game()
    assert ring_tempts_you(game, "Alice") is None
    assert game.events.count("ring-tempts") == 1
    assert game.player("Alice").ring_temptations == 1


def test_701_54c_ring_abilities_grow_to_four():
    game, _ = new_game()
    for _ in range(5):
        ring_tempts_you(game, "Alice")
    abilities = ring_abilities(game, "Alice")
    assert len(abilities) == 4
    assert "each opponent loses 3 life" in abilities[3]


# -- manifest (701.40) and cloak (701.58) ----------------------------------------------


def test_701_40a_manifest_is_a_face_down_2_2_with_no_name_text_subtypes_or_cost():
    game, _ = new_game()
    dragon = make_creature(
        "Dragon", "{4}{R}{R}", 6, 6, subtypes={"Dragon"}, owner="Alice", text="Flying"
    )
    put_in(game, "Alice", Zone.LIBRARY, [dragon])
    (perm,) = manifest_from_library(game, "Alice")
    assert perm.is_face_down and perm.card is dragon
    assert (perm.power, perm.toughness) == (2, 2)
    assert perm.types == {"creature"} and perm.subtypes == frozenset()
    assert perm.name == "" and perm.text == "" and perm.mana_cost is None
    assert perm.mana_value == 0 and perm.colors == frozenset()


def test_701_40b_turn_manifested_creature_face_up_by_paying_its_cost():
    game, _ = new_game()
    dragon = make_creature("Dragon", "{1}{R}", 4, 4, owner="Alice")
    perm = manifest(game, "Alice", dragon)
    assert perm is not None
    assert not turn_face_up(game, perm)  # no mana
    game.player("Alice").mana_pool.update({"R": 2})
    assert turn_face_up(game, perm)
    assert (perm.name, perm.power) == ("Dragon", 4)
    assert game.player("Alice").mana_pool == {}


def test_701_40b_noncreature_manifest_cant_be_turned_up_this_way():
    game, _ = new_game()
    rock = make_card("Rock", "{1}", types={"artifact"}, owner="Alice")
    perm = manifest(game, "Alice", rock)
    game.player("Alice").mana_pool["C"] = 1
    assert perm is not None and not turn_face_up(game, perm)
    assert perm.is_face_down


def test_701_40e_manifest_several_one_at_a_time():
    game, _ = new_game()
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B", "C"))
    made = manifest_from_library(game, "Alice", 2)
    assert [p.card.name for p in made] == ["A", "B"]
    assert game.events.count("manifested") == 2


def test_701_40f_prohibited_face_down_entry_leaves_card_where_it_was():
    game, _ = new_game()
    game.entry_restrictions.append(lambda g, card, face_down: face_down is not None)
    (card,) = put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A"))
    assert manifest(game, "Alice", card) is None
    assert game.player("Alice").library == [card] and card.zone == Zone.LIBRARY
    assert game.events.count("manifested") == 0


def test_701_40g_manifested_instant_is_revealed_and_stays_face_down():
    game, _ = new_game()
    bolt = make_card("Bolt", "{R}", types={"instant"}, owner="Alice")
    perm = manifest(game, "Alice", bolt)
    game.player("Alice").mana_pool["R"] = 1
    assert perm is not None and not turn_face_up(game, perm)
    assert perm.is_face_down and bolt.revealed
    assert game.events.count("turned-face-up") == 0


def test_701_58a_cloak_is_a_face_down_2_2_with_ward_2():
    game, _ = new_game()
    card = make_creature("Knight", "{W}", 1, 1, owner="Alice")
    perm = cloak(game, "Alice", card)
    assert perm is not None
    assert (perm.power, perm.toughness) == (2, 2) and perm.name == ""
    assert perm.keywords == {"ward {2}"}
    game.player("Alice").mana_pool["W"] = 1
    assert turn_face_up(game, perm)  # 701.58b
    assert "ward {2}" not in perm.keywords and perm.power == 1


def test_701_58f_prohibited_cloak_isnt_cloaked():
    game, _ = new_game()
    game.entry_restrictions.append(lambda g, card, face_down: face_down == "cloaked")
    (card,) = put_in(game, "Alice", Zone.HAND, cards("Alice", "A"))
    assert cloak(game, "Alice", card) is None and card in game.player("Alice").hand


# -- manifest dread (701.62) -------------------------------------------------------------


def test_701_62a_manifest_dread_manifests_one_and_mills_the_other():
    game, _ = new_game(script={"manifest_dread.card": [["B"]]})
    put_in(game, "Alice", Zone.LIBRARY, cards("Alice", "A", "B", "C"))
    perm = manifest_dread(game, "Alice")
    assert perm is not None and perm.card.name == "B" and perm.is_face_down
    assert names(game.player("Alice").graveyard) == ["A"]
    assert names(game.player("Alice").library) == ["C"]


def test_701_62b_manifest_dread_event_even_with_empty_library():
    game, _ = new_game()
    assert manifest_dread(game, "Alice") is None
    assert game.events.count("manifest-dread") == 1


# -- transform (701.27), convert (701.28) ----------------------------------------------


def werewolf(owner="Alice"):
    back = make_creature("Werewolf", None, 4, 4, owner=owner)
    return make_creature("Villager", "{1}{G}", 2, 2, owner=owner, back=back)


def test_701_27a_transform_turns_other_face_up_same_object():
    game, _ = new_game()
    perm = battlefield(game, "Alice", werewolf())
    perm.counters["+1/+1"] = 1
    assert transform(game, perm)
    assert perm.name == "Werewolf" and perm.power == 5 and perm.transformed
    assert perm.mana_value == 2  # 712.8e: front face's mana cost
    assert transform(game, perm)
    assert perm.name == "Villager" and not perm.transformed


def test_701_27b_transforming_is_not_turning_face_down():
    game, _ = new_game()
    perm = battlefield(game, "Alice", werewolf())
    transform(game, perm)
    assert game.events.count("transformed") == 1
    assert not any("face-down" in k or "face down" in k for k in game.events.kinds())


def test_701_27c_single_faced_permanent_doesnt_transform():
    game, _ = new_game()
    bear = creature(game, "Alice")
    assert not transform(game, bear)
    assert game.events.count("transformed") == 0


def test_701_27d_instant_or_sorcery_face_nothing_happens():
    game, _ = new_game()
    back = make_card("Spell Side", "{U}", types={"sorcery"}, owner="Alice")
    card = make_creature("Front", "{U}", 1, 1, owner="Alice", back=back)
    perm = battlefield(game, "Alice", card)
    assert not transform(game, perm) and perm.name == "Front"


def test_701_27f_ignored_if_already_transformed_since_ability_was_put_on_stack():
    game, _ = new_game()
    perm = battlefield(game, "Alice", werewolf())
    on_stack = perm.face_changes
    transform(game, perm)  # something else transformed it in response
    assert not transform(game, perm, since=on_stack)
    assert perm.name == "Werewolf"


def test_701_28a_c_convert_works_like_transform():
    game, _ = new_game()
    perm = battlefield(game, "Alice", werewolf())
    assert convert(game, perm) and perm.name == "Werewolf"
    assert game.events.count("converted") == 1
    assert not convert(game, creature(game, "Alice"))


def test_701_28e_convert_ignored_after_a_transform_since():
    game, _ = new_game()
    perm = battlefield(game, "Alice", werewolf())
    mark = perm.face_changes
    transform(game, perm)
    assert not convert(game, perm, since=mark)


def test_701_28f_cant_transform_means_cant_convert():
    game, _ = new_game()
    perm = battlefield(game, "Alice", werewolf())
    perm.cant_transform = True
    assert not convert(game, perm) and not transform(game, perm)


# -- meld (701.42) ---------------------------------------------------------------------


def meld_pair():
    host = make_creature("Chittering Host", None, 5, 6, owner="Alice")
    scavengers = make_creature(
        "Midnight Scavengers", "{4}{B}", 3, 3, owner="Alice", meld_with="Graf Rats", melded=host
    )
    rats = make_creature(
        "Graf Rats", "{1}{B}", 2, 1, owner="Alice", meld_with="Midnight Scavengers"
    )
    return scavengers, rats


def test_701_42a_meld_makes_one_permanent_from_two_cards_back_faces_up():
    game, _ = new_game()
    scavengers, rats = meld_pair()
    put_in(game, "Alice", Zone.EXILE, [scavengers, rats])
    perm = meld(game, "Alice", scavengers, rats)
    assert perm is not None and len(game.battlefield) == 1
    assert perm.name == "Chittering Host" and (perm.power, perm.toughness) == (5, 6)
    assert perm.cards == (scavengers, rats)
    assert perm.mana_value == 7  # 712.8g: sum of the front faces
    assert not perm.transformed  # 701.27g


def test_701_42b_c_token_copy_cant_meld_and_stays_exiled():
    """The rule's example: Midnight Scavengers and a token copy of Graf Rats."""
    game, _ = new_game()
    scavengers, rats = meld_pair()
    token_rats = rats.copy(token=True)
    put_in(game, "Alice", Zone.EXILE, [scavengers])
    assert meld(game, "Alice", scavengers, token_rats) is None
    assert scavengers in game.player("Alice").exile
    assert game.battlefield == []


def test_701_42b_cards_of_different_pairs_cant_meld():
    game, _ = new_game()
    scavengers, _rats = meld_pair()
    other = Card("Graf Rats Impostor", "{1}", types=frozenset({"creature"}), owner="Alice")
    put_in(game, "Alice", Zone.EXILE, [scavengers, other])
    assert meld(game, "Alice", scavengers, other) is None
    assert game.battlefield == []
