"""Keyword actions on libraries: scry, surveil, fateseal, mill, shuffle, search, clash, explore,
discover.

Library order: ``player.library[0]`` is the top card. When a player orders a
group of cards, the first card of the ordering ends up highest in the library.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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
    "LookResult",
    "can_mill",
    "clash",
    "clash_with_opponent",
    "discover",
    "explore",
    "explore_simultaneously",
    "fateseal",
    "mill",
    "scry",
    "scry_simultaneously",
    "search",
    "shuffle",
    "surveil",
]


@dataclass(frozen=True, slots=True)
class LookResult:
    """Where the looked-at cards went: ``top`` (top first), ``bottom``, ``graveyard``."""

    looked: tuple[Card, ...] = ()
    top: tuple[Card, ...] = ()
    bottom: tuple[Card, ...] = ()
    graveyard: tuple[Card, ...] = ()


def _place(game: Game, owner: Player, top: Sequence[Card], bottom: Sequence[Card]) -> None:
    """Put cards already taken out of ``owner``'s library back: ``top`` above, ``bottom`` below."""
    for card in reversed(top):
        owner.library.insert(0, card)
        card.zone = Zone.LIBRARY
    for card in bottom:
        owner.library.append(card)
        card.zone = Zone.LIBRARY


def _look_at_top(game: Game, viewer: Player, library_owner: Player, n: int) -> list[Card]:
    cards = library_owner.library[: max(n, 0)]
    if cards:
        game.events.record("look", viewer.name, *cards, zone=Zone.LIBRARY, owner=library_owner.name)
    return cards


def _decide_top_bottom(
    game: Game, player: Player, cards: Sequence[Card], action: str
) -> tuple[list[Card], list[Card]]:
    bottom = game.choose(player, f"{action}.bottom", cards, 0, len(cards))
    top = [c for c in cards if not any(c is b for b in bottom)]
    top = game.order(player, f"{action}.order_top", top)
    bottom = game.order(player, f"{action}.order_bottom", bottom)
    return top, bottom


@keyword_action(
    "scry",
    rule_title="Scry",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.22",
        text_sha256="91a5e15e90433cdb411d1b3ac31f13ebe96d2e6972c0793771b8aecd096316ae",
    ),
)
def scry(game: Game, player: Player | str, n: int) -> LookResult:
    """Scry N (701.22a): look at the top N, put any number on the bottom and the rest on top.

    701.22b: scry 0 records no scry event. 701.22d: the "scry" event is
    recorded after the process, even if some or all of it was impossible (a
    library with fewer than N cards, or none).
    """
    return scry_simultaneously(game, {player: n})[game.player(player).name]


@action_form("scry")
def scry_simultaneously(game: Game, amounts: dict[Player | str, int]) -> dict[str, LookResult]:
    """701.22c: players scrying at once all look, decide in APNAP order, then move together."""
    wanted = {game.player(p).name: n for p, n in amounts.items()}
    players = [p for p in game.apnap(wanted) if wanted[p.name] > 0]
    looked = {p.name: _look_at_top(game, p, p, wanted[p.name]) for p in players}
    decisions = {p.name: _decide_top_bottom(game, p, looked[p.name], "scry") for p in players}
    for p in players:  # the cards move at the same time
        del p.library[: len(looked[p.name])]
        top, bottom = decisions[p.name]
        _place(game, p, top, bottom)
    results = {name: LookResult() for name in wanted}
    for p in players:
        top, bottom = decisions[p.name]
        game.events.record(
            "scry", p.name, amount=wanted[p.name], top=tuple(top), bottom=tuple(bottom)
        )
        results[p.name] = LookResult(tuple(looked[p.name]), tuple(top), tuple(bottom))
    return results


@keyword_action(
    "surveil",
    rule_title="Surveil",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.25",
        text_sha256="a92e14d29dee91c634ced030139b44ad0fcde3a697116b0e04cff1628c173f58",
    ),
)
def surveil(game: Game, player: Player | str, n: int, *, additional: int = 0) -> LookResult:
    """Surveil N (701.25a): look at the top N, put any number into the graveyard, the rest on top.

    701.25b: ``additional`` cards an effect lets you look at are included
    among those you may put into the graveyard or on top. 701.25c: surveil 0
    records no surveil event. 701.25d: the "surveil" event is recorded after
    the process, even if some or all of it was impossible.
    """
    me = game.player(player)
    if n <= 0:
        return LookResult()
    cards = _look_at_top(game, me, me, n + max(additional, 0))
    to_graveyard = game.choose(me, "surveil.graveyard", cards, 0, len(cards))
    top = game.order(me, "surveil.order_top", [c for c in cards if c not in to_graveyard])
    del me.library[: len(cards)]
    _place(game, me, top, [])
    for card in to_graveyard:
        card.zone = Zone.LIBRARY
        game.move_card(card, Zone.GRAVEYARD, cause="surveil")
    game.events.record("surveil", me.name, amount=n, top=tuple(top), graveyard=tuple(to_graveyard))
    return LookResult(tuple(cards), tuple(top), (), tuple(to_graveyard))


@keyword_action(
    "fateseal",
    rule_title="Fateseal",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.29",
        text_sha256="015b24d7c399280d06d59ea474450121f42c381101dabdea812c5da136bc4d47",
    ),
)
def fateseal(game: Game, player: Player | str, opponent: Player | str, n: int) -> LookResult:
    """Fateseal N (701.29a): look at the top N of an opponent's library; any number to the bottom.

    The player who fateseals makes every choice; the cards stay in the
    opponent's library, on its bottom or top in the order chosen.
    """
    me, them = game.player(player), game.player(opponent)
    if them is me or them not in game.opponents(me):
        raise ValueError("fateseal looks at an opponent's library")
    cards = _look_at_top(game, me, them, n)
    top, bottom = _decide_top_bottom(game, me, cards, "fateseal")
    del them.library[: len(cards)]
    _place(game, them, top, bottom)
    game.events.record(
        "fateseal", me.name, amount=n, opponent=them.name, top=tuple(top), bottom=tuple(bottom)
    )
    return LookResult(tuple(cards), tuple(top), tuple(bottom))


@keyword_action(
    "mill",
    rule_title="Mill",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.17",
        text_sha256="71c75fc3b5e67ff6f2493bf8f332edcdd5327e38a80ea76ae64d3dae8bf08b1e",
    ),
)
def mill(game: Game, player: Player | str, n: int) -> list[Card]:
    """Mill N (701.17a): put the top N cards of your library into your graveyard.

    701.17b: instructed to mill more cards than the library holds, the player
    mills as many as possible. 701.17c: the returned cards are the milled
    cards, found in the zone they moved to. 701.17d (several cards milled
    where one was asked about) is the caller's business: all are returned.
    """
    me = game.player(player)
    milled: list[Card] = []
    for card in list(me.library[: max(n, 0)]):
        moved = game.move_card(card, Zone.GRAVEYARD, cause="mill")
        if moved is not None:
            milled.append(moved)
    if milled:
        game.events.record("mill", me.name, *milled, amount=len(milled))
    return milled


@action_form("mill")
def can_mill(game: Game, player: Player | str, n: int) -> bool:
    """701.17b: a player can't choose to mill, or pay a cost of milling, more than their library."""
    return 0 <= n <= len(game.player(player).library)


@keyword_action(
    "shuffle",
    rule_title="Shuffle",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.24",
        text_sha256="4e4f8544d1dac3bfe293fe4b5a17f03d066c10904f041815e8c926c0d5ff9b80",
    ),
)
def shuffle(
    game: Game,
    player: Player | str,
    *,
    into: Iterable[Card] = (),
    exclude: Iterable[Card] = (),
    positioned: Sequence[tuple[Card, str]] = (),
) -> None:
    """Shuffle a library (701.24a) with the game's seeded RNG.

    ``into``: objects to shuffle into the library first; 701.24c-d: the
    library is shuffled even if none of them is where it is expected, or
    there are none. ``exclude``: 701.24b, found cards stay out of the shuffle
    (they keep their places). ``positioned``: 701.24g, cards that end up in
    a given position ("top"/"bottom") of the shuffled library. 701.24e: a
    library of zero or one card still records a "shuffle" event. 701.20d:
    revealed cards that are reordered stop being revealed.
    """
    me = game.player(player)
    for card in into:
        if card.owner == me.name and card.zone in (
            Zone.GRAVEYARD,
            Zone.HAND,
            Zone.EXILE,
            Zone.BATTLEFIELD,
            Zone.STACK,
        ):
            if card.zone == Zone.BATTLEFIELD:
                perm = game.permanent_of(card)
                if perm is not None:
                    game.leave_battlefield(perm, Zone.LIBRARY, cause="shuffle")
                    continue
            game.move_card(card, Zone.LIBRARY, cause="shuffle")
    placed = []
    for card, position in positioned:
        if card.zone == Zone.LIBRARY and card.owner == me.name:
            me.library.remove(card)
        elif card.zone is not None:
            game.move_card(card, Zone.LIBRARY, cause="shuffle")
            me.library.remove(card)
        placed.append((card, position))
    kept = [c for c in exclude if any(c is d for d in me.library)]
    free_slots = [i for i, c in enumerate(me.library) if not any(c is k for k in kept)]
    moving = [me.library[i] for i in free_slots]
    game.rng.shuffle(moving)
    for i, card in zip(free_slots, moving, strict=True):
        me.library[i] = card
    for card in moving:
        card.revealed = False
    for card, position in placed:
        card.zone = Zone.LIBRARY
        if position == "bottom":
            me.library.append(card)
        else:
            me.library.insert(0, card)
    game.events.record("shuffle", me.name, size=len(me.library))


_HIDDEN = (Zone.LIBRARY, Zone.HAND, Zone.OUTSIDE)


@keyword_action(
    "search",
    rule_title="Search",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.23",
        text_sha256="1cbe8e904425f7543f3980494eebe84f9fe6abcb3da6bfd1c83e3065c6a41514",
    ),
)
def search(
    game: Game,
    player: Player | str,
    zone: Zone = Zone.LIBRARY,
    *,
    owner: Player | str | None = None,
    quality: Callable[[Card], bool] | None = None,
    count: int | None = 1,
    undefined: bool = False,
    portion: int | None = None,
    reveal: bool = False,
) -> list[Card]:
    """Search a zone (701.23a): look at all its cards and find cards matching a description.

    ``quality`` is the stated quality (None for "a card" / "three cards");
    ``count`` is how many to find (None: all that match). 701.23b: in a
    hidden zone a player need not find cards with a stated quality.
    701.23c: ``undefined`` quality: the search happens but finds nothing.
    701.23d: searching a hidden zone for a quantity, the player must find
    that many or as many as possible. In a public zone every matching card
    (up to ``count``) must be found. 701.23e: found cards are revealed only
    if ``reveal``. 701.23f: ``portion`` limits the search to the top cards of
    a library; the "search" event still names the whole library. 701.23j:
    ``Zone.OUTSIDE`` searches the player's own cards outside the game.
    """
    me = game.player(player)
    zone_owner = me if zone == Zone.OUTSIDE else game.player(owner or me)
    cards = list(zone_owner.zone(zone))
    if portion is not None and zone == Zone.LIBRARY:
        cards = cards[:portion]
    game.events.record("search", me.name, zone=zone, owner=zone_owner.name, portion=portion)
    if undefined:
        return []
    matching = [c for c in cards if quality is None or quality(c)]
    wanted = len(matching) if count is None else min(count, len(matching))
    hidden = zone in _HIDDEN
    minimum = 0 if hidden and quality is not None else wanted
    found = game.choose(me, "search.find", matching, minimum, wanted)
    if reveal and found:
        for card in found:
            card.revealed = True
        game.events.record("reveal", me.name, *found)
    return found


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
