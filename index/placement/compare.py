"""One rule of a document against one edition's wording of it: how they differ, and why.

From closest to farthest:

* ``identical`` — the same text, whatever its layout (line breaks, spaces);
* ``typography`` — the same words once quotes, dashes, marks, case,
  punctuation and contractions are folded (:func:`~crdex.index.lineage.content.typography_key`);
  the document is still that edition's text;
* ``cut-short`` — the document's text stops early and what it has is the
  start of the edition's (a line lost in extraction, an excerpt cut mid-rule):
  the document's damage, not the edition's wording. It is taken only when no
  edition has the document's wording whole: a rule that a later edition
  lengthened is not "cut short" in its earlier wording;
* ``references`` — the same words but for the rule numbers they cite;
* ``characters`` — a few characters differ inside words (a garbled copy, or
  a spelling fixed);
* ``wording`` — other words;
* ``absent`` — the edition has no rule of that number;
* ``missing`` — the edition has a rule here that the document lacks.

The first three are *consistent*: the document can be a copy of that edition.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from crdex.index.lineage.content import masked_key, typography_key

__all__ = [
    "ABSENT",
    "CHARACTERS",
    "CONSISTENT",
    "CUT",
    "MISSING",
    "REFERENCES",
    "SAME",
    "TYPOGRAPHY",
    "WORDING",
    "Keys",
    "Verdict",
    "cut_point",
    "differ",
    "fit",
    "keys",
    "layout",
    "typing_changes",
]

SAME = "identical"
TYPOGRAPHY = "typography"
CUT = "cut-short"
REFERENCES = "references"
CHARACTERS = "characters"
WORDING = "wording"
ABSENT = "absent"
MISSING = "missing"
CONSISTENT = frozenset({SAME, TYPOGRAPHY, CUT})

# a change inside words of at most this many characters each, over at most this share of
# the text, reads as characters garbled (or a spelling fixed), not as other words
_GARBLE_SPAN = 3
_GARBLE_SHARE = 0.1

Wording = tuple[str, str]  # (title, text), as the snapshots tidy them
# a wording's layout and words as 63-bit digests, and how many characters its words are
Keys = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Verdict:
    """How a document's rule stands to one edition's: ``status`` and a distance in [0, 1]."""

    status: str
    distance: float = 0.0


@lru_cache(maxsize=1 << 15)
def layout(wording: Wording) -> str:
    """Title and text with every run of white space one space: the text without its layout."""
    title, text = wording
    return " ".join(f"{title} {text}".split())


@lru_cache(maxsize=1 << 15)
def _words(wording: Wording) -> str:
    return typography_key(layout(wording))


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little") >> 1


def keys(wording: Wording) -> Keys:
    """What :func:`fit` reads of a wording, small enough to store for every version."""
    words = _words(wording)
    return _digest(layout(wording)), _digest(words), len(words)


def fit(doc: Wording, edition: Wording) -> str | None:
    """``identical``, ``typography`` or ``cut-short`` when the wordings fit; None otherwise.

    The cheap half of comparing: most of an edition's wordings are told apart
    from the document's here (in :mod:`.grid`, from their stored keys, the
    texts read only to tell a cut), and only the ones a reader is shown, or
    that rank the nearest editions, are measured by :func:`differ`.
    """
    if doc == edition or layout(doc) == layout(edition):
        return SAME
    ours, theirs = _words(doc), _words(edition)
    if ours == theirs:
        return TYPOGRAPHY
    if ours and theirs.startswith(ours):
        return CUT
    return None


def differ(doc: Wording, edition: Wording) -> Verdict:
    """How far apart two wordings that do not fit are: references, characters or wording."""
    ours, theirs = _words(doc), _words(edition)
    if masked_key(layout(doc)) == masked_key(layout(edition)):
        return Verdict(REFERENCES, _distance(ours, theirs))
    distance = _distance(ours, theirs)
    return Verdict(CHARACTERS if _garbled(ours, theirs, distance) else WORDING, distance)


def _distance(ours: str, theirs: str) -> float:
    from rapidfuzz.distance import Levenshtein

    return float(Levenshtein.normalized_distance(ours, theirs))


def _garbled(ours: str, theirs: str, distance: float) -> bool:
    """Only a few characters differ, each change inside a word and short."""
    if distance > _GARBLE_SHARE or len(ours.split()) != len(theirs.split()):
        return False
    from rapidfuzz.distance import Levenshtein

    for op in Levenshtein.opcodes(ours, theirs):
        if op.tag == "equal":
            continue
        span = max(op.src_end - op.src_start, op.dest_end - op.dest_start)
        if span > _GARBLE_SPAN:
            return False
    return True


def typing_changes(doc: Wording, edition: Wording, limit: int = 6) -> list[tuple[str, str]]:
    """What the document types otherwise than the edition: (document's, edition's) pieces.

    Distinct pieces in reading order, each at most a few characters around the
    change: ``[("–", "-")]`` for an en dash where the edition has a hyphen.
    """
    from rapidfuzz.distance import Levenshtein

    ours, theirs = layout(doc), layout(edition)
    seen: dict[tuple[str, str], None] = {}
    pending: list[int] = []  # the span of adjacent changes: start and end in both texts
    for op in [*Levenshtein.opcodes(ours, theirs), None]:
        if op is not None and op.tag != "equal":
            if pending and pending[1] == op.src_start and pending[3] == op.dest_start:
                pending[1], pending[3] = op.src_end, op.dest_end
            else:
                _flush(pending, ours, theirs, seen)
                pending = [op.src_start, op.src_end, op.dest_start, op.dest_end]
            continue
        _flush(pending, ours, theirs, seen)
        pending = []
        if len(seen) >= limit:
            break
    return list(seen)[:limit]


def _flush(span: list[int], ours: str, theirs: str, seen: dict[tuple[str, str], None]) -> None:
    if span:
        seen.setdefault((ours[span[0] : span[1]], theirs[span[2] : span[3]]), None)


def cut_point(doc: Wording, edition: Wording, context: int = 40) -> tuple[str, str]:
    """Where a cut-short text stops: its last words, and what the edition goes on with."""
    ours, theirs = layout(doc), layout(edition)
    # the edition's text up to as many words as the document has, folded alike
    kept = len(_words(doc).split())
    words = theirs.split()
    rest = " ".join(words[kept - 1 :]) if kept else theirs
    tail = ours[-context:]
    return ("…" + tail if len(ours) > context else tail), rest[: context * 2]
