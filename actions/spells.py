"""Things on the stack and activated abilities, as small as the actions need."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import Card

if TYPE_CHECKING:
    from .game import Game
    from .permanents import Permanent

__all__ = ["ActivatedAbility", "Effect", "StackItem"]

Effect = Callable[["Game", "StackItem"], None]


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """ "[Cost]: [Effect]." ``mana`` is the mana part of the cost; ``tap`` means {T}.

    ``sorcery_speed`` is "Activate only as a sorcery"; ``any_player`` means the
    object says that anyone may activate it (an exception to 701.2a).
    """

    text: str
    effect: Effect | None = None
    mana: str | None = None
    tap: bool = False
    sacrifice_self: bool = False
    sorcery_speed: bool = False
    any_player: bool = False


@dataclass(eq=False, slots=True)
class StackItem:
    """A spell (``card`` set) or an ability (``source`` set) waiting to resolve."""

    kind: str  # "spell" or "ability"
    controller: str
    card: Card | None = None
    source: Permanent | None = None
    ability: ActivatedAbility | None = None
    effect: Effect | None = None
    targets: tuple[Any, ...] = ()
    paid: dict[str, Any] = field(default_factory=dict)
    without_paying: bool = False

    @property
    def name(self) -> str:
        if self.card is not None:
            return self.card.name
        return self.ability.text if self.ability else "ability"
