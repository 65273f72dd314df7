"""Every enumerated value an export holds, with what it means: one source for both schemas.

The JSON Schema (``schema/crdex-export.schema.json``) lists these values in
its ``enum`` keywords, and the SQLite export carries each enumeration as a
lookup table of its own (``value``, ``description``) that the enumerated
columns reference, so that the file explains itself in any SQLite browser.
The tests hold the JSON Schema, the SQL and the identity graph's edit
classes to this module.
"""

from __future__ import annotations

from crdex.index.lineage.classify import EDIT_CLASSES

__all__ = ["ENUMERATIONS", "LOOKUP_TABLES"]

_RULE_KINDS = {
    "section": "A section of the rules, numbered 1 to 9 (1. Game Concepts).",
    "rule": "A three-digit heading (100. General) or a numbered rule (100.1, 701.22).",
    "subrule": "A lettered subrule (100.1a, 704.5aa).",
}

_EDIT_CLASSES = {
    "none": "The wording is the same (the version only moved to another number).",
    "typography": "Only the typing changed: quotes, dashes, case, spelling, (TM), contractions.",
    "references": "Only the numbers of the rules it cites changed (they were renumbered).",
    "examples": "Only its examples changed (added, removed or reworded); its own text did not.",
    "meaning": "Its own text or title changed in words: a change of meaning.",
}
assert tuple(_EDIT_CLASSES) == EDIT_CLASSES

# enumeration name -> value -> description
ENUMERATIONS: dict[str, dict[str, str]] = {
    "rule_kinds": _RULE_KINDS,
    "node_kinds": _RULE_KINDS | {"glossary": "A glossary entry (its key is the term)."},
    "identity_kinds": {
        "rule": "A rule, subrule or section followed across editions.",
        "glossary": "A glossary entry followed across editions.",
    },
    "identity_statuses": {
        "current": "Present in the last edition of the chain.",
        "removed": "Gone before the last edition, into no other rule.",
        "merged": "Gone before the last edition, by going into another identity.",
    },
    "version_relations": {
        "first": "Present in the first edition of the chain.",
        "added": "New in this version's first edition.",
        "split": "New in this version's first edition, as a piece of another identity.",
        "moved": "Its number (or term) changed from the previous version.",
        "edited": "Its wording changed from the previous version, its number did not.",
        "unchanged": "As the previous version (only the stretch of editions was broken).",
    },
    "change_relations": {
        "added": "New in this edition.",
        "split": "New in this edition, as a piece of another identity.",
        "moved": "Renumbered (or its term changed) since the previous edition.",
        "edited": "Reworded since the previous edition, same number.",
        "removed": "In the previous edition, gone in this one.",
        "merged": "In the previous edition, gone in this one into another identity.",
    },
    "edit_classes": _EDIT_CLASSES,
    "link_kinds": {
        "split": "The target began, in the link's edition, as a piece of the source.",
        "merge": "The source ended before the link's edition by going into the target.",
    },
    "reference_kinds": {
        "rule": "A cross-reference to a rule (rule 701.22); a range (rules 119.7–8) gives one "
        "per member, sharing its text and start.",
        "section": "A cross-reference to a section by that word (section 7).",
    },
}

# the SQLite lookup tables, in the order they are created
LOOKUP_TABLES = tuple(ENUMERATIONS)
