"""mdBook HTML pages (ancestral.vision print.html), and broken HTML.

The corpus pages are rendered from the 2022-06-10 and 2022-10-07 markdown;
the small pages below are written here to break one thing each.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import corpus_path
from crdex.parser import ParseError, parse_path, parse_text

PAGE = """<!DOCTYPE HTML>
<html lang="en">
<head><title>Magic: The Gathering Comprehensive Rules</title></head>
<body>
<nav id="sidebar"><ol class="chapter"><li class="chapter-item"><div>1. Game Concepts</div></li><li><ol class="section"><li class="chapter-item"><a href="g.html">100. General</a></li></ol></li></ol></nav>
<main>
<p>Magic: The Gathering Comprehensive Rules
These rules are effective as of October 7, 2022.</p>
<h1 id="100-general"><a class="header" href="#100-general"><strong>100.</strong> General</a></h1>
<p><strong>100.1.</strong> These Magic rules apply to any Magic game.</p>
<ul>
<li><strong>100.1a</strong> A two-player game is a game that begins with only two players.</li>
</ul>
<pre><code>Example: Two players play.
</code></pre>
{extra}</main>
</body>
</html>
"""


def test_small_page() -> None:
    edition = parse_text(PAGE.format(extra=""), "page.html")
    assert edition.source.format == "mdbook-html"
    assert edition.id == "2022-10-07"
    assert [r.number for r in edition.rules] == ["1", "100", "100.1", "100.1a"]
    assert edition.rule("100").parent == "1"
    assert edition.rule("100").title == "General"
    assert [e.text for e in edition.rule("100.1a").examples] == ["Example: Two players play."]
    assert edition.accounting.complete
    assert edition.accounting.lines_total == PAGE.format(extra="").count("\n")
    # spans point into the HTML: 100.1a is on line 12, the section in the sidebar on line 5
    assert edition.rule("100.1a").span.line == 12
    assert edition.rule("1").span.line == 5
    assert [(c.number, c.title) for c in edition.contents] == [
        ("1", "Game Concepts"),
        ("100", "General"),
    ]


def test_unknown_element_is_an_error_at_its_place() -> None:
    page = PAGE.format(extra="<table><tr><td>100.2. In a table</td></tr></table>\n")
    with pytest.raises(ParseError) as caught:
        parse_text(page, "page.html")
    message = str(caught.value)
    assert message.startswith("page.html:16:1: unexpected <table> element with text in it")
    assert "\n    <table><tr><td>100.2. In a table</td></tr></table>\n    ^" in message


def test_list_item_that_is_no_rule_is_kept_with_a_repair() -> None:
    page = PAGE.format(extra="<ul>\n<li>a stray note</li>\n</ul>\n")
    edition = parse_text(page, "page.html")
    (repair,) = edition.repairs
    assert repair.kind == "unnumbered-paragraph" and repair.line == 17
    assert edition.rule("100.1a").text.endswith("a stray note")


def test_non_rule_heading_inside_the_rules_is_an_error() -> None:
    page = PAGE.format(extra="<h2>Notes</h2>\n")
    with pytest.raises(ParseError) as caught:
        parse_text(page, "page.html")
    assert str(caught.value).startswith(
        "page.html:16:1: a heading that is not a rule heading ('Notes') inside the rules"
    )


def test_page_without_main_is_an_error() -> None:
    page = PAGE.format(extra="").replace("<main>", "<div>").replace("</main>", "</div>")
    with pytest.raises(ParseError) as caught:
        parse_text(page, "page.html", format="mdbook-html")
    assert str(caught.value).startswith("page.html:4:1: no <main> element")


def test_page_cut_short_is_a_recorded_repair() -> None:
    page = PAGE.format(extra="")
    cut = page[: page.index("<pre>")]
    edition = parse_text(cut, "cut.html")
    (repair,) = edition.repairs
    assert repair.kind == "truncated" and repair.line == cut.count("\n")
    assert edition.accounting.complete


def test_tag_soup_is_still_read_or_refused_never_a_traceback() -> None:
    soup = "<html><main><p><strong>100.1.</strong> Unclosed <em>text\n<li>100.1a oops"
    edition = parse_text(soup, "soup.html")
    assert [r.number for r in edition.rules] == ["100.1", "100.1a"]
    assert [r.kind for r in edition.repairs] == ["truncated"]


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["cr-2022-06-10.mdbook.html", "cr-2022-10-07.mdbook.html"])
def test_corpus_pages(name: str) -> None:
    edition = parse_path(corpus_path(name))
    assert edition.source.format == "mdbook-html"
    assert edition.id == name[3:13]  # the "mdbook" tag names the format, not a second copy
    assert edition.accounting.complete
    assert [r.number for r in edition.sections] == [str(n) for n in range(1, 10)]
    assert edition.rule("701.2").title == "Activate"
    assert len(edition.contents) > 140


@pytest.mark.corpus
def test_corpus_page_spans_and_lazy_continuations() -> None:
    path = corpus_path("cr-2022-10-07.mdbook.html")
    edition = parse_path(path)
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    # 606.5 has no bold number: the markdown continued 606.4's paragraph with it
    span = edition.rule("606.5").span
    assert lines[span.line - 1].startswith("606.5 If the total cost")
    assert edition.rule("606.5").examples[0].text.startswith("Example: A player controls Carth")
    assert lines[edition.rule("100.1").span.line - 1].startswith("<p><strong>100.1.</strong>")
