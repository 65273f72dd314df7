"""Link the keyword-action rules of any parsed edition to implementations, by title.

Rule numbers move (Scry: 502.36, 501.8, 701.16 ... 701.22), titles mostly
don't, so the link goes through titles and never through a number table:

- the keyword-action section is the heading titled "Keyword Actions" (701
  since the 2009-07-11 rewrite, 501 from 2007-05-01 to 2009-05-01);
- an edition without one (before 2007-05-01) had some keyword actions filed
  as keyword abilities: under the heading titled "Keyword Abilities" (502),
  a heading is mapped only when its title is a known keyword action (Scry,
  502.36 from 2004-06-01).

Each titled rule under the section becomes an :class:`ActionLink`:
implemented, not executable (with the reason), or unmapped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .registry import (
    NOT_EXECUTABLE,
    REGISTRY,
    ActionRegistry,
    Verified,
    load_builtin_actions,
    normalize_keyword,
)
from .verify import rule_digest

__all__ = [
    "IMPLEMENTED",
    "NOT_EXECUTABLE_STATUS",
    "TITLE_ALIASES",
    "UNMAPPED",
    "ActionLink",
    "keyword_action_rules",
    "keyword_for_title",
    "map_edition",
]

IMPLEMENTED = "implemented"
NOT_EXECUTABLE_STATUS = "not-executable"
UNMAPPED = "unmapped"

_ACTIONS_SECTION = "keyword actions"
_ABILITIES_SECTION = "keyword abilities"

# Keyword identity → titles older editions use for the same keyword action.
TITLE_ALIASES: dict[str, tuple[str, ...]] = {
    # "501.7. Tap" in the editions 2007-05-01 to 2009-05-01 (tapping only; the
    # 2009-07-11 rewrite made it "701.15. Tap and Untap").
    "tap and untap": ("Tap",),
}


class _RuleLike(Protocol):
    number: str
    kind: str
    title: str | None
    text: str
    parent: str | None
    children: list[str]
    examples: list


@dataclass(frozen=True, slots=True)
class ActionLink:
    """One keyword-action rule of one edition and what it maps to.

    ``status`` is "implemented", "not-executable" or "unmapped";
    ``text_sha256`` is the digest of this edition's rule with its subrules,
    comparable with ``verified_against.text_sha256``.
    """

    edition: str
    number: str
    title: str
    keyword: str | None
    status: str
    reason: str | None = None
    verified_against: Verified | None = None
    text_sha256: str | None = None

    @property
    def text_matches_verified(self) -> bool | None:
        """Whether this edition's text is the text the implementation was verified against."""
        if self.verified_against is None or self.text_sha256 is None:
            return None
        return self.text_sha256 == self.verified_against.text_sha256


def keyword_for_title(title: str, registry: ActionRegistry | None = None) -> str | None:
    """The keyword identity a rule title names, if it is a known keyword action."""
    registry = _registry(registry)
    key = normalize_keyword(title)
    if key in registry or key in NOT_EXECUTABLE:
        return key
    for keyword, older in TITLE_ALIASES.items():
        if key in (normalize_keyword(t) for t in older):
            return keyword
    return None


def _children(edition, heading: _RuleLike) -> list[_RuleLike]:
    found = [edition.rule(n) for n in heading.children]
    kids = [r for r in found if r is not None]
    if not kids:
        kids = [r for r in edition.rules if r.parent == heading.number]
    return kids


def _headings(edition, title: str) -> list[_RuleLike]:
    return [r for r in edition.rules if r.title and normalize_keyword(r.title) == title]


def keyword_action_rules(edition, registry: ActionRegistry | None = None) -> list[_RuleLike]:
    """The titled rules of an edition that are keyword actions, in document order."""
    sections = _headings(edition, _ACTIONS_SECTION)
    if sections:
        return [r for s in sections for r in _children(edition, s) if r.title]
    rules = []
    for section in _headings(edition, _ABILITIES_SECTION):
        rules += [
            r
            for r in _children(edition, section)
            if r.title and keyword_for_title(r.title, registry) is not None
        ]
    return rules


def _subtree(edition, rule: _RuleLike) -> list[_RuleLike]:
    subtree = getattr(edition, "subtree", None)
    if subtree is not None:
        found = list(subtree(rule.number))
        if found:
            return found
    return [rule]


def map_edition(edition, registry: ActionRegistry | None = None) -> list[ActionLink]:
    """Map every keyword-action rule of a parsed edition to its implementation or reason."""
    registry = _registry(registry)
    links = []
    for rule in keyword_action_rules(edition, registry):
        assert rule.title is not None
        keyword = keyword_for_title(rule.title, registry)
        digest = rule_digest(_subtree(edition, rule))
        if keyword is not None and keyword in registry:
            action = registry.get(keyword)
            links.append(
                ActionLink(
                    edition.id,
                    rule.number,
                    rule.title,
                    keyword,
                    IMPLEMENTED,
                    None,
                    action.verified_against,
                    digest,
                )
            )
        elif keyword is not None:
            links.append(
                ActionLink(
                    edition.id,
                    rule.number,
                    rule.title,
                    keyword,
                    NOT_EXECUTABLE_STATUS,
                    NOT_EXECUTABLE[keyword],
                    None,
                    digest,
                )
            )
        else:
            links.append(
                ActionLink(
                    edition.id,
                    rule.number,
                    rule.title,
                    None,
                    UNMAPPED,
                    "no implementation and not in the not-executable table",
                    None,
                    digest,
                )
            )
    return links


def _registry(registry: ActionRegistry | None) -> ActionRegistry:
    if registry is None:
        load_builtin_actions()
        return REGISTRY
    return registry
