"""Lines a copy lost: what another copy of the same edition holds and it does not.

A copy can reach the library with lines missing: cut short (the Wayback
capture of 2013-02-01 ends inside the glossary, 444 terms before its end) or
holed (a page dropped in the middle). Neither can be seen in the copy alone,
only beside another copy of the same edition: a rule or glossary entry that
the other copy has and this one lacks is a lost line, a damage of its own
(``lost-lines`` in :data:`.damage.DAMAGE_KINDS`), counted with examples, so
that the copy speaks after a whole one (:data:`.documents.PRECEDENCE`).

What counts:

- only a **copy of the whole edition** can lose lines: a complete text, a
  rendering with every rule but no glossary (it loses rules, never glossary
  entries), a copy cut short. An excerpt or a rulings page says it holds a
  part, and one placed by its text states no date: none is damaged by what
  it does not hold, and none is held against a copy;
- a line is lost when its number (or glossary term) is absent **and** its
  words (when there are enough of them to tell, not a heading's "First
  Strike") are nowhere in the copy, typography folded: a rule whose number a
  PDF extraction mangled, or a glossary term it ran into the definition
  before, is still there, read otherwise (what a reader of both copies sees
  as the same text is not lost).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crdex.index.lineage.content import typography_key

from .damage import Damage

if TYPE_CHECKING:
    from crdex.parser.tree import Edition

    from .documents import DocumentInfo

__all__ = ["LOST_LINES", "lost_in_copies", "lost_lines", "with_lost"]

#: the damage kind of lines another copy has
LOST_LINES = "lost-lines"
# the kinds of documents that are copies of a whole edition; the glossary is held by
# the first and last only (a "rules" rendering has no glossary, and says so)
_WHOLE = ("complete", "rules", "truncated")
_WITH_GLOSSARY = ("complete", "truncated")
# examples kept, and the words of a line shown in one
_EXAMPLES = 3
_SHOWN = 60
# how many letters may stand between an entry's term and its definition in a copy that
# holds it read otherwise: about a line of a page (the PDF of 2002-10-07 lost the line
# "and it's subject to the rules for both. (See rule" of Artifact Creature, and read
# the line before as a term)
_GAP = 80
# fewer letters than this are no evidence that a line is there read otherwise
_DISTINCT = 40
# the comparisons remembered (one an edition with several copies): see lost_in_copies
_COMPARED_KEPT = 1024
_COMPARED: dict[tuple[tuple[str, str, str], ...], dict[str, Damage]] = {}


@dataclass(frozen=True, slots=True)
class _Line:
    """A rule or glossary entry of a copy: what names it, its words folded, how it is shown."""

    name: str
    words: str
    line: int
    shown: str
    # a glossary entry's term and definition, each folded: see _held
    parts: tuple[str, ...] = ()


def _words(text: str) -> str:
    """The words of ``text``, typing and spacing folded away (hyphenation across lines too)."""
    return typography_key(text).replace(" ", "")


def _lines(tree: Edition, *, glossary: bool) -> Iterator[_Line]:
    for rule in tree.rules:
        text = f"{rule.title or ''} {rule.text}".strip()
        line = rule.span.line if rule.span is not None else 0
        yield _Line(rule.number, _words(text), line, f"{rule.number} {text}")
    if not glossary:
        return
    for entry in tree.glossary:
        line = entry.span.line if entry.span is not None else 0
        text = f"{entry.term}: {entry.definition}"
        term, definition = _words(entry.term), _words(entry.definition)
        yield _Line(term, term + definition, line, text, (term, definition))


def _held(line: _Line, names: set[str], words: dict[bool, str]) -> bool:
    """Whether a copy whose lines are named ``names`` holds ``line``: by its name, or by
    its words found among the words of the copy's rules (a rule) or glossary (an entry),
    or (an entry) by its term with its definition a line on at most (a PDF extraction
    that read a definition's first line as a term and lost the line after it). A glossary
    entry is not looked for in the rules: glossary terms and definitions repeat the
    rules' words, which a copy cut short before its glossary holds."""
    if line.name in names:
        return True
    if len(line.words) < _DISTINCT:
        return False  # a heading's few words ("First Strike") stand in other rules too
    among = words[bool(line.parts)]
    if line.words in among:
        return True
    if not line.parts:
        return False
    term, definition = line.parts
    at = among.find(term)
    while at >= 0 and definition:
        end = at + len(term)
        if among.find(definition, end, end + _GAP + len(definition)) >= 0:
            return True
        at = among.find(term, at + 1)
    return False


def lost_lines(tree: Edition, kind: str, others: Iterable[tuple[str, Edition]]) -> Damage | None:
    """The lines of ``others`` (name, tree) that ``tree``, a copy of kind ``kind``, lost."""
    glossary = kind in _WITH_GLOSSARY
    held = list(_lines(tree, glossary=glossary))
    names = {line.name for line in held}
    words = {
        entry: "|".join(line.words for line in held if bool(line.parts) == entry)
        for entry in (False, True)
    }
    found = Damage()
    seen: set[str] = set()
    for name, other in others:
        for line in _lines(other, glossary=glossary):
            if line.name in seen or not line.words or _held(line, names, words):
                continue
            seen.add(line.name)
            found.counts[LOST_LINES] = found.counts.get(LOST_LINES, 0) + 1
            if len(found.examples) < _EXAMPLES:
                shown = line.shown if len(line.shown) <= _SHOWN else line.shown[:_SHOWN] + "…"
                found.examples.append(
                    {"kind": LOST_LINES, "line": line.line, "text": shown, "in": name}
                )
    return found if found.counts else None


def lost_in_copies(
    documents: Iterable[DocumentInfo], tree: Callable[[str], Edition]
) -> dict[str, Damage]:
    """sha256 → the lines lost, for each copy of one edition beside the other copies.

    Remembered for the process by the copies compared (sha256, kind, name: a
    tree is its document's, read by one parser): a build plans the chain
    twice (before and after placing undated documents), and comparing the
    copies of the corpus's multi-copy editions reads their trees.
    """
    from .documents import MATCHED_BY_TEXT

    copies = [d for d in documents if d.kind in _WHOLE and d.date_source != MATCHED_BY_TEXT]
    if len(copies) < 2:
        return {}
    key = tuple(sorted((d.sha256, d.kind, d.name) for d in copies))
    found = _COMPARED.get(key)
    if found is None:
        found = _compare(copies, tree)
        if len(_COMPARED) >= _COMPARED_KEPT:
            _COMPARED.pop(next(iter(_COMPARED)))
        _COMPARED[key] = found
    return dict(found)


def _compare(copies: list[DocumentInfo], tree: Callable[[str], Edition]) -> dict[str, Damage]:
    out = {}
    for doc in copies:
        others = ((o.name, tree(o.sha256)) for o in copies if o.sha256 != doc.sha256)
        found = lost_lines(tree(doc.sha256), doc.kind, others)
        if found is not None:
            out[doc.sha256] = found
    return out


def with_lost(damage: dict[str, Any] | None, lost: Damage | None) -> dict[str, Any] | None:
    """A document's own damage (``Damage.to_dict()``) with the lines it lost beside it."""
    if lost is None:
        return damage
    own = Damage.from_dict(damage) or Damage()
    return {
        "counts": {**own.counts, **lost.counts},
        "examples": [*own.examples, *lost.examples],
    }
