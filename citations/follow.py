"""What became of the rule a citation meant, from the edition it was read in to the one checked.

:func:`follow` takes a number and its :class:`~.meaning.Reading` (the rule
identity and the edition it is read in) and says, against the edition
checked: ok, moved (renumbered, or merged into another rule), removed,
"text changed" (its own text changed in meaning since a dated reading),
"example changed" (only its examples did), or missing (no rule held the
number then). A dated reading (a pin, a line's date, ``--as-of``) is
followed like a pin; a reading settled without a date (the number's only
rule, or its words) has no date to measure wording changes from, and
says only where the rule is now.
"""

from __future__ import annotations

import itertools

from crdex.index.lineage.classify import EXAMPLES, MEANING, refine
from crdex.index.lineage.editions import EditionRef
from crdex.index.lineage.graph import Graph, Identity
from crdex.index.lineage.history import describe
from crdex.index.lineage.resolve import resolve

from .meaning import Reading
from .verdicts import Verdict

__all__ = ["edition_ref", "follow", "label_of"]


def edition_ref(graph: Graph, index: int) -> EditionRef:
    ed = graph.editions[index]
    return EditionRef(ed.id, ed.date, ed.sha256, index, ed.id)


def label_of(graph: Graph, ident: Identity, index: int) -> str:
    run = ident.run_at(index) or ident.runs[-1]
    return describe(graph.version(ident, run), 60)


def edits_between(graph: Graph, ident: Identity, a: int, b: int) -> tuple[str | None, str | None]:
    """The first editions after ``a``, up to ``b``, where the rule's own text changed in
    meaning, and where its examples alone did (None when it did not)."""
    lo, hi = sorted((a, b))
    meaning = examples = None
    texts = graph.texts
    for prev, run in itertools.pairwise(ident.runs):
        if not (lo < run.start <= hi) or run.change != MEANING:
            continue
        change = refine(
            run.change, texts[prev.title], texts[prev.text], texts[run.title], texts[run.text]
        )
        where = graph.editions[run.start].id
        if change == EXAMPLES:
            examples = examples or where
        else:
            meaning = meaning or where
    return meaning, examples


def follow(graph: Graph, number: str, reading: Reading, to: EditionRef, when: str) -> Verdict:
    """The verdict on ``number`` read as ``reading``, against edition ``to``.

    ``when`` says how the reading was dated, for messages ("as of
    2010-07-16", "as written on 2026-02-20"; empty for an undated one).
    """
    assert to.index is not None and reading.edition is not None
    ident, at = reading.identity, reading.edition
    dated = reading.how in ("pinned", "dated")
    if ident is None:
        return Verdict(
            number,
            "missing",
            f"no {number} {when} (edition {graph.editions[at].id})",
            short=f"no {number}",
            reading=reading,
        )
    label = label_of(graph, ident, at)
    if not dated and ident.run_at(to.index) is not None and ident.run_at(to.index).key == number:
        return Verdict(number, "ok", f"{number} in {to.id}", number, True, reading=reading)
    res = resolve(graph, number, edition_ref(graph, at), to)
    said = f"{number} {when}".strip()
    if res.status == "removed":
        return Verdict(
            number,
            "removed",
            f"{said} ({label}) was {res.note}",
            short=f"{number} removed",
            reading=reading,
        )
    if res.status == "not-yet":
        return Verdict(
            number, "missing", f"{said} ({label}) {res.note}, after {to.id}", reading=reading
        )
    assert res.number is not None
    if res.note:  # merged into another rule on the way
        return Verdict(
            number,
            "moved",
            f"{said} ({label}) was merged into {res.number} in {to.id} ({res.label})",
            res.number,
            not dated,
            f"{number} → {res.number}",
            reading=reading,
        )
    changed, examples = edits_between(graph, ident, at, to.index) if dated else (None, None)
    if res.number != number:
        if dated:
            detail = f"{said} is {res.number} in {to.id} ({label})"
        else:
            detail = (
                f"the rule numbered {number} until {graph.editions[at].id} ({label}) "
                f"is {res.number} in {to.id}"
            )
        other = graph.holder(number, to.index)
        if other is not None and other is not ident:
            detail += f"; {number} is now {label_of(graph, other, to.index)}"
        elif other is None and not dated:
            detail = f"no {number} in {to.id}; " + detail
        if changed:
            detail += f"; its wording changed in {changed}"
        elif examples:
            detail += f"; an example changed in {examples}"
        return Verdict(
            number,
            "moved",
            detail,
            res.number,
            changed is None,
            f"{number} → {res.number}",
            reading=reading,
        )
    if changed:
        return Verdict(
            number,
            "changed",
            f"the wording of {number} changed in {changed} ({label})",
            number,
            short=f"{number} changed in {changed}",
            reading=reading,
        )
    if examples:
        return Verdict(
            number,
            "example-changed",
            f"an example of {number} changed in {examples}; its own text did not ({label})",
            number,
            fixable=True,
            short=f"{number}: an example changed in {examples}",
            reading=reading,
        )
    return Verdict(number, "ok", f"{number} in {to.id}", number, fixable=True, reading=reading)
