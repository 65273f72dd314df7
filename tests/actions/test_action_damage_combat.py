"""Fight, heal, goad, detain, exert and who may attack or block, checked against 701.14,
701.69, 701.15, 701.35, 701.43 and 701.60c."""

from __future__ import annotations

from action_helpers import creature, new_game

from crdex.actions.keywords.combat import (
    can_activate_abilities,
    can_attack,
    can_attack_or_block,
    can_block,
    detain,
    exert,
    goad,
    goad_defenders,
    must_attack,
)
from crdex.actions.keywords.damage import fight, heal
from crdex.actions.keywords.designations import suspect, unsuspect
from crdex.actions.model import Zone


def test_701_14a_each_fighter_deals_damage_equal_to_its_power_to_the_other():
    game, _ = new_game()
    a = creature(game, "Alice", "Ogre", 3, 3)
    b = creature(game, "Bob", "Elf", 1, 4)
    assert fight(game, a, b)
    assert b.damage == 3 and a.damage == 1


def test_701_14b_no_fight_if_one_left_the_battlefield():
    game, _ = new_game()
    a = creature(game, "Alice", "Ogre", 3, 3)
    b = creature(game, "Bob", "Elf", 1, 4)
    game.leave_battlefield(b, Zone.GRAVEYARD)
    assert not fight(game, a, b)
    assert a.damage == 0
    assert game.events.count("damage") == 0


def test_701_14b_no_fight_if_one_is_no_longer_a_creature():
    game, _ = new_game()
    a = creature(game, "Alice", "Ogre", 3, 3)
    b = creature(game, "Bob", "Elf", 1, 4)
    b.card.types = frozenset({"artifact"})
    assert not fight(game, a, b)
    assert a.damage == 0 and b.damage == 0


def test_701_14b_no_fight_if_a_target_is_illegal():
    game, _ = new_game()
    a = creature(game, "Alice", "Ogre", 3, 3)
    b = creature(game, "Bob", "Elf", 1, 4)
    assert not fight(game, a, b, targets_legal=False)
    assert a.damage == 0 and b.damage == 0


def test_701_14c_creature_fighting_itself_deals_twice_its_power_to_itself():
    game, _ = new_game()
    a = creature(game, "Alice", "Ogre", 3, 7)
    assert fight(game, a, a)
    assert a.damage == 6


def test_701_14d_fight_damage_is_not_combat_damage():
    game, _ = new_game()
    a = creature(game, "Alice", "Ogre", 3, 3)
    b = creature(game, "Bob", "Elf", 1, 4)
    fight(game, a, b)
    assert all(not e["combat"] for e in game.events.of("damage"))


def test_701_69a_heal_removes_marked_damage():
    game, _ = new_game()
    a = creature(game, "Alice", "Ogre", 3, 5)
    a.damage = 4
    assert heal(game, a, 3) == 3
    assert a.damage == 1
    assert heal(game, a) == 1  # "is healed": all of it
    assert a.damage == 0


def test_701_15a_goaded_until_the_goading_players_next_turn():
    game, _ = new_game("Alice", "Bob", "Carol")
    ogre = creature(game, "Bob", "Ogre")
    assert goad(game, ogre, "Alice")
    assert must_attack(ogre)
    game.begin_turn("Bob")
    assert must_attack(ogre)  # Bob's turn isn't Alice's
    game.begin_turn("Alice")
    assert not must_attack(ogre)


def test_701_15b_goaded_creature_attacks_a_player_other_than_the_goader():
    game, _ = new_game("Alice", "Bob", "Carol")
    ogre = creature(game, "Bob", "Ogre")
    goad(game, ogre, "Alice")
    assert goad_defenders(game, ogre) == ["Carol"]


def test_701_15c_goaded_by_multiple_players_adds_requirements():
    game, _ = new_game("Alice", "Bob", "Carol", "Dave")
    ogre = creature(game, "Bob", "Ogre")
    goad(game, ogre, "Alice")
    goad(game, ogre, "Carol")
    assert ogre.goaded_by == {"Alice", "Carol"}
    assert goad_defenders(game, ogre) == ["Dave"]


def test_701_15d_same_player_goading_again_has_no_effect():
    game, _ = new_game()
    ogre = creature(game, "Bob", "Ogre")
    assert goad(game, ogre, "Alice")
    assert not goad(game, ogre, "Alice")
    assert game.events.count("goaded") == 1


def test_701_15b_goaded_is_not_copiable_and_ends_when_it_leaves():
    game, _ = new_game()
    ogre = creature(game, "Bob", "Ogre")
    goad(game, ogre, "Alice")
    game.leave_battlefield(ogre, Zone.GRAVEYARD)
    again = game.put_onto_battlefield(ogre.card, "Bob")
    assert again is not None and not must_attack(again)


def test_701_35a_detained_cant_attack_block_or_activate_until_detainers_next_turn():
    game, _ = new_game()
    ogre = creature(game, "Bob", "Ogre")
    detain(game, ogre, "Alice")
    assert not can_attack_or_block(ogre)
    assert not can_activate_abilities(ogre)
    game.begin_turn("Bob")
    assert not can_attack_or_block(ogre)
    game.begin_turn("Alice")
    assert can_attack_or_block(ogre) and can_activate_abilities(ogre)


def test_701_60c_suspected_can_attack_but_cant_block():
    # 701.60c "A suspected permanent has menace and "This creature can't block" for as long
    # as it's suspected." Nothing keeps it from attacking.
    game, _ = new_game()
    rogue = creature(game, "Bob", "Rogue")
    assert can_attack(rogue) and can_block(rogue)
    suspect(game, rogue)
    assert can_attack(rogue)
    assert not can_block(rogue)
    assert not can_attack_or_block(rogue)
    # 701.60a "... until a spell or ability causes it to no longer be suspected"
    unsuspect(game, rogue)
    assert can_block(rogue) and can_attack_or_block(rogue)


def test_701_35a_detained_can_neither_attack_nor_block():
    game, _ = new_game()
    ogre = creature(game, "Bob", "Ogre")
    detain(game, ogre, "Alice")
    assert not can_attack(ogre) and not can_block(ogre)


def test_701_43a_exerted_permanent_doesnt_untap_during_next_untap_step():
    game, _ = new_game()
    ogre = creature(game, "Alice", "Ogre")
    ogre.tapped = True
    exert(game, ogre)
    game.begin_turn("Alice")
    assert ogre.tapped
    game.begin_turn("Alice")
    assert not ogre.tapped  # only the next untap step


def test_701_43b_exerted_twice_expires_in_the_same_untap_step():
    game, _ = new_game()
    ogre = creature(game, "Alice", "Ogre")
    assert exert(game, ogre)  # untapped: still allowed
    assert exert(game, ogre)  # already exerted: still allowed
    ogre.tapped = True
    game.begin_turn("Alice")
    assert ogre.tapped
    game.begin_turn("Alice")
    assert not ogre.tapped


def test_701_43c_object_not_on_battlefield_cant_be_exerted():
    game, _ = new_game()
    ogre = creature(game, "Alice", "Ogre")
    game.leave_battlefield(ogre, Zone.GRAVEYARD)
    assert not exert(game, ogre)
    assert game.events.count("exerted") == 0
