"""Excerpts cut from every edition of the corpus, placed among the editions by their text.

For every edition of the library of the whole corpus, runs of rules are cut
from its text file (a random run each, from a fixed seed; no title, no date,
no heading of the document) and handed to the placement. What it must say
is worked out here, from the raw files, without crdex's parser: each file's
rules are read line by line (a line that begins with a rule number begins a
rule; every other line until the next continues it), and an edition holds
an excerpt when it has each of the excerpt's rules, with the same words
(typography apart, as :func:`crdex.index.lineage.content.typography_key`
defines it), and no other rule between the excerpt's first and last. The
files' bytes are decoded by :mod:`crdex.corpus` (its decoding is tested on
its own) and, for the one edition that exists only as RTF, by striprtf.

Three kinds of excerpt:

* as cut: placed in exactly the editions that hold it;
* of an edition taken out of the library (the same library, the edition
  left out of the chain the document is placed among): placed between its
  two neighbours, or in the editions that hold it when some still do;
* garbled (characters replaced inside words, a line cut short): placed at
  the editions that hold the excerpt as cut, with each damaged rule named.
"""

from __future__ import annotations

import bisect
import itertools
import random
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from conftest import CORPUS

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

SEED = 33
# rules in an excerpt, at least and at most
SHORTEST, LONGEST = 4, 40

_RULE = re.compile(r"^\s*(\d{3}\.\d{1,3}[a-z]{0,2})\.?(?=\s)(.*)$")
_HEAD = re.compile(r"^\s*(\d{3})\.\s+(\S.*)$")
_SECTION = re.compile(r"^\s*[1-9]\.\s+\S")
_FIRST = re.compile(r"^\s*100\.1\.?\s")
_GLOSSARY = re.compile(r"^\s*Glossary\s*$")


@dataclass(frozen=True)
class Entry:
    """One rule as the raw file has it: its number, its lines, its words."""

    number: str
    lines: tuple[str, ...]
    words: str


def _words(text: str) -> str:
    from crdex.index.lineage.content import typography_key

    return typography_key(text)


def _raw_text(path: Path) -> str:
    data = path.read_bytes()
    if path.suffix == ".rtf":
        from striprtf.striprtf import rtf_to_text

        return rtf_to_text(data.decode("cp1252"))
    from crdex.corpus import decode

    return decode(data, str(path)).text


def read_rules(text: str) -> list[Entry]:
    """The rules of an edition's text, from its first rule to its glossary, as lines."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if _FIRST.match(line))
    end = next((i for i in range(start, len(lines)) if _GLOSSARY.match(lines[i])), len(lines))
    return read_body(lines[start:end])


def read_body(lines: list[str]) -> list[Entry]:
    """Rules from lines of rules text.

    A line that begins with a rule number begins a rule, unless it follows a line of text
    and its number does not come after the last rule's ("…see rule" / "103.4. …" wrapped
    inside 413.2d continues 413.2d); every other line continues the rule above it.
    """
    entries: list[tuple[str, list[str]]] = []
    last: tuple = ()
    blank = True
    for line in lines:
        rule, head = _RULE.match(line), _HEAD.match(line)
        number = (rule or head).group(1) if rule or head else ""  # type: ignore[union-attr]
        if number and (blank or _order(number) > last):
            entries.append((number, [line]))
            last = _order(number)
        elif _SECTION.match(line):
            entries.append(("", [line]))  # a section heading: in the excerpt, never compared
        elif entries:
            entries[-1][1].append(line)
        blank = not line.strip()
    out = []
    for number, held in entries:
        body = " ".join(held)
        match = _RULE.match(body) or _HEAD.match(body)
        text_ = match.group(2) if match else body
        out.append(Entry(number, tuple(held), _words(text_)))
    return out


def _edition_file(edition: str) -> Path:
    for name in (f"cr-{edition}.txt", f"cr-{edition}.derived.txt", f"cr-{edition}.rtf"):
        if (CORPUS / name).is_file():
            return CORPUS / name
    raise AssertionError(f"no text of {edition} in the corpus")


@cache
def edition_rules(edition: str) -> tuple[Entry, ...]:
    return tuple(read_rules(_raw_text(_edition_file(edition))))


@cache
def _positions(edition: str) -> dict[str, int]:
    return {e.number: i for i, e in enumerate(edition_rules(edition)) if e.number}


def holds(edition: str, excerpt: list[Entry]) -> bool:
    """Whether the edition's text holds the excerpt: its rules, their words, nothing between."""
    rules, at = edition_rules(edition), _positions(edition)
    numbered = [e for e in excerpt if e.number]
    if any(e.number not in at or rules[at[e.number]].words != e.words for e in numbered):
        return False
    first, last = at[numbered[0].number], at[numbered[-1].number]
    theirs = [e.number for e in rules[first : last + 1] if e.number]
    return theirs == [e.number for e in numbered]


def cut(edition: str, rng: random.Random) -> list[Entry]:
    """A random run of the edition's rules."""
    rules = edition_rules(edition)
    length = rng.randint(SHORTEST, LONGEST)
    start = rng.randrange(0, len(rules) - length)
    return list(rules[start : start + length])


def as_text(excerpt: list[Entry]) -> str:
    return "\n".join(line for e in excerpt for line in e.lines) + "\n"


@pytest.fixture(scope="module")
def placing(corpus_home: Path):
    """(chain, index, place(text, chain)) over the library of the whole corpus."""
    from crdex.index.library import Library
    from crdex.index.placement import place
    from crdex.parser import parse_text

    library = Library(corpus_home)
    chain, index = library.chain(), library.texts()

    def placed(text: str, among=chain, name: str = "excerpt.txt"):
        return place(parse_text(text, name), index, among)

    return chain, placed


def test_excerpts_of_every_edition_are_placed_in_the_editions_that_hold_them(placing) -> None:
    chain, placed = placing
    ids = [r.id for r in chain]
    rng = random.Random(SEED)
    wrong = []
    for edition in ids:
        for _ in range(2):
            excerpt = cut(edition, rng)
            expected = [e for e in ids if holds(e, excerpt)]
            assert edition in expected, f"{edition}: the excerpt is not its own text"
            found = placed(as_text(excerpt))
            if (found.verdict, found.editions) != ("matched", expected):
                wrong.append((edition, excerpt[0].number, found.verdict, found.editions, expected))
    assert not wrong, "\n".join(map(str, wrong))


def _changed(edition: str, other: str) -> set[str]:
    """The edition's rules whose words the other edition does not have under that number."""
    theirs = {e.number: e.words for e in edition_rules(other) if e.number}
    return {
        e.number for e in edition_rules(edition) if e.number and theirs.get(e.number) != e.words
    }


def _between_cut(edition: str, before: str, after: str, rng: random.Random) -> list[Entry] | None:
    """A run of the edition's rules holding a rule worded as in ``after`` but not ``before``
    and one worded as in ``before`` but not ``after``, when it has such rules near each other."""
    rules = edition_rules(edition)
    newer, older = _changed(edition, before), _changed(edition, after)
    spots = [
        (i, j)
        for i, a in enumerate(rules)
        if a.number in newer - older
        for j in range(max(0, i - LONGEST // 2), min(len(rules), i + LONGEST // 2))
        if rules[j].number in older - newer
    ]
    if not spots:
        return None
    i, j = rng.choice(spots)
    low, high = min(i, j), max(i, j)
    low, high = max(0, low - rng.randint(0, 3)), min(len(rules), high + 1 + rng.randint(0, 3))
    return list(rules[low:high])


def _order(number: str) -> tuple[int, int, int, str]:
    head, _, rest = number.partition(".")
    digits = re.match(r"\d*", rest).group()  # type: ignore[union-attr]
    letters = rest[len(digits) :]
    return int(head), int(digits) if digits else -1, len(letters), letters


@cache
def _by_number(edition: str) -> tuple[dict[str, str], list[tuple[tuple, str]]]:
    """The edition's words by rule number, and its numbers in rule order."""
    words = {e.number: e.words for e in edition_rules(edition) if e.number}
    return words, sorted((_order(n), n) for n in words)


def _fits(edition: str, excerpt: list[Entry]) -> dict[str, bool]:
    """Each rule of the excerpt, and each rule of the edition among them that the excerpt
    lacks: whether the edition agrees (has the rule with its words; lacks the other)."""
    numbered = [e for e in excerpt if e.number]
    theirs, ordered = _by_number(edition)
    out = {e.number: theirs.get(e.number) == e.words for e in numbered}
    low = bisect.bisect_left(ordered, (_order(numbered[0].number), ""))
    high = bisect.bisect_right(ordered, (_order(numbered[-1].number), "~"))
    for _key, number in ordered[low:high]:
        out.setdefault(number, False)
    return out


def pairs_between(excerpt: list[Entry], ids: list[str]) -> list[tuple[str, str]]:
    """Consecutive editions the excerpt lies between: each of its rules has the words of one
    of the two (or of no edition), some only the older's, some only the newer's."""
    fits = {e: _fits(e, excerpt) for e in ids}
    items = {n for f in fits.values() for n in f}
    ours = {e.number for e in excerpt if e.number}
    novel = {n for n in ours if not any(fits[e].get(n) for e in ids)}
    out = []
    for a, b in itertools.pairwise(ids):
        fa = {n: fits[a].get(n, n not in ours) for n in items}
        fb = {n: fits[b].get(n, n not in ours) for n in items}
        if (
            all(fa[n] or fb[n] or n in novel for n in items)
            and any(fa[n] and not fb[n] for n in items)
            and any(fb[n] and not fa[n] for n in items)
        ):
            out.append((a, b))
    return out


def test_excerpts_of_an_edition_left_out_are_placed_between_its_neighbours(placing) -> None:
    chain, placed = placing
    ids = [r.id for r in chain]
    rng = random.Random(SEED + 1)
    wrong, neighbours, straddling = [], 0, 0
    for k in range(1, len(chain) - 1):
        edition, before, after = ids[k], ids[k - 1], ids[k + 1]
        excerpt = _between_cut(edition, before, after, rng)
        if excerpt is None:  # no rules changed on both sides near each other: any run
            excerpt = cut(edition, rng)
        else:
            straddling += 1
        among = [r for r in chain if r.id != edition]
        rest = [e for e in ids if e != edition]
        expected = [e for e in rest if holds(e, excerpt)]
        pairs = [] if expected else pairs_between(excerpt, rest)
        found = placed(as_text(excerpt), among)
        if expected:
            ok = (found.verdict, found.editions) == ("matched", expected)
        elif pairs:
            ok = found.verdict == "between" and found.between == pairs
            neighbours += pairs == [(before, after)]
        else:
            ok = found.verdict == "nearest"
        if not ok:
            wrong.append(
                (edition, excerpt[0].number, found.verdict, found.between, expected, pairs)
            )
    assert not wrong, "\n".join(map(str, wrong))
    print(f"{straddling} cut across changes; {neighbours} placed between their neighbours")
    # the excerpts cut across changes on both sides of their edition lie between its
    # neighbours, but for the few whose neighbour's copy reads otherwise (a lossy copy)
    assert neighbours >= straddling - 5, (neighbours, straddling)


_WORD = re.compile(r"[A-Za-z]{4,}")


def _last_line(lines: list[str]) -> int:
    return max(i for i, line in enumerate(lines) if line.strip())


def garble(excerpt: list[Entry], rng: random.Random) -> tuple[str, dict[str, str]]:
    """The excerpt with one rule's characters replaced and another's last line cut short;
    which rule got which damage."""
    lines = [list(e.lines) for e in excerpt]
    numbered = [
        i
        for i, e in enumerate(excerpt)
        if e.number and len(_WORD.findall(e.lines[_last_line(lines[i])])) > 6
    ]
    damage: dict[str, str] = {}
    if len(numbered) < 2:
        return as_text(excerpt), damage
    garbled, short = rng.sample(numbered, 2)
    line = lines[garbled][0]
    words = list(_WORD.finditer(line))[1:]  # never the rule's first word (it may be a title)
    if not words:
        return as_text(excerpt), damage
    word = rng.choice(words)
    at = word.start() + rng.randrange(1, len(word.group()) - 1)
    lines[garbled][0] = line[:at] + ("x" if line[at] != "x" else "q") + line[at + 1 :]
    damage[excerpt[garbled].number] = "characters"
    last = _last_line(lines[short])
    words = list(_WORD.finditer(lines[short][last]))
    keep = words[len(words) // 2].start() + 2  # in the middle of a word, as extraction cuts
    lines[short][last] = lines[short][last][:keep]
    damage[excerpt[short].number] = "cut-short"
    return "\n".join(line for held in lines for line in held) + "\n", damage


def nearest(excerpt: list[Entry], text: str, damage: dict[str, str], ids: list[str]) -> list[str]:
    """The editions a garbled excerpt is nearest to: of those that hold every rule it did
    not damage (and a rule it cut short, as far as it goes), the ones whose wording of the
    rule with characters replaced is the fewest edits away (normalized Levenshtein distance
    of the words)."""
    from rapidfuzz.distance import Levenshtein

    damaged = {e.number: e for e in read_body(text.splitlines())}
    kept = [e for e in excerpt if e.number not in damage]
    fitting = []
    for edition in ids:
        theirs, _ordered = _by_number(edition)
        fits = _fits(edition, excerpt)
        if not all(fits[n] for n in fits if n not in damage):
            continue
        cut = next(n for n, kind in damage.items() if kind == "cut-short")
        if not theirs.get(cut, "").startswith(damaged[cut].words):
            continue
        fitting.append(edition)
    assert kept
    garbled = next(n for n, kind in damage.items() if kind == "characters")
    far = {
        e: Levenshtein.normalized_distance(damaged[garbled].words, _by_number(e)[0][garbled])
        for e in fitting
    }
    best = min(far.values(), default=None)
    return [e for e in fitting if far[e] == best]


def test_garbled_excerpts_are_placed_at_their_nearest_editions_with_the_damage(placing) -> None:
    chain, placed = placing
    ids = [r.id for r in chain]
    rng = random.Random(SEED + 2)
    wrong, garbled = [], 0
    for edition in ids:
        excerpt = cut(edition, rng)
        text, damage = garble(excerpt, rng)
        if not damage:
            continue
        garbled += 1
        expected = nearest(excerpt, text, damage, ids)
        found = placed(text)
        named = {d.number: d.status for d in found.differences if d.number in damage}
        if (found.verdict, found.editions) != ("nearest", expected) or set(named) != set(damage):
            wrong.append((edition, found.verdict, found.editions, expected, named, damage))
            continue
        for number, kind in damage.items():
            # a letter changed reads as characters garbled, or as another word
            allowed = {"characters", "wording"} if kind == "characters" else {kind}
            if named[number] not in allowed:
                wrong.append((edition, number, named[number], kind))
    assert not wrong, "\n".join(map(str, wrong))
    assert garbled > len(ids) * 0.9
