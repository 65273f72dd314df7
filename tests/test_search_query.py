"""Query planning without an index: rule numbers, question words, terminology, players' words, syntax errors."""

from __future__ import annotations

import pytest
from whoosh.query.terms import MultiTerm

from crdex.index.search import QuerySyntaxError
from crdex.index.search.answering.query import Lookup, TextQuery, lookup_number, plan
from crdex.index.search.slang import PLAYER_TERMS
from crdex.index.search.terms import AND, alternatives


@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("701.22", "701.22"),
        ("701.22.", "701.22"),
        ("702.19b", "702.19b"),
        ("704.5aa", "704.5aa"),
        ("rule 702.19b", "702.19b"),
        ("CR 100.1", "100.1"),
        ("701", "701"),
        ("7", "7"),
        ("  701.22  ", "701.22"),
    ],
)
def test_rule_numbers_are_lookups(query: str, number: str) -> None:
    assert lookup_number(query) == number
    assert plan(query, date=None) == Lookup(number)


@pytest.mark.parametrize("query", ["21", "20 life", "scry", "701.22 scry", "ten poison counters"])
def test_other_queries_are_text(query: str) -> None:
    assert lookup_number(query) is None
    assert isinstance(plan(query, date=20260807), TextQuery)


def typed(query: str, date: int | None = 20260807) -> list[tuple[str, ...]]:
    planned = plan(query, date=date)
    assert isinstance(planned, TextQuery)
    return [u.typed for u in planned.units]


def forms(query: str, date: int | None) -> set[tuple[str, ...]]:
    planned = plan(query, date=date)
    assert isinstance(planned, TextQuery)
    return {f for u in planned.units for f in u.forms}


def test_question_words_are_dropped() -> None:
    assert typed("what happens when I scry zero") == [("scry",), ("zero",)]
    assert typed("how does trample assign damage") == [("trample",), ("assign",), ("damage",)]


def test_a_query_of_question_words_only_is_kept() -> None:
    assert typed("what is it") == [("what",), ("is",), ("it",)]


def test_numbers_written_as_words_match_digits() -> None:
    assert ("0",) in forms("scry zero", 20260807)
    assert ("10",) in forms("ten poison counters", 20260807)


def test_contractions_stay_whole() -> None:
    assert typed("creatures can't block") == [("creatures",), ("can", "t"), ("block",)]


def test_quoted_phrases_are_not_expanded() -> None:
    planned = plan('"exile" zone', date=20050201)
    assert isinstance(planned, TextQuery)
    assert planned.units[0].forms == (("exile",),)
    assert planned.units[0].quoted


class TestTerminology:
    """Renames apply by the date of the edition searched."""

    def test_new_words_find_old_ones_in_old_editions(self) -> None:
        assert ("removed", "from", "the", "game") in forms("exile", 20050201)
        assert ("in", "play") in forms("battlefield", 20080501)
        assert ("converted", "mana", "cost") in forms("mana value", 20080501)
        assert ("play",) in forms("cast", 20080501)
        assert ("local", "enchantment") in forms("aura", 20050201)

    def test_new_words_alone_in_new_editions(self) -> None:
        assert forms("exile", 20260807) == {("exile",)}
        assert forms("cast", 20260807) == {("cast",)}

    def test_old_words_find_new_ones_in_new_editions(self) -> None:
        assert ("exile",) in forms("removed from the game", 20260807)
        assert ("battlefield",) in forms("in play", 20260807)
        assert ("mana", "value") in forms("converted mana cost", 20260807)

    def test_play_does_not_become_cast(self) -> None:
        """ "play" is still the word for lands: only cast → play, never back."""
        assert forms("play a land", 20260807) == {("play",), ("land",)}
        assert ("cast",) not in forms("play", None)

    def test_all_editions_use_both(self) -> None:
        assert ("removed", "from", "the", "game") in forms("exile", None)
        assert ("exile",) in forms("removed from the game", None)

    def test_renames_take_effect_on_their_first_edition(self) -> None:
        assert alternatives(("mana", "value"), 20210421) == (("converted", "mana", "cost"),)
        assert alternatives(("mana", "value"), 20210422) == ()


@pytest.mark.parametrize(
    ("query", "same_as"),
    [
        ('scry "zero', "scry zero"),
        ('"unclosed phrase', "unclosed phrase"),
        ('"scry 0" and "mill', '"scry 0" and mill'),
        ('title:"scry OR mill', "title:scry OR mill"),
    ],
)
def test_a_quote_never_closed_is_read_as_a_character(query: str, same_as: str) -> None:
    """No word holds a quote: the one left open is searched as if it were not typed."""
    planned, plain = plan(query, date=None), plan(same_as, date=None)
    assert isinstance(planned, TextQuery) and isinstance(plain, TextQuery)
    assert planned.query == plain.query
    assert planned.text == query


@pytest.mark.parametrize(
    ("query", "message", "column"),
    [
        ("(scry OR mill", "parenthesis is never closed", 1),
        ("scry OR mill)", "closes nothing", 13),
        ("trample AND", "'AND' needs something after it", 9),
        ("OR trample", "'OR' needs something before it", 1),
        ("scry AND OR mill", "'OR' needs something before it", 10),
        ("title:", "needs a word or phrase after it", 1),
        ("( )", "empty parentheses", 3),
    ],
)
def test_syntax_errors_point_at_the_spot(query: str, message: str, column: int) -> None:
    with pytest.raises(QuerySyntaxError) as info:
        plan(query, date=None)
    text = str(info.value)
    assert message in text
    assert f"(column {column})" in text
    lines = text.splitlines()
    assert lines[1] == f"  {query}"
    assert lines[2] == "  " + " " * (column - 1) + "^"


@pytest.mark.parametrize("query", ["", "   "])
def test_empty_queries_are_errors(query: str) -> None:
    with pytest.raises(QuerySyntaxError, match="empty"):
        plan(query, date=None)


def test_advanced_queries_go_to_whoosh() -> None:
    planned = plan("title:scry OR text:mill", date=None)
    assert isinstance(planned, TextQuery)
    assert planned.advanced
    fields = {f for f, _t in planned.query.iter_all_terms()}
    assert fields == {"title", "body"}


def test_full_width_and_compatibility_forms_are_read_as_plain() -> None:
    """NFKC: "Ｓｃｒｙ ｚｅｒｏ" (full-width letters) is "scry zero"."""
    assert typed("Ｓｃｒｙ ｚｅｒｏ") == [("scry",), ("zero",)]
    assert ("0",) in forms("ｓｃｒｙ　ｚｅｒｏ", 20260807)  # full-width space too


class TestPlayersWords:
    """Players' words find the rules' wording (see index/search/slang.py for each source)."""

    def test_etb_is_enters_the_battlefield(self) -> None:
        assert {("enters", "the", "battlefield"), ("comes", "into", "play")} <= forms(
            "ETB trigger", 20260807
        )

    def test_a_phrase_of_players_words(self) -> None:
        assert typed("damage on the stack") == [("damage", "on", "the", "stack")]
        assert ("combat", "damage", AND, "stack") in forms("damage on the stack", 20050201)

    def test_parts_joined_by_and_must_all_be_in_a_rule(self) -> None:
        planned = plan("blink", date=20260807)
        assert isinstance(planned, TextQuery)
        assert "(body:exil AND body:return AND body:battlefield)" in str(planned.query)

    def test_words_with_other_forms_are_not_respelled(self) -> None:
        planned = plan("what does ETB mean", date=20260807)
        assert isinstance(planned, TextQuery)
        assert "etb" not in planned.words

    @pytest.mark.parametrize(
        ("query", "form"),
        [
            # the sources' own examples (see each entry's comment in slang.py)
            ("Pro-red prevents the damage", ("protection", "from")),
            ("I directed all of my burn at his dome", ("life", "total")),
            ("had to bin it", ("graveyard",)),
            ("some players were born to swing for two", ("attack",)),
            ("EOT", ("end", "step")),
            ("4/4 is the bare minimum to be considered a fatty", ("creature",)),
            ("each player chooses a legendary creature called their general", ("commander",)),
        ],
    )
    def test_jargon_finds_the_rules_wording(self, query: str, form: tuple[str, ...]) -> None:
        assert form in forms(query, 20260807)

    def test_the_general_is_the_commander_in_editions_that_said_general(self) -> None:
        """Elder Dragon Highlander (2009-2010) said "general"; the typed words are kept too."""
        assert {("my", "general"), ("commander",)} <= forms("my general", 20100201)

    def test_a_general_alone_is_the_rules_word(self) -> None:
        """Sections headed "General", the Emperor variant's generals: not a commander."""
        assert ("commander",) not in forms("general rules for combat damage", 20260807)
        assert ("commander",) not in forms("the generals protect the emperor", 20260807)

    def test_every_entry_names_its_source(self) -> None:
        for term in PLAYER_TERMS:
            assert term.said and term.means
            assert term.source.startswith(("https://", "http://")), term


@pytest.mark.parametrize(
    "phrase",
    [
        ("same", "time"),
        ("at", "once"),
        ("everyone",),
        ("everybody",),
        ("empty", "library"),
        ("plus", "one"),
        ("minus", "one"),
        ("kill",),
        ("need",),
        ("pick",),
        ("come", "back"),
    ],
)
def test_no_phrases_shaped_to_questions(phrase: tuple[str, ...]) -> None:
    """Phrases that only answered particular evaluation questions are gone."""
    assert alternatives(phrase, 20260807) == ()
    assert alternatives(phrase, None) == ()


def test_prefixes_are_scored_by_relevance() -> None:
    """Whoosh scores every match of a prefix alike (rule order); here like the words it stands for."""
    planned = plan("tramp* AND damage", date=None)
    assert isinstance(planned, TextQuery)
    prefixes = [q for q in planned.query.leaves() if isinstance(q, MultiTerm)]
    assert prefixes and not any(q.constantscore for q in prefixes)
