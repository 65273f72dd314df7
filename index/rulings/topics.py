"""The topics of the 1999 rulings summary, tied to the Comprehensive Rules by name.

The summary (``Edition.numbering`` is ``crystal-keep-1999``) files its
rulings under topics: "A.27 - Trample", "C.4 - Step 2: Declare Attackers",
"Z.3 - Graveyard". The first Comprehensive Rules (1999-04-23, weeks
before the summary's final release) have a rule or a glossary entry for
most of the keywords, steps, zones and game terms those topics name:
"502.9. Trample", "308. Declare Attackers Step", glossary "Graveyard".
Each topic is linked to the *identity* of that rule or entry in the
identity graph, so that the link holds whatever number the rule bears
later (Trample is 502.9 in 1999 and 702.19 today).

The match is by name only, read from the documents, never from a list
written for this page:

- a topic's title, without its colon ("Trample:") or a leading "The";
- "Step 2: Declare Attackers" and "Phase 1: Untap" name a step or a phase
  of the turn: only "Declare Attackers Step" or "… Phase" will do (the
  bare word "Untap" would find the action of untapping);
- in a chapter named by a single plural noun ("A - Abilities"), a topic
  is one of them: "Evasion" is also tried as "Evasion Ability";
- compared without case, with each word's plural folded ("Card Types" is
  the rule "212. Card Type"), against the titles of the rules of the
  first editions (those dated up to ``through``) and then against their
  glossary terms, each alternative of "Control/Controller" and
  "Cantrip (Informal)" counted.

A rule title wins over a glossary term, an earlier edition over a later
one. Topics that find nothing are returned as unmatched, in page order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from crdex.index.lineage.graph import Graph
from crdex.parser.tree import Edition, Rule

__all__ = ["SUMMARY_NUMBERING", "TopicLink", "TopicLinks", "link_topics"]

#: The numbering of the pages this module reads (``crdex.parser.rulings1999.NUMBERING``).
SUMMARY_NUMBERING = "crystal-keep-1999"

_STEP = re.compile(r"^(?:Step|Phase)\s+\d+:\s*(?P<name>.+)$")
_INFORMAL = re.compile(r"\s*\([^)]*\)\s*$")


@dataclass(frozen=True, slots=True)
class TopicLink:
    """A topic of the page and the identity of the rule (or glossary entry) it names.

    ``key`` is the rule number or glossary term the identity had in
    ``edition``, the first edition where the name was found; ``via`` says
    whether a rule's title (``"title"``) or a glossary term
    (``"glossary"``) matched, and ``name`` is that title or term as the
    rules write it.
    """

    topic: str
    title: str
    identity: str
    edition: str
    key: str
    via: str
    name: str


@dataclass(slots=True)
class TopicLinks:
    links: list[TopicLink] = field(default_factory=list)
    unmatched: list[tuple[str, str]] = field(default_factory=list)  # (topic, title)

    def for_topic(self, topic: str) -> TopicLink | None:
        return next((link for link in self.links if link.topic == topic), None)

    def for_identity(self, identity: str) -> list[TopicLink]:
        """The topics linked to one identity (what ``show`` and ``history`` would mention)."""
        return [link for link in self.links if link.identity == identity]


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us")):
        return word[:-1]
    return word


def name_key(name: str) -> str:
    """A name as compared: lower case, words singular, punctuation at the ends dropped."""
    words = re.sub(r"[^\w/'-]+", " ", name.casefold()).split()
    return " ".join(_singular(w) for w in words)


def _candidates(topic: Rule, chapter: Rule | None) -> list[str]:
    title = (topic.title or "").strip().rstrip(":").strip()
    if m := _STEP.match(title):
        name = m.group("name")
        return [f"{name} Step", f"{name} Phase"]
    if title.startswith("The "):
        title = title[4:]
    names = [title]
    kind = (chapter.title or "").strip() if chapter else ""
    if re.fullmatch(r"[A-Z][a-z]+s", kind):
        names.append(f"{title} {kind}")
    return names


def _glossary_names(term: str) -> list[str]:
    """ "Control/Controller" → both; "Cantrip (Informal)" → "Cantrip"."""
    plain = _INFORMAL.sub("", term)
    parts = [p.strip() for p in plain.split("/") if p.strip()]
    return [plain, *parts] if len(parts) > 1 else [plain]


@dataclass(frozen=True, slots=True)
class _Target:
    identity: str
    edition: str
    key: str
    via: str
    name: str


def _targets(graph: Graph, through: str) -> dict[str, _Target]:
    """Name key → the first rule (then glossary entry) of the first editions to bear it."""
    titles: dict[str, _Target] = {}
    terms: dict[str, _Target] = {}
    for index, info in enumerate(graph.editions):
        if info.date > through:
            break
        for ident, run in graph.present(index, glossary=None).values():
            if ident.glossary:
                for name in _glossary_names(run.key):
                    target = _Target(ident.id, info.id, run.key, "glossary", run.key)
                    terms.setdefault(name_key(name), target)
                continue
            title = graph.texts[run.title]
            if title:
                target = _Target(ident.id, info.id, run.key, "title", title)
                titles.setdefault(name_key(title), target)
    return {**terms, **titles}


def link_topics(page: Edition, graph: Graph, *, through: str = "1999-12-31") -> TopicLinks:
    """Every topic of ``page`` linked to a rule identity of ``graph``, or listed as unmatched.

    ``through`` is the date of the last edition searched: by default the
    editions of 1999, the first Comprehensive Rules.
    """
    if page.numbering != SUMMARY_NUMBERING:
        raise ValueError(
            f"{page.source.path}: topics are linked for pages numbered {SUMMARY_NUMBERING!r}, "
            f"not {page.numbering!r}"
        )
    targets = _targets(graph, through)
    chapters = {item.number: item for item in page.items if item.kind == "chapter"}
    out = TopicLinks()
    for topic in page.items:
        if topic.kind != "topic":
            continue
        chapter = chapters.get(topic.parent or "")
        found = None
        for name in _candidates(topic, chapter):
            found = targets.get(name_key(name))
            if found is not None:
                break
        title = (topic.title or "").rstrip(":")
        if found is None:
            out.unmatched.append((topic.number, title))
            continue
        out.links.append(
            TopicLink(
                topic.number,
                title,
                found.identity,
                found.edition,
                found.key,
                found.via,
                found.name,
            )
        )
    return out
