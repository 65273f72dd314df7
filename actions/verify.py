"""Fingerprints of rule text, so an implementation can say which words it follows.

``rule_digest`` hashes a rule together with its subrules and examples, in
document order, after folding typography (:func:`crdex.parser.normalize.
normalize_text`). It does not depend on how a parser stores examples: an
example kept inside the rule's text and one kept in ``examples`` give the
same digest, because both are read as "Example: ..." and spacing is collapsed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Protocol

from ..parser.normalize import normalize_text

__all__ = ["RuleLike", "canonical_rule_text", "edition_rule_digest", "rule_digest"]

_EXAMPLE_PREFIX = re.compile(r"^\s*Example:\s*", re.IGNORECASE)


class RuleLike(Protocol):
    number: str
    title: str | None
    text: str
    examples: list  # list of objects with a ``text``


def canonical_rule_text(rules: Iterable[RuleLike]) -> str:
    """One normalized line per rule: "number title-or-text Example: ..."."""
    lines = []
    for rule in rules:
        parts = [rule.number.rstrip("."), rule.title or rule.text]
        for example in rule.examples:
            parts.append("Example: " + _EXAMPLE_PREFIX.sub("", example.text))
        lines.append(normalize_text(" ".join(p for p in parts if p)))
    return "\n".join(lines)


def rule_digest(rules: Iterable[RuleLike]) -> str:
    """sha256 (hex) of :func:`canonical_rule_text`."""
    return hashlib.sha256(canonical_rule_text(rules).encode("utf-8")).hexdigest()


def edition_rule_digest(edition, number: str) -> str | None:
    """Digest of ``number`` and its subtree in a parsed ``Edition``; None if absent."""
    rules = list(edition.subtree(number))
    return rule_digest(rules) if rules else None
