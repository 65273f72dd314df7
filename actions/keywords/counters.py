"""Keyword actions that put counters: proliferate, bolster, support, adapt, blight,
time travel, endure."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Zone
from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action
from ..token_kinds import spirit_token

__all__ = [
    "adapt",
    "blight",
    "bolster",
    "can_blight",
    "endure",
    "proliferate",
    "support",
    "time_travel",
]


@keyword_action(
    "proliferate",
    rule_title="Proliferate",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.34",
        text_sha256="25ea8efd2dc74e6dd21d97d0b5ca1a4dbe70d86c6ddf916e76aa16dea2ed9e9b",
    ),
)
def proliferate(game: Game, player: Player | str) -> list[Permanent | Player]:
    """Proliferate (701.34a): choose any number of permanents and/or players that have a
    counter; give each one additional counter of each kind it already has.

    701.34b: in Two-Headed Giant, poison counters are shared by the team: if
    more than one player of a team is chosen, only one of them (the
    proliferating player's choice) gets an additional poison counter.
    Returns what was chosen.
    """
    me = game.player(player)
    candidates: list[Permanent | Player] = [p for p in game.battlefield if +p.counters]
    candidates += [p for p in game.players if +p.counters]
    chosen = game.choose(me, "proliferate.choose", candidates, 0, len(candidates))
    poison_takers: set[str] = set()
    teams: dict[str, list[Player]] = {}
    for obj in chosen:
        if isinstance(obj, Player) and obj.counters["poison"] and obj.team is not None:
            teams.setdefault(obj.team, []).append(obj)
    for members in teams.values():
        if len(members) > 1:
            pick = game.choose_one(me, "proliferate.poison_player", members)
            poison_takers.update(m.name for m in members if m is not pick)
    for obj in chosen:
        for kind in sorted(k for k, v in obj.counters.items() if v > 0):
            if kind == "poison" and isinstance(obj, Player) and obj.name in poison_takers:
                continue
            game.add_counters(obj, kind, 1)
    game.events.record("proliferate", me.name, *chosen)
    return chosen


@keyword_action(
    "bolster",
    rule_title="Bolster",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.39",
        text_sha256="6da72f40d957963f3be77ad33cb2cd37bea9d54a0d2eccca0b4f4ee818ef471f",
    ),
)
def bolster(game: Game, player: Player | str, n: int) -> Permanent | None:
    """Bolster N (701.39a): choose a creature you control with the least toughness (or tied
    for least) and put N +1/+1 counters on it. Ties are the player's choice."""
    me = game.player(player)
    creatures = game.creatures(me)
    if not creatures:
        game.events.record("bolster", me.name, None, amount=n)
        return None
    least = min(c.toughness for c in creatures)
    chosen = game.choose_one(me, "bolster.creature", [c for c in creatures if c.toughness == least])
    assert chosen is not None
    game.add_counters(chosen, "+1/+1", n)
    game.events.record("bolster", me.name, chosen, amount=n)
    return chosen


@keyword_action(
    "support",
    rule_title="Support",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.41",
        text_sha256="dad4315bb502d0dd9a96c046d7b10d7e9ffa75425619c4a5d8f4247935d02689",
    ),
)
def support(
    game: Game, n: int, targets: Sequence[Permanent], *, source: Permanent | None = None
) -> list[Permanent]:
    """Support N (701.41a): a +1/+1 counter on each of up to N target creatures.

    On a permanent (``source`` given) the targets must be *other* creatures;
    on an instant or sorcery they may be any creatures. Targets that are no
    longer creatures on the battlefield are skipped (illegal on resolution).
    """
    if len(targets) > n or len({id(t) for t in targets}) != len(targets):
        raise ValueError(f"support {n} allows up to {n} different targets")
    if source is not None and any(t is source for t in targets):
        raise ValueError("support on a permanent targets other creatures (701.41a)")
    supported = []
    for target in targets:
        if game.is_on_battlefield(target) and target.is_creature:
            game.add_counters(target, "+1/+1", 1)
            supported.append(target)
    return supported


@keyword_action(
    "adapt",
    rule_title="Adapt",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.46",
        text_sha256="528e45e11c31c0ec7a4ee49cbdfe2bc007261eb2386f9f0b1336c05548d44ff2",
    ),
)
def adapt(game: Game, perm: Permanent, n: int) -> bool:
    """Adapt N (701.46a): if this permanent has no +1/+1 counters on it, put N on it."""
    if perm.counters["+1/+1"] > 0 or not game.is_on_battlefield(perm):
        return False
    game.add_counters(perm, "+1/+1", n)
    game.events.record("adapt", perm.controller, perm, amount=n)
    return True


@keyword_action(
    "blight",
    rule_title="Blight",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.68",
        text_sha256="d53c5cbacd3ed673d34b289d8d05578cbc7365c66e6ef987cf5e398d6b5c6d8c",
    ),
)
def blight(game: Game, player: Player | str, n: int) -> Permanent | None:
    """Blight N (701.68a): put N -1/-1 counters on a creature you control.

    701.68c: returns the "blighted creature", the one chosen. 701.68d: the
    "blight" event is recorded after the process, whatever actually happened.
    Whether a player may *choose* to blight is :func:`can_blight` (701.68b).
    """
    me = game.player(player)
    chosen = game.choose_one(me, "blight.creature", game.creatures(me))
    if chosen is not None:
        game.add_counters(chosen, "-1/-1", n)
    game.events.record("blight", me.name, chosen, amount=n)
    return chosen


@action_form("blight")
def can_blight(game: Game, player: Player | str, n: int) -> bool:
    """701.68b: a player unable to put N -1/-1 counters on a creature they control (usually
    because they control none) can't choose to blight."""
    return bool(game.creatures(player))


def _suspended(card: Card) -> bool:
    return card.zone == Zone.EXILE and "suspend" in card.keywords and card.counters["time"] > 0


@keyword_action(
    "time travel",
    rule_title="Time Travel",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.56",
        text_sha256="dc5d6685b9f557341abd34677fb913db3a4f1538b92312cc46d74077265e2528",
    ),
)
def time_travel(game: Game, player: Player | str) -> list[Permanent | Card]:
    """Time travel (701.56a): choose any number of permanents you control with time counters
    and/or suspended cards you own in exile with time counters; for each, put a time counter
    on it or remove one (the player's choice, ``time_travel.add`` yes/no)."""
    me = game.player(player)
    options: list[Permanent | Card] = [p for p in game.permanents(me) if p.counters["time"] > 0]
    options += [c for c in me.exile if _suspended(c)]
    chosen = game.choose(me, "time_travel.choose", options, 0, len(options))
    for obj in chosen:
        add = game.confirm(me, "time_travel.add")
        if isinstance(obj, Permanent):
            if add:
                game.add_counters(obj, "time", 1)
            else:
                game.remove_counters(obj, "time", 1)
        else:
            obj.counters["time"] += 1 if add else -1
            game.events.record(
                "counters-put" if add else "counters-removed", me.name, obj, kind="time", amount=1
            )
    game.events.record("time-travel", me.name, *chosen)
    return chosen


@keyword_action(
    "endure",
    rule_title="Endure",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.63",
        text_sha256="942fbc50f689fc3917adf68c06efae39f76a204040b3cc1c131df40d5f13a507",
    ),
)
def endure(game: Game, perm: Permanent, n: int) -> Permanent | None:
    """Endure N (701.63a): the controller creates an N/N white Spirit creature token unless
    they put N +1/+1 counters on the permanent.

    701.63b: endure 0 does nothing. If the permanent is no longer on the
    battlefield, counters can't be put on it, so the token is created.
    Returns the Spirit token if one was created.
    """
    if n <= 0:
        return None
    controller = perm.controller
    if game.is_on_battlefield(perm) and game.confirm(controller, "endure.counters"):
        game.add_counters(perm, "+1/+1", n)
        game.events.record("endure", controller, perm, amount=n, token=None)
        return None
    token = game.create_token(controller, spirit_token(n))
    game.events.record("endure", controller, perm, amount=n, token=token)
    return token
