"""Combat damage with trample [702.19b]; shroud is rule 502.36."""

PYTHON = "3.11.4"
THRESHOLD = 200.0
LIMIT = 601.2


def assign(damage: int) -> float:
    # CR 510.1c: a blocked creature assigns its damage to its blockers.
    # Counters were applied in their own layer, rule 613.3d.
    return damage * 1.5
