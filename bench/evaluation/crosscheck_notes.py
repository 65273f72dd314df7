"""The disagreements with the VensersJournal diffs that were read one by one, and why.

:func:`.crosscheck.explain` settles most disagreements from the
documents' own words (the rule VensersJournal calls removed or added is
found, word for word or nearly, under another number). The rest are listed
here, keyed by (file, old number, new number) as the file pairs them, with
what reading both editions showed. ``verdict`` is ``"crdex"`` where the
documents show crdex's link is the right one, ``"ambiguous"`` where the
editions restructured the rules so that both readings hold.
"""

from __future__ import annotations

__all__ = ["NOTES", "Note"]

Note = tuple[str, str]  # (verdict, reason)

_DFC = (
    "crdex",
    "Zendikar Rising rewrote the double-faced card rules (711) for modal double-faced cards; "
    "this DFC rule continues, reworded, in 711; VensersJournal paired the old DFC rules with "
    "the meld rules of 712, which existed already and continue in 712",
)
_KLD_TRIGGERS = (
    "crdex",
    "Kaladesh removed the steps in which triggered abilities 'go on the stack'; the old "
    "'Third, the active player gets priority' rule of this step is now 'Second, ...', which is "
    "what crdex links; VensersJournal (through the missing Conspiracy: Take the Crown edition) "
    "paired rules by number",
)
_PRIORITY_OTHER_STEP = (
    "crdex",
    "VensersJournal's CN2-KLD file pairs the 'the active player gets priority' rule of one "
    "step with the identically worded rule of another step; crdex keeps each step's rule in "
    "its own step",
)

NOTES: dict[tuple[str, str | None, str | None], Note] = {
    ("2XM-ZNR.json", "700.8", "700.8"): (
        "crdex",
        "700.8 became the party rule in Zendikar Rising; the old 700.8 ('cards with a name "
        "originally printed in a particular set') and its subrules moved into 206.3",
    ),
    ("2XM-ZNR.json", None, "711.4a"): _DFC,
    ("2XM-ZNR.json", None, "711.7"): _DFC,
    ("2XM-ZNR.json", None, "711.9a"): (
        "ambiguous",
        "old 711.8 (enters front face up by default; 'transformed' enters back face up) was "
        "split into 711.9 and 711.9a; crdex continues it in 711.9a, VensersJournal calls "
        "711.9a new",
    ),
    ("2XM-ZNR.json", "713.2", "713.2"): (
        "crdex",
        "713 was Checklist Cards and became Substitute Cards: 713.2 now holds another rule",
    ),
    ("BBD-M19.json", None, "212.1a"): (
        "crdex",
        "the collector-number rule moved from 212.1c to 212.1a ('Some card sets' became 'Most "
        "card sets'); 212.1c now holds the promotional-cards rule",
    ),
    ("BBD-M19.json", "212.1c", "212.1c"): (
        "crdex",
        "the collector-number rule moved from 212.1c to 212.1a; 212.1c now holds the "
        "promotional-cards rule",
    ),
    ("C17-XLN.json", None, "306.4"): (
        "ambiguous",
        "Ixalan replaced the planeswalker uniqueness rule at 306.4 by a note that it was "
        "removed; crdex treats the note as the same rule reworded, VensersJournal as new",
    ),
    ("DTK-ORI.json", None, "613.6d"): (
        "crdex",
        "613.6d was reworded in place ('receives a new timestamp at the time it becomes "
        "attached'); VensersJournal paired it with 701.3c, which existed before",
    ),
    ("DTK-ORI.json", None, "702.102c"): (
        "ambiguous",
        "702.102c (bestow and legal targets) was replaced in place by a rule about when the "
        "legality check happens; crdex links them, VensersJournal calls the new one added",
    ),
    ("DTK-ORI.json", "711.1a", "711.1a"): (
        "crdex",
        "the sun-symbol rule 711.1a became part of 711.1b ('Each face ... has an icon'); the "
        "new 711.1a (mana cost of the faces) is a new rule",
    ),
    ("EMN-CN2.json+CN2-KLD.json", None, "500.6"): (
        "crdex",
        "500.6 was reworded in place: abilities that trigger at the beginning of a step "
        "'trigger' and are put on the stack the next time a player would receive priority",
    ),
    ("EMN-CN2.json+CN2-KLD.json", "507.2", "503.1a"): (
        "crdex",
        "507.2 ('any abilities that trigger at the beginning of combat go on the stack') was "
        "removed with the other trigger steps; 503.1a is the upkeep's rule",
    ),
    ("EMN-CN2.json+CN2-KLD.json", "504.2", "504.2"): _KLD_TRIGGERS,
    ("EMN-CN2.json+CN2-KLD.json", None, "505.4"): _KLD_TRIGGERS,
    ("EMN-CN2.json+CN2-KLD.json", None, "507.2"): _KLD_TRIGGERS,
    ("EMN-CN2.json+CN2-KLD.json", "513.2", "508.2"): _PRIORITY_OTHER_STEP,
    ("EMN-CN2.json+CN2-KLD.json", "510.4", "509.4"): _PRIORITY_OTHER_STEP,
    ("EMN-CN2.json+CN2-KLD.json", "509.5", "510.3"): _PRIORITY_OTHER_STEP,
    ("EMN-CN2.json+CN2-KLD.json", "511.1", "511.1"): (
        "ambiguous",
        "the end of combat step was rewritten: 511.1 now says the step has no turn-based "
        "actions, and the 'at end of combat' triggers moved to 511.2",
    ),
    ("KLD-C16.json", None, "701.25c"): (
        "crdex",
        "701.25c (proliferate in Two-Headed Giant) was reworded in place; VensersJournal paired "
        "it with 701.25a, which continues the general proliferate rule",
    ),
    ("M19-GRN.json", None, "303.4i"): (
        "crdex",
        "303.4i gained a sentence in place ('unless that zone is the stack ...'); "
        "VensersJournal paired it with 303.4j, which is unchanged",
    ),
    ("M19-GRN.json", None, "107.3h"): (
        "crdex",
        "107.3h was split: its first sentence ('Normally, all instances of X on an object have "
        "the same value') stays 107.3h, the second became 107.3i",
    ),
    ("ORI-BFZ.json", None, "805.3a"): (
        "crdex",
        "805.3a (mulligans with shared team turns) stays 805.3a, reworded for the new "
        "mulligan rule; 103.4d, to which VensersJournal paired it, is a new rule",
    ),
    ("rules-RIX-DOM.json", "714.9", None): (
        "crdex",
        "Saga cards were inserted as 714, so 714.9 became 715.9, reworded 'himself or "
        "herself' → 'themselves'",
    ),
    ("rules-RIX-DOM.json", None, "715.9"): (
        "crdex",
        "715.9 is the old 714.9 ('A player may gain control of himself or herself'), "
        "renumbered and reworded 'themselves'",
    ),
}
