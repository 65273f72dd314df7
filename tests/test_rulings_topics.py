"""The 1999 rulings summary's topics tied to rule identities of the first Comprehensive Rules.

The corpus test reads its expectations from ``tests/data/rulings-1999-topics.md``,
where every pair was checked by reading the page's topic beside the CR's rule
or glossary entry (their first words are quoted there). The small tests build
a graph by hand to pin each matching rule.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import parsed
from crdex.index.library import Library
from crdex.index.lineage.graph import EditionInfo, Graph, Identity, Run
from crdex.index.rulings import link_topics
from crdex.parser import parse_text

DATA = Path(__file__).parent / "data" / "rulings-1999-topics.md"
NAME = "rulings-crystalkeep-general-1999-05-16.reflowed.txt"


def tables() -> tuple[dict[str, str], list[str]]:
    """(topic → identity) of the linked table, and the topics of the unmatched table."""
    linked: dict[str, str] = {}
    unmatched: list[str] = []
    section = ""
    for line in DATA.read_text("utf-8").splitlines():
        if line.startswith("## "):
            section = line
        m = re.match(r"\| ([A-Z]\.\d+) \| [^|]+ \|(?: ([^|]+) \|)?", line)
        if not m:
            continue
        if section.startswith("## Linked"):
            linked[m.group(1)] = m.group(2).strip()
        else:
            unmatched.append(m.group(1))
    return linked, unmatched


@pytest.mark.corpus
@pytest.mark.slow
def test_topics_link_to_the_identities_checked_by_reading(corpus_home: Path) -> None:
    graph = Library(corpus_home).graph()
    links = link_topics(parsed(NAME), graph)
    linked, unmatched = tables()
    assert len(linked) >= 40
    assert {link.topic: link.identity for link in links.links} == linked
    assert [topic for topic, _ in links.unmatched] == unmatched
    trample = links.for_topic("A.27")
    assert (trample.key, trample.via, trample.name) == ("502.9", "title", "Trample")
    # the identity is Trample whatever its number: cr-2026-08-07.txt line 4093 "702.19. Trample"
    identity = graph.identity(trample.identity)
    assert identity is not None and identity.runs[-1].key == "702.19"
    assert graph.editions[identity.runs[-1].end].id == graph.editions[-1].id
    # two topics of the page name one glossary entry: "Interrupt" (K.16 the card type, T.11 timing)
    assert [link.topic for link in links.for_identity("1999-04-23/glossary:Interrupt")] == [
        "K.16",
        "T.11",
    ]


# ---- the matching rules, on a graph made by hand -------------------------------------


def _graph() -> Graph:
    texts = [
        "",
        "Trample",
        "Declare Attackers Step",
        "Card Type",
        "Evasion Abilities",
        "Untap Step",
    ]
    editions = [
        EditionInfo("1999-04-23", "1999-04-23", "a", "CR", "a.txt", 5, 3),
        EditionInfo("1999-11-01", "1999-11-01", "b", "CR", "b.txt", 5, 4),
        EditionInfo("2001-07-23", "2001-07-23", "c", "CR", "c.txt", 5, 4),
    ]
    identities = [
        Identity("1999-04-23/502.9", False, [Run(0, 2, "502.9", "rule", 1, 0)]),
        Identity("1999-04-23/308", False, [Run(0, 2, "308", "rule", 2, 0)]),
        Identity("1999-04-23/212", False, [Run(0, 2, "212", "rule", 3, 0)]),
        Identity("1999-04-23/501", False, [Run(0, 2, "501", "rule", 4, 0)]),
        Identity("1999-04-23/302", False, [Run(0, 2, "302", "rule", 5, 0)]),
        Identity("1999-04-23/glossary:Trample", True, [Run(0, 2, "Trample", "glossary", 0, 0)]),
        Identity(
            "1999-04-23/glossary:Control/Controller",
            True,
            [Run(0, 2, "Control/Controller", "glossary", 0, 0)],
        ),
        Identity("1999-04-23/glossary:Untap", True, [Run(0, 2, "Untap", "glossary", 0, 0)]),
        Identity("1999-11-01/glossary:Land Type", True, [Run(1, 2, "Land Type", "glossary", 0, 0)]),
        Identity("2001-07-23/glossary:Poison", True, [Run(2, 2, "Poison", "glossary", 0, 0)]),
    ]
    return Graph("k", editions, identities, [], texts)


PAGE = """\
Rulings are collected from many sources.
Table of Contents:
Index
Acknowledgements and Disclaimers
A - Abilities
A.17 - Evasion
A.27 - Trample:
C - Combat Rules
C.4 - Step 2: Declare Attackers
G - Game Terms and Rules
G.6 - Controller
G.9 - Poison
K - Card and Permanent Types and Information
K.1 - Card Types
K.18 - Land Type
P - Phases of the Turn
P.5 - Phase 1: Untap
T - Timing
T.1 - The Untap
"""


def test_each_matching_rule() -> None:
    page = parse_text(PAGE, "page.txt")
    links = link_topics(page, _graph())
    found = {link.topic: (link.key, link.via, link.edition) for link in links.links}
    assert found == {
        # a chapter named by one plural noun qualifies its topics
        "A.17": ("501", "title", "1999-04-23"),
        # a rule's title wins over a glossary term of the same name
        "A.27": ("502.9", "title", "1999-04-23"),
        # "Step 2: X" is the step "X Step"
        "C.4": ("308", "title", "1999-04-23"),
        # each alternative of "Control/Controller"
        "G.6": ("Control/Controller", "glossary", "1999-04-23"),
        # plurals folded: "Card Types" is "Card Type"
        "K.1": ("212", "title", "1999-04-23"),
        # a later edition of 1999
        "K.18": ("Land Type", "glossary", "1999-11-01"),
        # "Phase 1: Untap" is a phase or step: the action "Untap" (glossary) will not do
        "P.5": ("302", "title", "1999-04-23"),
        # "The Untap": a leading "The" dropped
        "T.1": ("Untap", "glossary", "1999-04-23"),
    }
    # Poison is first in 2001, after the editions searched
    assert links.unmatched == [("G.9", "Poison")]
    later = link_topics(page, _graph(), through="2001-12-31")
    assert later.for_topic("G.9").edition == "2001-07-23"


def test_only_pages_of_the_summary_numbering_are_linked() -> None:
    official = parse_text("1. Game\n\n100. General\n\n100.1. A rule.\n", "cr.txt")
    with pytest.raises(ValueError, match="not 'cr'"):
        link_topics(official, _graph())
