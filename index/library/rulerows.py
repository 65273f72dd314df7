"""Each edition's rules as ``show`` reads them: rows, made from the edition's tree.

``crdex show 701.22`` prints one rule with its subrules, examples and the
rules that cite it. :func:`rule_rows` reduces a tree (as plain data, the
parse cache's shape) to that: each rule's number, kind, title, text,
examples, own rulings, the rules it refers to, its children and the rules
and glossary entries citing it; each glossary entry's term, definition,
other names and references. :class:`EditionRules` is what ``show`` asks of
one edition's rows; :class:`MemoryRules` answers from rows held in memory,
and :class:`~.ruletable.TableRules` from the rows a build stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from crdex.parser.numbers import RuleNumber

__all__ = [
    "EditionRules",
    "GlossaryRow",
    "MemoryRules",
    "RuleRow",
    "body_key",
    "canonical",
    "citing",
    "glossary_key",
    "rule_rows",
]

# what show gives of a rule's own rulings (a rulings page's rules have them)
_RULING = ("text", "source", "date", "number")


class RuleRow:
    """One rule of one edition, as ``show`` reads it (``title`` is "" for an untitled rule)."""

    __slots__ = (
        "children",
        "cited_by",
        "examples",
        "kind",
        "number",
        "parent",
        "references",
        "rulings",
        "text",
        "title",
    )

    def __init__(
        self,
        number: str,
        parent: str | None,
        kind: str,
        title: str,
        text: str,
        examples: Sequence[str],
        rulings: Sequence[dict[str, Any]],
        references: Sequence[str],
        children: Sequence[str],
        cited_by: Sequence[str],
    ) -> None:
        self.number = number
        self.parent = parent
        self.kind = kind
        self.title = title
        self.text = text
        self.examples = examples
        self.rulings = rulings
        self.references = references
        self.children = children
        self.cited_by = cited_by

    @classmethod
    def of(cls, rule: dict[str, Any], cited: dict[str, list[str]]) -> RuleRow:
        """A rule of a tree given as plain data; ``cited`` is :func:`citing` of the tree."""
        return cls(
            rule["number"],
            rule["parent"],
            rule["kind"],
            rule["title"] or "",
            rule["text"],
            tuple(rule["examples"]),
            [{k: x[k] for k in _RULING} for x in rule["rulings"]],
            _targets(rule["references"]),
            tuple(rule["children"]),
            tuple(cited.get(rule["number"], ())),
        )

    def body(self) -> list[Any]:
        """Everything but the number, parent and citers (stored once however often it recurs)."""
        return [
            self.kind,
            self.title,
            self.text,
            self.examples,
            self.rulings,
            self.references,
            self.children,
        ]


class GlossaryRow:
    """One glossary entry of one edition."""

    __slots__ = ("aliases", "definition", "obsolete", "references", "term")

    def __init__(
        self,
        term: str,
        definition: str,
        aliases: Sequence[str],
        references: Sequence[str],
        obsolete: bool,
    ) -> None:
        self.term = term
        self.definition = definition
        self.aliases = aliases
        self.references = references
        self.obsolete = obsolete

    @classmethod
    def of(cls, entry: dict[str, Any]) -> GlossaryRow:
        """A glossary entry of a tree given as plain data."""
        return cls(
            entry["term"],
            entry["definition"],
            tuple(entry["aliases"]),
            _targets(entry["references"]),
            entry["obsolete"],
        )

    def body(self) -> list[Any]:
        return [self.term, self.definition, self.aliases, self.references, self.obsolete]

    def names(self) -> list[str]:
        """The names it is found by: its term and its other names, case folded."""
        return list(dict.fromkeys([self.term.casefold(), *(a.casefold() for a in self.aliases)]))


def citing(tree: dict[str, Any]) -> dict[str, list[str]]:
    """Rule number → the numbers of the rules (and glossary terms) that refer to it."""
    out: dict[str, list[str]] = {}
    for rule in tree["rules"]:
        number = rule["number"]
        for ref in rule["references"]:
            citers = out.setdefault(ref["target"], [])
            if number not in citers and number != ref["target"]:
                citers.append(number)
    for entry in tree["glossary"]:
        label = f"glossary: {entry['term']}"
        for ref in entry["references"]:
            citers = out.setdefault(ref["target"], [])
            if label not in citers:
                citers.append(label)
    return out


def _targets(refs: list[dict[str, Any]]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ref["target"] for ref in refs)) if refs else ()


def body_key(rule: dict[str, Any]) -> tuple[Any, ...]:
    """What :meth:`RuleRow.body` of a rule of a tree is made of, without making it.

    A rule recurs unchanged in edition after edition: its row is stored once,
    found by this.
    """
    return (
        "rule",
        rule["kind"],
        rule["title"] or "",
        rule["text"],
        tuple(rule["examples"]),
        tuple(tuple(x[k] for k in _RULING) for x in rule["rulings"]),
        tuple(ref["target"] for ref in rule["references"]),
        tuple(rule["children"]),
    )


def glossary_key(entry: dict[str, Any]) -> tuple[Any, ...]:
    """What :meth:`GlossaryRow.body` of a glossary entry of a tree is made of."""
    return (
        "glossary",
        entry["term"],
        entry["definition"],
        tuple(entry["aliases"]),
        tuple(ref["target"] for ref in entry["references"]),
        entry["obsolete"],
    )


def rule_rows(tree: dict[str, Any]) -> tuple[list[RuleRow], list[GlossaryRow]]:
    """The rules (in document order) and glossary entries of a tree given as plain data.

    ``tree`` is what :func:`crdex.parser.serialize.edition_to_dict` makes
    (the parse cache's and the exports' shape).
    """
    cited = citing(tree)
    return [RuleRow.of(r, cited) for r in tree["rules"]], [
        GlossaryRow.of(g) for g in tree["glossary"]
    ]


def canonical(number: str) -> str:
    """A rule number as the tree writes it (``Edition.rule`` looks numbers up so)."""
    return str(RuleNumber.parse(number))


class EditionRules(Protocol):
    """What ``show`` asks of one edition's rules, wherever they are read from."""

    def rule(self, number: str) -> RuleRow | None:
        """The rule with that number (the last one, should a document repeat a number)."""

    def children(self, row: RuleRow) -> list[RuleRow]:
        """The rules ``row`` names as its children, in its order, those the edition has."""

    def under(self, number: str) -> list[RuleRow]:
        """The rules whose parent is ``number``, in document order."""

    def numbers(self) -> list[str]:
        """Every rule number, in document order."""

    def glossary_entry(self, name: str) -> GlossaryRow | None:
        """The first glossary entry whose term or other name is ``name`` (any case)."""

    def terms(self) -> list[str]:
        """Every glossary term, in document order."""


class MemoryRules:
    """One edition's rows held in memory."""

    def __init__(self, rules: list[RuleRow], glossary: list[GlossaryRow]) -> None:
        self._rules = rules
        self._glossary = glossary
        self._by_number = {r.number: r for r in rules}

    @classmethod
    def of(cls, tree: dict[str, Any]) -> MemoryRules:
        return cls(*rule_rows(tree))

    def rule(self, number: str) -> RuleRow | None:
        return self._by_number.get(canonical(number))

    def children(self, row: RuleRow) -> list[RuleRow]:
        return [c for c in (self.rule(n) for n in row.children) if c is not None]

    def under(self, number: str) -> list[RuleRow]:
        return [r for r in self._rules if r.parent == number]

    def numbers(self) -> list[str]:
        return [r.number for r in self._rules]

    def glossary_entry(self, name: str) -> GlossaryRow | None:
        key = name.casefold()
        return next((g for g in self._glossary if key in g.names()), None)

    def terms(self) -> list[str]:
        return [g.term for g in self._glossary]
