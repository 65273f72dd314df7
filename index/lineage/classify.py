"""What kind of edit one version of a rule is to the previous one.

Three classes, from the reader's point of view: did the rule's meaning
change, or only the numbers it cites (other rules were renumbered), or only
its typing (curly vs straight quotes, (TM), "--" vs "—", underscore italics,
capitals, spelling of accented names)? A title change counts as wording.
"""

from __future__ import annotations

from .content import masked_key, typography_key

__all__ = ["CHANGE_CLASSES", "MEANING", "NONE", "REFERENCES", "TYPOGRAPHY", "classify"]

NONE = "none"
TYPOGRAPHY = "typography"
REFERENCES = "references"
MEANING = "meaning"
CHANGE_CLASSES = (NONE, TYPOGRAPHY, REFERENCES, MEANING)


def classify(old_title: str, old_text: str, new_title: str, new_text: str) -> str:
    """The class of the edit from (old_title, old_text) to (new_title, new_text)."""
    if old_title == new_title and " ".join(old_text.split()) == " ".join(new_text.split()):
        return NONE
    if typography_key(old_title) != typography_key(new_title):
        return MEANING
    if typography_key(old_text) == typography_key(new_text):
        return TYPOGRAPHY
    if masked_key(old_text) == masked_key(new_text):
        return REFERENCES
    return MEANING
