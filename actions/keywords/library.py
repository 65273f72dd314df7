"""Keyword actions on libraries: scry, surveil, fateseal, mill, shuffle, search (clash, explore
and discover, which turn up the top card, are in :mod:`.library_top`).

Library order: ``player.library[0]`` is the top card. When a player orders a
group of cards, the first card of the ordering ends up highest in the library.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card, Zone
from ..game import Game
from ..players import Player
from ..registry import Verified, action_form, keyword_action

__all__ = [
    "LookResult",
    "can_mill",
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
