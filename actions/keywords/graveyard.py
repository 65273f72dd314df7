"""Keyword actions paid from the graveyard: collect evidence, forage."""

from __future__ import annotations

from ..cards import Card
from ..errors import IllegalActionError, IllegalChoiceError
from ..game import Game
from ..permanents import Permanent
from ..players import Player
from ..registry import Verified, action_form, keyword_action
from .removal import exile, sacrifice

__all__ = ["can_collect_evidence", "can_forage", "collect_evidence", "forage"]


@keyword_action(
    "collect evidence",
    rule_title="Collect Evidence",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.59",
        text_sha256="a2cd0aef9539b16dee6d3bc0732cb08f8b8de109684a5f7264da3a0137827911",
    ),
)
def collect_evidence(game: Game, player: Player | str, n: int) -> list[Card]:
    """Collect evidence N (701.59a): exile any number of cards from your graveyard with total
    mana value N or greater.

    701.59b: a player who can't (usually: not enough cards) can't choose to
    collect evidence: :class:`IllegalActionError`. 701.59c: the returned
    cards say whether, and with what, evidence was collected.
    """
    me = game.player(player)
    if not can_collect_evidence(game, me, n):
        raise IllegalActionError(f"{me.name} can't collect evidence {n}")
    chosen = game.choose(me, "collect_evidence.cards", list(me.graveyard), 0, len(me.graveyard))
    if sum(c.mana_value for c in chosen) < n:
        raise IllegalChoiceError(f"collect evidence {n}: chosen cards total less than {n}")
    exiled = [card for c in chosen for card in exile(game, c)]
    game.events.record("collect-evidence", me.name, *exiled, amount=n)
    return exiled


@action_form("collect evidence")
def can_collect_evidence(game: Game, player: Player | str, n: int) -> bool:
    """701.59b: only if the graveyard's cards have total mana value N or greater."""
    return sum(c.mana_value for c in game.player(player).graveyard) >= n


def _foods(game: Game, player: Player) -> list[Permanent]:
    return [p for p in game.permanents(player) if "Food" in p.subtypes]


@keyword_action(
    "forage",
    rule_title="Forage",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.61",
        text_sha256="dd16f2794585efc63a93767b11331c5a68db3f6e313a09eed778b024b2e937d4",
    ),
)
def forage(game: Game, player: Player | str) -> list[Card]:
    """Forage (701.61a): exile three cards from your graveyard or sacrifice a Food.

    The player picks whichever of the two is possible (``forage.how``),
    then the cards or the Food. Forage can't be done when neither is
    possible (:class:`IllegalActionError`). Returns the exiled cards or the
    sacrificed Food's cards.
    """
    me = game.player(player)
    ways = []
    if len(me.graveyard) >= 3:
        ways.append("exile")
    if _foods(game, me):
        ways.append("sacrifice")
    if not ways:
        raise IllegalActionError(f"{me.name} can't forage")
    how = game.choose_one(me, "forage.how", ways)
    if how == "exile":
        chosen = game.choose(me, "forage.cards", list(me.graveyard), 3, 3)
        result = [card for c in chosen for card in exile(game, c)]
    else:
        food = game.choose_one(me, "forage.food", _foods(game, me))
        assert food is not None
        result = sacrifice(game, me, food)
    game.events.record("forage", me.name, how=how)
    return result


@action_form("forage")
def can_forage(game: Game, player: Player | str) -> bool:
    """701.61a: whether either way to forage (three cards to exile, or a Food) is there."""
    me = game.player(player)
    return len(me.graveyard) >= 3 or bool(_foods(game, me))
