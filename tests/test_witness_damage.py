"""A damaged witness beside a clean copy of the same edition: 2008-05-01.

``cr-2008-05-01.txt`` (the primary copy) has "?" for every character beyond
ASCII, its quotes and apostrophes among them (its MANIFEST row says so);
``cr-2008-05-01.alt-vensersjournal.txt`` is the same rules text with
straight quotes. The library holds both, between the editions before and
after (2008-02-01, 2008-07-15). The clean copy speaks, the damage is said
where the edition is described, and no rule gains a version from it.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from conftest import CORPUS, _library_home, run_crdex
from crdex.web import create_app

pytestmark = [pytest.mark.corpus, pytest.mark.hostile, pytest.mark.slow]

PRIMARY = "cr-2008-05-01.txt"
CLEAN = "cr-2008-05-01.alt-vensersjournal.txt"
FILES = ("cr-2008-02-01.txt", PRIMARY, CLEAN, "cr-2008-07-15.txt")


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _library_home(tmp_path_factory, "witness-damage", [CORPUS / n for n in FILES])


def question_marks_opposite_quotes() -> int:
    """How many "?" of the primary copy stand, line by line, where the clean copy has a quote,
    an apostrophe or a transliterated sign: what a reader of both copies sees as damage."""
    damaged = (CORPUS / PRIMARY).read_text("latin-1").splitlines()
    clean = (CORPUS / CLEAN).read_text("latin-1").splitlines()
    assert len(damaged) == len(clean)
    count = 0
    for ours, theirs in zip(damaged, clean, strict=True):
        matcher = difflib.SequenceMatcher(None, ours, theirs, autojunk=False)
        for op, i1, i2, j1, _j2 in matcher.get_opcodes():
            if op == "replace" and set(ours[i1:i2]) == {"?"} and theirs[j1] != "?":
                count += i2 - i1
    return count


def only_question_marks_differ(old: str, new: str) -> bool:
    """Whether ``new`` differs from ``old`` only by "?" (and the spaces beside them) standing
    where ``old`` has other characters: a wording the damage made, not a new one."""
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    changed = [new[j1:j2] for op, _i1, _i2, j1, j2 in matcher.get_opcodes() if op != "equal"]
    return bool(changed) and all(
        "?" in part and not part.replace("?", "").strip() for part in changed
    )


def test_the_clean_copy_speaks_and_the_damage_is_counted_with_examples(home: Path) -> None:
    done = run_crdex("editions", "2008-05-01", "--home", str(home), "--json")
    assert done.returncode == 0, done.stderr
    (edition,) = json.loads(done.stdout)["editions"]
    speaking, *others = edition["witnesses"]
    assert speaking["name"] == CLEAN
    (primary,) = [w for w in others if w["name"] == PRIMARY]
    counted = primary["damage"]["counts"]["question-marks"]
    # "?" where a real question mark never stands are found; a closing quote after a word
    # ("?card?") cannot be told from a question mark, so the count is at most the truth
    truth = question_marks_opposite_quotes()
    assert truth > 4000
    assert truth * 0.75 <= counted <= truth
    examples = [e for e in primary["damage"]["examples"] if e["kind"] == "question-marks"]
    assert examples and all("?" in e["text"] and e["line"] > 0 for e in examples)
    text = run_crdex("editions", "2008-05-01", "--home", str(home))
    assert f"speaks first: {CLEAN}" in text.stdout
    assert f"{counted:,} quotes, apostrophes or dashes read as '?'" in text.stdout


def test_the_editions_page_says_which_copy_is_damaged(home: Path) -> None:
    with TestClient(create_app(home)) as client:
        page = client.get("/e/2008-05-01")
    assert page.status_code == 200
    assert "quotes, apostrophes or dashes read as &#39;?&#39;" in page.text
    assert "so it speaks after a cleaner copy" in page.text


def test_a_rule_is_shown_with_the_clean_copys_quotes(home: Path) -> None:
    line = next(
        x for x in (CORPUS / CLEAN).read_text("latin-1").splitlines() if x.startswith("502.63a ")
    )
    done = run_crdex("show", "502.63", "-e", "2008-05-01", "--home", str(home), "--json")
    assert done.returncode == 0, done.stderr
    (sub,) = [c for c in json.loads(done.stdout)["children"] if c["number"] == "502.63a"]
    assert sub["text"] == line.removeprefix("502.63a ")
    assert '"Deathtouch" means "Whenever' in sub["text"]


def test_no_rule_gains_a_version_from_the_question_marks(home: Path) -> None:
    done = run_crdex("diff", "2008-02-01", "2008-05-01", "--home", str(home), "--json")
    assert done.returncode == 0, done.stderr
    edits = [c for c in json.loads(done.stdout)["changes"] if c["kind"] == "edited"]
    assert edits  # the edition did change rules
    damaged = [
        new["number"]
        for change in edits
        for old, new in zip(change["old"], change["new"], strict=False)
        if only_question_marks_differ(old["text"], new["text"])
    ]
    assert damaged == []
    history = run_crdex("history", "502.63a", "--home", str(home), "--json")
    versions = json.loads(history.stdout)["versions"]
    spans = [(v["first_edition"], v["last_edition"]) for v in versions]
    assert spans == [("2008-02-01", "2008-07-15")]


def rules_whose_signs_alone_differ() -> list[str]:
    """The rules whose line in the clean copy differs from 2008-02-01's only in the case of
    their trademark signs ("Ravnica(r)" there, "Ravnica(R)" here), read from the two files."""

    def numbered(name: str) -> dict[str, str]:
        lines = (CORPUS / name).read_text("latin-1").splitlines()
        return {x.split(" ", 1)[0].rstrip("."): x for x in lines if x[:1].isdigit()}

    before, clean = numbered("cr-2008-02-01.txt"), numbered(CLEAN)
    return [
        n
        for n, line in clean.items()
        if n in before
        and before[n] != line
        and before[n].replace("(tm)", "(TM)").replace("(r)", "(R)") == line
    ]


def test_no_rule_gains_a_version_from_the_clean_copys_trademark_signs(home: Path) -> None:
    numbers = rules_whose_signs_alone_differ()
    assert len(numbers) >= 4  # 100.5 "DCI(r)", 207.3 "Ravnica(r)", 502.17a, …
    for number in numbers:
        done = run_crdex(
            "history", number, "-e", "2008-05-01", "--typography", "--home", str(home), "--json"
        )
        assert done.returncode == 0, done.stderr
        versions = json.loads(done.stdout)["versions"]
        # 2008-05-01 joins the version of 2008-02-01: the signs typed otherwise are no edit
        (first,) = [v for v in versions if "2008-02-01" in v["editions"]]
        assert "2008-05-01" in first["editions"], (number, versions)
