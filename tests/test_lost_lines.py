"""Lines a copy lost, found beside another copy of the same edition.

``cr-2013-02-01.truncated.txt`` is a byte-identical prefix of
``cr-2013-02-01.txt`` that ends inside the glossary, on the unfinished line
"Attack Multiple Players " (its MANIFEST row says so): every glossary entry
from "Attack Multiple Players Option" to the credits is lost. A holed copy
is made from ``cr-2008-07-15.txt`` by taking out rule 502.2 (First Strike)
and its subrules; an excerpt from the same file (sections 5 on) is declared
partial and loses nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from conftest import CORPUS, run_crdex
from crdex.index.library import Library
from crdex.web import create_app

pytestmark = [pytest.mark.corpus, pytest.mark.hostile, pytest.mark.slow]

EDITION = "cr-2008-07-15.txt"
LOST = "rules or glossary entries lost that another copy of the edition has"


def lines_of(name: str) -> list[str]:
    return (CORPUS / name).read_text("latin-1").splitlines()


def without_first_strike() -> tuple[list[str], list[str]]:
    """cr-2008-07-15.txt without 502.2 and its subrules; the numbers of the lines taken out."""
    lines = lines_of(EDITION)
    start = next(i for i, x in enumerate(lines) if x.startswith("502.2. "))
    end = next(i for i, x in enumerate(lines) if x.startswith("502.3"))
    taken = [x.split(" ", 1)[0].rstrip(".") for x in lines[start:end] if x.strip()]
    return lines[:start] + lines[end:], taken


def glossary_entries_after_the_cut() -> int:
    """Glossary entries of the complete 2013-02-01 copy from the truncated copy's last line
    (each entry a term line after a blank line) up to the credits."""
    complete = lines_of("cr-2013-02-01.txt")
    cut = lines_of("cr-2013-02-01.truncated.txt")[-1].strip()
    start = next(i for i, x in enumerate(complete) if x.startswith(cut) and i > 4000)
    end = next(i for i, x in enumerate(complete) if x == "Credits" and i > start)
    return sum(
        1
        for i in range(start, end)
        if complete[i].strip() and (i == start or not complete[i - 1].strip())
    )


@pytest.fixture(scope="module")
def holed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A library of the holed copy (named as the primary) and the whole one (a second copy)."""
    folder = tmp_path_factory.mktemp("holed")
    kept, taken = without_first_strike()
    (folder / EDITION).write_text("\r\n".join(kept) + "\r\n", "latin-1")
    whole = folder / "cr-2008-07-15.upload-20080801.txt"
    whole.write_bytes((CORPUS / EDITION).read_bytes())
    home = folder / "home"
    Library(home).build([folder / EDITION, whole])
    return home, taken


def editions(home: Path, edition: str) -> dict:
    done = run_crdex("editions", edition, "--home", str(home), "--json")
    assert done.returncode == 0, done.stderr
    (record,) = json.loads(done.stdout)["editions"]
    return record


def test_a_holed_copy_speaks_after_the_whole_one_and_its_lost_rules_are_counted(
    holed: tuple[Path, list[str]],
) -> None:
    home, taken = holed
    assert taken == ["502.2", "502.2a", "502.2b", "502.2c", "502.2d"]
    speaking, other = editions(home, "2008-07-15")["witnesses"]
    assert speaking["name"] == "cr-2008-07-15.upload-20080801.txt"
    assert speaking["damage"] is None
    assert other["name"] == EDITION
    assert other["damage"]["counts"] == {"lost-lines": len(taken)}
    examples = other["damage"]["examples"]
    assert [e["text"].split(" ", 1)[0] for e in examples] == taken[:3]
    assert all(e["in"] == speaking["name"] for e in examples)
    text = run_crdex("editions", "2008-07-15", "--home", str(home))
    assert f"damaged: {len(taken)} {LOST} (502.2 First Strike, line " in text.stdout
    shown = run_crdex("show", "502.2b", "-e", "2008-07-15", "--home", str(home))
    assert shown.returncode == 0, shown.stderr


def test_the_editions_page_says_which_copy_lost_lines(holed: tuple[Path, list[str]]) -> None:
    home, taken = holed
    with TestClient(create_app(home)) as client:
        page = client.get("/e/2008-07-15")
    assert page.status_code == 200
    assert f"damaged: {len(taken)} {LOST}" in page.text
    assert "so it speaks after a cleaner copy" in page.text


def test_an_excerpt_is_declared_partial_and_loses_nothing(
    tmp_path: Path,
) -> None:
    lines = lines_of(EDITION)
    # section 5 of the rules (its first "500." line is in the contents)
    start = [i for i, x in enumerate(lines) if x.startswith("500. ")][-1]
    excerpt = tmp_path / "cr-2008-07-15.excerpt.txt"
    excerpt.write_text("\r\n".join(lines[:3] + lines[start:]) + "\r\n", "latin-1")
    home = tmp_path / "home"
    Library(home).build([CORPUS / EDITION, excerpt])
    witnesses = editions(home, "2008-07-15")["witnesses"]
    assert [w["name"] for w in witnesses] == [EDITION, excerpt.name]
    assert witnesses[1]["kind"] == "excerpt"
    assert [w["damage"] for w in witnesses] == [None, None]


def test_a_copy_cut_short_loses_the_glossary_after_its_cut(tmp_path: Path) -> None:
    home = tmp_path / "home"
    names = ["cr-2013-02-01.truncated.txt", "cr-2013-02-01.txt"]
    Library(home).build([CORPUS / n for n in names])
    speaking, cut = editions(home, "2013-02-01")["witnesses"]
    assert (speaking["name"], speaking["damage"]) == ("cr-2013-02-01.txt", None)
    lost = glossary_entries_after_the_cut()
    assert lost > 400
    assert cut["damage"]["counts"] == {"lost-lines": lost}
    assert cut["damage"]["examples"][0]["text"].startswith("Attack Multiple Players Option: ")
