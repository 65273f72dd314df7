"""The few state-based actions (704.5) the keyword actions lean on.

Fighting marks damage and blighting puts -1/-1 counters, but creatures only
die when state-based actions are checked. This checks the ones about
creatures, counters and life; the rest of 704.5 belongs to a full engine.
"""

from __future__ import annotations

from .cards import Zone
from .game import Game
from .keywords.removal import destroy

__all__ = ["check_state_based_actions"]


def check_state_based_actions(game: Game) -> int:
    """Perform 704.5a, c, f, g and q until none applies; returns how many were performed.

    704.5g destroys (a regeneration shield can replace it, 701.8b-c);
    704.5f puts into the graveyard (regeneration can't replace it).
    """
    performed = 0
    while True:
        done = 0
        for player in game.players:
            lost = player.life <= 0 or player.counters["poison"] >= 10
            if lost and not any(e.kind == "loses" and e.player == player.name for e in game.events):
                game.events.record("loses", player.name, life=player.life)  # 704.5a, 704.5c
                done += 1
        for perm in list(game.battlefield):
            both = min(perm.counters["+1/+1"], perm.counters["-1/-1"])
            if both:  # 704.5q
                game.remove_counters(perm, "+1/+1", both)
                game.remove_counters(perm, "-1/-1", both)
                done += 1
        for perm in list(game.battlefield):
            if not perm.is_creature:
                continue
            if perm.toughness <= 0:  # 704.5f
                game.leave_battlefield(perm, Zone.GRAVEYARD, cause="state-based action")
                done += 1
            elif perm.damage > 0 and perm.damage >= perm.toughness:  # 704.5g
                if destroy(game, perm, by_state_based_action=True):
                    done += 1
                elif perm.damage >= perm.toughness:
                    continue  # indestructible: it stays, damage and all
                else:
                    done += 1  # regenerated: damage removed
        performed += done
        if not done:
            return performed
