"""Checking the identity graph against edition diffs computed by another project.

VensersJournal published edition-to-edition diffs of the rules (2015–2021)
as JSON: pairs of old and new rule number and text, with ``old_start`` /
``old_end`` / ``new_start`` / ``new_end`` markers around the changed words,
``old: null`` for an added rule and ``new: null`` for a removed one. The
files name editions by set code; :data:`SET_EDITIONS` maps each to the
effective date of the rules published with that set, read from the
documents. Where the corpus lacks an edition (Conspiracy: Take the Crown,
Modern Horizons 2), the two diffs around it are composed into one diff
between the editions on either side.

:func:`compare` says, for each pair, whether crdex links the old rule to
the new number the same way (``agree``), differently, or cannot compare
(a number that the edition as parsed by crdex does not have).
:func:`explain` gives, for a disagreement, the evidence from the documents
that crdex's link is the right one, when there is such evidence that a
program can check (the same words found elsewhere); the rest were read one
by one and are listed, with reasons, in :mod:`.crosscheck_notes`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz

from crdex.index.lineage.content import masked_key
from crdex.index.lineage.graph import Graph
from crdex.parser.numbers import RuleNumber

from .crosscheck_notes import NOTES

__all__ = [
    "SET_EDITIONS",
    "Agreement",
    "ExternalPair",
    "Verdict",
    "compare",
    "explain",
    "load_vensersjournal",
    "report",
    "strip_markers",
]

#: Set code → effective date of the rules edition published with that set.
SET_EDITIONS: dict[str, str] = {
    "DTK": "2015-03-27",
    "ORI": "2015-07-17",
    "BFZ": "2015-09-26",
    "C15": "2015-11-13",
    "OGW": "2016-01-16",
    "EMN": "2016-07-22",
    "CN2": "2016-08-26",  # not in the corpus
    "KLD": "2016-09-30",
    "C16": "2016-11-11",
    "CMA": "2017-06-05",
    "HOU": "2017-07-08",
    "C17": "2017-08-25",
    "XLN": "2017-09-29",
    "RIX": "2018-01-19",
    "DOM": "2018-04-27",
    "BBD": "2018-06-08",
    "M19": "2018-07-13",
    "GRN": "2018-10-05",
    "RNA": "2019-01-25",
    "WAR": "2019-05-03",
    "MH1": "2019-06-14",
    "THB": "2020-01-24",
    "IKO": "2020-04-17",
    "M21": "2020-07-03",
    "2XM": "2020-08-07",
    "ZNR": "2020-09-25",
    "CMR": "2020-11-20",
    "STX": "2021-04-22",
    "MH2": "2021-06-18",  # not in the corpus
    "AFR": "2021-07-23",
    "MID": "2021-09-24",
}
#: The mid-set update after Ikoria (companion rules), named "Companion Change" by the file.
COMPANION_CHANGE = "2020-06-01"

_MARKERS = re.compile(r"\s*\b(?:old|new)_(?:start|end)\b\s*")
_CODE = re.compile(r"\(([0-9A-Z]{3})\)")


def strip_markers(text: str) -> str:
    """The rule text without the change markers."""
    return " ".join(_MARKERS.sub(" ", text).split())


@dataclass(frozen=True, slots=True)
class ExternalPair:
    """One old/new pair: ``old`` / ``new`` are rule numbers (None: added / removed)."""

    source: str
    old_edition: str
    new_edition: str
    old: str | None
    new: str | None
    old_text: str = ""
    new_text: str = ""

    @property
    def renumbered(self) -> bool:
        return self.old is not None and self.new is not None and self.old != self.new

    @property
    def kind(self) -> str:
        if self.old is None:
            return "added"
        if self.new is None:
            return "removed"
        return "renumbered" if self.renumbered else "same-number"


def _read_json(path: Path) -> Any:
    data = path.read_bytes()
    for encoding in ("utf-8-sig", "utf-16"):
        try:
            return json.loads(data.decode(encoding))
        except (UnicodeDecodeError, ValueError):
            continue
    raise ValueError(f"{path}: not JSON in UTF-8 or UTF-16")


def _number(entry: dict[str, Any] | None) -> tuple[str | None, str]:
    if not entry:
        return None, ""
    return str(RuleNumber.parse(entry["ruleNum"])), strip_markers(entry.get("ruleText", ""))


def _editions(head: dict[str, Any]) -> tuple[str, str]:
    if "names" in head:
        names = head["names"]
        old, new = names["old_setcode"], names["new_setcode"]
        if old == new and "companion" in names.get("new_full", "").casefold():
            return SET_EDITIONS[old], COMPANION_CHANGE
        return SET_EDITIONS[old], SET_EDITIONS[new]
    codes = [_CODE.search(head[k]) for k in ("old", "new")]
    if not all(codes):
        raise ValueError(f"cannot read the editions of {head!r}")
    return SET_EDITIONS[codes[0].group(1)], SET_EDITIONS[codes[1].group(1)]  # type: ignore[union-attr]


def _read_file(path: Path) -> list[ExternalPair]:
    data = _read_json(path)
    old_ed, new_ed = _editions(data[0])
    pairs = []
    for entry in data[1:]:
        old, old_text = _number(entry.get("old"))
        new, new_text = _number(entry.get("new"))
        if old is None and new is None:
            continue
        pairs.append(ExternalPair(path.name, old_ed, new_ed, old, new, old_text, new_text))
    return pairs


def _compose(first: list[ExternalPair], second: list[ExternalPair]) -> list[ExternalPair]:
    """Two consecutive diffs (A→B, B→C) as one diff A→C (for a B missing from the corpus)."""
    a, c = first[0].old_edition, second[0].new_edition
    source = f"{first[0].source}+{second[0].source}"
    added_in_b = {p.new for p in first if p.old is None}
    b_from_a = {p.new: p for p in first if p.new is not None and p.old is not None}
    out: list[ExternalPair] = []
    second_by_old = {p.old: p for p in second if p.old is not None}
    for p in first:
        if p.old is None:
            continue
        if p.new is None:
            out.append(ExternalPair(source, a, c, p.old, None, p.old_text))
            continue
        q = second_by_old.get(p.new)
        if q is None:
            out.append(ExternalPair(source, a, c, p.old, p.new, p.old_text, p.new_text))
        else:
            out.append(ExternalPair(source, a, c, p.old, q.new, p.old_text, q.new_text))
    for q in second:
        if q.old is None:
            out.append(ExternalPair(source, a, c, None, q.new, "", q.new_text))
            continue
        if q.old in b_from_a:
            continue
        if q.old in added_in_b:
            if q.new is not None:
                out.append(ExternalPair(source, a, c, None, q.new, "", q.new_text))
            continue
        out.append(ExternalPair(source, a, c, q.old, q.new, q.old_text, q.new_text))
    return out


def load_vensersjournal(directory: Path, available: set[str] | None = None) -> list[ExternalPair]:
    """Every pair of every file in ``directory``, with diffs around missing editions composed.

    ``available`` is the set of edition dates present (all, when None).
    """
    files = [_read_file(p) for p in sorted(directory.glob("*.json"))]
    files = [f for f in files if f]
    if available is None:
        return [p for f in files for p in f]
    by_old = {f[0].old_edition: f for f in files}
    out: list[ExternalPair] = []
    for f in files:
        old_ed, new_ed = f[0].old_edition, f[0].new_edition
        if old_ed not in available:
            continue  # composed into the diff that ends here
        if new_ed in available:
            out.extend(f)
            continue
        nxt = by_old.get(new_ed)
        if nxt is not None and nxt[0].new_edition in available:
            out.extend(_compose(f, nxt))
    return out


@dataclass(frozen=True, slots=True)
class Verdict:
    pair: ExternalPair
    status: str  # agree / disagree / not-comparable
    crdex: str  # what crdex says, in words

    def to_dict(self) -> dict[str, Any]:
        p = self.pair
        return {
            "source": p.source,
            "old_edition": p.old_edition,
            "new_edition": p.new_edition,
            "old": p.old,
            "new": p.new,
            "kind": p.kind,
            "status": self.status,
            "crdex": self.crdex,
        }


@dataclass(slots=True)
class Agreement:
    verdicts: list[Verdict] = field(default_factory=list)

    def share(self, kinds: set[str] | None = None) -> tuple[int, int]:
        """(agreeing, compared) for pairs of the given kinds (all when None)."""
        rows = [v for v in self.verdicts if kinds is None or v.pair.kind in kinds]
        compared = [v for v in rows if v.status != "not-comparable"]
        return sum(v.status == "agree" for v in compared), len(compared)

    def counts(self) -> Counter[tuple[str, str]]:
        return Counter((v.pair.kind, v.status) for v in self.verdicts)

    def disagreements(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.status != "agree"]


def compare(graph: Graph, pairs: list[ExternalPair]) -> Agreement:
    """How crdex links each external pair."""
    index = {e.date: i for i, e in enumerate(graph.editions)}
    result = Agreement()
    for p in pairs:
        ia, ib = index.get(p.old_edition), index.get(p.new_edition)
        if ia is None or ib is None:
            result.verdicts.append(Verdict(p, "not-comparable", "edition not in the chain"))
            continue
        result.verdicts.append(_verdict(graph, p, ia, ib))
    return result


def _verdict(graph: Graph, p: ExternalPair, ia: int, ib: int) -> Verdict:
    if p.old is not None:
        ident = graph.holder(p.old, ia)
        if ident is None:
            return Verdict(p, "not-comparable", f"no {p.old} in {p.old_edition}")
        run = ident.run_at(ib)
        now = run.key if run is not None else None
        said = f"{p.old} → {now}" if now else f"{p.old} removed or merged"
        if p.new is None:
            return Verdict(p, "agree" if now is None else "disagree", said)
        target = graph.holder(p.new, ib)
        if target is None:
            return Verdict(p, "not-comparable", f"no {p.new} in {p.new_edition}")
        if now == p.new:
            return Verdict(p, "agree", said)
        for link in graph.links:
            if link.edition == ib and link.source == ident.id and link.target == target.id:
                return Verdict(p, "agree", f"{p.old} {link.kind} into {p.new}")
        return Verdict(p, "disagree", said)
    assert p.new is not None
    ident = graph.holder(p.new, ib)
    if ident is None:
        return Verdict(p, "not-comparable", f"no {p.new} in {p.new_edition}")
    run = ident.run_at(ia)
    if run is None:
        return Verdict(p, "agree", f"{p.new} new in {p.new_edition}")
    return Verdict(p, "disagree", f"{p.new} continues {run.key} of {p.old_edition}")


# a rule whose words differ from another's by this little is the same rule
NEAR_SAME = 90.0


def _text(graph: Graph, key: str, edition: int) -> tuple[str | None, str | None]:
    """(number, wording) in ``edition`` of the identity holding ``key`` there; or Nones."""
    ident = graph.holder(key, edition)
    run = ident.run_at(edition) if ident else None
    return (run.key, graph.texts[run.text]) if run else (None, None)


def _continuation(
    graph: Graph, key: str, edition: int, other: int
) -> tuple[str | None, str | None]:
    """(number, wording) in edition ``other`` of the rule that holds ``key`` in ``edition``."""
    ident = graph.holder(key, edition)
    run = ident.run_at(other) if ident else None
    return (run.key, graph.texts[run.text]) if run else (None, None)


def explain(graph: Graph, verdict: Verdict) -> str | None:
    """Checkable evidence that crdex links this pair rightly where the other diff does not."""
    if verdict.status != "disagree":
        return None
    p = verdict.pair
    index = {e.date: i for i, e in enumerate(graph.editions)}
    ia, ib = index[p.old_edition], index[p.new_edition]
    if p.old is not None:
        _, old_text = _text(graph, p.old, ia)
        now, now_text = _continuation(graph, p.old, ia, ib)
        if old_text is not None and now_text is not None:
            if masked_key(old_text) == masked_key(now_text):
                return f"{p.old} is {now} word for word (cross-reference numbers aside)"
            near = fuzz.ratio(masked_key(old_text), masked_key(now_text))
            theirs = 0.0
            if p.new is not None:
                _, vj_text = _text(graph, p.new, ib)
                theirs = fuzz.ratio(masked_key(old_text), masked_key(vj_text or ""))
            if near >= NEAR_SAME and near > theirs:
                return f"{p.old} reads as {now} with a few words changed ({near:.0f}% alike)"
    if p.new is not None:
        _, new_text = _text(graph, p.new, ib)
        before, before_text = _continuation(graph, p.new, ib, ia)
        if new_text is not None and before_text is not None and before != p.old:
            if masked_key(new_text) == masked_key(before_text):
                return f"{p.new} is {before} of the older edition word for word"
            near = fuzz.ratio(masked_key(new_text), masked_key(before_text))
            if near >= NEAR_SAME:
                return f"{p.new} reads as {before} of the older edition ({near:.0f}% alike)"
    return None


def report(graph: Graph, pairs: list[ExternalPair]) -> dict[str, Any]:
    """Agreement figures, raw and after setting aside pairs the documents show to be wrong.

    ``raw`` counts every comparable pair; ``adjudicated`` leaves out the
    disagreements where the documents show crdex right (checked by
    :func:`explain`, or read and noted in :mod:`.crosscheck_notes`);
    ambiguous ones still count against crdex. ``unreviewed`` lists
    disagreements with neither.
    """
    agreement = compare(graph, pairs)
    linked = {"same-number", "renumbered"}
    groups = {"all": None, "linked": linked, "renumbered": {"renumbered"}}
    set_aside: set[int] = set()
    reasons: list[dict[str, Any]] = []
    unreviewed: list[dict[str, Any]] = []
    for n, v in enumerate(agreement.verdicts):
        if v.status != "disagree":
            continue
        why = explain(graph, v)
        note = NOTES.get((v.pair.source, v.pair.old, v.pair.new))
        if why is not None:
            set_aside.add(n)
            reasons.append(v.to_dict() | {"why": why, "verdict": "crdex"})
        elif note is not None:
            if note[0] == "crdex":
                set_aside.add(n)
            reasons.append(v.to_dict() | {"why": note[1], "verdict": note[0]})
        else:
            unreviewed.append(v.to_dict())
    out: dict[str, Any] = {"pairs": len(pairs)}
    for name, kinds in groups.items():
        rows = [
            (n, v)
            for n, v in enumerate(agreement.verdicts)
            if (kinds is None or v.pair.kind in kinds) and v.status != "not-comparable"
        ]
        agree = sum(v.status == "agree" for _, v in rows)
        kept = [(n, v) for n, v in rows if n not in set_aside]
        out[name] = {
            "compared": len(rows),
            "agree": agree,
            "share": agree / len(rows) if rows else 1.0,
            "adjudicated_compared": len(kept),
            "adjudicated_share": agree / len(kept) if kept else 1.0,
        }
    out["not_comparable"] = sum(v.status == "not-comparable" for v in agreement.verdicts)
    out["disagreements"] = reasons
    out["unreviewed"] = unreviewed
    return out
