"""Keyword actions built on drawing and discarding: discard, connive, recruit, learn."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Zone
from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action
from ..sequencing import one_at_a_time_in_apnap_order
from ..token_kinds import human_soldier_token

__all__ = ["connive", "connive_simultaneously", "discard", "learn", "recruit"]


@keyword_action(
    "discard",
    rule_title="Discard",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.9",
        text_sha256="e2c312dc582cf7cbe6049b020857158e1cbcea3232712ead5d52678b83315f0b",
    ),
)
def discard(
    game: Game,
    player: Player | str,
    count: int = 1,
    *,
    at_random: bool = False,
    chosen_by: Player | str | None = None,
) -> list[Card]:
    """Discard (701.9a): move cards from their owner's hand to that player's graveyard.

    701.9b: by default the discarding player chooses; ``at_random`` uses
    the game's seeded RNG; ``chosen_by`` lets another player choose. With
    fewer cards in hand than ``count``, the whole hand is discarded.
    """
    me = game.player(player)
    hand = list(me.hand)
    count = min(max(count, 0), len(hand))
    if at_random:
        picked = game.rng.sample(hand, count)
    else:
        picked = game.choose(chosen_by or me, "discard.cards", hand, count, count)
    for card in picked:
        game.move_card(card, Zone.GRAVEYARD, cause="discard")
        game.events.record("discard", me.name, card)
    return picked


def _connive_one(game: Game, perm: Permanent, n: int) -> list[Card]:
    controller = perm.controller  # 701.50b: last known information if it left
    game.draw(controller, n)
    discarded = discard(game, controller, n)
    nonland = sum(1 for c in discarded if not c.is_land)
    if nonland and game.is_on_battlefield(perm):
        game.add_counters(perm, "+1/+1", nonland)
    game.events.record("connive", controller, perm, amount=n, discarded=tuple(discarded))
    return discarded


@keyword_action(
    "connive",
    rule_title="Connive",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.50",
        text_sha256="3917a880888c9be83e25f6bc804eabace94f421468c8d6d289a6bcbd779eccd1",
    ),
)
def connive(game: Game, perm: Permanent, n: int = 1) -> list[Card]:
    """Connive (701.50a) / connive N (701.50d).

    The permanent's controller draws N cards, discards N cards, then puts a
    +1/+1 counter on the permanent for each nonland card discarded.
    701.50b: if the permanent has left the battlefield, its last controller
    still draws and discards (no counter can be put on it). 701.50e: connive
    0 records no connive event. 701.50f: the "connive" event is recorded
    after the process, even if some or all of it was impossible. Returns the
    discarded cards.
    """
    if n <= 0:
        return []
    return _connive_one(game, perm, n)


@action_form("connive")
def connive_simultaneously(game: Game, perms: Sequence[Permanent], n: int = 1) -> list[list[Card]]:
    """701.50c: several permanents told to connive at once do so one at a time, chosen in
    APNAP order by their (last) controllers."""
    if n <= 0:
        return []
    return one_at_a_time_in_apnap_order(
        game, perms, "connive.next", lambda p: _connive_one(game, p, n)
    )


@keyword_action(
    "recruit",
    rule_title="Recruit",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.70",
        text_sha256="0e7de1de879cc289bee6d9c2301618f7d41515daff7f5f4e6a7a1d877f5adbdf",
    ),
)
def recruit(game: Game, player: Player | str) -> Permanent | None:
    """Recruit (701.70a): draw a card, then discard a card; if a nonland card was discarded
    this way, create a 1/1 white Human Soldier creature token."""
    me = game.player(player)
    game.draw(me, 1)
    discarded = discard(game, me, 1)
    token = None
    if any(not c.is_land for c in discarded):
        token = game.create_token(me, human_soldier_token())
    game.events.record("recruit", me.name, *discarded)
    return token


@keyword_action(
    "learn",
    rule_title="Learn",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.48",
        text_sha256="36c5e81f432932eb879ed1d3932c83bd18fca912f515e23526f4d0b383a96429",
    ),
)
def learn(game: Game, player: Player | str) -> Card | None:
    """Learn (701.48a): you may discard a card; if you do, draw a card. If you didn't discard,
    you may reveal a Lesson card you own from outside the game and put it into your hand.

    Returns the card put into the hand (drawn or fetched), if any.
    """
    me = game.player(player)
    to_discard = game.choose(me, "learn.discard", list(me.hand), 0, 1)
    if to_discard:
        game.move_card(to_discard[0], Zone.GRAVEYARD, cause="discard")
        game.events.record("discard", me.name, to_discard[0])
        drawn = game.draw(me, 1)
        game.events.record("learn", me.name)
        return drawn[0] if drawn else None
    lessons = [c for c in me.outside if "Lesson" in c.subtypes]
    fetched = game.choose(me, "learn.lesson", lessons, 0, 1)
    if fetched:
        lesson = fetched[0]
        lesson.revealed = True
        game.events.record("reveal", me.name, lesson)
        game.move_card(lesson, Zone.HAND, cause="learn")
    game.events.record("learn", me.name)
    return fetched[0] if fetched else None
