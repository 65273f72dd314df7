"""The two undated seeds placed by their text, as reading them against the corpus shows.

Read by hand against the raw files:

* seed 000 is section 701 of 2022-10-07 in markdown: 201 rules (the
  section heading and 200 rules), every one as 2022-10-07's text has it,
  with its typographic quotes; 2022-09-08 lacks 701.10h and 701.48–701.49a
  and words 701.8c otherwise, 2022-11-18 words 701.8c, 701.28e and 701.28f
  otherwise.
* seed 001 is 502.26c–502.51a of 2006-10-01 or 2007-02-01, as PDF text:
  94 rules (502.39b stands behind the "br />" of a split "<br />"), all
  worded as both editions word them. Its typing is its own: curly quotes
  where the editions have straight ones, and in 502.34a an en dash
  ("Imprint – [text]") where they have a hyphen. Its 502.50b is whole: the
  extraction broke "Bloodthirst" across two lines ("Bloodthirs" / "t X"),
  and the parse joins them back. 2006-07-15 words 502.26e, 502.38b and
  502.46a otherwise and has a 502.38c the seed lacks; 2007-05-01 words
  twelve of its rules otherwise (502.36 is Shroud there).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import SEEDS, run_crdex

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

SEED_000 = SEEDS / "000_fb0d997b58fab580.txt"
SEED_001 = SEEDS / "001_5f324ed2d2985831.txt"


@pytest.fixture(scope="module")
def identify(corpus_home: Path):
    from crdex.api import Reader

    reader = Reader(corpus_home)
    return reader.identify


def test_seed_000_is_2022_10_07(identify) -> None:
    found = identify(SEED_000)
    assert (found.verdict, found.editions) == ("matched", ["2022-10-07"])
    assert found.counts == {
        "identical": 201,
        "typography": 0,
        "cut-short": 0,
        "differ": 0,
        "missing": 0,
    }
    assert found.differences == []
    neighbours = {n["edition"]: n["rules"] for n in found.neighbours}
    before = ["701.8c", "701.10h", "701.48", "701.48a", "701.48b", "701.48c", "701.49", "701.49a"]
    assert neighbours == {"2022-09-08": before, "2022-11-18": ["701.8c", "701.28e", "701.28f"]}


def test_seed_001_is_2006_10_01_to_2007_02_01(identify) -> None:
    found = identify(SEED_001)
    assert (found.verdict, found.editions) == ("matched", ["2006-10-01", "2007-02-01"])
    assert [str(r) for r in found.runs] == ["2006-10-01 … 2007-02-01"]
    assert found.counts["identical"] + found.counts["typography"] == 94
    assert found.counts["differ"] == found.counts["cut-short"] == found.counts["missing"] == 0
    typed = {d.number: d for d in found.differences}
    assert all(d.status == "typography" for d in typed.values())
    # 502.34a: an en dash where both editions have a hyphen (and curly quotes)
    assert ("–", "-") in typed["502.34a"].changes
    assert "'–' where the edition has '-'" in typed["502.34a"].why
    assert typed["502.34a"].editions == ["2006-10-01", "2007-02-01"]
    # 502.50b: whole once its broken word is rejoined, only its quotes typed otherwise
    assert set(typed["502.50b"].changes) == {("“", '"'), ("”", '"')}
    rejoined = [r for r in found.repairs if r.rule == "502.50b"]
    assert [(r.line, r.kind) for r in rejoined] == [(97, "broken-word")]
    neighbours = {n["edition"]: n["rules"] for n in found.neighbours}
    assert neighbours["2006-07-15"] == ["502.26e", "502.38b", "502.46a", "502.38c"]
    assert len(neighbours["2007-05-01"]) == 12 and "502.36a" in neighbours["2007-05-01"]


def test_identify_command_names_and_explains_the_seed_rules(corpus_home: Path) -> None:
    done = run_crdex("identify", str(SEED_001), "--home", str(corpus_home))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == (
        "001_5f324ed2d2985831.txt: 94 rules (502.26c–502.51a), pdf-text, no effective date"
    )
    assert lines[1] == "matches 2006-10-01 … 2007-02-01 (2 editions): its text is theirs"
    assert any(
        line.startswith("  typography: ")
        and line.endswith(": 502.34a")
        and "'–' where the edition has '-'" in line
        for line in lines
    )
    assert (
        "    line 97    502.50b   broken-word: a word broken across lines; rejoined with line 96"
        in lines
    )
    as_json = run_crdex("identify", str(SEED_001), "--home", str(corpus_home), "--json")
    data = json.loads(as_json.stdout)
    assert data["verdict"] == "matched" and data["editions"] == ["2006-10-01", "2007-02-01"]
    assert data["document"]["rules"] == 94 and data["document"]["date"] is None


def test_identify_reads_standard_input(corpus_home: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "crdex", "identify", "-", "--home", str(corpus_home), "--json"],
        input=SEED_000.read_bytes(),
        capture_output=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["document"]["name"] == "<stdin>"
    assert data["editions"] == ["2022-10-07"]
