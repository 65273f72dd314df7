"""Damage in a witness: characters a copy lost on its way, counted, with examples.

Some copies of an edition were damaged before they reached the library:
the primary copy of 2008-05-01 has "?" for each of its 1,303 curly quotes
and apostrophes (``?Deathtouch? means ?Whenever…``, ``who?ve``), another
could have U+FFFD for characters a converter could not read, or UTF-8
read as Windows-1252 (``donâ€™t``). Each is found where it cannot be
anything else:

- ``question-marks``: a "?" inside a word (``who?ve``), at the start of
  one (``?Deathtouch``), or right after a full stop or comma
  (``creature.?``), where a real question mark never stands and a quote or
  an apostrophe always does;
- ``replacement``: U+FFFD, the character a decoder puts for bytes it could
  not read;
- ``mojibake``: the pairs UTF-8 quotes, dashes and accented letters become
  when read as Windows-1252 (``â€™``, ``Ã©``);
- ``lost-lines``: rules or glossary entries another copy of the same
  edition has and this one lacks, found beside that copy (:mod:`.lost`),
  each example naming the copy and line it was read in.

A damaged witness speaks after a clean one of the same coverage (see
:data:`~.documents.PRECEDENCE`), and ``crdex editions`` and the edition's
page say what was found.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crdex.parser.tree import Edition

__all__ = ["DAMAGE_KINDS", "Damage", "damage_of"]

#: each kind of damage, and what it means
DAMAGE_KINDS = {
    "question-marks": "quotes, apostrophes or dashes read as '?'",
    "replacement": "characters replaced by U+FFFD",
    "mojibake": "UTF-8 characters read as Windows-1252",
    # found only beside another copy of the same edition (.lost)
    "lost-lines": "rules or glossary entries lost that another copy of the edition has",
}
_PATTERNS = {
    # (not the "?" of a web address's query, "default.asp?x=magic")
    "question-marks": re.compile(
        r"(?:(?<=[A-Za-z])\?(?=[A-Za-z])|(?:(?<=^)|(?<=[\s(\[]))\?(?=[A-Za-z0-9])|(?<=[.,])\?)"
        r"(?![\w-]*=)"
    ),
    "replacement": re.compile("\ufffd"),
    "mojibake": re.compile(
        "â€[\u2122\u0153\u009d\u02dc\u201d\u201c\u2013\u2014\u00a6]|Ã[\u00a0-\u00bf]"
    ),
}
# examples kept per kind
_EXAMPLES = 3
# characters of text shown around an example
_AROUND = 30


@dataclass(slots=True)
class Damage:
    """What was found in one witness: a count per kind, and a few examples (line, text)."""

    counts: dict[str, int] = field(default_factory=dict)
    examples: list[dict[str, Any]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def describe(self) -> str:
        """ "3,964 quotes, apostrophes or dashes read as '?' (line 134: …)", a clause per kind."""
        parts = []
        for kind, count in self.counts.items():
            first = next((e for e in self.examples if e["kind"] == kind), None)
            where = _where(first) if first else ""
            parts.append(f"{count:,} {DAMAGE_KINDS[kind]}{where}")
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {"counts": dict(self.counts), "examples": list(self.examples)}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Damage | None:
        if not data:
            return None
        return cls(dict(data.get("counts", {})), list(data.get("examples", [])))


def _where(example: dict[str, Any]) -> str:
    """Where an example was found: in this copy, or (a lost line) in the other copy."""
    if example.get("in"):
        return f" ({example['text']}, line {example['line']} of {example['in']})"
    return f" (line {example['line']}: {example['text']})"


def _texts(edition: Edition) -> Iterator[tuple[int, str]]:
    """(line, text) of every rule, example and glossary definition."""
    for rule in edition.rules:
        line = rule.span.line if rule.span is not None else 0
        yield line, f"{rule.title or ''} {rule.text}"
        for example in rule.examples:
            yield line, example.text
    for entry in edition.glossary:
        line = entry.span.line if getattr(entry, "span", None) is not None else 0
        yield line, f"{entry.term} {entry.definition}"


def damage_of(edition: Edition) -> Damage | None:
    """The damage found in a parsed document, or None when it is clean."""
    found = Damage()
    for line, text in _texts(edition):
        for kind, pattern in _PATTERNS.items():
            matches = list(pattern.finditer(text))
            if not matches:
                continue
            found.counts[kind] = found.counts.get(kind, 0) + len(matches)
            if sum(e["kind"] == kind for e in found.examples) < _EXAMPLES:
                at = matches[0].start()
                shown = text[max(0, at - _AROUND) : at + _AROUND].strip()
                found.examples.append({"kind": kind, "line": line, "text": shown})
    return found if found.counts else None
