"""The 1999 rulings summary beside the rules: in history, in search, on the web, in exports.

Read in the document (rulings-crystalkeep-general-1999-05-16.reflowed.txt):

- line 482 "A.27 - Trample:", its rules A.27.1–A.27.3 (lines 483–485), its
  eight rulings A.27.Ruling.1–8 (lines 486–493; ``grep -c '^A\\.27\\.Ruling\\.'``
  gives 8) and one note (line 494, "Note - The Trample ability was
  significantly redefined …", cited "[D'Angelo 10/08/98]");
- line 491 "A.27.Ruling.6 - If the Trample creature is blocked, but the
  blocker is destroyed (or otherwise removed) before damage dealin, the
  Trample creature deals all of its damage directly to the defending player.
  [D'Angelo 10/08/98]";
- line 492, A.27.Ruling.7, holds the words ``"first" and "next"`` in quotes
  (what a page must escape);
- line 458 "A.24.2 - Creatures (or other permanents) with this ability have
  three benefits: [Fifth Edition, Page 30]" under "A.24 - Protection:".

In the CR, Trample is "502.9. Trample" in cr-1999-04-23.txt and "702.19.
Trample" in cr-2026-08-07.txt, one rule followed through the renumbering.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from conftest import SUMMARY, run_crdex
from crdex import api
from crdex.web import create_app

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

RULING_6 = (
    "If the Trample creature is blocked, but the blocker is destroyed (or otherwise removed) "
    "before damage dealin, the Trample creature deals all of its damage directly to the "
    "defending player."
)
# the summary's own numbering: a chapter letter, a topic, then a rule or a ruling
# (a note is named by its topic and place)
OWN_NUMBER = re.compile(r"^[A-Z]\.\d+(?:\.(?:Ruling\.)?\d+)?(?: note \d+)?$")


@pytest.fixture(scope="module")
def client(summary_home: Path):
    with TestClient(create_app(summary_home)) as client:
        yield client


# -- history -----------------------------------------------------------------------


def test_history_mentions_the_rulings_on_the_rules_topic(summary_home: Path) -> None:
    done = run_crdex("history", "702.19b", "--home", str(summary_home), "--json")
    assert done.returncode == 0, done.stderr
    (topic,) = json.loads(done.stdout)["topics"]
    # 702.19b has no topic of its own: A.27 Trample is on its heading, 702.19
    assert (topic["topic"], topic["title"], topic["on"]) == ("A.27", "Trample", "702.19")
    assert (topic["rulings"], topic["rules"], topic["date"]) == (8, 3, "1999-05-16")
    text = run_crdex("history", "702.19", "--home", str(summary_home))
    assert text.returncode == 0, text.stderr
    assert (
        f"1999 rulings on 702.19's topic: A.27 Trample (8 rulings, 3 rules) in {SUMMARY}"
        in text.stdout
    )


def test_history_in_the_python_api_and_in_the_old_numbering(summary_home: Path) -> None:
    found = api.history("502.9", "1999-04-23", home=summary_home)
    assert [(t["topic"], t["on"]) for t in found.topics] == [("A.27", "502.9")]
    today = api.history("702.19", home=summary_home)
    assert [(t["topic"], t["on"]) for t in today.topics] == [("A.27", "702.19")]


# -- search ------------------------------------------------------------------------


def test_search_the_summary_by_its_words(summary_home: Path) -> None:
    done = run_crdex(
        "search",
        "blocker destroyed before damage trample",
        "--source",
        "summary",
        "--home",
        str(summary_home),
        "--json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["source"] == "summary" and not data["groups"]
    first = data["summary"][0]
    assert (first["number"], first["kind"], first["topic"], first["topic_title"]) == (
        "A.27.Ruling.6",
        "ruling",
        "A.27",
        "Trample",
    )
    assert first["text"] == RULING_6
    assert (first["sources"], first["date"], first["page"]) == (
        ["D'Angelo 10/08/98"],
        "1999-05-16",
        SUMMARY,
    )
    assert all(OWN_NUMBER.match(h["number"]) for h in data["summary"])


def test_search_the_summary_by_its_own_number(summary_home: Path) -> None:
    found = api.search("A.27", source="summary", limit=50, home=summary_home)
    numbers = [h.number for h in found.summary]
    # the topic, its three rules, its eight rulings and its note
    assert numbers[0] == "A.27"
    assert sorted(numbers[1:]) == sorted(
        ["A.27.1", "A.27.2", "A.27.3", "A.27 note 1"] + [f"A.27.Ruling.{n}" for n in range(1, 9)]
    )
    assert found.summary_total == 13 and not found.hits


def test_search_the_cr_and_the_summary_together(summary_home: Path) -> None:
    both = api.search("three benefits protection", source="all", home=summary_home)
    assert both.edition == "2026-08-07" and both.hits  # the CR, as by default
    assert "A.24.2" in [h.number for h in both.summary]
    plain = api.search("three benefits protection", home=summary_home)
    assert plain.source == "cr" and not plain.summary
    assert "summary" not in plain.to_dict()
    text = run_crdex("search", "trample", "--source", "all", "--home", str(summary_home))
    assert text.returncode == 0, text.stderr
    assert "702.19" in text.stdout and "A.27" in text.stdout
    assert "(their own numbering, not CR rule numbers)" in " ".join(text.stdout.split())


def test_a_cr_number_is_not_searched_in_the_summary(summary_home: Path) -> None:
    done = run_crdex("search", "702.19", "--source", "summary", "--home", str(summary_home))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert (
        "'702.19' is a Comprehensive Rules number; the rulings summaries number their own "
        "items (A.27, A.27.Ruling.6): search their words or numbers" in done.stderr
    )
    dated = run_crdex(
        "search", "trample", "--source", "summary", "-e", "1999-04-23", "--home", str(summary_home)
    )
    assert dated.returncode == 1 and "the rulings summaries are not CR editions" in dated.stderr


# -- the web -----------------------------------------------------------------------


def test_the_rule_page_lists_the_rulings_on_its_topic(client: TestClient) -> None:
    page = client.get("/e/2026-08-07/702.19")
    assert page.status_code == 200
    html = page.text
    # written for 1999-04-23 (the edition in force on 1999-05-16), read in 2026: history,
    # folded under its own heading that says so
    assert 'id="summary-rulings"' not in html
    start = html.index('id="historical-rulings"')
    section = html[start : html.index('id="history"', start)]
    assert '<h2 id="historical-title">Historical rulings</h2>' in section
    assert "<details>" in section and "<details open" not in section
    assert "<summary>Written against the Comprehensive Rules of 1999-04-23: A.27 Trample" in (
        section
    )
    assert '<span class="num">A.27</span> Trample' in section
    assert RULING_6 in section and "A.27.Ruling.6: D&#39;Angelo 10/08/98" in section
    # the page's quotes are escaped, never written raw into the HTML
    assert "&#34;first&#34; and &#34;next&#34;" in section
    assert '"first" and "next"' not in section
    assert section.count('<li class="ruling">') == 8 and section.count('<li class="note">') == 1


def test_the_rulings_are_current_in_the_edition_they_were_written_for(
    client: TestClient,
) -> None:
    html = client.get("/e/1999-04-23/502.9").text
    assert 'id="historical-rulings"' not in html
    start = html.index('id="summary-rulings"')
    section = html[start : html.index('id="history"', start)]
    assert RULING_6 in section and "<details" not in section


def test_show_and_history_say_which_edition_the_rulings_were_written_against(
    summary_home: Path,
) -> None:
    for args, historical in (
        (("show", "702.19"), True),
        (("history", "702.19"), True),
        (("show", "502.9", "-e", "1999-04-23"), False),
    ):
        done = run_crdex(*args, "--home", str(summary_home), "--json")
        (topic,) = json.loads(done.stdout)["topics"]
        assert (topic["written_against"], topic["historical"]) == ("1999-04-23", historical)
        text = " ".join(run_crdex(*args, "--home", str(summary_home)).stdout.split())
        heading = "historical rulings, written against the Comprehensive Rules of 1999-04-23:"
        assert (heading in text) is historical, args


def test_the_web_search_reads_the_summary(client: TestClient) -> None:
    page = client.get("/search", params={"q": "three benefits protection", "source": "summary"})
    assert page.status_code == 200
    html = page.text
    assert '<span class="num">A.24.2</span>' in html
    assert "Fifth Edition, Page 30" in html
    data = client.get("/api/search", params={"q": "A.24", "source": "summary"}).json()
    assert data["source"] == "summary" and data["summary"][0]["number"] == "A.24"
    wrong = client.get("/api/search", params={"q": "trample", "source": "rulings"})
    assert wrong.status_code == 422
    assert wrong.json()["message"] == "source must be one of cr, summary, all, not 'rulings'"


# -- exports -----------------------------------------------------------------------


def test_exports_hold_the_cr_editions_and_refuse_the_summary(
    summary_home: Path, tmp_path: Path
) -> None:
    out = tmp_path / "all.json"
    done = run_crdex("export", "--all-editions", "-o", str(out), "--home", str(summary_home))
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text("utf-8"))
    assert [e["edition"]["id"] for e in data["editions"]] == ["1999-04-23", "2026-08-07"]
    named = run_crdex(
        "export", "-e", "1999-05-16.reflowed", "-o", str(tmp_path / "s.json"),
        "--home", str(summary_home),
    )  # fmt: skip
    assert named.returncode == 1 and not (tmp_path / "s.json").exists()
    assert (
        "1999-05-16.reflowed is a rulings summary in a numbering of its own, not a CR edition: "
        "exports hold CR editions only" in named.stderr
    )
