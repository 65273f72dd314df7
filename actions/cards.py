"""Cards and tokens as objects: printed characteristics plus where they are.

A ``Card`` is the physical thing (a card, or a token) in any zone. What it
becomes on the battlefield (tapped, counters, controller, face down, ...)
lives on a :class:`~crdex.actions.permanents.Permanent` wrapping it, so that
leaving the battlefield naturally sheds all of that (rule 400.7).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from .mana import colors_of, mana_value

if TYPE_CHECKING:
    from .spells import ActivatedAbility

__all__ = [
    "AttractionCard",
    "Card",
    "DungeonCard",
    "Zone",
    "make_artifact",
    "make_card",
    "make_creature",
    "make_land",
]

_ids = itertools.count(1)


class Zone(StrEnum):
    LIBRARY = "library"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    BATTLEFIELD = "battlefield"
    STACK = "stack"
    COMMAND = "command"
    OUTSIDE = "outside the game"


def _fs(values: Iterable[str] | str) -> frozenset[str]:
    if isinstance(values, str):
        return frozenset([values])
    return frozenset(values)


@dataclass(eq=False, slots=True)
class Card:
    """One card or token, front face characteristics first.

    ``back`` is the other face of a double-faced card or token (rule 712).
    ``meld_with``/``melded`` name a meld pair's counterpart and hold the
    combined back face (rule 712.4). Types are lowercase, subtypes as
    printed: ``{"creature"}``, ``{"Zombie", "Army"}``. ``abilities`` holds
    activated abilities (:class:`~crdex.actions.spells.ActivatedAbility`);
    ``counters`` are counters on the card outside the battlefield (suspend).
    """

    name: str
    mana_cost: str | None = None
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    colors: frozenset[str] | None = None
    text: str = ""
    keywords: frozenset[str] = frozenset()
    owner: str = ""
    token: bool = False
    back: Card | None = None
    meld_with: str | None = None
    melded: Card | None = None
    abilities: tuple[ActivatedAbility, ...] = ()
    counters: Counter[str] = field(default_factory=Counter, repr=False)
    id: int = field(default_factory=lambda: next(_ids))
    zone: Zone | None = field(default=None, repr=False)
    revealed: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        self.types = _fs(self.types)
        self.subtypes = _fs(self.subtypes)
        self.supertypes = _fs(self.supertypes)
        self.keywords = _fs(self.keywords)
        if self.colors is None:
            self.colors = colors_of(self.mana_cost)
        else:
            self.colors = _fs(self.colors)

    @property
    def mana_value(self) -> int:
        return mana_value(self.mana_cost)

    def copy(self, **changes) -> Card:
        """A new object with the same printed characteristics (new id, in no zone)."""
        changes.setdefault("counters", Counter())
        return dataclasses.replace(self, id=next(_ids), zone=None, revealed=False, **changes)

    @property
    def is_meld_card(self) -> bool:
        return self.meld_with is not None

    def has_type(self, card_type: str) -> bool:
        return card_type.lower() in self.types

    @property
    def is_land(self) -> bool:
        return "land" in self.types

    @property
    def is_permanent_card(self) -> bool:
        """Rule 110.4: artifact, battle, creature, enchantment, land, planeswalker."""
        return bool(
            self.types & {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
        )

    def __repr__(self) -> str:
        return f"<{'Token' if self.token else 'Card'} {self.name!r} #{self.id}>"


def make_card(name: str, mana_cost: str | None = None, *, types: Iterable[str] = (), **kw) -> Card:
    return Card(name, mana_cost, types=frozenset(types), **kw)


def make_creature(
    name: str,
    mana_cost: str | None = None,
    power: int = 2,
    toughness: int = 2,
    *,
    subtypes: Iterable[str] = (),
    types: Iterable[str] = ("creature",),
    **kw,
) -> Card:
    return Card(
        name,
        mana_cost,
        types=frozenset(types),
        subtypes=frozenset(subtypes),
        power=power,
        toughness=toughness,
        **kw,
    )


def make_land(name: str = "Forest", *, subtypes: Iterable[str] | None = None, **kw) -> Card:
    basic = name in ("Plains", "Island", "Swamp", "Mountain", "Forest")
    return Card(
        name,
        None,
        types=frozenset(["land"]),
        subtypes=frozenset(subtypes if subtypes is not None else ([name] if basic else [])),
        supertypes=frozenset(["basic"] if basic else []),
        **kw,
    )


def make_artifact(
    name: str, mana_cost: str | None = None, *, subtypes: Iterable[str] = (), **kw
) -> Card:
    return Card(name, mana_cost, types=frozenset(["artifact"]), subtypes=frozenset(subtypes), **kw)


@dataclass(eq=False, slots=True)
class DungeonCard(Card):
    """A dungeon (rule 309): rooms joined by arrows; ``rooms[name]`` lists the rooms its
    arrows point to. The topmost room is ``top``; a room with no arrows is the bottommost."""

    rooms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    top: str = ""

    def __post_init__(self) -> None:
        Card.__post_init__(self)
        self.types = self.types | {"dungeon"}


@dataclass(eq=False, slots=True)
class AttractionCard(Card):
    """An Attraction (rule 717) with the numbers lit up on it."""

    lights: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        Card.__post_init__(self)
        self.types = self.types | {"artifact"}
        self.subtypes = self.subtypes | {"Attraction"}
        self.lights = frozenset(self.lights)
