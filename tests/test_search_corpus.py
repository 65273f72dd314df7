"""Searching the whole ../shared/corpus: relevance, old terminology, players' words, lookups.

Expected rules come from reading the editions named: in 2005-02-01 and
2008-05-01 the zone is "Removed from the Game" (217.7), the battlefield is
"In Play" (217.5), spells are played (409.1), and 203.3 defines converted
mana cost; in 2026-08-07 exile is 406, the battlefield 403, mana value
202.3, Scry is 701.22 (501.8 from 2007-05-01, 701.16 from 2009-07-11),
Trample is 702.19 ("702.19b The controller of an attacking creature with
trample first assigns damage ..."), Regenerate is 701.19 and 701.8c says
"A regeneration effect replaces a destruction event", 603.6a "Enters-the-
battlefield abilities trigger when a permanent enters the battlefield",
704.1 "State-based actions are game actions that happen automatically".

The held-out questions (tests/data/search-unseen.tsv) are never searched
here: they are measured by bench/search.py only.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO, SHARED
from crdex.index.library import Library
from crdex.index.search import SearchIndex, open_search, update_index
from crdex.index.search.models.sentences import sentence_model_id
from crdex.index.search.slang import PLAYER_TERMS
from crdex.index.search.store import IndexStore
from evaluation.search import evaluate, read_questions

pytestmark = pytest.mark.corpus

EVAL = SHARED / "eval" / "search-queries.tsv"
DEV = REPO / "tests" / "data" / "search-dev.tsv"
# the floors below are a little under what the search reaches with the sentence
# model (see index/search/models/sentences.py) and without it (static vectors alone)
SENTENCES = sentence_model_id() is not None


@pytest.fixture(scope="module")
def index(corpus_home: Path):
    update_index(Library(corpus_home))
    with open_search(corpus_home) as index:
        yield index


def top(index: SearchIndex, query: str, edition: str | None = None, n: int = 3) -> list[str]:
    return [h.label for h in index.search(query, edition=edition, limit=n).hits]


def _report(name: str, evaluation) -> None:
    print(
        f"\n{name}: {len(evaluation.ranks)} questions, top-{evaluation.k} hit rate "
        f"{evaluation.hit_rate:.1%}, mean reciprocal rank {evaluation.mrr:.3f}"
    )
    for q, rank, got in evaluation.misses():
        print(f"  missed: {q.query!r} ({q.edition}) wants {' '.join(q.answers)}, "
              f"rank {rank}, got {got[:3]}")  # fmt: skip


def test_relevance_on_the_evaluation_questions(index: SearchIndex) -> None:
    if not EVAL.is_file():
        pytest.skip(f"{EVAL} is not available")
    evaluation = evaluate(index, read_questions(EVAL))
    _report("eval", evaluation)
    # held to a floor against regressions: 20 of 21 with the sentence model; 17
    # without it, where the aim of 0.9 is not reached
    assert evaluation.hit_rate >= (0.9 if SENTENCES else 0.8)


def test_relevance_on_development_questions(index: SearchIndex) -> None:
    """The questions ranking is tuned on (held to a floor against regressions)."""
    evaluation = evaluate(index, read_questions(DEV))
    _report("dev", evaluation)
    # 313 questions: top 3 77.0% and MRR 0.691 with the sentence model, 70.6% and
    # 0.641 without it
    assert evaluation.hit_rate >= (0.73 if SENTENCES else 0.68)
    assert evaluation.mrr >= (0.65 if SENTENCES else 0.62)


class TestOldTerminology:
    def test_exile_in_2005(self, index: SearchIndex) -> None:
        assert set(top(index, "exile", "2005-02-01")) <= {"217.7", "217.7a", "217.7b", "217.7c"}

    def test_exile_in_2008(self, index: SearchIndex) -> None:
        assert top(index, "exiled cards are face up", "2008-05-01")[0] == "217.7b"

    def test_battlefield_in_2005(self, index: SearchIndex) -> None:
        # the 2005 glossary: "In Play: In play is the zone in which permanents exist.
        # ... See rule 217, "Zones."": the entry answers as 217, with its definition;
        # 217.5 "In Play" is the zone's own section ("217.5a Most of the area between
        # the players represents the in-play zone.")
        hits = index.search("battlefield", edition="2005-02-01", limit=5).hits
        found = [(h.number, h.term) for h in hits]
        assert ("217", "In Play") in found or any(n.startswith("217.5") for n, _t in found)

    def test_mana_value_in_2008(self, index: SearchIndex) -> None:
        assert "203.3" in top(index, "mana value", "2008-05-01")

    def test_cast_in_2005(self, index: SearchIndex) -> None:
        # 409.1 is playing a spell; the 2005 glossary: "Cast (Obsolete) Some older cards
        # used the term "cast" to describe the playing of a spell."
        got = top(index, "cast a spell", "2005-02-01")
        assert got[0] in ("409.1", "glossary: Cast") and "409.1" in got

    def test_old_words_in_2026(self, index: SearchIndex) -> None:
        # 406.8 "Previously, the exile zone was called the 'removed-from-the-game zone.'";
        # the glossary: "'Remove [something] from the game' is an obsolete term for
        # 'exile [something].' ... See Exile."; 406.1 is the exile zone itself
        got = top(index, "removed from the game")
        assert got[0] in ("406.8", "406.1", "glossary: Remove from the Game")
        assert "406.8" in got or "406.1" in got
        # the glossary: "Converted Mana Cost (Obsolete) An obsolete term for mana value";
        # 202.3 is mana value; 202 "Mana Cost and Color" its heading
        got = top(index, "converted mana cost", n=5)
        assert got[0] in ("202.3", "202", "glossary: Converted Mana Cost") and "202.3" in got
        # 403.1 is the battlefield; 403.5 "Previously, the battlefield was called the
        # “in-play zone.”"; the glossary: "In Play (Obsolete) An obsolete term for the
        # battlefield."
        assert top(index, "in play")[0] in ("403.1", "403.5", "glossary: In Play")


class TestPlayersWords:
    def test_etb(self, index: SearchIndex) -> None:
        assert "603.6a" in top(index, "what is an ETB trigger")

    def test_an_initialism_of_a_glossary_term(self, index: SearchIndex) -> None:
        assert top(index, "SBA")[0].startswith("704.")

    def test_a_glossary_entry_sending_the_reader_on(self, index: SearchIndex) -> None:
        # the 2026-08-07 glossary: "APNAP Order: See Active Player, Nonactive Player Order.";
        # that entry: "A system that determines the order ... See rule 101.4."
        # among the first three, as answers are measured: 703.4k ("each player in APNAP
        # order announces ...") uses the word itself and may come first
        hits = index.search("what does APNAP stand for", limit=5).hits
        assert "glossary: APNAP Order" not in [h.label for h in hits]
        apnap = next(h for h in hits[:3] if h.number == "101.4")
        assert apnap.term == "Active Player, Nonactive Player Order"
        assert apnap.definition.startswith("A system that determines the order")

    def test_every_rules_phrase_of_the_thesaurus_is_in_some_edition(
        self, index: SearchIndex
    ) -> None:
        """A phrase no edition uses could never match: each is the rules' own wording."""
        unused = [
            part
            for term in PLAYER_TERMS
            for means in term.means
            for part in means.split(" + ")
            if not index.search(f'"{part}"', all_editions=True, method="bm25").total
        ]
        assert unused == []


class TestQueries:
    def test_full_width_letters(self, index: SearchIndex) -> None:
        assert top(index, "Ｓｃｒｙ")[0].startswith("701.22")

    def test_a_prefix_ranks_by_relevance(self, index: SearchIndex) -> None:
        """Rule order would put 701.8c first; the rule about regenerating comes first."""
        found = top(index, "regenerat*", n=10)
        assert found[0].startswith("701.19")
        assert "701.8c" in found

    def test_a_subrule_is_titled_by_its_heading(self, index: SearchIndex) -> None:
        hits = index.search("trample damage", limit=20).hits
        hit = next(h for h in hits if h.number == "702.19b")
        assert hit.title == "Trample"


class TestLookups:
    def test_number_in_the_latest_edition(self, index: SearchIndex) -> None:
        result = index.search("701.22")
        assert result.edition == "2026-08-07"
        assert [h.label for h in result.hits] == [
            "701.22", "701.22a", "701.22b", "701.22c", "701.22d",
        ]  # fmt: skip
        assert result.hits[0].title == "Scry"

    def test_number_in_an_old_edition(self, index: SearchIndex) -> None:
        result = index.search("502.36", edition="2005-02-01")
        assert [h.label for h in result.hits] == ["502.36", "502.36a", "502.36b"]

    def test_as_of_a_date_between_two_editions(self, index: SearchIndex) -> None:
        after = index.search("701.16", as_of="2009-08-01")
        assert after.edition == "2009-07-11"
        assert after.hits[0].title == "Scry"
        before = index.search("701.16", as_of="2009-06-01")
        assert before.edition == "2009-05-01"
        assert before.hits == []
        assert index.search("501.8", as_of="2009-06-01").hits[0].title == "Scry"

    def test_scry_across_editions(self, index: SearchIndex) -> None:
        result = index.search("701.22b", all_editions=True)
        group = next(g for g in result.groups if g.number == "701.22b")
        held = {n for v in group.versions for _e, n in v.numbers}
        assert {"701.16b", "701.17b", "701.18b", "701.22b"} <= held


@pytest.mark.slow
def test_killing_a_whole_corpus_build_leaves_the_index(
    index: SearchIndex, corpus_home: Path, tmp_path: Path
) -> None:
    store = IndexStore(corpus_home / "search")
    live = store.current()
    expected = top(index, "what happens when I scry zero")
    script = tmp_path / "build.py"
    script.write_text(
        "import sys\nfrom pathlib import Path\nfrom crdex.index.library import Library\n"
        "from crdex.index.search import update_index\n"
        "update_index(Library(Path(sys.argv[1])), force=True)\n"
    )
    rng = random.Random(7)
    for delay in sorted(rng.uniform(0.5, 8.0) for _ in range(3)):
        proc = subprocess.Popen(
            [sys.executable, str(script), str(corpus_home)],
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert store.current() is not None
        with SearchIndex.open_generation(store, store.current()) as after:
            assert top(after, "what happens when I scry zero") == expected
        if proc.returncode == 0:  # finished before the kill: a new generation, same answers
            live = store.current()
        assert store.current() == live
