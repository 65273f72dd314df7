"""The words around a citation: the sentence of its comment, doc comment or text that it sits in.

``// CR 704.5k "legend rule"`` says what its author meant by 704.5k; so does
the sentence of a doc comment (``* Rule 714.3a: As Saga enters battlefield,
put lore counter on it``) or of a text file. :func:`contexts` finds, for
each citation, that sentence:

- in code, the comment or string that holds the citation; line comments
  on consecutive lines are one comment, a block comment one comment; the
  markers (``//``, ``///``, ``#``, ``*``, ``/**``, quotes) are not words;
- in a text file, the paragraph (lines up to a blank line);
- within that, the lines of the citation's item: a line runs on into
  the next only when it does not end a sentence and the next begins in
  lower case (a list item, ``- CR 613.1: The seven layers``, a line of
  ``=====`` or a new sentence stands alone);
- within those, the sentence holding the citation;
- when the sentence says next to nothing beyond its citations (fewer than
  two words), the next lines of the same comment are read too, then the
  lines above it, as long as they cite nothing of their own (``/// CR
  704.5y`` over ``/// A battle with no protector …``; a doc comment that
  ends ``/// MTG rule 701.44.`` under what it describes).

Each context also names the other numbers cited in the same sentence:
words that describe several citations together are not held against one
of them (:mod:`.mismatch`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .finder import Citation
from .lexer import Syntax, prose_regions

__all__ = ["Context", "contexts"]

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")
# comment markers and list bullets at the start of a comment's line
_MARKER = re.compile(
    r"^\s*(?:/{2,3}!?|#+!?|--+|;+|/\*+!?|\*+(?!/)|\(\*|\{-|<!--|\"{3}|'{3}|[`\"'])?[ \t]*"
    r"(?:>[ \t]*)?(?:[-•+][ \t]+)?"
)
# a line of markup only ("</summary>", "<p>"): no words of its own
_TAGS = re.compile(r"^\s*(?:</?[A-Za-z][^>]*>\s*)+$")
_CLOSER = re.compile(r"[ \t]*(?:\*+/|-->|\*\)|-\}|\"{3}|'{3}|[`\"'])?[ \t]*$")
_END = re.compile(r"[.!?:;]\s*$")
_SENTENCE_END = re.compile(r"(?<=[a-z)\"'’”])[.!?](?:\s+|$)|;\s+")
_WORD = re.compile(r"[A-Za-z]{2,}")
_LETTER = re.compile(r"[A-Za-z]")
# an item that begins with a rule number and a period, as the rules write them: "702.9a. Flying"
_HEADING = re.compile(r"\s*(?:(?:CR|[Rr]ule)\s*)?\d{3}(?:\.\d+[a-z]{0,2})?\.\s")
# words of a citation itself, not of what it says
_CITING = frozenset({"cr", "rule", "rules", "comprehensive", "comp", "section", "see", "per"})
MIN_WORDS = 2
# a sentence is read at most this far either side of its citation
REACH = 240
# a sentence citing more rules than this is a list: its words describe none of them
CROWD = 12
# a phrase a citation ends and labels has at most this many words
LABEL_WORDS = 8
_LEAD = re.compile(r"^[\s(\[*>•–—-]*(?:(?:MTG|[Pp]er|[Ss]ee|[Ss]ee also)\s+)?$")
# what follows a citation that heads its words: a colon, a dash, a period ("702.9a. Flying"),
# or nothing; not a period that closes a bracket before more words: "(See rule 603.11.)
# “Miracle [cost]” means …" in the rules' own text points elsewhere, it labels nothing
_HEADS = re.compile(r"^\s*[)\]]?\s*(?:[:–—;-]|\.(?:[)\]]\s*$|(?![)\]]))|$)")
_ENDS = re.compile(r"^\s*[)\]]?\s*[.;,!]?\s*$")
# a citation that opens its sentence with what follows as the rule's words: "Per CR 704.4, …"
_PER = re.compile(r"^[\s(\[*>•–—-]*(?:[Pp]er|[Uu]nder|[Aa]ccording to|[Bb]y)\s+$")
_PER_AFTER = re.compile(r"^\s*,\s*\S")


@dataclass(frozen=True, slots=True)
class Context:
    """The sentence a citation sits in, and the other numbers cited in that sentence.

    ``labelled`` says that the citation labels its words, as rule comments
    do: it heads them (``CR 704.5k: legend rule``, ``704.5s - Tokens …``,
    ``702.9a. Flying is …``), it is alone in its sentence (the words are
    the lines around it), it labels a short phrase (``Tap this permanent
    (CR 701.21a)``, ``Shadow (Rule 702.27) - can only be blocked …``), it
    opens a sentence that says what the rule says (``Per CR 704.4, if any
    actions are performed …``). A
    citation in the middle of a long sentence about something else ("…, so
    the whole sentence is what it performs (CR 406.1).") is not: its words
    describe the code around the rule, not the rule. ``heads`` says more:
    the citation heads its words (or stands alone beside them), as a rule's
    number heads the rule.
    """

    text: str
    cited: tuple[str, ...] = ()
    crowded: bool = False
    labelled: bool = False
    heads: bool = False
    words: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # its words, without the citations' own ("CR", "rule", "see"): read once
        found = tuple(w for w in _WORD.findall(self.text) if w.lower() not in _CITING)
        object.__setattr__(self, "words", found)


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    text: str  # without markers
    shift: int  # columns removed from the start of the line


def _starts(text: str) -> list[int]:
    return [m.start() for m in _LINE.finditer(text)][: text.count("\n") + text.count("\r") + 1]


def _clean(number: int, raw: str) -> _Line:
    head = _MARKER.match(raw)
    start = head.end() if head else 0
    tail = _CLOSER.search(raw, start)
    end = tail.start() if tail else len(raw)
    return _Line(number, raw[start:end], start)


def _block_lines(text: str, starts: list[int], syntax: Syntax | None) -> dict[int, list[_Line]]:
    """Line number → the cleaned lines of the comment, string or paragraph holding that line."""
    raw = [m.group(0).rstrip("\r\n") for m in _LINE.finditer(text)]
    blocks: dict[int, list[_Line]] = {}
    if syntax is None:
        para: list[_Line] = []
        for n, line in enumerate(raw, 1):
            if line.strip():
                para.append(_clean(n, line))
                continue
            for x in para:
                blocks[x.number] = para
            para = []
        for x in para:
            blocks[x.number] = para
        return blocks
    run: list[_Line] = []
    last = -2
    for start, end, kind in prose_regions(text, syntax):
        first = bisect.bisect_right(starts, start)
        final = bisect.bisect_right(starts, max(start, end - 1))
        whole_line = not text[starts[first - 1] : start].strip()
        if kind == "line" and whole_line and first == last + 1 and run:
            a = start - starts[first - 1]
            piece = _clean(first, raw[first - 1][a:])
            run.append(_Line(first, piece.text, piece.shift + a))
        else:
            run = []
            for n in range(first, final + 1):
                a = start - starts[n - 1] if n == first else 0
                b = end - starts[n - 1] if n == final else len(raw[n - 1])
                piece = _clean(n, raw[n - 1][a:b])
                run.append(_Line(n, piece.text, piece.shift + a))
        for x in run:
            blocks.setdefault(x.number, run)
        last = final if kind == "line" else -2
    return blocks


def _item_spans(block: list[_Line]) -> list[tuple[int, int]]:
    """The items of ``block``: runs of lines (indexes ``lo..hi``) that make one statement.

    A line carries on the one above only when it begins in lower case and
    the one above does not end a sentence: comments put one statement on a
    line more often than they wrap one.
    """
    spans: list[tuple[int, int]] = []
    for i, line in enumerate(block):
        goes_on = i > 0 and line.text.lstrip()[:1].islower() and not _END.search(block[i - 1].text)
        if goes_on:
            spans[-1] = (spans[-1][0], i)
        else:
            spans.append((i, i))
    return spans


@dataclass(slots=True)
class _Item:
    """One item of a block: its lines joined, where each line starts in it, its sentences."""

    lo: int
    hi: int
    joined: str
    offsets: dict[int, int]
    starts: list[int]
    ends: list[int]
    cited: list[tuple[int, Citation]]

    @classmethod
    def of(cls, block: list[_Line], lo: int, hi: int, cites: dict[int, list[Citation]]) -> _Item:
        parts: list[str] = []
        offsets: dict[int, int] = {}
        at = 0
        for i in range(lo, hi + 1):
            text = block[i].text if i == lo else block[i].text.strip()
            offsets[i] = at - (0 if i == lo else len(block[i].text) - len(block[i].text.lstrip()))
            parts.append(text)
            at += len(text) + 1
        joined = " ".join(parts)
        head = _HEADING.match(joined)
        marks = list(_SENTENCE_END.finditer(joined, head.end() if head else 0))
        starts = [0, *(m.end() for m in marks)]
        ends = [*(m.start() + 1 for m in marks), len(joined)]
        cited = sorted(
            (
                (offsets[i] + max(0, c.column - 1 - block[i].shift), c)
                for i in range(lo, hi + 1)
                for c in cites.get(block[i].number, ())
            ),
            key=lambda x: x[0],
        )
        return cls(lo, hi, joined, offsets, starts, ends, cited)

    def sentence(self, pos: int) -> tuple[int, int]:
        """The sentence holding ``pos``, at most :data:`REACH` characters either side of it."""
        i = bisect.bisect_right(self.starts, pos) - 1
        a, b = self.starts[max(i, 0)], self.ends[max(i, 0)]
        if b < pos:  # the period of a number that ends the sentence ("rule 601.2f.")
            b = pos
        return max(a, pos - REACH), min(b, pos + REACH)

    def citing(self, a: int, b: int) -> list[Citation]:
        lo = bisect.bisect_left(self.cited, a, key=lambda x: x[0])
        hi = bisect.bisect_left(self.cited, b, key=lambda x: x[0])
        return [c for _pos, c in self.cited[lo:hi]]


def _context(block: list[_Line], item: _Item, at: int, c: Citation, cites: dict) -> Context:
    pos = item.offsets[at] + max(0, c.column - 1 - block[at].shift)
    a, b = item.sentence(pos)
    text = item.joined[a:b].strip()
    before, after = item.joined[a:pos], item.joined[pos + len(c.text) : b]
    heads = (
        bool(_LEAD.match(before) and _HEADS.match(after))
        or _names(before, after)
        or _states(before, after)
    )
    labelled = heads or _labels(before, after)
    nxt = item.hi + 1
    while len(Context(text).words) < MIN_WORDS and nxt < len(block):
        extra = block[nxt]
        if extra.number in cites or not _LETTER.search(extra.text) or _TAGS.match(extra.text):
            break
        text = f"{text} {extra.text.strip()}"
        nxt += 1
    prev = item.lo - 1
    while len(Context(text).words) < MIN_WORDS and prev >= 0:
        extra = block[prev]
        if extra.number in cites or not _LETTER.search(extra.text) or _TAGS.match(extra.text):
            break
        text = f"{extra.text.strip()} {text}"
        prev -= 1
    others = item.citing(a, b)
    numbers = dict.fromkeys(n for x in others for n in x.numbers if n not in c.numbers)
    if len(numbers) > CROWD:  # a list of rules: its words describe none of them in particular
        return Context(text, tuple(numbers)[:CROWD], crowded=True)
    return Context(text, tuple(numbers), labelled=labelled, heads=heads)


def _names(before: str, after: str) -> bool:
    """A citation in brackets between a name and its words: "Shadow (Rule 702.27) - can …"."""
    return (
        before.rstrip().endswith("(")
        and len(_WORD.findall(before)) <= 3
        and bool(re.match(r"^\s*\)\s*[:–—-]", after))
    )


def _labels(before: str, after: str) -> bool:
    """A citation that ends a short phrase it labels: "Tap this permanent (CR 701.21a)."."""
    return bool(_ENDS.match(after)) and len(_WORD.findall(before)) <= LABEL_WORDS


def _states(before: str, after: str) -> bool:
    """A citation whose sentence says what the rule says: "Per CR 704.4, if any actions …"."""
    return bool(_PER.match(before) and _PER_AFTER.match(after))


def contexts(text: str, syntax: Syntax | None, citations: Sequence[Citation]) -> list[Context]:
    """The context of each of ``citations`` (found in ``text``), in the same order.

    Time is linear in the text: each block's items and sentences are found
    once, and each citation's sentence and neighbours by bisection.
    """
    if not citations:
        return []
    starts = _starts(text)
    blocks = _block_lines(text, starts, syntax)
    cites: dict[int, list[Citation]] = {}
    for c in citations:
        cites.setdefault(c.line, []).append(c)
    items: dict[tuple[int, int], _Item] = {}
    where: dict[int, tuple[list[_Line], int, tuple[int, int]]] = {}
    for block in {id(b): b for b in blocks.values()}.values():
        for lo, hi in _item_spans(block):
            for i in range(lo, hi + 1):
                where[block[i].number] = (block, i, (lo, hi))
    out: list[Context] = []
    for c in citations:
        found = where.get(c.line)
        if found is None:
            out.append(Context(""))
            continue
        block, at, span = found
        key = (id(block), span[0])
        if key not in items:
            items[key] = _Item.of(block, span[0], span[1], cites)
        out.append(_context(block, items[key], at, c, cites))
    return out
