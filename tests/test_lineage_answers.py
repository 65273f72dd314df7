"""What ``history`` and ``resolve`` say about splits and merges, the edition asked, glossary terms.

A library of four editions read in the documents:

- 2015-03-27 → 2015-07-17: 903.11 ("If a commander would be put into its owner's
  graveyard from anywhere, that player may put it into the command zone instead.") and
  903.12 ("If a commander would be put into the exile zone from anywhere, its owner may
  put it into the command zone instead.") became one 903.11 ("If a commander would be
  exiled from anywhere or put into its owner's hand, graveyard, or library from
  anywhere, its owner may put it into the command zone instead. ...").
- 2018-01-19 → 2018-04-27: 106.4a ("If a player passes priority (see rule 116) while
  there is mana in his or her mana pool, that player announces what mana is there. If any
  mana remains in a player's mana pool after he or she spends mana to pay a cost, that
  player announces what mana is still there.") became 106.4a ("If any mana remains in a
  player's mana pool after mana is spent to pay a cost, ...") and 106.4b ("If a player
  passes priority (see rule 116) while there is mana in their mana pool, that player
  announces what mana is there.").
- 106.4. reads "When an effect produces mana, that mana goes into a player's mana pool."
  in 2018-01-19 and "When an effect instructs a player to add mana, that mana goes into a
  player's mana pool." in 2018-04-27.
- The glossary entry "Scry" reads "To manipulate some of the cards on top of your
  library. See rule 701.16, "Scry."" in 2018-01-19 and "... See rule 701.17, "Scry.""
  in 2018-04-27 (Scry was renumbered).
"""

from __future__ import annotations

import pytest

from conftest import CORPUS, corpus_available
from crdex.index.answers.questions import Lineage
from crdex.index.library import Library
from crdex.text.history import render_history
from crdex.text.resolve import render_resolution

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not corpus_available(), reason="../shared/corpus is not available"),
]

EDITIONS = ["2015-03-27", "2015-07-17", "2018-01-19", "2018-04-27"]


@pytest.fixture(scope="module")
def lineage(tmp_path_factory: pytest.TempPathFactory) -> Lineage:
    library = Library(tmp_path_factory.mktemp("answers-home"))
    library.add([CORPUS / f"cr-{e}.txt" for e in EDITIONS])
    return Lineage(library)


def test_history_header_reads_the_edition_asked(lineage: Lineage) -> None:
    old = lineage.history("106.4", "2018-01-19")
    assert old.at_edition().text.startswith("When an effect produces mana")
    header = render_history(old).splitlines()[0]
    assert header.startswith("106.4 in 2018-01-19: When an effect produces mana")
    new = render_history(lineage.history("106.4", "2018-04-27")).splitlines()[0]
    assert new.startswith("106.4 in 2018-04-27: When an effect instructs a player to add mana")


def test_history_of_a_piece_names_the_rest_of_its_split(lineage: Lineage) -> None:
    piece = lineage.history("106.4b", "2018-04-27")
    assert piece.origin["relation"] == "split"
    assert piece.origin["from"]["number"] == "106.4a"
    # the other side of the split, as diff shows it: 106.4a continues
    assert [p["number"] for p in piece.origin["with"]] == ["106.4a"]
    assert piece.origin["with"][0]["label"].startswith("If any mana remains")
    text = render_history(piece)
    assert "    with: 106.4a (If any mana remains" in text


def test_history_of_a_merged_rule_names_the_rule_it_joined(lineage: Lineage) -> None:
    gone = lineage.history("903.12", "2015-03-27")
    assert gone.end["relation"] == "merged"
    assert gone.end["into"]["number"] == "903.11"
    # 903.11 of 2015-03-27 is the rule that continued into the new 903.11
    assert [(p["number"], p["edition"]) for p in gone.end["with"]] == [("903.11", "2015-03-27")]
    assert gone.end["with"][0]["label"].startswith(
        "If a commander would be put into its owner’s graveyard"
    )
    assert "    with: 903.11 (If a commander would be put into its owner’s graveyard" in (
        render_history(gone)
    )


def test_resolve_names_what_split_off_on_the_way(lineage: Lineage) -> None:
    answer = lineage.resolve("106.4a", "2018-01-19")
    assert (answer.number, answer.status) == ("106.4a", "current")
    assert [(p["number"], p["edition"]) for p in answer.split_off] == [("106.4b", "2018-04-27")]
    assert answer.to_dict()["split_off"][0]["label"].startswith("If a player passes priority")
    assert "split off in 2018-04-27: 106.4b If a player passes priority" in (
        render_resolution(answer)
    )
    # nothing split off before the citation's edition is named
    assert lineage.resolve("106.4a", "2018-04-27").split_off == []


def test_resolve_names_what_merged_on_the_way(lineage: Lineage) -> None:
    kept = lineage.resolve("903.11", "2015-03-27", "2015-07-17")
    assert kept.number == "903.11"
    assert [(p["number"], p["edition"]) for p in kept.merged_in] == [("903.12", "2015-07-17")]
    assert "merged in from 903.12 in 2015-07-17: If a commander would be put into the exile" in (
        render_resolution(kept)
    )
    # followed through the merge, the cited 903.12 now reads as 903.11
    joined = lineage.resolve("903.12", "2015-03-27", "2015-07-17")
    assert (joined.number, joined.note) == ("903.11", "merged into another rule on the way")


def test_resolve_glossary_term_names_it_once(lineage: Lineage) -> None:
    answer = lineage.resolve("Scry", "2018-01-19")
    assert answer.glossary and answer.number == "Scry"
    lines = render_resolution(answer).splitlines()
    assert lines[0].startswith("Scry in 2018-01-19: To manipulate some of the cards")
    assert lines[1].startswith("in 2018-04-27: Scry: To manipulate some of the cards")
    assert "Scry Scry" not in render_resolution(answer)
    header = render_history(lineage.history("Scry", "2018-01-19")).splitlines()[0]
    assert header.startswith("Scry in 2018-01-19: To manipulate some of the cards")
