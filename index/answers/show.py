"""One rule with everything about it, as ``crdex show`` prints it.

A rule number names a rule in one edition; its view holds its text and
examples, every subrule under it (nested), the rulings filed under them,
the rules it refers to and the rules that refer to it. A glossary term
gives the glossary entry. Everything comes from the edition's rows in the
library's rule table (:mod:`crdex.index.library.ruletable`), or from its
parsed tree where there are none; not from the search index.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from crdex.errors import shown
from crdex.index.answers.asked import lookup_number
from crdex.index.errors import UnknownRule
from crdex.index.lineage.editions import near_numbers, near_terms, suggestion
from crdex.parser.numbers import RuleNumber

if TYPE_CHECKING:
    from crdex.index.answers.questions import Lineage
    from crdex.index.library.rulerows import EditionRules, GlossaryRow, RuleRow
    from crdex.index.lineage.editions import EditionRef

__all__ = ["GlossaryView", "RuleView", "glossary", "letter_of", "show", "topic_rulings"]


@dataclass(slots=True)
class RuleView:
    """A rule of one edition, with its subrules nested in ``children``."""

    number: str
    kind: str
    title: str
    text: str
    examples: list[str] = field(default_factory=list)
    rulings: list[dict[str, Any]] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    cited_by: list[str] = field(default_factory=list)
    children: list[RuleView] = field(default_factory=list)
    edition: str = ""
    # topics of rulings summaries on this rule (or a heading above it): see index.library.summaries
    topics: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "number": self.number,
            "kind": self.kind,
            "title": self.title,
            "text": self.text,
            "examples": self.examples,
            "rulings": self.rulings,
            "references": self.references,
            "cited_by": self.cited_by,
            "children": [c.to_dict() for c in self.children],
        }
        if self.edition:
            data = {"edition": self.edition, **data, "topics": self.topics}
        return data

    def walk(self) -> list[RuleView]:
        """This rule and every rule under it, in document order."""
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out


@dataclass(slots=True)
class GlossaryView:
    term: str
    definition: str
    aliases: list[str]
    references: list[str]
    obsolete: bool
    edition: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "kind": "glossary",
            "term": self.term,
            "definition": self.definition,
            "aliases": self.aliases,
            "references": self.references,
            "obsolete": self.obsolete,
        }


RulingsOf = Callable[[str], list[dict[str, Any]]]


def _view(rules: EditionRules, rule: RuleRow, rulings_of: RulingsOf) -> RuleView:
    return RuleView(
        number=rule.number,
        kind=rule.kind,
        title=rule.title,
        text=rule.text,
        examples=list(rule.examples),
        rulings=list(rule.rulings) or rulings_of(rule.number),
        references=list(rule.references),
        cited_by=list(rule.cited_by),
        children=[_view(rules, child, rulings_of) for child in rules.children(rule)],
    )


def _rulings_of(lineage: Lineage, ref: EditionRef) -> RulingsOf:
    """Rulings by rule number in one edition: those attached to the rule's identity."""
    graph = lineage.graph

    def rulings(number: str) -> list[dict[str, Any]]:
        if ref.index is None:
            return []
        holder = graph.holder(number, ref.index)
        if holder is None:
            return []
        return [
            lineage.dated(
                {
                    "text": r["text"],
                    "source": r.get("source"),
                    "date": r.get("date"),
                    "number": r.get("number"),
                    "filed_under": r.get("rule"),
                    "edition": r.get("edition"),
                    "page": r.get("page"),
                },
                ref,
            )
            for r in lineage.library.rulings(holder.id)
        ]

    return rulings


def _unknown(lineage: Lineage, rules: EditionRules, asked: str, ref: EditionRef) -> UnknownRule:
    """No such number in this edition: what the rule holding it elsewhere is numbered here
    (701.22 in 2005-02-01: 502.36, Scry), else the numbers beside it."""
    near = _held_elsewhere(lineage, asked, ref) or near_numbers(asked, rules.numbers())
    return UnknownRule(f"{ref.id} has no rule {asked}{suggestion(near)}")


def _held_elsewhere(lineage: Lineage, number: str, ref: EditionRef) -> list[str]:
    """The numbers in ``ref`` of the rules that hold ``number`` in other editions, nearest first."""
    if ref.index is None:
        return []
    here = ref.index
    spans = sorted(
        lineage.graph.holders(number),
        key=lambda span: min(abs(span[0] - here), abs(span[1] - here)),
    )
    found = (ident.run_at(here) for _start, _end, ident in spans)
    return list(dict.fromkeys(run.key for run in found if run is not None))[:3]


def _neither(rules: EditionRules, name: str, ref: EditionRef) -> UnknownRule:
    """Neither a number nor a term: near numbers if it begins like one ("70l.18"), else terms."""
    asked = name.strip()
    if asked[:1].isdigit():
        near = suggestion(near_numbers(asked, rules.numbers()))
        what = "a rule number (such as 7, 701, 701.22 or 704.5aa)"
    else:
        near = suggestion(near_terms(asked, rules.terms()))
        what = "a rule number"
    return UnknownRule(f"{shown(asked)} is neither {what} nor a glossary term of {ref.id}{near}")


def show(lineage: Lineage, name: str, edition: str | None = None) -> RuleView | GlossaryView:
    """The rule numbered ``name`` (or the glossary entry ``name``) in ``edition`` (default latest)."""
    ref = lineage.edition(edition or "latest")
    rules = lineage.library.rules(ref.sha256)
    number = lookup_number(name)
    if number is None:
        entry = rules.glossary_entry(name.strip())
        if entry is None:
            raise _neither(rules, name, ref)
        return _glossary_view(entry, ref.id)
    rule = rules.rule(number)
    rulings_of = _rulings_of(lineage, ref)
    if rule is None:
        # a section ("7") may be implied by its rules without a node of its own
        under = rules.under(number)
        if not under:
            raise _unknown(lineage, rules, number, ref)
        return RuleView(
            number=number,
            kind=RuleNumber.parse(number).kind,
            title="",
            text="",
            children=[_view(rules, r, rulings_of) for r in under],
            edition=ref.id,
        )
    view = _view(rules, rule, rulings_of)
    view.edition = ref.id
    view.topics = lineage.topics(ref, number)
    return view


def letter_of(term: str) -> str:
    """The letter a glossary term is listed under: its first letter or digit ("“As Though”": A)."""
    import unicodedata

    for char in unicodedata.normalize("NFKD", term):
        if char.isalnum():
            return char.upper() if char.isalpha() else "#"
    return "#"


def glossary(
    lineage: Lineage, edition: str | None = None, letter: str | None = None
) -> tuple[str, list[GlossaryView]]:
    """Every glossary entry of ``edition`` (default latest) in the document's order: (id, entries).

    ``letter``: only the entries listed under that letter (see :func:`letter_of`).
    """
    ref = lineage.edition(edition or "latest")
    rules = lineage.library.rules(ref.sha256)
    wanted = letter.upper() if letter else None
    out = []
    for term in rules.terms():
        if wanted is not None and letter_of(term) != wanted:
            continue
        entry = rules.glossary_entry(term)
        if entry is not None:
            out.append(_glossary_view(entry, ref.id))
    return ref.id, out


def _glossary_view(entry: GlossaryRow, edition: str) -> GlossaryView:
    return GlossaryView(
        term=entry.term,
        definition=entry.definition,
        aliases=list(entry.aliases),
        references=list(entry.references),
        obsolete=entry.obsolete,
        edition=edition,
    )


def _cited(ruling: Any) -> list[str]:
    return [c.text for c in ruling.sources] or [x for x in [ruling.source] if x]


def topic_rulings(lineage: Lineage, topic: dict[str, Any]) -> list[dict[str, Any]]:
    """The rulings and notes a summary files under one of its topics (``RuleView.topics``).

    In page order: the topic's own rulings and notes, then those of its
    rules; each with its number in the summary's numbering (a note by its
    topic and place, "A.27 note 1"), its text, the sources cited for it as
    written and whether the page marks it as changed since its last release.
    """
    docs = lineage.library.documents.values()
    doc = next((d for d in docs if d.id == topic["document"]), None)
    if doc is None:
        return []
    page = lineage.library.edition(doc.sha256)
    head = page.item(topic["topic"])
    if head is None:
        return []
    out: list[dict[str, Any]] = []
    for item in [head, *(i for i in page.items if i.parent == head.number)]:
        out.extend(
            {
                "kind": "ruling",
                "number": r.number or item.number,
                "text": r.text,
                "sources": _cited(r),
                "changed": r.changed,
            }
            for r in item.rulings
        )
        out.extend(
            {
                "kind": "note",
                "number": f"{item.number} note {n}",
                "text": note.text,
                "sources": [c.text for c in note.sources],
                "changed": note.changed,
            }
            for n, note in enumerate(item.notes, 1)
        )
    return out
