"""Glossary terms in rule text: what an edition's term index keeps, and that it keeps no text.

A server keeps the term index of each edition it was recently asked about;
it must remember where the terms are in each text without holding the
texts themselves (they would keep every edition's words in memory), and
it keeps the facts of a bounded number of editions, however many are asked.
"""

from __future__ import annotations

import sys

from conftest import REPO
from crdex.api import Reader
from crdex.index.library import Library
from crdex.parser.tree import GlossaryEntry
from crdex.web import site as site_module
from crdex.web.terms import TermIndex

GLOSSARY = [
    GlossaryEntry(
        "Activated Ability", "A kind of ability. See rule 602, “Activating Activated Abilities.”"
    ),
    GlossaryEntry("Ability", "1. Text on an object that explains what that object does or can do."),
    GlossaryEntry("Case", "An enchantment subtype. See rule 719, “Case Cards.”"),
    GlossaryEntry(
        "Scry", "To manipulate some number of cards on top of your library. See rule 701.22."
    ),
]


def _made(*words: str) -> str:
    # a text made at run time: one object of its own, not an interned constant
    return " ".join(words)


def test_what_was_read_is_found_again_without_holding_the_text() -> None:
    index = TermIndex(GLOSSARY)
    text = _made("Activated", "abilities", "of", "a", "Case", "let", "you", "scry", "1.")
    held_before = sys.getrefcount(text)
    index.read([text, _made("Nothing", "here.")], [], share=1.0)
    assert sys.getrefcount(text) == held_before
    # an equal text, another object, is the text that was read
    again = _made("Activated", "abilities", "of", "a", "Case", "let", "you", "scry", "1.")
    assert again is not text
    assert index.find(again) == [(0, 19, "Activated Ability"), (25, 29, "Case"), (38, 42, "Scry")]
    flat, names = index.flat(again)
    assert [names[n] for n in list(flat)[2::3]] == ["Activated Ability", "Case", "Scry"]


def test_a_text_never_read_is_read_when_asked() -> None:
    index = TermIndex(GLOSSARY)
    index.read([_made("Scry", "2.")], [], share=1.0)
    # a subtype is found only where written with its capital ("in that case" is not one)
    assert index.find("In that case, its ability resolves.") == [(18, 25, "Ability")]
    flat, names = index.flat("Each ability.")
    assert list(flat) == [5, 12, 0] and names == ["Ability"]


def test_a_site_keeps_the_facts_of_a_bounded_number_of_editions(tmp_path, monkeypatch) -> None:
    # three small editions (tests/data/search/README.md); a site keeping one edition's facts
    library = Library(tmp_path / "home")
    library.add([REPO / "tests" / "data" / "search" / "library"])
    library.graph()
    monkeypatch.setattr(site_module, "FACTS_KEPT", 1)
    site = site_module.Site(Reader(tmp_path / "home"))
    old, new = site.facts("2008-05-01"), site.facts("2021-04-22")
    assert site.facts.cache_info().currsize == 1
    # Scry was 501.2 in 2008-05-01 and 701.2 from 2009-07-11
    assert old.has_rule("501.2") and not old.has_rule("701.2")
    assert new.has_rule("701.2") and new.has_rule("701.4")
    assert site.facts("2008-05-01") is not old  # forgotten, read again
