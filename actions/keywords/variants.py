"""Keyword actions of the casual variants: planeswalk (Planechase), set in motion and abandon
(Archenemy).

Planar and scheme decks are ``Player.planar_deck`` / ``Player.scheme_deck``
(top first, face down); face-up planes, phenomena and schemes sit in their
owner's command zone (``Player.command``).

The rules keep these cards in the command zone all game, in a deck or face
up (901.4, 904.4). The model's ``Card.zone`` says which of the lists a game
moves cards between holds a card (``Player.zone``): a face-up plane or
scheme is in ``Player.command`` and has ``Zone.COMMAND``; a card inside a
planar or scheme deck is in none of those lists and has no zone, as a card
inside an Attraction deck has none, so that a later move never looks for it
among the face-up cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Zone
from ..errors import IllegalActionError
from ..game import Game
from ..players import Player
from ..registry import Verified, keyword_action

__all__ = ["Planeswalked", "abandon", "face_up_planar_cards", "planeswalk", "set_in_motion"]

_PLANAR = {"plane", "phenomenon"}


def face_up_planar_cards(game: Game) -> list[Card]:
    return [c for p in game.players for c in p.command if c.types & _PLANAR]


@dataclass(frozen=True, slots=True)
class Planeswalked:
    """701.31d: the plane(s) or phenomena planeswalked away from, and the one walked to."""

    away_from: tuple[Card, ...]
    to: Card | None


@keyword_action(
    "planeswalk",
    rule_title="Planeswalk",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.31",
        text_sha256="5213ee81bd4dabe742ec82c3accc1c130b390ed54d285e54290e35c36d17f0b0",
    ),
)
def planeswalk(game: Game, player: Player | str) -> Planeswalked:
    """Planeswalk (701.31a-d).

    701.31a: only in a Planechase game (someone has a planar deck) and only
    the planar controller (the active player unless set otherwise, 901.6).
    701.31b: every face-up plane and phenomenon goes face down to the bottom
    of its owner's planar deck, then the top card of your planar deck is
    turned face up. 701.31d: returns what was walked away from and to.
    """
    me = game.player(player)
    if all(p.planar_deck is None for p in game.players):
        raise IllegalActionError("planeswalking happens only in a Planechase game")
    controller = game.planar_controller or game.active_player
    if me.name != controller or me.planar_deck is None:
        raise IllegalActionError(f"only the planar controller ({controller}) may planeswalk")
    away = face_up_planar_cards(game)
    for card in away:
        owner = game.player(card.owner)
        if owner.planar_deck is not None:
            _to_deck_bottom(owner.command, owner.planar_deck, card)
        else:  # no planar deck to go to: it only leaves the face-up cards
            owner.command.remove(card)
            card.zone = None
        game.events.record("planeswalked-away", me.name, card)
    to = None
    if me.planar_deck:
        to = me.planar_deck.pop(0)
        to.zone = Zone.COMMAND
        me.command.append(to)
        game.events.record("planeswalked-to", me.name, to)
    game.events.record("planeswalk", me.name, to, away=tuple(away))
    return Planeswalked(tuple(away), to)


def _to_deck_bottom(face_up: list[Card], deck: list[Card], card: Card) -> None:
    """Turn a face-up command-zone card face down onto the bottom of its owner's deck."""
    face_up.remove(card)
    card.zone = None
    deck.append(card)


def _archenemy_check(game: Game, me: Player) -> None:
    if me.scheme_deck is None or game.archenemy not in (None, me.name):
        raise IllegalActionError("only the archenemy, in an Archenemy game, handles schemes")


@keyword_action(
    "set in motion",
    rule_title="Set in Motion",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.32",
        text_sha256="774f616ef03c80ef9f05f8c2d30dac267cd27dd1baa095a3db614224828da7bd",
    ),
)
def set_in_motion(
    game: Game, player: Player | str, scheme: Card | None = None, *, times: int = 1
) -> list[Card]:
    """Set a scheme in motion (701.32a-c).

    701.32a: only a scheme, only in an Archenemy game, only by the
    archenemy. 701.32b: move it off the top of your scheme deck if it is on
    top, turn it face up if it isn't (by default the top scheme); it is set
    in motion even if neither happened. 701.32c: several are set in motion
    one at a time. Returns the schemes set in motion.
    """
    me = game.player(player)
    _archenemy_check(game, me)
    done = []
    for _ in range(max(times, 0)):
        card = scheme if scheme is not None else (me.scheme_deck[0] if me.scheme_deck else None)
        if card is None:
            break
        if "scheme" not in card.types:
            raise IllegalActionError(f"{card.name} is not a scheme")
        if me.scheme_deck and me.scheme_deck[0] is card:
            me.scheme_deck.pop(0)
        if not any(c is card for c in me.command):
            card.zone = Zone.COMMAND
            me.command.append(card)
        game.events.record("set-in-motion", me.name, card)
        done.append(card)
    return done


@keyword_action(
    "abandon",
    rule_title="Abandon",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.33",
        text_sha256="b48e9ff350b5f5eef41bea9ce1a4aa10c97776371d81ffe906ff67a962aba755",
    ),
)
def abandon(game: Game, player: Player | str, scheme: Card) -> bool:
    """Abandon (701.33a-b): turn a face-up ongoing scheme face down and put it on the bottom of
    its owner's scheme deck. 701.33a: only a face-up ongoing scheme, only in an Archenemy
    game; anything else: nothing happens."""
    me = game.player(player)
    _archenemy_check(game, me)
    owner = game.player(scheme.owner or me.name)
    face_up = any(c is scheme for c in owner.command)
    if not face_up or "ongoing" not in scheme.supertypes or owner.scheme_deck is None:
        return False
    _to_deck_bottom(owner.command, owner.scheme_deck, scheme)
    game.events.record("abandoned", me.name, scheme)
    return True
