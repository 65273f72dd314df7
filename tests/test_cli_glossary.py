"""``crdex glossary``: the glossary listed, by letter, and one term with its history in brief.

Over WEB_EDITIONS (conftest). Expectations read in the documents:
cr-2026-08-07.txt has 739 glossary entries (tests/data/edition_counts.tsv),
the first "Abandon" (its glossary's first entry, line 7104), and "Scry"
(8841) "To manipulate some of the cards on top of your library. See rule
701.22, “Scry.”"; cr-2005-02-01.txt 2689 defines Scry as "a static ability
that functions while a spell or ability is resolving … See rule 502.36".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import CORPUS, run_crdex

pytestmark = pytest.mark.corpus


def glossary(home: Path, *args: str):
    return run_crdex("glossary", *args, "--home", str(home))


def test_every_entry_is_listed_in_the_glossarys_order(web_home: Path) -> None:
    done = glossary(web_home, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["edition"] == "2026-08-07"
    terms = [entry["term"] for entry in data["glossary"]]
    assert len(terms) == 739 and terms[0] == "Abandon"
    assert "Scry" in terms
    text = glossary(web_home)
    lines = text.stdout.splitlines()
    assert len(lines) == 740 and lines[-1] == "739 glossary entries in 2026-08-07"
    assert lines[0].startswith("Abandon ")


def test_a_letter_lists_its_terms(web_home: Path) -> None:
    data = json.loads(glossary(web_home, "--letter", "s", "--json").stdout)
    terms = [entry["term"] for entry in data["glossary"]]
    assert terms and all(t[0] == "S" for t in terms) and "Scry" in terms
    bad = glossary(web_home, "--letter", "st")
    assert bad.returncode == 2
    assert "Invalid value for --letter: 'st' is not a letter A to Z" in bad.stderr


def test_one_term_in_any_case_with_its_history(web_home: Path) -> None:
    done = glossary(web_home, "scry")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Scry  glossary, 2026-08-07\n")
    assert "To manipulate some of the cards on top of your library." in done.stdout
    assert "history: in the first edition, 2005-02-01; reworded in" in " ".join(done.stdout.split())
    data = json.loads(glossary(web_home, "Scry", "-e", "2005-02-01", "--json").stdout)
    assert data["edition"] == "2005-02-01" and data["references"] == ["502.36"]
    assert "functions while a spell or ability is resolving" in data["definition"]
    history = data["history"]
    assert history["since"] == "2005-02-01" and history["origin"] == "first"
    assert history["end"] == {"relation": "current", "edition": "2026-08-07"}
    assert all(c["edition"] > "2005-02-01" for c in history["changes"])


def test_an_unknown_term_is_told_the_near_ones(web_home: Path) -> None:
    done = glossary(web_home, "trampel")
    assert done.returncode == 1
    assert done.stderr.startswith(
        "Error: 'trampel' is neither a rule number nor a glossary term of 2026-08-07; "
        "did you mean Trample"
    )
    number = glossary(web_home, "701.22")
    assert number.returncode == 1
    assert number.stderr == (
        "Error: '701.22' is a rule number, not a glossary term: 'crdex show 701.22' shows it\n"
    )


def test_the_counts_are_the_documents(web_home: Path) -> None:
    # the glossary's own heading to the credits, an entry a term line then a definition
    text = (CORPUS / "cr-2026-08-07.txt").read_text("utf-8-sig").splitlines()
    start = max(i for i, line in enumerate(text) if line.strip() == "Glossary")
    end = max(i for i, line in enumerate(text) if line.strip() == "Credits")
    blocks = [b for b in "\n".join(text[start + 1 : end]).split("\n\n") if b.strip()]
    data = json.loads(glossary(web_home, "--json").stdout)
    assert len(blocks) == len(data["glossary"]) == 739
