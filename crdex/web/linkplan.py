"""Where the links of a text go: its rule references and glossary terms, merged in order.

Linking a text is two steps. Planning finds what to link and where: the
references the parser found (each with its first target the edition has,
or none) and the glossary terms (:class:`~crdex.web.terms.TermIndex`),
merged in order, a term inside a reference dropped (the reference is the
link), and a term already planned earlier in the same text dropped (a
term is linked once per rule). Writing (:meth:`.links.Linker.write`) then
escapes the text between the links and decides what depends on the page:
the links' addresses, the terms already linked by the rule's text before
an example, the page's own term.

A plan depends on the edition only, so the page of the whole edition plans
each of its 4,000 texts once and keeps the plans (see :mod:`.whole`); other
pages plan their few texts as they write them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from crdex.parser.tree import Reference

from .terms import TermIndex

__all__ = ["Block", "Link", "Plan", "needs_escaping", "plan_block", "plan_blocks"]


class Link(NamedTuple):
    """One link of a text: ``text[start:end]``.

    ``target`` is None for a glossary term (``name`` is the term); the rule
    number a reference links to; or "" for a reference to a rule the
    edition lacks (``name`` is the note saying so).
    """

    start: int
    end: int
    target: str | None
    name: str


Plan = tuple[Link, ...]


class Block(NamedTuple):
    """A text (a rule's text, one of its examples, a definition) and its plan.

    ``escape``: whether the text holds characters to escape or italics to
    write (:func:`needs_escaping`).
    """

    text: str
    plan: Plan
    escape: bool


def needs_escaping(text: str) -> bool:
    """Whether writing ``text`` changes it (``&``, ``<`` or ``>`` escaped, underscore italics,
    see :func:`.links.italic`): four substring scans, a fifth of a regex's time on a rule's
    text (the whole edition asks for 4,000)."""
    return "&" in text or "<" in text or ">" in text or "_" in text


def plan_blocks(
    texts: Sequence[str],
    refs: Sequence[Reference],
    has_rule: Callable[[str], bool],
    edition: str,
    terms: TermIndex | None,
) -> list[Block]:
    """Each text of a rule (its text, then its examples) with its plan; ``refs`` are offsets
    into the texts joined by one character, as the parser gives them."""
    if len(texts) == 1:
        return [plan_block(texts[0], refs, 0, has_rule, edition, terms)]
    out: list[Block] = []
    base = 0
    for text in texts:
        inside = [r for r in refs if base <= r.start < base + len(text)] if refs else refs
        out.append(plan_block(text, inside, base, has_rule, edition, terms))
        base += len(text) + 1
    return out


def plan_block(
    text: str,
    refs: Sequence[Reference],
    base: int,
    has_rule: Callable[[str], bool],
    edition: str,
    terms: TermIndex | None,
) -> Block:
    """One text with its plan; ``refs`` are offsets into it plus ``base``."""
    spans = _references(text, refs, base, has_rule, edition)
    flat, names = terms.flat(text) if terms is not None else ((), [])
    return Block(text, _merged(spans, flat, names), needs_escaping(text))


def _merged(spans: list[Link], flat: Sequence[int], names: list[str]) -> Plan:
    """References and terms (``flat``: start, end and term number by turn) in order; a term
    inside a reference, or planned already in the text, left out."""
    if not flat:
        return tuple(spans)
    out: list[Link] = []
    planned: set[str] = set()
    i, n = 0, len(spans)
    triples = iter(flat)
    for start, end, number in zip(triples, triples, triples, strict=True):
        while i < n and spans[i].end <= start:  # the references before this term
            out.append(spans[i])
            i += 1
        if i < n and spans[i].start < end:
            continue  # a term within a reference: the reference is the link
        term = names[number]
        if term not in planned:  # a later place of a term is never linked: once per rule
            planned.add(term)
            out.append(Link(start, end, None, term))
    out.extend(spans[i:])
    return tuple(out)


def _references(
    text: str,
    refs: Sequence[Reference],
    base: int,
    has_rule: Callable[[str], bool],
    edition: str,
) -> list[Link]:
    """Each written reference once (a range's members share one), to its first member the
    edition has, in order of place."""
    if not refs:
        return []
    by_span: dict[tuple[int, str], list[str]] = {}
    for ref in refs:
        by_span.setdefault((ref.start - base, ref.text), []).append(ref.target)
    links = []
    for (start, written), targets in by_span.items():
        if text[start : start + len(written)] != written:
            continue  # an offset that does not fit the text: leave it unlinked
        end = start + len(written)
        target = None
        for candidate in targets:
            if has_rule(candidate):
                target = candidate
                break
        if target is None:
            links.append(Link(start, end, "", f"{edition} has no rule {targets[0]}"))
        else:
            links.append(Link(start, end, target, ""))
    return sorted(links)
