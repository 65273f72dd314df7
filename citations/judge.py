"""Judging a citation against an edition: what it meant, and what became of that rule.

Each number of a citation is read as a rule identity (:mod:`.meaning`): by
its pinned date ("20100716 - 601.2f"), else by the date its line was
written (version control, :mod:`.gitdates`) or the date given for the
whole text (``as_of``), else as the only rule the number ever named, else
by its words; when nothing settles it, it is ``ambiguous`` and every
meaning is listed. The rule meant is then followed to the edition checked
against (:mod:`.follow`): ok, moved, removed, "text changed" (since a
dated reading), or missing.

The words around a settled citation are also compared with the rule it
means (:mod:`.mismatch`): when they fit another rule much better, the
citation carries a ``mismatch`` warning, and is not rewritten, whatever
else it is: a fix never rewrites a citation whose meaning is in doubt. Nor
one read by its date whose words favour another rule its number has meant
(:func:`.meaning.contested`): the finding says so ("not fixed: …").

A pin that is no date ("20131313") is a finding of its own, "bad date",
with what the number meant near the date it was probably meant to be
(:mod:`.dates`). The numbers of one pinned citation ("20091005 - 704.5n,
702.14c") share its date, and a fix rewrites all of them and the date, or
nothing (:mod:`.rewrite`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from crdex.index.errors import LineageError
from crdex.index.lineage.editions import EditionRef, find_edition
from crdex.index.lineage.graph import Graph
from crdex.parser.numbers import RuleNumber

from .context import Context
from .dates import read_bad_date
from .finder import Citation
from .follow import follow, label_of
from .meaning import Meaning, Reading, contested, read_by_words, read_on_date
from .mismatch import WordsCheck
from .rewrite import hold_pinned_lists, rewrite
from .verdicts import STATUSES, Judgement, Verdict
from .words import RuleWords

__all__ = ["Judge"]


class Judge:
    """Judges citations against one edition of a graph.

    ``as_of`` (a date) is the date assumed for citations written without
    one that no line date covers. ``words`` compares citations' words with
    their rules (None: words are still read to settle reused numbers, but
    no mismatch is looked for).
    """

    def __init__(
        self,
        graph: Graph,
        edition: str = "latest",
        *,
        as_of: str | None = None,
        words: WordsCheck | None = None,
    ) -> None:
        self.graph = graph
        self.target = find_edition(edition, graph)
        if self.target.index is None:  # pragma: no cover - find_edition without others
            raise LineageError(f"{edition} is not an edition of the chain")
        self.as_of = as_of
        if as_of is not None:
            find_edition(as_of, graph)  # a bad date is an error up front
        self.words = words
        self.rule_words = words.words if words is not None else RuleWords.of(graph)
        self._pins: dict[str, EditionRef | str] = {}
        # (number, date or None, words) → verdict: a file cites the same few rules again and again
        self._seen: dict[tuple[str, str | None, bool, tuple[str, ...]], Verdict] = {}
        self._contests: dict[tuple[str, str, tuple[str, ...]], Meaning | None] = {}

    @property
    def edition(self) -> str:
        return self.target.id

    # -- one number ---------------------------------------------------------------

    def _children_of(self, number: str) -> list[str]:
        assert self.target.index is not None
        kids = self.rule_words.children(self.target.index).get(number, ())
        keys = [run.key for ident, at in kids if (run := ident.run_at(at)) is not None]
        return sorted(keys, key=lambda k: RuleNumber.parse(k).sort_key())

    def _hint(self, number: str) -> str:
        parent = RuleNumber.parse(number).parent
        if parent is None:
            return ""
        kids = self._children_of(str(parent))
        if not kids:
            return ""
        span = kids[0] if len(kids) == 1 else f"{kids[0]}–{kids[-1]}"
        return f" ({parent} has {span})"

    def _pin(self, date: str) -> EditionRef | str:
        if date not in self._pins:
            try:
                self._pins[date] = find_edition(date, self.graph)
            except LineageError as exc:
                self._pins[date] = str(exc)
        return self._pins[date]

    def pinned(self, number: str, date: str) -> Verdict:
        """The rule that held ``number`` on ``date``, followed to the target edition."""
        at = self._pin(date)
        if isinstance(at, str):
            return Verdict(number, "bad-date", at)
        assert at.index is not None
        ident = self.graph.holder(number, at.index)
        if ident is None:
            return Verdict(
                number, "missing", f"no {number} on {date} (edition {at.id})", short=f"no {number}"
            )
        reading = Reading("pinned", at.index, ident, date, edition_id=at.id)
        return follow(self.graph, number, reading, self.target, f"as of {date}")

    def dated(
        self, number: str, date: str, words: Sequence[str] = (), *, line: bool = True
    ) -> Verdict:
        """The rule ``number`` named when written on ``date`` (a line's date, or ``as_of``)."""
        reading = read_on_date(self.graph, number, date, list(words), self.rule_words)
        when = f"as written on {date}" if line else f"as of {date}"
        return self._settled(number, reading, when if reading.how == "dated" else "")

    def undated(self, number: str, words: Sequence[str] = ()) -> Verdict:
        """The rule ``number`` names with no date: its only rule, or the one its words settle."""
        to = self.target
        reading = read_by_words(self.graph, number, list(words), self.rule_words)
        if reading is None:
            return Verdict(
                number,
                "missing",
                f"no {number} in {to.id}{self._hint(number)}",
                short=f"no {number}",
            )
        return self._settled(number, reading, "")

    def _settled(self, number: str, reading: Reading, when: str) -> Verdict:
        """The verdict on a reading: ambiguous, or what became of the rule it settled on."""
        to = self.target
        assert to.index is not None
        if reading.how == "ambiguous" and all(
            self.graph.editions[to.index].date < m.first for m in reading.meanings
        ):
            first = min(m.first for m in reading.meanings)
            return Verdict(
                number,
                "missing",
                f"no {number} in {to.id} (it first appears in {first})",
                reading=reading,
            )
        if reading.how == "ambiguous":
            listed = "; ".join(m.brief for m in reading.meanings)
            note = f"{reading.note}; " if reading.note else ""
            return Verdict(
                number,
                "ambiguous",
                f"{note}{number} has meant {len(reading.meanings)} rules: {listed}; nothing "
                "settles which (no date, and its words fit none clearly better)",
                short=f"{number} ambiguous",
                reading=reading,
            )
        if reading.identity is not None and reading.identity.first > to.index:
            first = self.graph.editions[reading.identity.first].id
            return Verdict(
                number,
                "missing",
                f"no {number} in {to.id} (it first appears in {first})",
                reading=reading,
            )
        return follow(self.graph, number, reading, to, when)

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
        label = label_of(self.graph, holder, first)
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

    # -- one citation ---------------------------------------------------------------

    def _verdicts(
        self, citation: Citation, words: Sequence[str], line_date: str | None
    ) -> tuple[Verdict, ...]:
        if citation.bad_pin:
            return tuple(self.misdated(n, citation.pin_text) for n in citation.numbers)
        if citation.pinned:
            return tuple(self.pinned(n, citation.pinned) for n in citation.numbers)
        date, line = (line_date, True) if line_date is not None else (self.as_of, False)
        verdicts = tuple(self._read(n, date, line, tuple(words)) for n in citation.numbers)
        if citation.is_range and date is None and not self._one_era(verdicts):
            # the words of a range describe all of it: they settle its members only when
            # they settle every one of them, to rules that stood together in one edition
            return tuple(self._read(n, None, False, ()) for n in citation.numbers)
        return verdicts

    def _one_era(self, verdicts: tuple[Verdict, ...]) -> bool:
        """Every member settled, to rules that all held their numbers in some one edition."""
        spans: list[tuple[int, int]] = []
        for v in verdicts:
            r = v.reading
            if r is None or r.identity is None or not r.settled:
                return False
            held = [(a, b) for a, b, i in self.graph.holders(v.number) if i is r.identity]
            spans.append((min(a for a, _b in held), max(b for _a, b in held)))
        return max(a for a, _b in spans) <= min(b for _a, b in spans)

    def _read(self, number: str, date: str | None, line: bool, words: tuple[str, ...]) -> Verdict:
        key = (number, date, line, words)
        if key not in self._seen:
            self._seen[key] = (
                self.undated(number, words)
                if date is None
                else self.dated(number, date, words, line=line)
            )
        return self._seen[key]

    def judge(
        self,
        citation: Citation,
        context: Context | None = None,
        line_date: str | None = None,
    ) -> Judgement:
        """The judgement of one citation; ``context`` its words, ``line_date`` its line's date."""
        words = context.words if context is not None else []
        verdicts = self._verdicts(citation, words, line_date)
        status = min((v.status for v in verdicts), key=STATUSES.index)
        mismatch = None
        if self.words is not None and context is not None and not citation.is_range:
            reading = verdicts[0].reading
            if reading is not None and reading.identity is not None:
                assert self.target.index is not None
                mismatch = self.words.compare(
                    reading, citation.numbers[0], context, self.target.index
                )
        if mismatch is not None and status in ("ok", "example-changed"):
            status = "mismatch"
        bad = [v for v in verdicts if v.status != "ok"] or list(verdicts)
        replacement, pin = rewrite(citation, verdicts, status, self.target.date)
        doubt = self._doubt(verdicts, words) if mismatch is None and replacement else None
        if mismatch is not None or doubt is not None:
            replacement = pin = None  # its meaning is in doubt: never rewritten
        if not citation.is_range:
            message = bad[0].detail
        elif status == "ok":
            message = f"{citation.number} in {self.edition}"
        elif replacement is not None:
            message = f"{citation.number} is {replacement} in {self.edition}"
        else:
            message = f"{citation.number}: " + "; ".join(v.brief for v in bad)
        if doubt is not None:
            message += f"; not fixed: {doubt}"
        if mismatch is not None:
            now = f" ({mismatch.now} in {self.edition})" if mismatch.now != mismatch.better else ""
            message += (
                f"; its words fit {mismatch.better}{now} ({mismatch.label}) better: "
                f"{', '.join(mismatch.words) or '…'} (score {mismatch.score:.2f})"
            )
        return Judgement(
            citation, status, message, self.edition, verdicts, replacement, pin, mismatch, context
        )

    def _doubt(self, verdicts: tuple[Verdict, ...], words: Sequence[str]) -> str | None:
        """Why a dated reading is in doubt: its words favour another rule its number has meant.

        A line's date is when the line was last written, not always when its
        number was chosen (a comment re-wrapped years later keeps its old
        number), and a date given for a whole text may not fit every line of
        it. Where the words favour another meaning of the number
        (:func:`.meaning.contested`), the date is not trusted enough to
        rewrite it; a mismatch warning says more when the words are labelled
        enough to be compared (:mod:`.mismatch`).
        """
        for v in verdicts:
            r = v.reading
            if r is None or r.how != "dated":
                continue
            key = (v.number, r.identity.id if r.identity else "", tuple(words))
            if key not in self._contests:
                self._contests[key] = contested(
                    self.graph, v.number, r, list(words), self.rule_words
                )
            other = self._contests[key]
            if other is not None:
                return f"its words fit {other.brief}, which {v.number} also meant"
        return None

    def judge_all(
        self,
        citations: Iterable[Citation],
        contexts: Sequence[Context] | None = None,
        dates: Sequence[str | None] | None = None,
    ) -> list[Judgement]:
        """Judge every citation of a file, with their contexts and line dates when known; the
        numbers of one pinned citation are fixed together (:func:`.rewrite.hold_pinned_lists`)."""
        cs = list(citations)
        ctx = list(contexts) if contexts is not None else [None] * len(cs)
        ds = list(dates) if dates is not None else [None] * len(cs)
        return hold_pinned_lists([self.judge(c, x, d) for c, x, d in zip(cs, ctx, ds, strict=True)])
