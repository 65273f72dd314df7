"""Keyword actions that turn up the top of a library and act on what it is: clash, explore,
discover.

Each reveals or exiles cards from the top of a library and then moves them by
what they turned out to be (their mana value, whether they are lands).
``player.library[0]`` is the top card, as in :mod:`.library`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import Card, Zone
from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action
from ..sequencing import one_at_a_time_in_apnap_order
from .stack import cast

__all__ = [
    "ClashResult",
    "DiscoverResult",
    "clash",
    "clash_with_opponent",
    "discover",
    "explore",
    "explore_simultaneously",
]


@dataclass(frozen=True, slots=True)
class ClashResult:
    """Who revealed what, where each card went, and the winner (None: nobody won)."""

    revealed: dict[str, Card | None] = field(default_factory=dict)
    bottom: dict[str, bool] = field(default_factory=dict)
    winner: str | None = None


@keyword_action(
    "clash",
    rule_title="Clash",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.30",
        text_sha256="9242333adb214f65142cdf53aabba484cdbbf3691c995d7d0417408c24443530",
    ),
)
def clash(game: Game, players: Sequence[Player | str]) -> ClashResult:
    """Clash (701.30a, c, d) for each of ``players`` at once.

    701.30c: every clashing player reveals the top card at the same time;
    then in APNAP order each decides whether to put it on the bottom; then
    the cards move at the same time. 701.30d: a player wins if their card's
    mana value is higher than every other card revealed in that clash: equal
    mana values mean nobody wins.
    """
    clashing = game.apnap(players)
    revealed: dict[str, Card | None] = {}
    for p in clashing:
        card = p.library[0] if p.library else None
        revealed[p.name] = card
        if card is not None:
            card.revealed = True
            game.events.record("reveal", p.name, card, cause="clash")
    bottom = {
        p.name: revealed[p.name] is not None and game.confirm(p, "clash.bottom") for p in clashing
    }
    for p in clashing:
        card = revealed[p.name]
        if card is not None and bottom[p.name]:
            p.library.remove(card)
            p.library.append(card)
    winner = None
    for name, card in revealed.items():
        if card is None:
            continue
        others = [c for n, c in revealed.items() if n != name and c is not None]
        if all(card.mana_value > o.mana_value for o in others):
            winner = name
    for p in clashing:
        game.events.record("clash", p.name, revealed=revealed[p.name], won=p.name == winner)
    return ClashResult(revealed, bottom, winner)


@action_form("clash")
def clash_with_opponent(game: Game, player: Player | str) -> ClashResult:
    """701.30b: "Clash with an opponent": choose an opponent; you and that opponent each clash."""
    me = game.player(player)
    opponent = game.choose_one(me, "clash.opponent", game.opponents(me))
    return clash(game, [me] if opponent is None else [me, opponent])


def _explore_one(game: Game, perm: Permanent) -> Card | None:
    controller = game.player(perm.controller)  # 701.44c: last known information
    card = controller.library[0] if controller.library else None
    if card is not None:
        card.revealed = True
        game.events.record("reveal", controller.name, card, cause="explore")
    if card is not None and card.is_land:
        game.move_card(card, Zone.HAND, cause="explore")
    else:
        if game.is_on_battlefield(perm):
            game.add_counters(perm, "+1/+1", 1)
        if card is not None and game.confirm(controller, "explore.graveyard"):
            game.move_card(card, Zone.GRAVEYARD, cause="explore")
    game.events.record("explore", controller.name, perm, revealed=card)
    return card


@keyword_action(
    "explore",
    rule_title="Explore",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.44",
        text_sha256="b643ea1fe3dec3bb2b8da56a0c3bbdeb247f0fed6a3cf4871d61d0323d9ef5ea",
    ),
)
def explore(game: Game, perm: Permanent) -> Card | None:
    """Explore (701.44a): the controller reveals the top card of their library.

    A land card goes to their hand. Otherwise (including when no card is
    revealed) the exploring permanent gets a +1/+1 counter and the player
    may put the revealed card into their graveyard. 701.44b: the "explore"
    event is recorded after the process, even if some or all of it was
    impossible. 701.44c: a permanent that left the battlefield explores with
    its last known information (its last controller reveals). Returns the
    revealed card.
    """
    return _explore_one(game, perm)


@action_form("explore")
def explore_simultaneously(game: Game, perms: Sequence[Permanent]) -> list[Card | None]:
    """701.44d: several permanents told to explore at once explore one at a time, chosen in
    APNAP order by their (last) controllers."""
    return one_at_a_time_in_apnap_order(
        game, perms, "explore.next", lambda p: _explore_one(game, p)
    )


@dataclass(frozen=True, slots=True)
class DiscoverResult:
    """701.57c: ``discovered`` is the final card exiled if its mana value is N or less."""

    exiled: tuple[Card, ...] = ()
    discovered: Card | None = None
    cast: bool = False


@keyword_action(
    "discover",
    rule_title="Discover",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.57",
        text_sha256="bd1d8de03ad3b89f1d341e82e1df2e760616940c8918809625e8a0103d42fd46",
    ),
)
def discover(game: Game, player: Player | str, n: int) -> DiscoverResult:
    """Discover N (701.57a).

    Exile cards from the top of your library until you exile a nonland card
    with mana value N or less. You may cast it without paying its mana cost
    if the resulting spell's mana value is N or less (``discover.cast``);
    if you don't, put it into your hand. The other exiled cards go on the
    bottom of your library in a random order (the game's seeded RNG).
    701.57b: the "discover" event is recorded after, even if some or all of
    it was impossible. 701.57c: the discovered card is the final card exiled
    when its mana value is N or less, cast or not.
    """
    me = game.player(player)
    exiled: list[Card] = []
    found: Card | None = None
    while me.library:
        card = me.library[0]
        game.move_card(card, Zone.EXILE, cause="discover")
        exiled.append(card)
        if not card.is_land and card.mana_value <= n:
            found = card
            break
    was_cast = False
    if found is not None:
        if found.mana_value <= n and game.confirm(me, "discover.cast"):
            cast(game, me, found, without_paying=True, during_resolution=True)
            was_cast = True
        else:
            game.move_card(found, Zone.HAND, cause="discover")
    rest = [c for c in exiled if c is not found]
    game.rng.shuffle(rest)
    for card in rest:
        game.move_card(card, Zone.LIBRARY, position="bottom", cause="discover")
    game.events.record("discover", me.name, found, amount=n, cast=was_cast)
    return DiscoverResult(tuple(exiled), found, was_cast)
