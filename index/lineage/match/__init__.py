"""Which rule of one edition is which rule of the next: matching in phases.

Rule numbers are not identities, so two consecutive editions are matched by
content, strongest evidence first; each phase only sees what the earlier
ones left unmatched (the order is declared in :mod:`.plan`):

1. ``same``: same number, same wording (most rules of most editions).
2. ``exact``: same wording under another number (renumbering).
3. ``typography``: same words once typography, case and spelling are folded.
4. ``references``: same words once cross-reference numbers are masked too.
5. ``title``: the same keyword heading ("Scry"), wherever it went.
6. ``children``: a heading whose children mostly went under one new heading.
7. ``similar``: rapidfuzz similarity (of a heading together with its
   children, of a worded rule by its wording), first under the new home
   of the rule's parent (siblings and their subrules, :mod:`.siblings`),
   then, with a stricter cut-off, among everything still unmatched
   (:mod:`.anywhere`: the 2009 renumbering moved whole sections), then
   between the new places of a rule's matched neighbours (:mod:`.nearby`:
   a subrule promoted and reworded, a rule moved under the next heading).
8. ``number``: last, the same number under the same (matched) parent, if
   the words still mostly agree (a rule reworded in place).

Phases 2–6 and sibling similarity repeat while they find something, because
each match gives the next round a parent to look under. A rule paired with
a new umbrella rule over its gathered peers moves to the umbrella's subrule
that holds its text (:mod:`.umbrella`). Then splits and merges are looked
for near each unmatched node (:mod:`.pieces`, one search in two
directions); where the pieces of a split (or the rules of a merge) are
known, the one that keeps the number in the same place continues.

The overrides file (:mod:`..overrides`) can force or forbid a match before
any phase runs. Nothing here compares all pairs: keys are dictionary
lookups, and similarity runs ``rapidfuzz.process.extract`` within small blocks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crdex.lazy import lazy_names

if TYPE_CHECKING:
    from .result import Match
    from .run import match_nodes
    from .side import clear_sides

__all__ = ["PHASES", "Match", "clear_sides", "match_nodes"]

#: the phases a pair can be found by (``Match.phase`` values)
PHASES = (
    "same",
    "exact",
    "typography",
    "references",
    "title",
    "children",
    "similar",
    "number",
    "override",
)

# imported on first use: a diff reads ``Match`` without loading the phases
__getattr__, __dir__ = lazy_names(
    __name__, {"Match": "result", "match_nodes": "run", "clear_sides": "side"}, __all__
)
