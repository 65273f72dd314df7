"""Judging a citation against an edition, through the identity graph.

A citation pinned to a date ("20100716 - 601.2f") names the rule that held
the number on that date; that rule is followed to the edition checked
against (default: the latest). Its number there may be the same (ok, or
"text changed" when its wording changed in meaning since the date), another
(moved: the rule was renumbered, or merged into another), or none (removed).

A citation without a date is taken to mean the rule with that number in the
edition checked against. When no rule has the number there, the graph says
what became of the last rule that had it: renumbered (moved), removed, or
never a rule at all (does not exist).

Only a change of a rule's own text in meaning makes it "text changed". An
edit of its examples alone is reported apart ("example changed", not a
problem); typography and renumbered cross-references are no change at all.
A pin that is no date ("20131313") is a finding of its own, "bad date",
with what the number meant near the date it was probably meant to be
(:mod:`.dates`).

The numbers of one pinned citation ("20091005 - 704.5n, 702.14c") share
its date, and a fix rewrites all of them and the date, or nothing: a date
is never moved on over a number that was not brought along with it
(:mod:`.rewrite`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from crdex.index.errors import LineageError
from crdex.index.lineage.classify import EXAMPLES, MEANING, refine
from crdex.index.lineage.editions import EditionRef, find_edition
from crdex.index.lineage.graph import Graph, Identity
from crdex.index.lineage.history import describe
from crdex.index.lineage.resolve import resolve
from crdex.parser.numbers import RuleNumber

from .dates import read_bad_date
from .finder import Citation
from .rewrite import hold_pinned_lists, rewrite
from .verdicts import STATUSES, Judgement, Verdict

__all__ = ["Judge"]


def _ref(graph: Graph, index: int) -> EditionRef:
    ed = graph.editions[index]
    return EditionRef(ed.id, ed.date, ed.sha256, index, ed.id)


class Judge:
    """Judges citations against one edition of a graph.

    ``as_of`` (a date) is the date assumed for citations written without one.
    """

    def __init__(self, graph: Graph, edition: str = "latest", *, as_of: str | None = None) -> None:
        self.graph = graph
        self.target = find_edition(edition, graph)
        if self.target.index is None:  # pragma: no cover - find_edition without others
            raise LineageError(f"{edition} is not an edition of the chain")
        self.as_of = as_of
        if as_of is not None:
            find_edition(as_of, graph)  # a bad date is an error up front
        self._children: dict[str, list[str]] | None = None
        self._pins: dict[str, EditionRef | str] = {}

    @property
    def edition(self) -> str:
        return self.target.id

    # -- one number ---------------------------------------------------------------

    def _label(self, ident: Identity, index: int) -> str:
        run = ident.run_at(index) or ident.runs[-1]
        return describe(self.graph.version(ident, run), 60)

    def _children_of(self, number: str) -> list[str]:
        if self._children is None:
            self._children = {}
            t = self.target.index
            assert t is not None
            for _ident, run in self.graph.present(t).values():
                try:
                    parent = RuleNumber.parse(run.key).parent
                except ValueError:
                    continue
                if parent is not None:
                    self._children.setdefault(str(parent), []).append(run.key)
            for kids in self._children.values():
                kids.sort(key=lambda k: RuleNumber.parse(k).sort_key())
        return self._children.get(number, [])

    def _hint(self, number: str) -> str:
        parent = RuleNumber.parse(number).parent
        if parent is None:
            return ""
        kids = self._children_of(str(parent))
        if not kids:
            return ""
        span = kids[0] if len(kids) == 1 else f"{kids[0]}–{kids[-1]}"
        return f" ({parent} has {span})"

    def _edits_between(self, ident: Identity, a: int, b: int) -> tuple[str | None, str | None]:
        """The first editions after ``a``, up to ``b``, where the rule's own text changed in
        meaning, and where its examples alone did (None when it did not)."""
        lo, hi = sorted((a, b))
        meaning = examples = None
        for prev, run in itertools.pairwise(ident.runs):
            if not (lo < run.start <= hi) or run.change != MEANING:
                continue
            texts = self.graph.texts
            change = refine(
                run.change, texts[prev.title], texts[prev.text], texts[run.title], texts[run.text]
            )
            where = self.graph.editions[run.start].id
            if change == EXAMPLES:
                examples = examples or where
            else:
                meaning = meaning or where
        return meaning, examples

    def _pin(self, date: str) -> EditionRef | str:
        if date not in self._pins:
            try:
                self._pins[date] = find_edition(date, self.graph)
            except LineageError as exc:
                self._pins[date] = str(exc)
        return self._pins[date]

    def pinned(self, number: str, date: str) -> Verdict:
        """The rule that held ``number`` on ``date``, followed to the target edition."""
        to = self.target
        at = self._pin(date)
        if isinstance(at, str):
            return Verdict(number, "bad-date", at)
        assert at.index is not None and to.index is not None
        ident = self.graph.holder(number, at.index)
        if ident is None:
            return Verdict(
                number, "missing", f"no {number} on {date} (edition {at.id})", short=f"no {number}"
            )
        res = resolve(self.graph, number, at, to)
        label = self._label(ident, at.index)
        if res.status == "removed":
            return Verdict(
                number, "removed", f"{number} ({label}) was {res.note}", short=f"{number} removed"
            )
        if res.status == "not-yet":
            return Verdict(number, "missing", f"{number} ({label}) {res.note}, after {to.id}")
        assert res.number is not None
        if res.note:  # merged into another rule on the way
            return Verdict(
                number, "moved", f"merged into {res.number} in {to.id} ({res.label})", res.number
            )
        changed, examples = self._edits_between(ident, at.index, to.index)
        if res.number != number:
            detail = f"{number} as of {date} is {res.number} in {to.id} ({label})"
            if changed:
                detail += f"; its wording changed in {changed}"
            elif examples:
                detail += f"; an example changed in {examples}"
            return Verdict(
                number, "moved", detail, res.number, changed is None, f"{number} → {res.number}"
            )
        if changed:
            return Verdict(
                number,
                "changed",
                f"the wording of {number} changed in {changed} ({label})",
                number,
                short=f"{number} changed in {changed}",
            )
        if examples:
            return Verdict(
                number,
                "example-changed",
                f"an example of {number} changed in {examples}; its own text did not ({label})",
                number,
                fixable=True,
                short=f"{number}: an example changed in {examples}",
            )
        return Verdict(number, "ok", f"{number} in {to.id}", number, fixable=True)

    def misdated(self, number: str, token: str) -> Verdict:
        """A number pinned to a token that is no date, with what it meant near the date meant."""
        head = f"{token} is not a date"
        reading = read_bad_date(token)
        if reading is None:
            return Verdict(number, "bad-date", head, short=head)
        what, spans = reading
        editions: set[int] = set()
        for lo, hi in spans:
            a, b = self._pin(lo), self._pin(hi)
            if isinstance(b, str):
                continue  # the whole span is before the first edition
            assert b.index is not None
            start = 0 if isinstance(a, str) else a.index
            assert start is not None
            editions.update(range(start, b.index + 1))
        holders = {i: self.graph.holder(number, i) for i in editions}
        ids = {h.id if h is not None else None for h in holders.values()}
        if len(ids) != 1 or None in ids:
            why = "held more than one rule" if len(ids) > 1 else "was no rule then"
            if not editions:
                why = "is before the first edition"
            return Verdict(
                number, "bad-date", f"{head} (read as {what}, {number} {why})", short=head
            )
        first = min(editions)
        meant = self.pinned(number, self.graph.editions[first].date)
        holder = holders[first]
        assert holder is not None
        label = self._label(holder, first)
        now = (
            f"is {meant.current} in {self.edition}" if meant.status != "removed" else "was removed"
        )
        if meant.status == "changed":
            now += "; its wording changed since"
        return Verdict(
            number,
            "bad-date",
            f"{head}; read as {what}, {number} ({label}) {now}",
            meant.current,
            short=head,
        )

    def unpinned(self, number: str) -> Verdict:
        """The rule with ``number`` in the target edition, or what became of the last one."""
        to = self.target
        assert to.index is not None
        if self.graph.holder(number, to.index) is not None:
            return Verdict(number, "ok", f"{number} in {to.id}", number, fixable=True)
        spans = self.graph.holders(number)
        before = [(end, ident) for _start, end, ident in spans if end < to.index]
        if before:
            end, ident = max(before, key=lambda s: s[0])
            label = self._label(ident, end)
            last = self.graph.editions[end].id
            res = resolve(self.graph, number, _ref(self.graph, end), to)
            if res.status != "current" or res.number is None:
                return Verdict(
                    number,
                    "removed",
                    f"{number} ({label}) was {res.note}",
                    short=f"{number} removed",
                )
            how = "merged into" if res.note else "now"
            return Verdict(
                number,
                "moved",
                f"no {number} in {to.id}; the rule last numbered {number} ({label}, in {last}) "
                f"is {how} {res.number}",
                res.number,
                fixable=not res.note,
                short=f"{number} → {res.number}",
            )
        later = [start for start, _end, _ident in spans if start > to.index]
        if later:
            first = self.graph.editions[min(later)].id
            return Verdict(
                number, "missing", f"no {number} in {to.id} (it first appears in {first})"
            )
        return Verdict(
            number, "missing", f"no {number} in {to.id}{self._hint(number)}", short=f"no {number}"
        )

    # -- one citation ---------------------------------------------------------------

    def judge(self, citation: Citation) -> Judgement:
        date = citation.pinned or self.as_of
        if citation.bad_pin:
            verdicts = tuple(self.misdated(n, citation.pin_text) for n in citation.numbers)
        else:
            verdicts = tuple(
                self.pinned(n, date) if date else self.unpinned(n) for n in citation.numbers
            )
        status = min((v.status for v in verdicts), key=STATUSES.index)
        bad = [v for v in verdicts if v.status != "ok"] or list(verdicts)
        replacement, pin = rewrite(citation, verdicts, status, self.target.date)
        if not citation.is_range:
            message = bad[0].detail
        elif status == "ok":
            message = f"{citation.number} in {self.edition}"
        elif replacement is not None:
            message = f"{citation.number} is {replacement} in {self.edition}"
        else:
            message = f"{citation.number}: " + "; ".join(v.brief for v in bad)
        return Judgement(citation, status, message, self.edition, verdicts, replacement, pin)

    def judge_all(self, citations: Iterable[Citation]) -> list[Judgement]:
        """Judge every citation of a file; the numbers of one pinned citation are fixed together
        (:func:`.rewrite.hold_pinned_lists`)."""
        return hold_pinned_lists([self.judge(c) for c in citations])
