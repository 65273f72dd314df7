"""The 1999 rulings summary: a page of its own generation, in a numbering of its own.

Counts come from ``tests/data/rulings-1999.md`` (grep and awk on the file,
commands written there); everything else is quoted from the page, its line
number beside it.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from conftest import corpus_path, parsed, run_crdex
from crdex.corpus import bundled_documents
from crdex.errors import CrdexError
from crdex.parser import ParseError, detect_format, parse_text
from crdex.parser.page_numbers import ItemNumber
from crdex.parser.serialize import edition_from_dict, edition_to_dict

pytestmark = pytest.mark.corpus

NAME = "rulings-crystalkeep-general-1999-05-16.reflowed.txt"
DATA = Path(__file__).parent / "data" / "rulings-1999.md"


def counts() -> dict[str, int]:
    """The table of counts in the data file: ``| name | count | command |``."""
    out = {}
    for line in DATA.read_text("utf-8").splitlines():
        m = re.match(r"\| (\w+) \| (\d+) \|", line)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


@pytest.fixture(scope="module")
def page():
    return parsed(NAME)


@pytest.fixture(scope="module")
def text() -> str:
    return corpus_path(NAME).read_text("ascii")


def nodes(page) -> list:
    """Every rule, ruling and note of the page (notes run into rules included)."""
    out: list = []
    for item in page.items:
        out += [item, *item.rulings, *item.notes]
    return out


def test_the_page_is_read_in_its_own_numbering_never_as_rules(page, text) -> None:
    assert page.source.format == "rulings-1999"
    assert page.numbering == "crystal-keep-1999"
    assert page.rules == [] and page.glossary == []
    assert page.item("A.27").title == "Trample"
    fmt, reason = detect_format(text, NAME)
    assert fmt.name == "rulings-1999"
    assert reason.startswith("1661 lines are numbered like a rulings summary of the 1990s")
    # read as the official text or as a 2008 rulings page, it is refused
    for other in ("official", "rulings"):
        with pytest.raises(ParseError):
            parse_text(text, NAME, format=other)


def test_every_line_is_accounted_for(page) -> None:
    c = counts()
    acc = page.accounting
    assert acc.complete and acc.lines_total == c["lines"]
    kinds = acc.by_kind
    assert kinds["chapter"] == c["chapters"]
    assert kinds["topic"] == c["topics"]
    assert kinds["rule"] == c["rules"]
    assert kinds["ruling"] == c["rulings"]
    assert kinds["note"] == c["note_lines"]
    # the contents: its heading, every chapter and topic, "Index", "Acknowledgements …"
    assert kinds["contents"] == 1 + c["contents_chapters"] + c["contents_topics"] + 2
    assert kinds["index"] == 1 + c["index_lines"]
    assert kinds["credits"] == 1 + c["credit_lines"]
    assert kinds["blank"] == c["letter_blank_lines"]
    # lines 1-18 less the blank ones: 9 of the letter, the title line, the date line
    assert (kinds["introduction"], kinds["title"], kinds["date"]) == (9, 1, 1)


def test_counts_of_chapters_topics_rules_rulings_and_notes(page) -> None:
    c = counts()
    by_kind: dict[str, int] = {}
    for item in page.items:
        by_kind[item.kind] = by_kind.get(item.kind, 0) + 1
    assert by_kind == {"chapter": c["chapters"], "topic": c["topics"], "rule": c["rules"]}
    assert sum(len(i.rulings) for i in page.items) == c["rulings"]
    topics = [i for i in page.items if i.kind == "topic"]
    assert sum(len(t.notes) for t in topics) == c["note_lines"]
    assert sum(len(i.notes) for i in page.items if i.kind == "rule") == c["inline_notes"]
    assert [i.title for i in page.items if i.kind == "chapter"] == [
        "Abilities",
        "Combat Rules",
        "DCI Tournament Rules",
        "Extracted Rulings on Cards",
        "Game Terms and Rules",
        "Card and Permanent Types and Information",
        "Multi-Player Rules",
        "Phases of the Turn",
        "Timing of Spells and Abilities",
        "Unglued",
        "Zones of Play",
    ]


def test_the_repairs_are_the_page_slips(page) -> None:
    """Each one read in the file: see the table of slips in tests/data/rulings-1999.md."""
    assert sorted((r.line, r.kind) for r in page.repairs) == [
        (30, "contents-title"),  # "A.10 - Untap Abilities" / body "A.10 - Untap Costs"
        (168, "contents-title"),  # "M - Multiplayer Rules" / body "M - Multi-Player Rules"
        (540, "note-in-rule"),  # C.6.4 "… [Fifth Edition, Page 55] Note - if the assigned …"
        (620, "placeholder-reference"),  # D.3.15 "(see Rule D.*.*)"
        (750, "duplicate-number"),  # the second D.18.5 (Urza's Saga block)
        (1405, "source-name"),  # "[behtmo 07/29/98]"
        (1427, "misspelled-number"),  # "K.14.Rulings.7"
        (1554, "note-in-rule"),  # P.1.2 "… Note - DCI tournament rules all require …"
        (1561, "note-in-rule"),  # P.2.2 "… Note - Various spells and abilities can cause …"
        (1686, "duplicate-number"),  # the second T.5.2
        (1947, "index-comma"),  # "Artifact,"
    ]
    (behtmo,) = [r for r in page.repairs if r.kind == "source-name"]
    assert behtmo.reason == (
        "source 'behtmo' is named nowhere in the credits; it is 'bethmo' with two letters "
        "swapped, and is read as 'bethmo'"
    )
    (untap,) = [r for r in page.repairs if r.line == 30]
    assert untap.reason == (
        "the contents call A.10 'Untap Abilities' and the body 'Untap Costs'; the body's title "
        "is the node's"
    )


def test_trample_and_its_rulings_with_their_sources(page) -> None:
    trample = page.item("A.27")
    assert (trample.kind, trample.parent, trample.span.line) == ("topic", "A", 482)
    assert trample.children == ["A.27.1", "A.27.2", "A.27.3"]
    # A.27.2 - When an attacking creature with Trample assigns combat damage, … [Urza's Saga Rule Page]
    rule = page.item("A.27.2")
    assert rule.text.startswith("When an attacking creature with Trample assigns combat damage,")
    assert rule.text.endswith("to all blockers which can receive combat damage.")
    ((source),) = rule.sources
    assert (source.name, source.kind, source.date) == ("Urza's Saga Rule Page", "document", None)
    assert [(r.target, r.kind) for r in rule.references] == [("K.12.4", "rule")]
    # lines 486-493: A.27.Ruling.1 to .8
    rulings = trample.rulings
    assert [r.number for r in rulings] == [f"A.27.Ruling.{n}" for n in range(1, 9)]
    assert [(r.source, r.date) for r in rulings] == [
        ("D'Angelo", "1998-10-08"),
        ("Urza's Saga Rule Page", None),
        ("Urza's Saga Rule Page", None),
        ("D'Angelo", "1998-10-08"),
        ("WotC Rules Team", "1998-10-18"),
        ("D'Angelo", "1998-10-08"),
        ("D'Angelo", "1998-10-08"),
        ("D'Angelo", "1998-10-08"),
    ]
    assert [r.sources[0].kind for r in rulings] == [
        "person", "document", "document", "person", "person", "person", "person", "person",
    ]  # fmt: skip
    assert rulings[4].sources[0].who == "official rulings from the rules team"
    assert rulings[0].sources[0].who == (
        "Stephen D'Angelo, the Rules Summary network representative"
    )
    assert rulings[5].text == (
        "If the Trample creature is blocked, but the blocker is destroyed (or otherwise removed) "
        "before damage dealin, the Trample creature deals all of its damage directly to the "
        "defending player."
    )
    assert rulings[7].references[0].target == "A.27.2"
    (note,) = trample.notes
    assert note.text.startswith("The Trample ability was significantly redefined with the release")
    assert [(s.name, s.date) for s in note.sources] == [("D'Angelo", "1998-10-08")]


def test_protection_has_three_benefits(page) -> None:
    # A.24.2 - Creatures (or other permanents) with this ability have three benefits:
    # [Fifth Edition, Page 30] 1. Reduces damage … 2. Cannot have … 3. Cannot be targeted …
    rule = page.item("A.24.2")
    assert rule.parent == "A.24" and page.item("A.24").title == "Protection"
    assert rule.text == (
        "Creatures (or other permanents) with this ability have three benefits: 1. Reduces "
        "damage from <-something-> sources to zero. 2. Cannot have <-something-> creatures "
        "assigned to block it. 3. Cannot be targeted by <-something-> abilities, spells, or "
        "enchantments."
    )
    ((source),) = rule.sources
    assert (source.name, source.kind, source.page) == ("Fifth Edition", "document", "30")
    assert source.who == "rules from the Fifth Edition rulebook"
    assert source.start == len(
        "Creatures (or other permanents) with this ability have three benefits:"
    )
    # A.24.Ruling.2: "… reduced to zero by benefit number one."
    assert "benefit number one" in page.item("A.24").rulings[1].text


def test_a_source_in_mid_text_backs_the_sentence_before_it(page) -> None:
    # A.1.6 - Unless otherwise stated, … play it. [bethmo 02/21/97] Exceptions … may". [D'Angelo 08/03/98]
    rule = page.item("A.1.6")
    assert [(s.name, s.date) for s in rule.sources] == [
        ("bethmo", "1997-02-21"),
        ("D'Angelo", "1998-08-03"),
    ]
    assert rule.text[: rule.sources[0].start].endswith("is the only one who can play it.")
    assert "[" not in rule.text
    # E.7.1: "you [may] do <-something->" is text, not a source
    assert "you [may] do" in page.item("E.7.1").text and not page.item("E.7.1").sources


def test_sources_are_people_or_documents_as_the_credits_say(page) -> None:
    c = counts()
    sources = [s for n in nodes(page) for s in n.sources]
    assert len(sources) == c["sources"]
    assert sum(s.kind == "person" for s in sources) == c["person_sources"]
    assert all(s.kind in ("person", "document") for s in sources)
    dates = {s.text: s.date for s in sources}
    assert dates["DCI Letter, Jan 1997"] == "1997-01"
    assert dates["bethmo 1994"] == "1994"
    assert dates["Tournament Rules 10/01/95"] == "1995-10-01"
    pages = {s.text: (s.name, s.issue, s.page) for s in sources if s.page}
    assert pages["Duelist Magazine #12, Page 26"] == ("Duelist Magazine", "12", "26")
    assert pages["Mirage, Page 2-4"] == ("Mirage", None, "2-4")


def test_cross_references_are_typed_and_resolve(page) -> None:
    c = counts()
    refs = [r for n in nodes(page) for r in n.references]
    assert len(refs) == c["references"] - 4 + c["range_members"]
    numbers = {i.number for i in page.items} | {r.number for i in page.items for r in i.rulings}
    placeholders = [r for r in refs if r.kind == "placeholder"]
    assert [(r.target, r.text) for r in placeholders] == [("D.*.*", "Rule D.*.*")]
    for ref in refs:
        if ref.kind != "placeholder":
            assert ref.target in numbers, ref
            assert ItemNumber.parse(ref.target).kind == ref.kind
    # A.12.2 "(see Rule A.11.3 through Rule A.11.10)": a range, every member typed a rule
    members = [r for r in page.item("A.12.2").references]
    assert [r.target for r in members] == [f"A.11.{n}" for n in range(3, 11)]
    assert {r.text for r in members} == {"Rule A.11.3 through Rule A.11.10"}
    # G.45.1 "(see Phase P.5)", P.4.1 "(see T.9)", A.6.2 "the first wording in A.6.1"
    assert [(r.target, r.kind) for r in page.item("G.45.1").references] == [("P.5", "topic")]
    assert [r.text for r in page.item("P.4.1").references] == ["see T.9"]
    assert "A.6.1" in [r.text for r in page.item("A.6.2").references]
    # K.21.Ruling.1 "See Rule A.13.Ruling.1."
    ruling = page.item("K.21").rulings[0]
    assert [(r.target, r.kind) for r in ruling.references][-1] == ("A.13.Ruling.1", "ruling")


def test_index_entries_point_at_nodes_of_the_page(page) -> None:
    c = counts()
    index = page.index_entries
    assert len(index) == c["index_lines"]
    assert sum(e.heading for e in index) == c["index_headings"]
    assert sum(e.see is not None for e in index) == c["index_see"]
    assert sum(bool(e.targets) for e in index) == c["index_numbered"]
    numbers = {i.number for i in page.items} | {r.number for i in page.items for r in i.rulings}
    terms = {e.term.casefold() for e in index}
    for entry in index:
        assert all(t in numbers for t in entry.targets), entry
        if entry.see:
            assert all(part.strip().casefold() in terms for part in entry.see.split(",")), entry
    by_line = {e.span.line: e for e in index}
    assert (by_line[2249].term, by_line[2249].targets) == ("Trample", ["A.27"])  # "Trample, A.27"
    assert (by_line[2024].term, by_line[2024].see) == ("Deck", "Library")  # "Deck, see Library"
    assert by_line[1947].term == "Artifact" and by_line[1947].heading  # "Artifact,"
    assert by_line[2148].targets == ["G.30.5"]  # "In, G.30.5" (under "Phasing")
    assert by_line[1951].targets == ["K.6.Ruling.2"]  # "Mono, K.6.Ruling.2"


def test_contents_list_every_chapter_and_topic(page) -> None:
    listed = [(e.number, e.title) for e in page.contents]
    assert listed[:2] == [("A", "Abilities"), ("A.1", "General Rulings on Abilities")]
    assert listed[-2:] == [(None, "Index"), (None, "Acknowledgements and Disclaimers")]
    body = [(i.number, i.title) for i in page.items if i.kind in ("chapter", "topic")]
    assert [n for n, _ in listed[:-2]] == [n for n, _ in body]


def test_letter_credits_and_the_change_mark(page) -> None:
    assert page.title == "Official Magic: The Gathering Rules Summary"  # line 17
    # line 10: "An open circle is used to mark changes since the last released version on 04/21/99."
    assert page.changes_since == "1999-04-21"
    assert page.introduction[1] == "This is the FINAL release under the FIFTH EDITION rules."
    assert len(page.credits) == counts()["credit_lines"]
    assert page.credits[-1] == (  # line 2285
        "Magic: The Gathering and all of the cards listed herein are copyrighted by Wizards of "
        "the Coast."
    )
    assert not any(n.changed for n in nodes(page))


def test_the_open_circle_marks_a_change(text) -> None:
    marked = text.replace("\nA.27.2 - ", "\n\u25cb A.27.2 - ").replace(
        "\nA.27.Ruling.6 - ", "\no A.27.Ruling.6 - "
    )
    page = parse_text(marked, "marked.txt")
    assert page.accounting.complete
    assert page.item("A.27.2").changed and page.item("A.27.2").span.column == 3
    changed = [r.number for r in page.item("A.27").rulings if r.changed]
    assert changed == ["A.27.Ruling.6"]
    assert not page.item("A.27.3").changed


def test_json_round_trip(page) -> None:
    data = edition_to_dict(page)
    assert data["numbering"] == "crystal-keep-1999" and data["rules"] == []
    assert edition_from_dict(data) == page


# ---- damaged pages ------------------------------------------------------------------


def _lines(text: str) -> list[str]:
    return text.split("\n")


@pytest.mark.parametrize(
    ("cut", "expected"),
    [
        # the letter, the contents: the page ends before its chapters
        (
            10,
            "cut.txt:10:84: the document ends too early; expected a chapter such as 'A - Abilities', ",
        ),
        (
            100,
            "cut.txt:100:17: the document ends too early; expected a chapter such as 'A - Abilities', ",
        ),
        (
            216,
            "cut.txt:216:33: the document ends too early; expected a chapter such as 'A - Abilities' ",
        ),
    ],
)
def test_a_page_cut_before_its_chapters_is_an_error_with_position(
    text: str, cut: int, expected: str
) -> None:
    with pytest.raises(ParseError) as caught:
        parse_text("\n".join(_lines(text)[:cut]), "cut.txt")
    assert str(caught.value).startswith(expected)
    assert "\n    " in str(caught.value) and str(caught.value).endswith("^")


@pytest.mark.parametrize(
    ("cut", "where"),
    [
        (217, "in its chapters, before the index and the acknowledgements and disclaimers"),
        (1000, "in its chapters, before the index and the acknowledgements and disclaimers"),
        (1901, "in its index, without its acknowledgements and disclaimers"),
        (2000, "in its index, without its acknowledgements and disclaimers"),
        (2280, "at the heading of its acknowledgements and disclaimers, before their text"),
    ],
)
def test_a_page_cut_later_is_read_as_far_as_it_goes(text: str, cut: int, where: str) -> None:
    page = parse_text("\n".join(_lines(text)[:cut]), "cut.txt")
    assert page.accounting.complete and page.accounting.lines_total == cut
    (truncated,) = [r for r in page.repairs if r.kind == "truncated"]
    assert truncated.line == cut
    assert (
        truncated.reason
        == f"the page ends {where}: it looks cut short; everything up to here was read"
    )
    # the contents list what the cut page no longer has: each is reported
    missing = [r for r in page.repairs if r.kind == "contents-only"]
    listed = {e.number for e in page.contents if e.number}
    present = {i.number for i in page.items}
    assert len(missing) == len(listed - present)


def test_the_command_line_reports_a_cut_page_without_a_traceback(text: str, tmp_path: Path) -> None:
    path = tmp_path / "cut.txt"
    path.write_text("\n".join(_lines(text)[:100]), "ascii")
    result = run_crdex("parse", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(
        f"Error: {path}:100:17: the document ends too early; expected a chapter such as "
        "'A - Abilities', a topic such as 'A.27 - Trample:', the 'Index' heading or a blank line "
        "or a row of dashes (read as 'rulings-1999' because 76 lines are numbered like a rulings "
        "summary of the 1990s"
    )
    whole = run_crdex("parse", str(corpus_path(NAME)), "--json")
    assert whole.returncode == 0, whole.stderr
    assert '"numbering": "crystal-keep-1999"' in whole.stdout


def test_a_page_cut_inside_a_number_is_an_error_at_that_line(text: str) -> None:
    cut = text[: text.index("A.27.Ruling.6") + len("A.27.")]  # line 491
    with pytest.raises(ParseError) as caught:
        parse_text(cut, "cut.txt")
    message = str(caught.value)
    assert message.startswith(
        "cut.txt:491:1: this line cannot stand here; expected a chapter such as 'A - Abilities', "
        "a note such as 'Note - …', a rule such as 'A.27.2 - …', a ruling such as "
        "'A.27.Ruling.6 - …', a topic such as 'A.27 - Trample:', "
    )
    assert message.endswith("\n    A.27.\n    ^")


def test_a_shuffled_page_is_an_error_at_the_first_line_out_of_place(text: str) -> None:
    lines = _lines(text)
    random.Random(7).shuffle(lines)
    first_bad = next(
        i for i, ln in enumerate(lines, 1) if re.match(r"[A-Z](\.\d+)* - |Note - ", ln)
    )
    with pytest.raises(ParseError) as caught:
        parse_text("\n".join(lines), "shuffled.txt")
    # the letter takes any line that is not numbered like the page, so the first
    # numbered line before "Table of Contents:" is where the page stops making sense
    assert caught.value.line <= first_bad
    assert str(caught.value).startswith(f"shuffled.txt:{caught.value.line}:1: ")


def test_rules_shuffled_among_topics_are_kept_where_they_stand_and_reported(text: str) -> None:
    lines = _lines(text)
    entries = [i for i in range(216, 1900) if re.match(r"[A-Z]\.\d+\.(Ruling\.)?\d+ - ", lines[i])]
    moved = [lines[i] for i in entries]
    random.Random(3).shuffle(moved)
    for i, line in zip(entries, moved, strict=True):
        lines[i] = line
    page = parse_text("\n".join(lines), "shuffled.txt")
    assert page.accounting.complete
    # an entry stands under the wrong topic when its number names another one
    topic = None
    wrong = 0
    for line in lines[216:1900]:
        if m := re.match(r"([A-Z]\.\d+) - ", line):
            topic = m.group(1)
        elif m := re.match(r"([A-Z]\.\d+)\.(Ruling\.)?\d+ - ", line):
            wrong += m.group(1) != topic
    assert sum(r.kind == "misplaced" for r in page.repairs) == wrong > 1000


def _seed_2008() -> list[str]:
    seed = next(p for p in bundled_documents() if p.name == "rulings-501-keyword-actions.txt")
    return _lines(seed.read_text("utf-8"))


def test_a_page_mixing_the_two_generations_is_refused_at_the_rarer_one(text: str) -> None:
    lines, seed = _lines(text), _seed_2008()
    mixed = lines[:500] + seed[3:40] + lines[500:]  # seed line 4: "501 - Keyword Actions "
    with pytest.raises(ParseError) as caught:
        parse_text("\n".join(mixed), "mixed.txt")
    assert str(caught.value).startswith(
        "mixed.txt:503:1: this line is numbered like a 2008 rulings page, in Comprehensive Rules "
        "numbers ('501.1 - '), but the page is a rulings summary of the 1990s in its own "
        "numbering (1661 lines such as 'A.27.2 - '); a page cannot mix the two generations"
    )
    # the other way round: a 2008 page with three lines of the 1999 one
    mixed = seed[:50] + lines[480:483] + seed[50:]
    with pytest.raises(ParseError) as caught:
        parse_text("\n".join(mixed), "mixed.txt")
    assert str(caught.value).startswith(
        "mixed.txt:51:1: this line is numbered like a rulings summary of the 1990s "
        "('A.27.2 - '), but the page is a 2008 rulings page in Comprehensive Rules numbers "
    )


def test_damaged_copies_never_raise_anything_but_a_crdex_error(text: str) -> None:
    rng = random.Random(1999)
    lines = _lines(text)
    outcomes = {"parsed": 0, "refused": 0}
    for _ in range(40):
        broken = list(lines)
        for _ in range(rng.randint(1, 5)):
            i = rng.randrange(len(broken))
            op = rng.random()
            if op < 0.3:
                del broken[i]
            elif op < 0.6:
                broken.insert(i, rng.choice(broken))
            elif op < 0.85:
                broken[i] = broken[i][: rng.randrange(len(broken[i]) + 1)]
            else:
                j = rng.randrange(len(broken))
                broken[i], broken[j] = broken[j], broken[i]
        try:
            page = parse_text("\n".join(broken), "broken.txt")
        except CrdexError as exc:
            assert re.match(r"broken\.txt:\d+:\d+: ", str(exc)), exc
            outcomes["refused"] += 1
            continue
        assert page.accounting.complete
        outcomes["parsed"] += 1
    assert outcomes["parsed"] and outcomes["refused"]
