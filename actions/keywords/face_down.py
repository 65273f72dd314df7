"""Keyword actions that put cards onto the battlefield face down: manifest, cloak,
manifest dread; and turning such a permanent face up (701.40b, 701.58b).

A face-down permanent's characteristics come from ``Permanent`` (rule
708.2a): a 2/2 creature with no text, no name, no subtypes and no mana cost;
a cloaked one also has ward {2}.
"""

from __future__ import annotations

from ..cards import Card, Zone
from ..game import Game
from ..mana import pay_cost
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action

__all__ = [
    "cloak",
    "cloak_from_library",
    "manifest",
    "manifest_dread",
    "manifest_from_library",
    "turn_face_up",
]


def _put_face_down(game: Game, player: Player | str, card: Card, how: str) -> Permanent | None:
    """701.40f / 701.58f: if the face-down object can't enter, the card stays where it was,
    unmodified (and face up if it was)."""
    perm = game.put_onto_battlefield(card, player, face_down=how, cause=how)
    if perm is not None:
        game.events.record(how, perm.controller, perm)
    return perm


@keyword_action(
    "manifest",
    rule_title="Manifest",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.40",
        text_sha256="2dc21a2cc2e71b34bd7a11dd7ea09d96b8f146a422a60e9408953a5abcb5c5bf",
    ),
)
def manifest(game: Game, player: Player | str, card: Card) -> Permanent | None:
    """Manifest (701.40a): turn the card face down; it becomes a 2/2 face-down creature card
    with no text, name, subtypes or mana cost, and is put onto the battlefield face down.

    701.40f: if a rule or effect prohibits the face-down object from
    entering, the card isn't manifested and stays in its zone.
    """
    return _put_face_down(game, player, card, "manifested")


@action_form("manifest")
def manifest_from_library(game: Game, player: Player | str, count: int = 1) -> list[Permanent]:
    """701.40e: manifesting several cards from a library is done one card at a time."""
    me = game.player(player)
    made = []
    for _ in range(count):
        if not me.library:
            break
        perm = manifest(game, me, me.library[0])
        if perm is None:
            break
        made.append(perm)
    return made


@keyword_action(
    "cloak",
    rule_title="Cloak",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.58",
        text_sha256="c5b2997b99cc88b32921f5ccca88c93f904afb264a8cf2ddfa09accf32503384",
    ),
)
def cloak(game: Game, player: Player | str, card: Card) -> Permanent | None:
    """Cloak (701.58a): like manifest, but the 2/2 face-down creature also has ward {2}.

    701.58f: if the face-down object is prohibited from entering, the card
    isn't cloaked and stays in its zone.
    """
    return _put_face_down(game, player, card, "cloaked")


@action_form("cloak")
def cloak_from_library(game: Game, player: Player | str, count: int = 1) -> list[Permanent]:
    """701.58e: cloaking several cards from a single library is done one card at a time."""
    me = game.player(player)
    made = []
    for _ in range(count):
        if not me.library:
            break
        perm = cloak(game, me, me.library[0])
        if perm is None:
            break
        made.append(perm)
    return made


@action_form("manifest")
@action_form("cloak")
def turn_face_up(game: Game, perm: Permanent) -> bool:
    """Turn a manifested or cloaked permanent face up (701.40b, 701.58b), paying its mana cost.

    Only a creature card with a mana cost can be turned up this way; the
    cost is paid from the controller's mana pool. 701.40g / 701.58g: an
    instant or sorcery card is revealed and stays face down, and no
    "turned face up" event occurs. (Morph and disguise, 701.40c-d /
    701.58c-d, offer their own procedures, not modelled here.)
    """
    if perm.face_down not in ("manifested", "cloaked") or not game.is_on_battlefield(perm):
        return False
    card = perm.card
    if card.types & {"instant", "sorcery"}:
        card.revealed = True
        game.events.record("reveal", perm.controller, card)
        return False
    if "creature" not in card.types or not card.mana_cost:
        return False
    if not pay_cost(game.player(perm.controller).mana_pool, card.mana_cost):
        return False
    perm.face_down = None
    game.events.record("turned-face-up", perm.controller, perm)
    return True


@keyword_action(
    "manifest dread",
    rule_title="Manifest Dread",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.62",
        text_sha256="fcd2543ba669cfad30e5b96fdeebdb81c88bf9394cba2cc7d823471a9333a023",
    ),
)
def manifest_dread(game: Game, player: Player | str) -> Permanent | None:
    """Manifest dread (701.62a): look at the top two cards, manifest one, put the other cards
    looked at into the graveyard.

    701.62b: the "manifest-dread" event is recorded after the process, even
    if some or all of it was impossible.
    """
    me = game.player(player)
    looked = list(me.library[:2])
    if looked:
        game.events.record("look", me.name, *looked)
    chosen = game.choose_one(me, "manifest_dread.card", looked)
    perm = manifest(game, me, chosen) if chosen is not None else None
    for card in looked:
        if (card is not chosen or perm is None) and card.zone == Zone.LIBRARY:
            game.move_card(card, Zone.GRAVEYARD, cause="manifest dread")
    game.events.record("manifest-dread", me.name, perm)
    return perm
