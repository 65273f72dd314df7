"""``crdex build``, ``crdex search`` and ``crdex show`` as a user runs them (installed package, run outside the checkout)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import REPO
from conftest import crdex_in as crdex
from crdex.index.search.schema import SEARCH_FORMAT
from crdex.index.search.store import IndexStore

DATA = REPO / "tests" / "data" / "search"


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("cli") / "home"
    done = crdex(home.parent, "build", "--home", str(home), str(DATA / "library"))
    assert done.returncode == 0, done.stderr
    assert "search index built: " in done.stdout
    return home


def test_search_as_json(home: Path, tmp_path: Path) -> None:
    done = crdex(
        tmp_path,
        "search",
        "--home",
        str(home),
        "what",
        "happens",
        "when",
        "I",
        "scry",
        "zero",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["mode"] == "text"
    assert data["edition"] == "2021-04-22"
    assert data["hits"][0]["number"] == "701.2b"
    assert data["hits"][0]["snippet"]["marks"]


def test_lookup_with_index_option(home: Path, tmp_path: Path) -> None:
    done = crdex(tmp_path, "search", "--index", str(home), "501.2", "--edition", "2008-05-01")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith("501.2  Scry")
    assert "501.2b" in done.stdout


def test_all_editions(home: Path, tmp_path: Path) -> None:
    done = crdex(tmp_path, "search", "--home", str(home), "scry zero", "--all-editions")
    assert done.returncode == 0, done.stderr
    assert "501.2b, 701.2b  2008-05-01, 2009-07-11, 2021-04-22" in done.stdout


def test_spelling_suggestion(home: Path, tmp_path: Path) -> None:
    """A word no rule has, which finds nothing: its respelling is searched, and said so."""
    done = crdex(tmp_path, "search", "--home", str(home), "fatesael")
    assert done.returncode == 0
    assert "No rules match 'fatesael'; showing results for: fateseal" in done.stdout
    assert "701.3a" in done.stdout  # "To \"fateseal N\" means to look at the top N cards …"
    data = json.loads(crdex(tmp_path, "search", "--home", str(home), "fatesael", "--json").stdout)
    assert (data["suggestion"], data["corrected"]) == ("fateseal", "fateseal")
    assert data["hits"][0]["number"] == "701.3a"


def test_a_suggestion_is_not_searched_when_the_query_finds_something(
    home: Path, tmp_path: Path
) -> None:
    data = json.loads(
        crdex(tmp_path, "search", "--home", str(home), "scry fatesael", "--json").stdout
    )
    assert data["suggestion"] == "scry fateseal" and data["corrected"] is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["(scry"], "Error: this parenthesis is never closed (column 1)"),
        (["trample AND"], "Error: 'AND' needs something after it"),
        (["scry", "--as-of", "1990-01-01"], "Error: no edition was in force on 1990-01-01"),
        (["scry", "--edition", "2008-05-01", "--all-editions"], "Error: choose one of"),
    ],
)
def test_errors_are_messages(home: Path, tmp_path: Path, args: list[str], message: str) -> None:
    done = crdex(tmp_path, "search", "--home", str(home), *args)
    assert done.returncode == 1
    assert done.stderr.startswith(message)
    assert "Traceback" not in done.stderr


def test_show(home: Path, tmp_path: Path) -> None:
    done = crdex(tmp_path, "show", "--home", str(home), "102.2", "--edition", "2008-05-01")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "2008-05-01"
    assert lines[1].startswith("102.2  The converted mana cost of a spell")
    assert (
        "Example: A mana cost of {3}{U}{U} translates to a converted mana cost of 5." in done.stdout
    )


def test_show_json_nests_subrules_and_references(home: Path, tmp_path: Path) -> None:
    done = crdex(tmp_path, "show", "--home", str(home), "701.2", "--json")
    data = json.loads(done.stdout)
    assert data["title"] == "Scry"
    assert [c["number"] for c in data["children"]] == ["701.2a", "701.2b"]
    assert data["cited_by"] == ["glossary: Scry"]


def test_show_glossary_term(home: Path, tmp_path: Path) -> None:
    done = crdex(tmp_path, "show", "--home", str(home), "Mill")
    assert done.returncode == 0, done.stderr
    assert "To put cards from the top of a library into a graveyard." in done.stdout
    assert "see: 701.4" in done.stdout


def test_show_unknown_rule(home: Path, tmp_path: Path) -> None:
    done = crdex(tmp_path, "show", "--home", str(home), "701.9")
    assert done.returncode == 1
    assert done.stderr.startswith("Error: 2021-04-22 has no rule 701.9")


def test_an_old_index_is_rebuilt_with_a_message(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert crdex(tmp_path, "build", "--home", str(home), str(DATA / "library")).returncode == 0
    live = IndexStore(home / "search").current()
    assert live is not None
    meta = json.loads((live / "meta.json").read_text())
    meta.update(format=SEARCH_FORMAT - 1, crdex="0.0.1")
    (live / "meta.json").write_text(json.dumps(meta))
    done = crdex(tmp_path, "search", "--home", str(home), "scry")
    assert done.returncode == 0, done.stderr
    assert "note: the search index at" in done.stderr
    assert "written by crdex 0.0.1" in done.stderr
    assert "701.2a" in done.stdout


def test_build_without_paths_uses_the_bundled_samples(tmp_path: Path) -> None:
    home = tmp_path / "home"
    done = crdex(tmp_path, "build", "--home", str(home), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert len(data["added"]) == 3
    assert data["search"]["reason"] == "new"
    again = json.loads(crdex(tmp_path, "build", "--home", str(home), "--json").stdout)
    assert again["search"]["reason"] == "up to date"
