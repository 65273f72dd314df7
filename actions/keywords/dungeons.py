"""Venture into the dungeon (701.49), with dungeons as in rule 309.

A player's dungeon is the :class:`~crdex.actions.cards.DungeonCard` they own
in the command zone; ``Player.venture_room`` is where their venture marker is.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import DungeonCard, Zone
from ..game import Game
from ..players import Player
from ..registry import Verified, keyword_action

__all__ = ["current_dungeon", "venture_into_the_dungeon"]


def current_dungeon(game: Game, player: Player | str) -> DungeonCard | None:
    me = game.player(player)
    return next((c for c in me.command if isinstance(c, DungeonCard)), None)


def _enter(game: Game, me: Player, dungeon: DungeonCard, room: str) -> str:
    me.venture_room = room
    game.events.record("room-entered", me.name, dungeon, room=room)
    return room


def _bring_in(game: Game, me: Player, quality: Callable[[DungeonCard], bool] | None) -> str | None:
    """701.49a / 701.49d: choose a dungeon you own from outside the game (with the quality, if
    any), put it into the command zone, venture marker on its topmost room."""
    options = [
        c for c in me.outside if isinstance(c, DungeonCard) and (quality is None or quality(c))
    ]
    dungeon = game.choose_one(me, "venture.dungeon", options)
    if dungeon is None:
        return None
    game.move_card(dungeon, Zone.COMMAND, cause="venture")
    return _enter(game, me, dungeon, dungeon.top)


@keyword_action(
    "venture into the dungeon",
    rule_title="Venture into the Dungeon",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.49",
        text_sha256="64ae88d51cc1d2a9870dc695daf683913197e1efc18e248d20c341bd4b06cf95",
    ),
)
def venture_into_the_dungeon(
    game: Game,
    player: Player | str,
    *,
    quality: Callable[[DungeonCard], bool] | None = None,
) -> str | None:
    """Venture into the dungeon (701.49a-d). Returns the room the venture marker moved into.

    701.49a: without a dungeon in the command zone, bring one in from
    outside the game and put the marker on its topmost room. 701.49b:
    otherwise move the marker along an arrow away from its room (choosing
    among several). 701.49c: from the bottommost room, remove the dungeon
    from the game (completing it), then bring in a dungeon again. 701.49d:
    ``quality`` restricts the dungeon brought in ("venture into [quality]");
    with a dungeon already in the command zone it is the normal procedure.
    """
    me = game.player(player)
    dungeon = current_dungeon(game, me)
    if dungeon is None:
        return _bring_in(game, me, quality)
    room = me.venture_room or dungeon.top
    exits = list(dungeon.rooms.get(room, ()))
    if exits:
        chosen = exits[0] if len(exits) == 1 else game.choose_one(me, "venture.room", exits)
        assert chosen is not None
        return _enter(game, me, dungeon, chosen)
    game.move_card(dungeon, Zone.OUTSIDE, cause="dungeon completed")
    me.venture_room = None
    me.completed_dungeons.append(dungeon.name)
    game.events.record("dungeon-completed", me.name, dungeon)
    return _bring_in(game, me, None)
