"""Small builders for the keyword-action tests: games, libraries, permanents."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from crdex.actions.model import (
    Card,
    Game,
    Permanent,
    Player,
    ScriptedChooser,
    Zone,
    make_creature,
    make_land,
)

__all__ = ["battlefield", "cards", "creature", "new_game", "put_in"]


def new_game(
    *names: str,
    script: Mapping[str, Sequence[Any]] | None = None,
    seed: int = 0,
    active: str | None = None,
) -> tuple[Game, ScriptedChooser]:
    chooser = ScriptedChooser(script)
    game = Game(
        [Player(n) for n in (names or ("Alice", "Bob"))], chooser=chooser, seed=seed, active=active
    )
    return game, chooser


def cards(owner: str, *specs: str | tuple[str, str | None]) -> list[Card]:
    """Cards from names ("Forest" → a land) or (name, mana cost) pairs (a 2/2 creature)."""
    out = []
    for spec in specs:
        if isinstance(spec, tuple):
            name, cost = spec
            out.append(make_creature(name, cost, owner=owner))
        elif spec in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
            out.append(make_land(spec, owner=owner))
        else:
            out.append(make_creature(spec, "{1}", owner=owner))
    return out


def put_in(game: Game, who: str, zone: Zone, items: Iterable[Card]) -> list[Card]:
    """Put cards into a player's zone, in order (the first is the top of a library)."""
    player = game.player(who)
    items = list(items)
    for card in items:
        card.owner = card.owner or who
        card.zone = zone
        player.zone(zone).append(card)
    return items


def creature(
    game: Game,
    controller: str,
    name: str = "Bear",
    power: int = 2,
    toughness: int = 2,
    *,
    cost: str | None = "{1}{G}",
    owner: str | None = None,
    **kw: Any,
) -> Permanent:
    card = make_creature(name, cost, power, toughness, owner=owner or controller, **kw)
    perm = game.put_onto_battlefield(card, controller)
    assert perm is not None
    return perm


def battlefield(game: Game, controller: str, card: Card, **kw: Any) -> Permanent:
    card.owner = card.owner or controller
    perm = game.put_onto_battlefield(card, controller, **kw)
    assert perm is not None
    return perm
