"""The 1999 rulings summary in a library: a document of its own kind, tied to the rules by topic.

From the document (rulings-crystalkeep-general-1999-05-16.reflowed.txt):
line 482 "A.27 - Trample:", three rules A.27.1–A.27.3 and eight rulings
A.27.Ruling.1–8 (grep -c '^A\\.27\\.Ruling\\.' gives 8). In the 1999-04-23
Comprehensive Rules Trample is "502.9. Trample"; in 2026-08-07 it is
"702.19. Trample", the same rule followed through the renumbering.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import SUMMARY, run_crdex
from crdex.index.library import Library

pytestmark = [pytest.mark.corpus, pytest.mark.slow]


@pytest.fixture(scope="module")
def home(summary_home: Path) -> Path:
    return summary_home


def test_a_summary_is_a_document_of_its_own_kind_outside_the_chain(home: Path) -> None:
    library = Library(home)
    assert [e.id for e in library.chain()] == ["1999-04-23", "2026-08-07"]
    (summary,) = [d for d in library.documents.values() if d.name == SUMMARY]
    assert (summary.kind, summary.date, summary.witnesses) == ("rulings-summary", "1999-05-16", ())
    listed = run_crdex("documents", "--home", str(home))
    assert (
        "rulings of 1999-05-16 (dated by its file name) in a numbering of its own: "
        "not a CR edition" in listed.stdout
    )


def test_show_mentions_the_summarys_rulings_on_the_rules_topic(home: Path) -> None:
    shown = run_crdex("show", "702.19b", "--home", str(home), "--json")
    assert shown.returncode == 0, shown.stderr
    (topic,) = json.loads(shown.stdout)["topics"]
    assert (topic["topic"], topic["title"], topic["on"]) == ("A.27", "Trample", "702.19")
    assert (topic["rules"], topic["rulings"], topic["page"]) == (3, 8, SUMMARY)
    old = run_crdex("show", "502.9", "-e", "1999-04-23", "--home", str(home), "--json")
    assert [t["topic"] for t in json.loads(old.stdout)["topics"]] == ["A.27"]
    text = run_crdex("show", "702.19", "--home", str(home)).stdout
    assert "1999 rulings on 702.19's topic: A.27 Trample (8 rulings, 3 rules)" in " ".join(
        text.split()
    )


def test_a_summary_is_never_a_cr_edition(home: Path) -> None:
    done = run_crdex("show", "A.27", "--home", str(home))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    history = run_crdex("history", "A.27", "--home", str(home))
    assert history.returncode == 1 and "Traceback" not in history.stderr
