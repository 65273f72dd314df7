"""The committed overrides: matches decided by reading the documents (see :mod:`.overrides`).

Each entry names an edition by effective date and a node by rule number (or
``glossary:Term``), and says what reading both editions showed.
"""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: list[dict[str, object]] = [
    # Magic Origins (2015-07-17) rewrote the double-faced card rules.
    {
        "link": ("2015-03-27/711.1a", "2015-07-17/711.1b"),
        "reason": "711.1a 'front face is indicated by the sun symbol' and 711.1b 'back face "
        "... by the moon symbol' became one rule, 711.1b 'Each face ... has an icon in its "
        "upper left corner (for example, a sun or a stylized Planeswalker symbol)'",
    },
    {
        "merge": ("2015-03-27/711.1b", "2015-07-17/711.1b"),
        "reason": "the moon-symbol rule went into the new icon rule 711.1b",
    },
    {
        "added": "2015-07-17/711.1a",
        "reason": "711.1a 'A double-faced card's front face includes its mana cost. Its back "
        "face has no mana cost.' is new; no earlier rule said this",
    },
    # Ikoria (2020-04-17) reworded layer 1 for mutate.
    {
        "link": ("2020-01-24/613.1a", "2020-04-17/613.1a"),
        "reason": "layer 1 'Copy effects are applied' was reworded 'Rules and effects that "
        "modify copiable values are applied'; same rule, same place, few words in common",
    },
]
