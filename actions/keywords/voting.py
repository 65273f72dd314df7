"""Keyword actions that are players' decisions: vote, face a villainous choice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game import Game
from ..players import Player
from ..registry import Verified, action_form, keyword_action

__all__ = [
    "VillainousOption",
    "VoteResult",
    "face_villainous_choice",
    "face_villainous_choice_each",
    "vote",
]


@dataclass(frozen=True, slots=True)
class VoteResult:
    """Every vote in the order cast, the tally, and the choice(s) with the most votes."""

    votes: tuple[tuple[str, Any], ...] = ()
    tally: Counter = field(default_factory=Counter)

    @property
    def winners(self) -> list[Any]:
        if not self.tally:
            return []
        most = max(self.tally.values())
        return [choice for choice, n in self.tally.items() if n == most]


@keyword_action(
    "vote",
    rule_title="Vote",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.38",
        text_sha256="2344ab4deea16bfd14f0ce908e32fa8164b600aec8006ce24a741ccd12cc2b75",
    ),
)
def vote(
    game: Game,
    choices: Sequence[Any],
    *,
    starting_with: Player | str,
    extra_votes: Mapping[str, int] | None = None,
) -> VoteResult:
    """Vote (701.38a-b): starting with the specified player and proceeding in turn order, each
    player chooses one of the choices (objects, words or other values).

    701.38d: a player with several votes casts them all at the time they
    would otherwise vote (``extra_votes`` maps a player to additional votes).
    Each vote records a "vote" event (701.38c: only an actual vote does).
    """
    extra = dict(extra_votes or {})
    votes: list[tuple[str, Any]] = []
    for player in game.turn_order_from(starting_with):
        for _ in range(1 + extra.get(player.name, 0)):
            choice = game.choose_one(player, "vote", list(choices))
            votes.append((player.name, choice))
            game.events.record("vote", player.name, choice=choice)
    return VoteResult(tuple(votes), Counter(c for _, c in votes))


@dataclass(frozen=True, slots=True)
class VillainousOption:
    """One option of a villainous choice: its text and what performing it does.

    ``perform(game, player)`` does as much of the option as possible: an
    illegal or impossible option may be chosen (701.55b).
    """

    text: str
    perform: Callable[[Game, Player], None]


@keyword_action(
    "face a villainous choice",
    rule_title="Face a Villainous Choice",
    verified_against=Verified(
        edition="2026-08-07",
        number="701.55",
        text_sha256="02d85c3903e55f9f593a112463491f745680a012417893f10238cc93a2dfe11e",
    ),
)
def face_villainous_choice(
    game: Game,
    player: Player | str,
    option_a: VillainousOption,
    option_b: VillainousOption,
    *,
    times: int = 1,
) -> list[VillainousOption]:
    """Face a villainous choice (701.55a): the player chooses option A or B, then all actions
    of the chosen option are performed.

    701.55b: an illegal or impossible option may be chosen; as much of it as
    possible is done. 701.55c: facing it additional ``times`` repeats the
    whole process, one at a time. Returns the chosen options.
    """
    me = game.player(player)
    chosen = []
    for _ in range(max(times, 0)):
        option = game.choose_one(me, "villainous_choice", [option_a, option_b])
        assert option is not None
        game.events.record("villainous-choice", me.name, choice=option.text)
        option.perform(game, me)
        chosen.append(option)
    return chosen


@action_form("face a villainous choice")
def face_villainous_choice_each(
    game: Game,
    players: Sequence[Player | str],
    option_a: VillainousOption,
    option_b: VillainousOption,
) -> dict[str, VillainousOption]:
    """701.55d: several players facing a villainous choice each go through the whole process
    one at a time, in APNAP order."""
    return {
        p.name: face_villainous_choice(game, p, option_a, option_b)[0] for p in game.apnap(players)
    }
