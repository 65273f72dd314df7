"""Other names read from the glossary: cross-references, obsolete terms, initialisms.

The definitions below are quoted from the 2026-08-07 glossary
(``../shared/corpus/cr-2026-08-07.txt``); the corpus test reads them from
the document itself.
"""

from __future__ import annotations

import pytest

from conftest import corpus_path
from crdex.index.search.aliases import derive, from_json
from crdex.parser import parse_path

GLOSSARY = [
    ("APNAP Order", "See Active Player, Nonactive Player Order."),
    ("Active Player, Nonactive Player Order", "A system that determines the order by which ..."),
    ("Converted Mana Cost", "An obsolete term for mana value. Cards printed with this term ..."),
    ("EDH", "An older name for the Commander casual variant. See rule 903, “Commander.”"),
    ("Commander", "A designation given to one legendary creature card in the Commander ..."),
    ("Islandwalk", "See Landwalk."),
    ("State-Based Actions", "Game actions that happen automatically whenever certain ..."),
    ("Fizzle (Informal)", "A term players use for ..."),
]


def test_a_cross_reference_names_another_term() -> None:
    aliases = derive(GLOSSARY, words=set())
    assert aliases["apnap order"] == ["Active Player, Nonactive Player Order"]
    assert aliases["islandwalk"] == ["Landwalk"]


def test_an_obsolete_term_names_the_new_one() -> None:
    aliases = derive(GLOSSARY, words=set())
    assert aliases["converted mana cost"] == ["mana value"]
    # "the Commander casual variant": cut to the part that is a glossary term
    assert aliases["edh"] == ["Commander"]


def test_initialisms_of_terms() -> None:
    aliases = derive(GLOSSARY, words=set())
    assert aliases["sba"] == ["State-Based Actions"]
    assert aliases["cmc"] == ["Converted Mana Cost"]
    # "Active Player, Nonactive Player Order": APNPO, not a word the rules use
    assert aliases["apnpo"] == ["Active Player, Nonactive Player Order"]


def test_an_initialism_that_is_a_word_of_the_rules_is_not_an_alias() -> None:
    assert "sba" not in derive(GLOSSARY, words={"sba"})


def test_an_initialism_two_terms_share_is_not_an_alias() -> None:
    shared = [*GLOSSARY, ("Some Big Army", "...")]
    assert "sba" not in derive(shared, words=set())


def test_labels_are_not_names() -> None:
    """ "Fizzle (Informal)" is a glossary label; nobody types its initials."""
    aliases = derive(GLOSSARY, words=set())
    assert all("Fizzle" not in target for targets in aliases.values() for target in targets)


def test_as_query_planning_reads_them() -> None:
    read = from_json(derive(GLOSSARY, words=set()))
    assert read[("sba",)] == (("state", "based", "actions"),)


@pytest.mark.corpus
def test_the_2026_glossary_gives_its_aliases() -> None:
    edition = parse_path(corpus_path("cr-2026-08-07.txt"))
    aliases = derive(((g.term, g.definition) for g in edition.glossary), words={"at"})
    # "APNAP Order — See Active Player, Nonactive Player Order."
    assert aliases["apnap order"] == ["Active Player, Nonactive Player Order"]
    # "Converted Mana Cost — An obsolete term for mana value."
    assert aliases["converted mana cost"] == ["mana value"]
    # "State-Based Actions" and "Modal Double-Faced Cards" are glossary terms
    assert aliases["sba"] == ["State-Based Actions"]
    assert aliases["mdfc"] == ["Modal Double-Faced Cards"]
