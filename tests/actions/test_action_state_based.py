"""The state-based actions the keyword actions lean on (704.5), with fight, blight and
regeneration (701.14, 701.68, 701.8b, 701.19a)."""

from __future__ import annotations

from action_helpers import creature, new_game

from crdex.actions.keywords.counters import blight
from crdex.actions.keywords.damage import fight
from crdex.actions.keywords.removal import regenerate
from crdex.actions.state_based import check_state_based_actions


def test_701_8b_lethal_damage_from_a_fight_destroys():
    game, _ = new_game()
    ogre = creature(game, "Alice", "Ogre", 3, 3)
    elf = creature(game, "Bob", "Elf", 1, 2)
    fight(game, ogre, elf)
    check_state_based_actions(game)
    assert not game.is_on_battlefield(elf) and game.is_on_battlefield(ogre)
    assert game.events.count("destroyed") == 1


def test_701_19a_regeneration_replaces_lethal_damage_destruction():
    game, _ = new_game()
    ogre = creature(game, "Alice", "Ogre", 3, 3)
    elf = creature(game, "Bob", "Elf", 1, 2)
    regenerate(game, elf)
    fight(game, ogre, elf)
    check_state_based_actions(game)
    assert game.is_on_battlefield(elf) and elf.damage == 0 and elf.tapped


def test_701_68a_blight_to_zero_toughness_goes_to_graveyard_regeneration_cant_help():
    game, _ = new_game()
    elf = creature(game, "Alice", "Elf", 1, 1)
    regenerate(game, elf)
    blight(game, "Alice", 1)
    check_state_based_actions(game)
    assert elf.card in game.player("Alice").graveyard
    assert game.events.count("regenerated") == 0


def test_704_5q_plus_and_minus_counters_annihilate():
    game, _ = new_game()
    elf = creature(game, "Alice", "Elf", 1, 1)
    elf.counters.update({"+1/+1": 3, "-1/-1": 1})
    check_state_based_actions(game)
    assert elf.counters == {"+1/+1": 2}
