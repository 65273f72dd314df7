"""Double, triple, exchange, tap/untap and attach (701.10, 701.11, 701.12, 701.26, 701.3)."""

from __future__ import annotations

from action_helpers import battlefield, cards, creature, new_game, put_in

from crdex.actions.keywords.attachments import attach, unattach
from crdex.actions.keywords.doubling import (
    double,
    double_counters,
    double_damage,
    double_life,
    double_mana,
    triple,
)
from crdex.actions.keywords.exchange import (
    exchange_cards,
    exchange_control,
    exchange_life_and_value,
    exchange_life_totals,
    exchange_values,
    exchange_zones,
)
from crdex.actions.keywords.tapping import tap, untap
from crdex.actions.model import Card, Zone, make_artifact, make_card, make_land

# -- double (701.10) / triple (701.11) ------------------------------------------------


def test_701_10a_b_doubling_power_gives_plus_x_not_a_set_value():
    game, _ = new_game()
    ogre = creature(game, "Alice", "Ogre", 3, 4)
    assert double(game, ogre, toughness=False) == (3, 0)
    assert (ogre.power, ogre.toughness) == (6, 4)
    ogre.counters["+1/+1"] = 1  # later modifications still apply: it wasn't set
    assert ogre.power == 7


def test_701_10b_doubling_power_and_toughness():
    game, _ = new_game()
    ogre = creature(game, "Alice", "Ogre", 3, 4)
    double(game, ogre)
    assert (ogre.power, ogre.toughness) == (6, 8)


def test_701_10c_doubling_negative_power():
    game, _ = new_game()
    weak = creature(game, "Alice", "Weak", 1, 5)
    weak.pt_effects.append((-3, 0))  # -2/5
    assert double(game, weak) == (-2, 5)  # -X/+Y with X = 0 - (-2)
    assert (weak.power, weak.toughness) == (-4, 10)


def test_701_10d_doubling_life_total():
    game, _ = new_game()
    game.player("Alice").life = 7
    assert double_life(game, "Alice") == 7
    assert game.player("Alice").life == 14
    assert game.events.of("life-gain")[0]["amount"] == 7


def test_701_10d_doubling_negative_life_total_loses_life():
    game, _ = new_game()
    game.player("Alice").life = -3
    double_life(game, "Alice")
    assert game.player("Alice").life == -6


def test_701_10e_doubling_counters():
    game, _ = new_game()
    ogre = creature(game, "Alice", "Ogre")
    ogre.counters["+1/+1"] = 3
    game.player("Bob").counters["poison"] = 2
    double_counters(game, ogre, "+1/+1")
    double_counters(game, game.player("Bob"), "poison")
    assert ogre.counters["+1/+1"] == 6 and game.player("Bob").counters["poison"] == 4


def test_701_10f_doubling_mana():
    game, _ = new_game()
    game.player("Alice").mana_pool.update({"G": 3, "R": 1})
    double_mana(game, "Alice", "G")
    assert game.player("Alice").mana_pool == {"G": 6, "R": 1}


def test_701_10g_doubling_damage():
    assert double_damage(3) == 6


def test_701_11b_tripling_power_and_toughness():
    game, _ = new_game()
    ogre = creature(game, "Alice", "Ogre", 2, 3)
    assert triple(game, ogre) == (4, 6)
    assert (ogre.power, ogre.toughness) == (6, 9)


def test_701_11c_tripling_negative_power():
    game, _ = new_game()
    weak = creature(game, "Alice", "Weak", 0, 3)
    weak.pt_effects.append((-2, 0))
    triple(game, weak, toughness=False)
    assert weak.power == -6


# -- exchange (701.12) --------------------------------------------------------------------


def test_701_12a_b_exchange_control_of_permanents_of_different_controllers():
    game, _ = new_game()
    mine, theirs = creature(game, "Alice", "Mine"), creature(game, "Bob", "Theirs")
    assert exchange_control(game, mine, theirs)
    assert (mine.controller, theirs.controller) == ("Bob", "Alice")


def test_701_12a_exchange_that_cant_be_completed_does_nothing():
    """The rule's example: one of the two creatures is destroyed before the spell resolves."""
    game, _ = new_game()
    mine, theirs = creature(game, "Alice", "Mine"), creature(game, "Bob", "Theirs")
    game.leave_battlefield(theirs, Zone.GRAVEYARD)
    assert not exchange_control(game, mine, theirs)
    assert mine.controller == "Alice"
    assert game.events.count("control-changed") == 0


def test_701_12b_exchange_between_permanents_of_one_controller_does_nothing():
    game, _ = new_game()
    a, b = creature(game, "Alice", "A"), creature(game, "Alice", "B")
    assert not exchange_control(game, a, b)
    assert game.events.count("exchange") == 0


def test_701_12c_exchange_life_totals_by_gaining_and_losing():
    game, _ = new_game()
    game.player("Alice").life, game.player("Bob").life = 5, 18
    assert exchange_life_totals(game, "Alice", "Bob")
    assert (game.player("Alice").life, game.player("Bob").life) == (18, 5)
    assert game.events.of("life-gain")[0].player == "Alice"
    assert game.events.of("life-loss")[0].player == "Bob"


def test_701_12c_player_who_cant_gain_life_blocks_the_whole_exchange():
    game, _ = new_game()
    game.player("Alice").life, game.player("Bob").life = 5, 18
    game.player("Alice").can_gain_life = False
    assert not exchange_life_totals(game, "Alice", "Bob")
    assert (game.player("Alice").life, game.player("Bob").life) == (5, 18)


def test_701_12d_exchange_cards_between_zones_same_owner_even_if_one_side_empty():
    game, _ = new_game()
    hand = put_in(game, "Alice", Zone.HAND, cards("Alice", "H1", "H2"))
    assert exchange_cards(game, hand, Zone.HAND, [], Zone.EXILE)
    assert game.player("Alice").hand == [] and set(game.player("Alice").exile) == set(hand)


def test_701_12d_exchange_cards_owned_by_different_players_does_nothing():
    game, _ = new_game()
    mine = put_in(game, "Alice", Zone.HAND, cards("Alice", "H1"))
    theirs = put_in(game, "Bob", Zone.EXILE, cards("Bob", "E1"))
    assert not exchange_cards(game, mine, Zone.HAND, theirs, Zone.EXILE)
    assert game.player("Alice").hand == mine and game.player("Bob").exile == theirs


def test_701_12f_exchanging_two_zones_when_one_is_empty():
    game, _ = new_game()
    hand = put_in(game, "Alice", Zone.HAND, cards("Alice", "H1", "H2"))
    exchange_zones(game, "Alice", Zone.HAND, Zone.GRAVEYARD)
    assert game.player("Alice").hand == [] and game.player("Alice").graveyard == hand
    assert all(c.zone == Zone.GRAVEYARD for c in hand)


def test_701_12g_exchange_power_values_sets_each_to_the_others():
    game, _ = new_game()
    a, b = creature(game, "Alice", "A", 1, 5), creature(game, "Bob", "B", 4, 2)
    assert exchange_values(game, a, "power", b, "toughness")
    assert a.power == 2 and b.toughness == 1


def test_701_12g_exchange_life_total_with_toughness():
    game, _ = new_game()
    tree = creature(game, "Alice", "Tree", 0, 13)
    game.player("Alice").life = 4
    assert exchange_life_and_value(game, "Alice", tree, "toughness")
    assert game.player("Alice").life == 13 and tree.toughness == 4


def test_701_12g_life_exchange_blocked_if_player_cant_lose_life():
    game, _ = new_game()
    tree = creature(game, "Alice", "Tree", 0, 1)
    game.player("Alice").can_lose_life = False
    assert not exchange_life_and_value(game, "Alice", tree, "toughness")
    assert game.player("Alice").life == 20 and tree.toughness == 1


# -- tap and untap (701.26) ----------------------------------------------------------------


def test_701_26a_only_untapped_permanents_can_be_tapped():
    game, _ = new_game()
    bear = creature(game, "Alice")
    assert tap(game, bear) and bear.tapped
    assert not tap(game, bear)
    assert game.events.count("tapped") == 1


def test_701_26b_only_tapped_permanents_can_be_untapped():
    game, _ = new_game()
    bear = creature(game, "Alice")
    assert not untap(game, bear)
    tap(game, bear)
    assert untap(game, bear) and not bear.tapped


# -- attach (701.3) -------------------------------------------------------------------------


def equipment(game, controller="Alice"):
    return battlefield(game, controller, make_artifact("Sword", "{2}", subtypes={"Equipment"}))


def test_701_3a_c_attach_equipment_and_reattach_gets_new_timestamp():
    game, _ = new_game()
    sword = equipment(game)
    a, b = creature(game, "Alice", "A"), creature(game, "Alice", "B")
    assert attach(game, sword, a) and sword.attached_to is a
    stamp = sword.timestamp
    assert attach(game, sword, b) and sword.attached_to is b
    assert sword.timestamp > stamp


def test_701_3b_cant_attach_to_illegal_object_doesnt_move():
    game, _ = new_game()
    sword = equipment(game)
    bear = creature(game, "Alice")
    land = battlefield(game, "Alice", make_land("Forest"))
    attach(game, sword, bear)
    assert not attach(game, sword, land)
    assert sword.attached_to is bear


def test_701_3b_attach_to_what_its_already_attached_to_does_nothing():
    game, _ = new_game()
    sword = equipment(game)
    bear = creature(game, "Alice")
    attach(game, sword, bear)
    stamp = sword.timestamp
    assert not attach(game, sword, bear)
    assert sword.timestamp == stamp and game.events.count("attached") == 1


def test_701_3b_attaching_a_non_attachment_does_nothing():
    game, _ = new_game()
    rock = battlefield(game, "Alice", make_artifact("Rock", "{1}"))
    bear = creature(game, "Alice")
    assert not attach(game, rock, bear) and rock.attached_to is None


def test_701_3a_aura_enchants_what_its_enchant_keyword_allows():
    game, _ = new_game()
    aura = battlefield(
        game,
        "Alice",
        make_card(
            "Curse", "{B}", types={"enchantment"}, subtypes={"Aura"}, keywords={"enchant player"}
        ),
    )
    bear = creature(game, "Alice")
    assert not attach(game, aura, bear)
    assert attach(game, aura, game.player("Bob"))


def test_701_3d_unattach_and_leaving_the_battlefield_unattach():
    game, _ = new_game()
    sword = equipment(game)
    bear = creature(game, "Alice")
    attach(game, sword, bear)
    assert unattach(game, sword) and sword.attached_to is None
    attach(game, sword, bear)
    game.leave_battlefield(bear, Zone.GRAVEYARD)
    assert sword.attached_to is None and game.is_on_battlefield(sword)
    assert game.events.count("unattached") == 2


def test_701_3a_equipment_can_equip_an_artifact_creature():
    game, _ = new_game()
    sword = equipment(game)
    golem = battlefield(
        game,
        "Alice",
        Card("Golem", "{3}", types=frozenset({"artifact", "creature"}), power=3, toughness=3),
    )
    assert attach(game, sword, golem)
