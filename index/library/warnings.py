"""What a build tells a person about the documents it just added.

An undated document (kept, witnessing no edition), a cut-short copy (and
which copy stands for its edition), and witnesses of one edition that
disagree beyond typography, each named with the command that lists more.
"""

from __future__ import annotations

from .documents import MATCHED_BY_TEXT, DocumentInfo
from .editions import EditionRecord

__all__ = ["build_warnings", "placed_note", "placed_runs"]


def placed_runs(placed: dict) -> str:
    """The runs of editions a placement names: "2006-10-01 … 2007-02-01"."""
    runs = [
        r["first"] if r["editions"] == 1 else f"{r['first']} … {r['last']}"
        for r in placed.get("editions", ())
    ]
    return ", ".join(runs)


def placed_note(placed: dict) -> str:
    """What placing an unmatched document by its text found, in a few words."""
    between = placed.get("between") or []
    if between:
        pairs = "; ".join(f"{b['after']} and {b['before']}" for b in between)
        return f"its text lies between {pairs}, neither of which it matches"
    if placed.get("verdict") == "nearest":
        return f"its text matches no edition; nearest: {placed_runs(placed)}"
    return placed.get("note") or "its text matches no edition"


def build_warnings(
    warnings: list[str], added_docs: list[DocumentInfo], chain: list[EditionRecord]
) -> list[str]:
    """``warnings`` and what a person should know about the documents just added."""
    out = list(warnings)
    added = {d.sha256 for d in added_docs}
    for doc in added_docs:
        if doc.date_source == MATCHED_BY_TEXT and doc.placed:
            out.append(
                f"{doc.name}: states no effective date; its text matches "
                f"{placed_runs(doc.placed)}, so it witnesses them, after their dated "
                "documents ('crdex identify' says rule by rule)"
            )
        elif doc.undated:
            found = f" ({placed_note(doc.placed)})" if doc.placed else ""
            out.append(
                f"{doc.name}: states no effective date, so it witnesses no edition{found}; "
                "kept in the library and listed by 'crdex documents'"
            )
    for record in chain:
        for rank, witness in enumerate(record.witnesses):
            if witness.sha256 not in added:
                continue
            if witness.kind == "truncated":
                first = record.witnesses[0]
                stands = (
                    f"{first.name} stands for the edition"
                    if rank
                    else "no complete copy stands for it"
                )
                out.append(
                    f"{witness.name} is cut short: a partial witness of {record.id} "
                    f"({witness.coverage.describe()}); {stands}"
                )
        if not any(w.sha256 in added for w in record.witnesses):
            continue
        for dis in record.disagreements:
            what = []
            if dis["differ"]:
                what.append(
                    f"words of {dis['differ']} rule(s) (first: {', '.join(dis['rules'][:5])})"
                )
            if dis["missing"]:
                what.append(f"{dis['missing']} rule(s) it lacks")
            out.append(
                f"{dis['name']} disagrees with {record.witnesses[0].name} on {record.id}: "
                f"{'; '.join(what)}; 'crdex editions {record.id}' lists them"
            )
    return out
