"""Token definitions the keyword actions create (rule 111.10 and the actions' own text)."""

from __future__ import annotations

from .cards import Card
from .spells import ActivatedAbility, StackItem

__all__ = [
    "army_token",
    "clue_token",
    "food_token",
    "human_soldier_token",
    "incubator_token",
    "spirit_token",
]


def _draw_a_card(game, item: StackItem) -> None:
    game.draw(item.controller, 1)


def _gain_three(game, item: StackItem) -> None:
    game.gain_life(item.controller, 3)


def clue_token() -> Card:
    """111.10f: a colorless Clue artifact token with "{2}, Sacrifice this token: Draw a card."."""
    ability = ActivatedAbility(
        "{2}, Sacrifice this token: Draw a card.", _draw_a_card, mana="{2}", sacrifice_self=True
    )
    return Card(
        "Clue",
        types=frozenset({"artifact"}),
        subtypes=frozenset({"Clue"}),
        colors=frozenset(),
        text=ability.text,
        abilities=(ability,),
        token=True,
    )


def food_token() -> Card:
    """111.10b: a colorless Food artifact token with "{2}, {T}, Sacrifice this token: You gain 3
    life."."""
    ability = ActivatedAbility(
        "{2}, {T}, Sacrifice this token: You gain 3 life.",
        _gain_three,
        mana="{2}",
        tap=True,
        sacrifice_self=True,
    )
    return Card(
        "Food",
        types=frozenset({"artifact"}),
        subtypes=frozenset({"Food"}),
        colors=frozenset(),
        text=ability.text,
        abilities=(ability,),
        token=True,
    )


def army_token(subtype: str) -> Card:
    """701.47a: a 0/0 black [subtype] Army creature token."""
    return Card(
        f"{subtype} Army",
        types=frozenset({"creature"}),
        subtypes=frozenset({subtype, "Army"}),
        colors=frozenset({"B"}),
        power=0,
        toughness=0,
        token=True,
    )


def incubator_token() -> Card:
    """701.53b / 111.10i: a double-faced token: a colorless Incubator artifact with
    "{2}: Transform this token." whose back face is a 0/0 colorless Phyrexian artifact
    creature named Phyrexian Token."""
    back = Card(
        "Phyrexian Token",
        types=frozenset({"artifact", "creature"}),
        subtypes=frozenset({"Phyrexian"}),
        colors=frozenset(),
        power=0,
        toughness=0,
        token=True,
    )
    return Card(
        "Incubator",
        types=frozenset({"artifact"}),
        subtypes=frozenset({"Incubator"}),
        colors=frozenset(),
        text="{2}: Transform this token.",
        token=True,
        back=back,
    )


def spirit_token(n: int) -> Card:
    """701.63a: an N/N white Spirit creature token."""
    return Card(
        "Spirit",
        types=frozenset({"creature"}),
        subtypes=frozenset({"Spirit"}),
        colors=frozenset({"W"}),
        power=n,
        toughness=n,
        token=True,
    )


def human_soldier_token() -> Card:
    """701.70a: a 1/1 white Human Soldier creature token."""
    return Card(
        "Human Soldier",
        types=frozenset({"creature"}),
        subtypes=frozenset({"Human", "Soldier"}),
        colors=frozenset({"W"}),
        power=1,
        toughness=1,
        token=True,
    )
