"""Permanents: a card or token on the battlefield and everything that sticks to it there.

Characteristics are computed, not stored, so that face-down status (rule
708.2a), the face that is up (712.8), melding (712.8g), type-changing and
power/toughness effects (613.4b-c) and counters (122.1a) combine in one place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .cards import Card
from .mana import mana_value

__all__ = ["FACE_DOWN_POWER", "FACE_DOWN_TOUGHNESS", "Permanent"]

# Rule 708.2a / 701.40a / 701.58a: a face-down permanent is a 2/2 creature.
FACE_DOWN_POWER = 2
FACE_DOWN_TOUGHNESS = 2


@dataclass(eq=False, slots=True)
class Permanent:
    """A card or token on the battlefield.

    ``face_down`` says which rule made it face down ("manifested",
    "cloaked", ...) or is None when face up. ``designations`` holds markers
    such as "monstrous", "suspected", "harnessed", "ring-bearer", "renowned",
    "saddled" (none of them copiable, none of them abilities). ``goaded_by``/``detained_by`` hold the
    players whose next turn ends the effect (701.15a, 701.35a).
    """

    card: Card
    controller: str
    tapped: bool = False
    counters: Counter[str] = field(default_factory=Counter)
    damage: int = 0
    face_down: str | None = None
    back_face_up: bool = False
    melded_with: Card | None = None
    designations: set[str] = field(default_factory=set)
    goaded_by: set[str] = field(default_factory=set)
    detained_by: set[str] = field(default_factory=set)
    exerted: bool = False
    attached_to: Permanent | str | None = None
    timestamp: int = 0
    pt_effects: list[tuple[int, int]] = field(default_factory=list)
    set_power: int | None = None
    set_toughness: int | None = None
    added_types: set[str] = field(default_factory=set)
    added_subtypes: set[str] = field(default_factory=set)
    added_keywords: set[str] = field(default_factory=set)
    regeneration_shields: int = 0
    static_regeneration: bool = False
    cant_be_regenerated: bool = False
    cant_transform: bool = False
    attacking: bool = False
    blocking: bool = False
    on_battlefield: bool = True
    face_changes: int = 0
    monstrosity_x: int | None = None

    # -- what is up ---------------------------------------------------------

    @property
    def owner(self) -> str:
        return self.card.owner

    @property
    def token(self) -> bool:
        return self.card.token

    @property
    def face(self) -> Card:
        """The characteristics in force: combined back face, back face, or front face."""
        if self.melded_with is not None and self.card.melded is not None:
            return self.card.melded
        if self.back_face_up and self.card.back is not None:
            return self.card.back
        return self.card

    @property
    def is_face_down(self) -> bool:
        return self.face_down is not None

    # -- characteristics ----------------------------------------------------

    @property
    def name(self) -> str:
        return "" if self.is_face_down else self.face.name

    @property
    def mana_cost(self) -> str | None:
        return None if self.is_face_down else self.face.mana_cost

    @property
    def mana_value(self) -> int:
        if self.is_face_down:
            return 0
        if self.melded_with is not None:  # 712.8g: sum of the front faces
            return self.card.mana_value + self.melded_with.mana_value
        if self.back_face_up:  # 712.8e: back face uses the front face's mana cost
            return mana_value(self.card.mana_cost)
        return self.face.mana_value

    @property
    def types(self) -> frozenset[str]:
        base = frozenset({"creature"}) if self.is_face_down else self.face.types
        return base | self.added_types

    @property
    def subtypes(self) -> frozenset[str]:
        base = frozenset() if self.is_face_down else self.face.subtypes
        return base | self.added_subtypes

    @property
    def supertypes(self) -> frozenset[str]:
        return frozenset() if self.is_face_down else self.face.supertypes

    @property
    def colors(self) -> frozenset[str]:
        if self.is_face_down:
            return frozenset()
        return self.face.colors or frozenset()

    @property
    def text(self) -> str:
        return "" if self.is_face_down else self.face.text

    @property
    def keywords(self) -> frozenset[str]:
        base = set() if self.is_face_down else set(self.face.keywords)
        if self.face_down == "cloaked":
            base.add("ward {2}")  # 701.58a
        if "suspected" in self.designations:
            base.update({"menace", "this creature can't block"})  # 701.60c
        return frozenset(base | self.added_keywords)

    def has_type(self, card_type: str) -> bool:
        return card_type.lower() in self.types

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    @property
    def base_power(self) -> int:
        if self.set_power is not None:
            return self.set_power
        if self.is_face_down:
            return FACE_DOWN_POWER
        return self.face.power or 0

    @property
    def base_toughness(self) -> int:
        if self.set_toughness is not None:
            return self.set_toughness
        if self.is_face_down:
            return FACE_DOWN_TOUGHNESS
        return self.face.toughness or 0

    @property
    def power(self) -> int:
        """Layers 7b then 7c: set value, then modifications and +1/+1 / -1/-1 counters."""
        bonus = sum(dp for dp, _ in self.pt_effects)
        return self.base_power + bonus + self.counters["+1/+1"] - self.counters["-1/-1"]

    @property
    def toughness(self) -> int:
        bonus = sum(dt for _, dt in self.pt_effects)
        return self.base_toughness + bonus + self.counters["+1/+1"] - self.counters["-1/-1"]

    @property
    def transformed(self) -> bool:
        """701.27g: a double-faced permanent with its back face up (never a melded one)."""
        return self.back_face_up and self.melded_with is None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards that represent this permanent (two for a melded permanent)."""
        return (self.card,) if self.melded_with is None else (self.card, self.melded_with)

    def __repr__(self) -> str:
        label = self.name or f"face-down {self.face_down}"
        return f"<Permanent {label!r} of {self.controller} #{self.card.id}>"
