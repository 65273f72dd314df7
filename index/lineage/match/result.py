"""What matching two editions' node lists gives: pairs, the phase of each, splits and merges."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

__all__ = ["Match"]


@dataclass(slots=True)
class Match:
    """The result of matching one edition's nodes (old) to the next's (new).

    Indices are positions in the two node lists. ``pairs`` is one-to-one;
    ``phase`` says which phase found each pair; ``splits`` lists (old, new)
    where the new node is a piece split off an old node that continues
    elsewhere, ``merges`` (old, new) where the old node's wording went into a
    new node that continues another.
    """

    pairs: dict[int, int] = field(default_factory=dict)
    phase: dict[int, str] = field(default_factory=dict)
    splits: list[tuple[int, int]] = field(default_factory=list)
    merges: list[tuple[int, int]] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        return Counter(self.phase.values())
