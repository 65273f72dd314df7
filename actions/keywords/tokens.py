"""Keyword actions that create tokens: create, investigate, populate, amass, incubate."""

from __future__ import annotations

from ..cards import Card
from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, keyword_action
from ..token_kinds import army_token, clue_token, incubator_token

__all__ = ["amass", "create", "incubate", "investigate", "populate"]


@keyword_action(
    "create",
    rule_title="Create",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.7",
        text_sha256="8b0c88c3aaf4bee53eb9f30be45f6257549acdbbcb96a90c1c48c59094475f74",
    ),
)
def create(game: Game, player: Player | str, token: Card, count: int = 1) -> list[Permanent]:
    """Create (701.7a): put ``count`` tokens with the given characteristics onto the battlefield.

    ``token`` is a template: each created token is a new object with its
    characteristics. The creating player owns and controls them (111.2).
    """
    created = []
    for _ in range(max(count, 0)):
        perm = game.create_token(player, token.copy(token=True))
        if perm is not None:
            created.append(perm)
    return created


@keyword_action(
    "investigate",
    rule_title="Investigate",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.16",
        text_sha256="1e999c118aa4efdde4a1d013ddf249d4d8edf768174153b02d68434e100fe7b4",
    ),
)
def investigate(game: Game, player: Player | str) -> Permanent | None:
    """Investigate (701.16a): create a Clue token (111.10f)."""
    made = create(game, player, clue_token())
    game.events.record("investigate", game.player(player).name)
    return made[0] if made else None


@keyword_action(
    "populate",
    rule_title="Populate",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.36",
        text_sha256="0b27f1a29075b948f61dd5a2a5e587366e5b6db0e2e782b49f35ff480b57584d",
    ),
)
def populate(game: Game, player: Player | str) -> Permanent | None:
    """Populate (701.36a): choose a creature token you control and create a copy of it.

    701.36b: controlling no creature tokens, you create no token. The copy
    takes the original's printed (copiable) values, not its counters,
    damage or other status.
    """
    me = game.player(player)
    tokens = [p for p in game.creatures(me) if p.token]
    original = game.choose_one(me, "populate.token", tokens)
    if original is None:
        return None
    made = create(game, me, original.card)
    game.events.record("populate", me.name, original)
    return made[0] if made else None


@keyword_action(
    "amass",
    rule_title="Amass",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.47",
        text_sha256="513c6a7d0ff75a47e780e321da4826e314e7f69db40d7b7bd291eeb7bcd9217a",
    ),
)
def amass(game: Game, player: Player | str, subtype: str, n: int) -> Permanent | None:
    """Amass [subtype] N (701.47a).

    If you control no Army creature, create a 0/0 black [subtype] Army
    creature token. Choose an Army creature you control, put N +1/+1 counters
    on it, and if it isn't a [subtype] it becomes one in addition to its
    other types. 701.47b: the "amass" event is recorded after the process,
    even if some or all of it was impossible. 701.47c: returns the chosen
    Army ("the amassed Army"), whether or not it received counters.
    """
    me = game.player(player)

    def armies() -> list[Permanent]:
        return [p for p in game.creatures(me) if "Army" in p.subtypes]

    if not armies():
        create(game, me, army_token(subtype))
    army = game.choose_one(me, "amass.army", armies())
    if army is not None:
        game.add_counters(army, "+1/+1", n)
        if subtype not in army.subtypes:
            army.added_subtypes.add(subtype)
    game.events.record("amass", me.name, army, subtype=subtype, amount=n)
    return army


@keyword_action(
    "incubate",
    rule_title="Incubate",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.53",
        text_sha256="20a336789ea18b97fef8d59104a87fca6ab0b95dea64d1863f7e4fa0c8021e6e",
    ),
)
def incubate(game: Game, player: Player | str, n: int) -> Permanent | None:
    """Incubate N (701.53a): create an Incubator token (701.53b) that enters with N +1/+1
    counters on it."""
    made = create(game, player, incubator_token())
    if not made:
        return None
    game.add_counters(made[0], "+1/+1", n)
    game.events.record("incubate", game.player(player).name, made[0], amount=n)
    return made[0]
