"""The identity graph of the whole corpus, against chains read in the documents.

Every chain below was read by grepping the headings (``NNN.NN. Title``) of
each cr-YYYY-MM-DD.txt edition (the .derived copy for 2014-05-01,
2014-06-01 and 2014-07-18, whose docx originals stand in for them in the
chain and print the same numbers): the number a rule holds and the first
and last edition in which it holds it. Where a heading's title changed
("Tap" → "Tap and Untap", "Planar Magic" → "Planechase", "EDH" →
"Commander", "Copying Spells and Abilities" → "Copying Objects", the
sub-heading 406.1 "Mana Abilities" promoted to 406), the old title was read
too.

The library is built once into pytest's cache directory and reused by
later runs (the graph is rebuilt whenever the matching code changes).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CORPUS, corpus_available
from crdex.index.crosscheck import load_vensersjournal, report
from crdex.index.library import Library
from crdex.index.questions import Lineage

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.slow,
    pytest.mark.skipif(not corpus_available(), reason="../shared/corpus is not available"),
]

Chain = list[tuple[str, str, str]]  # (number, first edition, last edition)

CHAINS: dict[str, Chain] = {
    "Scry": [
        ("502.36", "2004-06-01", "2007-02-01"),
        ("501.8", "2007-05-01", "2009-05-01"),
        ("701.16", "2009-07-11", "2009-10-01"),
        ("701.17", "2010-02-01", "2011-07-15"),
        ("701.18", "2011-09-30", "2016-07-22"),
        ("701.16", "2016-09-30", "2018-01-19"),
        ("701.17", "2018-04-27", "2020-06-01"),
        ("701.18", "2020-07-03", "2025-04-04"),
        ("701.22", "2025-06-06", "2026-08-07"),
    ],
    "Shroud": [
        ("502.36", "2007-05-01", "2009-05-01"),
        ("702.16", "2009-07-11", "2011-05-01"),
        ("702.17", "2011-06-17", "2013-05-01"),
        ("702.18", "2013-07-13", "2026-08-07"),
    ],
    "Flying": [("502.4", "1999-04-23", "2009-05-01"), ("702.9", "2009-07-11", "2026-08-07")],
    "Trample": [
        ("502.9", "1999-04-23", "2009-05-01"),
        ("702.17", "2009-07-11", "2011-05-01"),
        ("702.18", "2011-06-17", "2013-05-01"),
        ("702.19", "2013-07-13", "2026-08-07"),
    ],
    "Banding": [
        ("502.10", "2001-07-23", "2009-05-01"),
        ("702.19", "2009-07-11", "2011-05-01"),
        ("702.20", "2011-06-17", "2013-05-01"),
        ("702.21", "2013-07-13", "2021-02-15"),
        ("702.22", "2021-04-22", "2026-08-07"),
    ],
    "Flanking": [
        ("502.3", "1999-04-23", "2009-05-01"),
        ("702.22", "2009-07-11", "2011-05-01"),
        ("702.23", "2011-06-17", "2013-05-01"),
        ("702.24", "2013-07-13", "2021-02-15"),
        ("702.25", "2021-04-22", "2026-08-07"),
    ],
    "Phasing": [
        ("502.15", "2001-07-23", "2009-05-01"),
        ("702.23", "2009-07-11", "2011-05-01"),
        ("702.24", "2011-06-17", "2013-05-01"),
        ("702.25", "2013-07-13", "2021-02-15"),
        ("702.26", "2021-04-22", "2026-08-07"),
    ],
    "Fear": [
        ("502.25", "2002-10-07", "2009-05-01"),
        ("702.33", "2009-07-11", "2011-05-01"),
        ("702.34", "2011-06-17", "2013-05-01"),
        ("702.35", "2013-07-13", "2021-02-15"),
        ("702.36", "2021-04-22", "2026-08-07"),
    ],
    "Cycling": [
        ("502.18", "2001-07-23", "2009-05-01"),
        ("702.26", "2009-07-11", "2011-05-01"),
        ("702.27", "2011-06-17", "2013-05-01"),
        ("702.28", "2013-07-13", "2021-02-15"),
        ("702.29", "2021-04-22", "2026-08-07"),
    ],
    "Kicker": [
        ("502.21", "2001-07-23", "2009-05-01"),
        ("702.30", "2009-07-11", "2011-05-01"),
        ("702.31", "2011-06-17", "2013-05-01"),
        ("702.32", "2013-07-13", "2021-02-15"),
        ("702.33", "2021-04-22", "2026-08-07"),
    ],
    "Flashback": [
        ("502.22", "2001-09-24", "2009-05-01"),
        ("702.31", "2009-07-11", "2011-05-01"),
        ("702.32", "2011-06-17", "2013-05-01"),
        ("702.33", "2013-07-13", "2021-02-15"),
        ("702.34", "2021-04-22", "2026-08-07"),
    ],
    "Madness": [
        ("502.24", "2002-02-20", "2009-05-01"),
        ("702.32", "2009-07-11", "2011-05-01"),
        ("702.33", "2011-06-17", "2013-05-01"),
        ("702.34", "2013-07-13", "2021-02-15"),
        ("702.35", "2021-04-22", "2026-08-07"),
    ],
    "Ninjutsu": [
        ("502.43", "2005-02-01", "2009-05-01"),
        ("702.46", "2009-07-11", "2011-05-01"),
        ("702.47", "2011-06-17", "2013-05-01"),
        ("702.48", "2013-07-13", "2021-02-15"),
        ("702.49", "2021-04-22", "2026-08-07"),
    ],
    "Convoke": [
        ("502.46", "2005-10-01", "2009-05-01"),
        ("702.48", "2009-07-11", "2011-05-01"),
        ("702.49", "2011-06-17", "2013-05-01"),
        ("702.50", "2013-07-13", "2021-02-15"),
        ("702.51", "2021-04-22", "2026-08-07"),
    ],
    "Storm": [
        ("502.30", "2003-05-26", "2009-05-01"),
        ("702.37", "2009-07-11", "2011-05-01"),
        ("702.38", "2011-06-17", "2013-05-01"),
        ("702.39", "2013-07-13", "2021-02-15"),
        ("702.40", "2021-04-22", "2026-08-07"),
    ],
    "Equip": [("502.33", "2003-10-01", "2009-05-01"), ("702.6", "2009-07-11", "2026-08-07")],
    "Regenerate": [
        ("501.5", "2007-05-01", "2009-05-01"),
        ("701.11", "2009-07-11", "2011-07-15"),
        ("701.12", "2011-09-30", "2016-07-22"),
        ("701.13", "2016-09-30", "2018-01-19"),
        ("701.14", "2018-04-27", "2020-06-01"),
        ("701.15", "2020-07-03", "2025-04-04"),
        ("701.19", "2025-06-06", "2026-08-07"),
    ],
    "Fateseal": [
        ("501.9", "2007-05-01", "2009-05-01"),
        ("701.17", "2009-07-11", "2009-10-01"),
        ("701.18", "2010-02-01", "2011-07-15"),
        ("701.19", "2011-09-30", "2016-07-22"),
        ("701.20", "2016-09-30", "2018-01-19"),
        ("701.21", "2018-04-27", "2020-06-01"),
        ("701.22", "2020-07-03", "2025-04-04"),
        ("701.29", "2025-06-06", "2026-08-07"),
    ],
    "Clash": [
        ("501.10", "2007-10-01", "2009-05-01"),
        ("701.18", "2009-07-11", "2009-10-01"),
        ("701.19", "2010-02-01", "2011-07-15"),
        ("701.20", "2011-09-30", "2016-07-22"),
        ("701.21", "2016-09-30", "2018-01-19"),
        ("701.22", "2018-04-27", "2020-06-01"),
        ("701.23", "2020-07-03", "2025-04-04"),
        ("701.30", "2025-06-06", "2026-08-07"),
    ],
    "Shuffle": [
        ("701.15", "2010-02-01", "2011-07-15"),
        ("701.16", "2011-09-30", "2016-07-22"),
        ("701.18", "2016-09-30", "2018-01-19"),
        ("701.19", "2018-04-27", "2020-06-01"),
        ("701.20", "2020-07-03", "2025-04-04"),
        ("701.24", "2025-06-06", "2026-08-07"),
    ],
    "Play": [
        ("701.10", "2009-07-11", "2011-07-15"),
        ("701.11", "2011-09-30", "2016-07-22"),
        ("701.12", "2016-09-30", "2018-01-19"),
        ("701.13", "2018-04-27", "2020-06-01"),
        ("701.14", "2020-07-03", "2025-04-04"),
        ("701.18", "2025-06-06", "2026-08-07"),
    ],
    "Tap and Untap": [  # "501.7. Tap" before the 2009 renumbering
        ("501.7", "2007-05-01", "2009-05-01"),
        ("701.15", "2009-07-11", "2009-10-01"),
        ("701.16", "2010-02-01", "2011-07-15"),
        ("701.17", "2011-09-30", "2016-07-22"),
        ("701.19", "2016-09-30", "2018-01-19"),
        ("701.20", "2018-04-27", "2020-06-01"),
        ("701.21", "2020-07-03", "2025-04-04"),
        ("701.26", "2025-06-06", "2026-08-07"),
    ],
    # sections 1-6, 8 and 9, old and new numbering
    "Cleanup Step": [("314", "1999-04-23", "2009-05-01"), ("514", "2009-07-11", "2026-08-07")],
    "Upkeep Step": [("303", "1999-04-23", "2009-05-01"), ("503", "2009-07-11", "2026-08-07")],
    "Handling Triggered Abilities": [
        ("410", "1999-04-23", "2009-05-01"),
        ("603", "2009-07-11", "2026-08-07"),
    ],
    "State-Based Actions": [  # "420. State-Based Effects" before 2009
        ("420", "1999-04-23", "2009-05-01"),
        ("704", "2009-07-11", "2026-08-07"),
    ],
    "Mana Abilities": [  # "406.1. Mana Abilities" under "406. Ability Subtypes" until 2003-06-01
        ("406.1", "1999-04-23", "2003-06-01"),
        ("406", "2003-07-01", "2009-05-01"),
        ("605", "2009-07-11", "2026-08-07"),
    ],
    "Copying Objects": [  # "503. Copying Spells and Abilities" until 2003-06-01
        ("503", "2001-07-23", "2009-05-01"),
        ("706", "2009-07-11", "2021-04-22"),
        ("707", "2021-07-23", "2026-08-07"),
    ],
    "Split Cards": [
        ("505", "2001-07-23", "2009-05-01"),
        ("708", "2009-07-11", "2021-04-22"),
        ("709", "2021-07-23", "2026-08-07"),
    ],
    "Flip Cards": [
        ("508", "2004-10-01", "2009-05-01"),
        ("709", "2009-07-11", "2021-04-22"),
        ("710", "2021-07-23", "2026-08-07"),
    ],
    "Subgames": [
        ("506", "2003-07-01", "2009-05-01"),
        ("712", "2009-07-11", "2010-02-01"),
        ("713", "2010-04-23", "2011-02-04"),
        ("714", "2011-05-01", "2011-07-15"),
        ("715", "2011-09-30", "2016-04-08"),
        ("717", "2016-07-22", "2016-07-22"),
        ("718", "2016-09-30", "2018-01-19"),
        ("719", "2018-04-27", "2019-07-12"),
        ("720", "2019-10-04", "2021-04-22"),
        ("722", "2021-07-23", "2022-04-29"),
        ("723", "2022-06-10", "2022-09-08"),
        ("724", "2022-10-07", "2022-10-07"),
        ("725", "2022-11-18", "2023-02-03"),
        ("724", "2023-04-14", "2023-11-17"),
        ("725", "2024-02-02", "2024-02-02"),
        ("726", "2024-03-08", "2025-02-07"),
        ("727", "2025-04-04", "2025-06-06"),
        ("728", "2025-07-25", "2026-02-27"),
        ("729", "2026-04-17", "2026-08-07"),
    ],
    "Two-Headed Giant Variant": [
        ("606", "2005-08-01", "2009-05-01"),
        ("806", "2009-07-11", "2010-04-23"),
        ("810", "2010-06-18", "2026-08-07"),
    ],
    "Emperor Variant": [
        ("607", "2005-08-01", "2009-05-01"),
        ("807", "2009-07-11", "2010-04-23"),
        ("809", "2010-06-18", "2026-08-07"),
    ],
    "Planechase": [("901", "2009-09-04", "2026-08-07")],  # "901. Planar Magic" until 2011-06-17
    "Commander": [("903", "2009-10-01", "2026-08-07")],  # "903. EDH" until 2010-10-01
    "Vanguard": [("902", "2009-10-01", "2026-08-07")],
}


@pytest.fixture(scope="module")
def lineage(request: pytest.FixtureRequest) -> Lineage:
    home = Path(request.config.cache.mkdir("crdex-lineage-corpus"))
    library = Library(home)
    library.add([CORPUS])
    return Lineage(library)


def _runs(lineage: Lineage, number: str, edition: str) -> Chain:
    history = lineage.history(number, edition)
    runs: Chain = []
    for v in history.entries:
        if runs and runs[-1][0] == v.number:
            runs[-1] = (v.number, runs[-1][1], v.last)
        else:
            runs.append((v.number, v.first, v.last))
    return runs


@pytest.mark.parametrize("name", sorted(CHAINS))
def test_chain(lineage: Lineage, name: str) -> None:
    chain = CHAINS[name]
    number, _first, last = chain[-1]
    assert _runs(lineage, number, last) == chain


def test_scry_is_one_identity_from_2004(lineage: Lineage) -> None:
    history = lineage.history("502.36", "2005-02-01")
    assert history.identity == "2004-06-01/502.36"
    assert history.end == {"relation": "current", "edition": "2026-08-07"}


def test_701_18_means_three_different_rules(lineage: Lineage) -> None:
    graph = lineage.graph
    index = {e.id: i for i, e in enumerate(graph.editions)}
    held = {d: graph.holder("701.18", index[d]) for d in ("2017-01-20", "2020-07-03", "2026-08-07")}
    titles = {d: graph.version(i, i.run_at(index[d])).title for d, i in held.items() if i}
    assert titles == {"2017-01-20": "Shuffle", "2020-07-03": "Scry", "2026-08-07": "Play"}
    assert len({i.id for i in held.values() if i}) == 3


def test_resolve_502_36_in_2008_is_shroud(lineage: Lineage) -> None:
    answer = lineage.resolve("502.36", "2008-05-01")
    assert (answer.label, answer.number, answer.title) == ("Shroud", "702.18", "Shroud")
    scry = lineage.resolve("502.36", "2005-02-01")
    assert (scry.label, scry.number) == ("Scry", "701.22")


def test_resolve_to_an_earlier_date(lineage: Lineage) -> None:
    answer = lineage.resolve("701.22", "2026-08-07", "2012-01-01")
    assert (answer.at, answer.to, answer.number) == ("2026-08-07", "2011-09-30", "701.18")


def test_glossary_entry_followed(lineage: Lineage) -> None:
    history = lineage.history("Scry")
    assert history.glossary
    assert history.entries[0].first == "2004-06-01"
    assert history.end["relation"] == "current"


def test_diff_of_the_2009_renumbering(lineage: Lineage) -> None:
    diff = lineage.diff("2009-05-01", "2009-07-11")
    moved = {(i.old[0].number, i.new[0].number) for i in diff.items if i.kind == "moved"}
    assert {("501.8", "701.16"), ("502.36", "702.16"), ("420", "704"), ("606", "806")} <= moved
    counts = diff.counts()
    # nearly every number changed
    assert counts["moved"] > 1000
    assert counts["unchanged"] < 100


def test_agreement_with_vensersjournal(lineage: Lineage) -> None:
    graph = lineage.graph
    pairs = load_vensersjournal(
        CORPUS / "changes" / "vensersjournal-cr-diffs", {e.date for e in graph.editions}
    )
    figures = report(graph, pairs)
    assert figures["unreviewed"] == []
    for group in ("all", "linked", "renumbered"):
        assert figures[group]["adjudicated_share"] >= 0.95, (group, figures[group])
    # the raw shares, before setting aside pairs the documents show to be wrong
    assert figures["all"]["share"] >= 0.78
    assert figures["linked"]["share"] >= 0.85
    assert figures["renumbered"]["share"] >= 0.70


def test_every_note_is_still_a_disagreement(lineage: Lineage) -> None:
    from crdex.index.crosscheck_notes import NOTES

    graph = lineage.graph
    pairs = load_vensersjournal(
        CORPUS / "changes" / "vensersjournal-cr-diffs", {e.date for e in graph.editions}
    )
    noted = {(d["source"], d["old"], d["new"]) for d in report(graph, pairs)["disagreements"]}
    assert set(NOTES) <= noted, sorted(set(NOTES) - noted, key=str)


def test_merge_read_in_magic_origins(lineage: Lineage) -> None:
    # 701.16c and 701.16d ("that library isn't shuffled") became one 701.16c in 2015-07-17
    history = lineage.history("701.16c", "2015-07-17")
    assert [(m["number"], m["edition"]) for m in history.merged_in] == [("701.16d", "2015-07-17")]
    old = lineage.history("701.16d", "2015-03-27")
    assert old.end["relation"] == "merged"
    assert (old.end["edition"], old.end["into"]["number"]) == ("2015-07-17", "701.16c")
