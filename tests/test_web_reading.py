"""The site as a judge reads it: the whole rulebook on one page, the glossary by letter,
rule pages with their neighbours, diffs with the text of what came and went, the home page.

Through the framework's test client over WEB_EDITIONS (conftest). Expectations
read in the documents:

- cr-2026-08-07.txt: 9 sections, 1320 rules and 1989 subrules, 739 glossary
  entries (tests/data/edition_counts.tsv); 701.21 Sacrifice (3453), 701.22
  Scry (3457), 701.23 Search (3467); 701.22c "(see rule 101.4)" (3463);
  702.19b "… but in that case can’t assign any damage …" (4097);
  702.169b "… As long as this Case is solved …" (5253); 702.195a
  "Storied is a static ability. …" (5445), a rule cr-2020-07-03.txt does
  not have; glossary "Scry" (8841) "… See rule 701.22, “Scry.”";
- cr-2005-02-01.txt 2688: the glossary entry Scry, "See rule 502.36".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from test_web_pages import main

from conftest import CORPUS
from crdex.web import create_app

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def client(web_home: Path):
    with TestClient(create_app(web_home)) as client:
        yield client


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


# -- the whole edition on one page ------------------------------------------------------


def test_the_whole_edition_on_one_page(client: TestClient) -> None:
    answer = client.get("/e/2026-08-07/all")
    assert answer.status_code == 200
    page = main(answer.text)
    document = (CORPUS / "cr-2026-08-07.txt").read_text("utf-8-sig")
    groups = set(re.findall(r"^(\d{3})\. ", document, re.M))  # each in the contents and the body
    assert page.count('<h2 id="') == 9  # the sections, then the glossary
    assert '<section class="part" id="glossary"><h2>Glossary</h2>' in page
    assert page.count("<h3 id=") == len(groups)
    assert len(re.findall(r'<p class="s?r" id="', page)) == 1320 + 1989 - len(groups)
    assert page.count('<dt id="g-') == 739
    # every rule an anchor of its own, references and terms linked within the page
    assert '<p class="sr" id="702.19b"><a class="num" href="#702.19b">702.19b</a>' in page
    scry_c = page[page.index('id="701.22c"') :]
    assert '<a href="#101.4">101.4</a>' in scry_c[: scry_c.index("</p>")]
    scry = page[page.index('<dt id="g-scry">') :]
    assert '<a href="#701.22">701.22</a>' in scry[: scry.index("</dd>")]
    assert re.search(r'<a href="#g-[a-z-]+">', page)
    # linked from the edition and from the top bar
    assert 'href="/e/2026-08-07/all"' in main(client.get("/e/2026-08-07").text)
    assert 'href="/e/2026-08-07/all"' in client.get("/e/2009-07-11").text.split("<main")[0]


def test_the_whole_edition_is_sent_as_written_then_kept_and_compressed(web_home: Path) -> None:
    with TestClient(create_app(web_home)) as fresh:
        first = fresh.get("/e/2009-07-11/all", headers={"accept-encoding": "gzip"})
        assert first.status_code == 200
        assert "content-length" not in first.headers  # sent part by part, as written
        assert first.headers["content-encoding"] == "gzip"
        again = fresh.get("/e/2009-07-11/all", headers={"accept-encoding": "gzip"})
        assert again.text == first.text  # kept whole: the same page
        assert again.headers["etag"].startswith('W/"')
        assert int(again.headers["content-length"]) < len(again.text.encode()) / 3
        raw = fresh.get("/e/2009-07-11/all", headers={"accept-encoding": "identity"})
        assert "content-encoding" not in raw.headers and raw.text == first.text


def test_the_whole_edition_named_otherwise_is_redirected(client: TestClient) -> None:
    answer = client.get("/e/latest/all", follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (302, "/e/2026-08-07/all")


def test_underscore_italics_are_italics(client: TestClient) -> None:
    # cr-2009-07-11.txt 154: "100.1. These _Magic_ rules apply to any _Magic_ game …"
    page = main(client.get("/e/2009-07-11/100").text)
    assert "These <em>Magic</em> rules apply to any <em>Magic</em> game" in page
    assert "_Magic_" not in page


# -- glossary terms only where the word means the term ----------------------------------


def test_a_word_links_to_a_term_only_in_its_sense(client: TestClient) -> None:
    trample = main(client.get("/e/2026-08-07/702.19").text)
    assert "in that case" in trample
    assert "/glossary/Case" not in trample
    # 601.2c (2465): "… In some cases, the number of targets will be defined …"
    casting = main(client.get("/e/2026-08-07/601.2").text)
    assert "In some cases, the number of targets" in casting
    assert "/glossary/Case" not in casting
    solved = main(client.get("/e/2026-08-07/702.169").text)
    assert '<a class="term" href="/e/2026-08-07/glossary/Case">Case</a>' in solved


def test_the_whole_edition_links_a_word_only_in_its_sense(client: TestClient) -> None:
    page = main(client.get("/e/2026-08-07/all").text)

    def paragraph(number: str) -> str:
        start = page.index(f'id="{number}"')
        return page[start : page.index("</p>", start)]

    assert "in that case" in paragraph("702.19b") and "#g-case" not in paragraph("702.19b")
    assert "In some cases" in paragraph("601.2c") and "#g-case" not in paragraph("601.2c")
    assert '<a href="#g-case">Case</a> is solved' in paragraph("702.169b")


# -- the glossary by letter --------------------------------------------------------------


def test_the_glossary_has_a_letter_index(client: TestClient) -> None:
    page = main(client.get("/e/2026-08-07/glossary").text)
    start = page.index('<nav class="letters"')
    index = page[start : page.index("</nav>", start)]
    letters = re.findall(r'<li><a href="/e/2026-08-07/glossary/letter/([^"]+)"', index)
    assert letters == sorted(letters) and {"A", "S", "Z"} <= set(letters)
    assert 'href="/e/2026-08-07/glossary/letter/S#g-scry">Scry</a>' in page
    assert len(re.findall(r'href="/e/2026-08-07/glossary/letter/[A-Z#]#g-', page)) == 739


def test_a_letter_page_defines_each_term_with_its_history(client: TestClient) -> None:
    page = main(client.get("/e/2026-08-07/glossary/letter/S").text)
    entry = page[page.index('<dt id="g-scry">') :]
    entry = entry[: entry.index("</dd>")]
    assert '<a class="ref" href="/e/2026-08-07/701.22">701.22</a>' in entry
    # in this library's first edition (cr-2005-02-01.txt 2688), reworded since
    assert "In the first edition of the library, 2005-02-01" in text_of(entry)
    assert "reworded in" in text_of(entry)
    assert 'href="/e/2026-08-07/glossary/Scry#history"' in entry
    terms = re.findall(r'<dt id="g-[^"]+"><a href="[^"]+">([^<]+)</a>', page)
    assert terms and all(t.upper().startswith("S") for t in terms)


def test_letter_pages_redirect_and_refuse(client: TestClient) -> None:
    lower = client.get("/e/2026-08-07/glossary/letter/s", follow_redirects=False)
    assert (lower.status_code, lower.headers["location"]) == (
        301,
        "/e/2026-08-07/glossary/letter/S",
    )
    assert client.get("/e/2026-08-07/glossary/letter/Q").status_code == 404
    assert client.get("/e/2026-08-07/glossary/letter/AB").status_code == 422


# -- a rule page -------------------------------------------------------------------------


def test_a_rule_page_links_the_rules_before_and_after(client: TestClient) -> None:
    page = main(client.get("/e/2026-08-07/701.22").text)
    beside = page[page.index('<nav class="beside"') :]
    beside = beside[: beside.index("</nav>")]
    assert 'rel="prev" href="/e/2026-08-07/701.21"' in beside and "Sacrifice" in beside
    assert 'rel="next" class="after" href="/e/2026-08-07/701.23"' in beside
    assert "Search" in beside


def test_the_keyword_action_comes_after_the_rule_by_its_name(client: TestClient) -> None:
    page = main(client.get("/e/2026-08-07/701.22").text)
    box = page.index('<aside class="action"')
    assert page.index('id="701.22d"') < box
    aside = page[box : page.index("</aside>", box)]
    assert "<strong>Scry</strong>" in aside and "crdex.actions" not in aside


def test_the_timeline_reads_as_sentences(client: TestClient) -> None:
    # Scry is 502.36 in cr-2005-02-01.txt, this library's first edition
    story = text_of(main(client.get("/e/2026-08-07/701.22").text))
    assert "In the first edition of the library, 2005-02-01. Current in 2026-08-07." in story


def test_typography_only_edits_are_folded_on_the_page(client: TestClient) -> None:
    # 102.2: "a player's opponent" (cr-2009-07-11.txt 210), "a player’s opponent"
    # (cr-2020-07-03.txt 236, cr-2026-08-07.txt 252): an edit of typing alone
    folded = main(client.get("/e/2026-08-07/102.2").text)
    timeline = folded[folded.index('id="history"') :]
    assert len(re.findall(r'<li class="version', timeline)) == 1
    assert "+1 typography-only edit" in timeline
    assert 'href="/e/2026-08-07/102.2?typography=1#history"' in timeline
    every = main(client.get("/e/2026-08-07/102.2?typography=1").text)
    timeline = every[every.index('id="history"') :]
    assert len(re.findall(r'<li class="version', timeline)) == 2
    assert "typography only" in timeline


# -- diffs -------------------------------------------------------------------------------


def test_a_diff_shows_the_text_of_added_and_removed_rules(client: TestClient) -> None:
    page = main(client.get("/diff/2020-07-03/2026-08-07", params={"only": "added"}).text)
    item = page[page.index('href="/e/2026-08-07/702.195a"') :]
    item = item[: item.index("</li>")]
    assert "<ins>Storied is a static ability." in item
    # cr-2020-07-03.txt 2021: 509.2, the damage assignment order, which no rule of
    # cr-2026-08-07.txt holds (its 509.2, 2368, is "Second, the active player gets priority")
    page = main(client.get("/diff/2020-07-03/2026-08-07", params={"only": "removed"}).text)
    item = page[page.index('href="/e/2020-07-03/509.2"') :]
    item = item[: item.index("</li>")]
    assert (
        "<del>Second, for each attacking creature that’s become blocked, the active player "
        "announces that creature’s damage assignment order"
    ) in item


# -- the home page -----------------------------------------------------------------------


def test_the_home_page_has_a_line_per_edition_in_plain_words(client: TestClient) -> None:
    page = main(client.get("/").text)
    rows = re.findall(r"<tr>\s*<th scope=\"row\">.*?</tr>", page, re.S)
    assert len(rows) == 6
    assert page.count("Magic: The Gathering Comprehensive Rules") == 1  # in the caption only
    cells = re.findall(r'<td class="documents">([^<]*)</td>', page)
    # cr-2009-05-01.txt lost dashes and quotes to '?' ("Tokens aren't considered cards?even a
    # card that represents a …"): its copy is said to be damaged; the others are clean
    assert cells == ["official text"] * 3 + ["official text (damaged)"] + ["official text"] * 2
    assert "complete text" not in page
