"""The deciding sentence of a search snippet: the one holding more of the question's words.

Expectations read in cr-2026-08-07.txt, line 4097 (702.19b, four sentences):
the second, "Once all those blocking creatures are assigned lethal damage,
any excess damage is assigned as its controller chooses among those blocking
creatures and the player, planeswalker, or battle the creature is attacking.",
is the only one that speaks of excess damage going to the player.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from conftest import run_crdex
from crdex.index.search import open_search
from crdex.index.search.answering.snippets import deciding_sentence, sentences
from crdex.index.search.results import Snippet
from crdex.web import create_app

QUESTION = "excess damage from a trampler goes to the player"
SECOND = "Once all those blocking creatures are assigned lethal damage, any excess damage"


def spans_of(text: str) -> list[str]:
    return [text[a:b] for a, b in sentences(text)]


def test_sentences_end_at_stops_before_a_space_and_at_the_gap_between_passages() -> None:
    text = "It is one. “Two,” it says. Rule 702.19b applies! Why? … A last passage"
    assert spans_of(text) == [
        "It is one.",
        "“Two,” it says.",
        "Rule 702.19b applies!",
        "Why?",
        "A last passage",
    ]


def test_a_closing_quote_or_bracket_stays_with_its_sentence() -> None:
    assert spans_of("He said “stop.” Then (see rule 101.4.) More.") == [
        "He said “stop.”",
        "Then (see rule 101.4.)",
        "More.",
    ]


def marked(text: str, *words: str) -> Snippet:
    """``text`` with every place of each of ``words`` marked, as a search marks them."""
    marks = [m.span() for word in words for m in re.finditer(rf"\b{word}\b", text)]
    return Snippet(text, tuple(sorted(marks)))


def test_the_sentence_with_more_of_the_words_is_chosen() -> None:
    text = "A creature deals damage. Excess damage goes to the player. The end."
    snippet = marked(text, "damage", "Excess", "player")
    assert snippet.text[slice(*deciding_sentence(snippet))] == "Excess damage goes to the player."


def test_forms_of_one_word_count_once() -> None:
    # "Creatures" and "creature" are one stem: the first sentence holds one of the words
    # marked, the second one, the third three
    text = "Creatures and a creature. A creature blocks. Blocking creature damage."
    snippet = marked(text, "Creatures", "creature", "Blocking", "damage")
    assert snippet.text[slice(*deciding_sentence(snippet))] == "Blocking creature damage."


def test_a_tie_one_sentence_or_no_mark_names_no_sentence() -> None:
    tie = "Excess damage. Damage to the player."
    assert deciding_sentence(marked(tie, "Excess", "player")) is None
    one = "Excess damage goes to the player"
    assert deciding_sentence(marked(one, "Excess", "player")) is None
    assert deciding_sentence(Snippet("One. Two.")) is None


@pytest.fixture(scope="module")
def trample(web_home: Path) -> Snippet:
    with open_search(web_home) as index:
        found = index.search(QUESTION, edition="2026-08-07", limit=10)
    hit = next(h for h in found.hits if h.number == "702.19b")
    return hit.snippet


def test_a_real_rule_highlights_the_sentence_that_answers(trample: Snippet) -> None:
    assert trample.sentence is not None
    chosen = trample.text[slice(*trample.sentence)]
    assert chosen.startswith(SECOND)
    assert "player" in chosen


def test_the_json_of_a_search_gives_the_sentence(web_home: Path, tmp_path: Path) -> None:
    done = run_crdex(
        "search", "--home", str(web_home), QUESTION, "--edition", "2026-08-07", "--json"
    )
    assert done.returncode == 0, done.stderr
    hit = next(h for h in json.loads(done.stdout)["hits"] if h["number"] == "702.19b")
    start, end = hit["snippet"]["sentence"]
    assert hit["snippet"]["text"][start:end].startswith(SECOND)


def test_the_search_page_highlights_the_sentence(web_home: Path) -> None:
    with TestClient(create_app(web_home)) as client:
        page = client.get("/search", params={"q": QUESTION, "edition": "2026-08-07"})
    assert page.status_code == 200
    item = page.text[page.text.index('href="/e/2026-08-07/702.19#702.19b">702.19b</a>') :]
    deciding = item[item.index('<span class="deciding">') :]
    assert deciding.startswith('<span class="deciding">Once all those blocking creatures')
    assert "<mark>excess</mark> <mark>damage</mark>" in deciding[: deciding.index("</span>")]
