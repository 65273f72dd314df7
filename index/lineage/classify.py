"""What kind of edit one version of a rule is to the previous one.

Three classes, from the reader's point of view: did the rule's meaning
change, or only the numbers it cites (other rules were renumbered), or only
its typing (curly vs straight quotes, (TM), "--" vs "—", underscore italics,
capitals, spelling of accented names)? A title change counts as wording.
A trademark sign typed otherwise ("(TM)", "(tm)" or "™") is no edit at
all: editions' copies transliterate them.

A rule's wording, as the graph compares it, is its own text followed by its
examples (one per line, "Example: …"). :func:`classify` classes the whole;
:func:`refine` tells an edit of the examples alone (a new or reworded
example under an unchanged rule) apart from an edit of the rule's own text,
for readers that must not call such a rule changed: the citation checker
and the exports.
"""

from __future__ import annotations

from .content import marks_alike, masked_key, typography_key

__all__ = [
    "CHANGE_CLASSES",
    "EDIT_CLASSES",
    "EXAMPLES",
    "MEANING",
    "NONE",
    "REFERENCES",
    "TYPOGRAPHY",
    "classify",
    "refine",
    "split_examples",
]

NONE = "none"
TYPOGRAPHY = "typography"
REFERENCES = "references"
EXAMPLES = "examples"
MEANING = "meaning"
# the classes the identity graph stores
CHANGE_CLASSES = (NONE, TYPOGRAPHY, REFERENCES, MEANING)
# the classes readers see: a change of meaning in the examples alone is told apart
EDIT_CLASSES = (NONE, TYPOGRAPHY, REFERENCES, EXAMPLES, MEANING)


def classify(old_title: str, old_text: str, new_title: str, new_text: str) -> str:
    """The class of the edit from (old_title, old_text) to (new_title, new_text)."""
    if old_title == new_title and " ".join(old_text.split()) == " ".join(new_text.split()):
        return NONE
    if old_title == new_title and marks_alike(old_text, new_text):
        # a trademark sign typed otherwise ("(TM)" for "(tm)"): a copy's transliteration
        return NONE
    if typography_key(old_title) != typography_key(new_title):
        return MEANING
    if typography_key(old_text) == typography_key(new_text):
        return TYPOGRAPHY
    if masked_key(old_text) == masked_key(new_text):
        return REFERENCES
    return MEANING


def split_examples(wording: str) -> tuple[str, list[str]]:
    """A wording split into the rule's own text and its examples.

    Examples begin at the first line that starts with "Example"; each line
    that starts so begins the next one, and other lines continue the current.
    """
    own: list[str] = []
    examples: list[str] = []
    for line in wording.split("\n"):
        if line[:7].lower() == "example":
            examples.append(line)
        elif examples:
            examples[-1] += "\n" + line
        else:
            own.append(line)
    return "\n".join(own), examples


def refine(change: str, old_title: str, old_text: str, new_title: str, new_text: str) -> str:
    """``change`` (as :func:`classify` gave it), with ``examples`` for an edit of the examples alone.

    An edit is of the examples alone when the rule's own text and title
    changed at most in typography or cited numbers, and its examples changed.
    """
    if change != MEANING:
        return change
    old_own, old_examples = split_examples(old_text)
    new_own, new_examples = split_examples(new_text)
    if old_examples == new_examples:
        return change
    if classify(old_title, old_own, new_title, new_own) == MEANING:
        return change
    return EXAMPLES
