"""``crdex actions``: the coverage table, and --check reporting implementations whose rule changed.

The pinned texts below were read from the documents:
- Scry in 2005-02-01 is 502.36, "Scry is a static ability that functions while a
  spell or ability is resolving"; in 2026-08-07 it is 701.22, a keyword action
  ("To “scry N” means to look at the top N cards …"): its meaning changed.
- Detain is 701.26 in 2013-11-01 and 701.35 in 2026-08-07; 701.26a and 701.35a
  read the same but for "can't" becoming "can’t" (typography only).
- Exile is 701.9 in 2013-11-01 and 701.13 in 2026-08-07; 701.9a and 701.13a
  differ only in straight versus curly quotes around "Exile."
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CORPUS
from crdex.actions.drift import check_drift
from crdex.actions.registry import ActionRegistry, Verified
from crdex.cli import cli
from crdex.index.library import Library

pytestmark = [pytest.mark.corpus, pytest.mark.slow]


def _pinned(*pins: tuple[str, str, str]) -> ActionRegistry:
    registry = ActionRegistry()
    for keyword, edition, number in pins:
        registry.register(
            keyword,
            lambda: None,
            rule_title=keyword.title(),
            verified_against=Verified(edition, number, ""),
        )
    return registry


def test_meaning_change_is_reported(corpus_home: Path) -> None:
    graph = Library(corpus_home).graph()
    drifts, notes = check_drift(graph, _pinned(("scry", "2005-02-01", "502.36")))
    assert notes == []
    assert drifts, "Scry changed from a static ability (2005) to a keyword action"
    assert {d.keyword for d in drifts} == {"scry"}
    assert any(
        "meaning" in d.reason or "removed" in d.reason or "added" in d.reason for d in drifts
    )


def test_typography_only_change_is_not_reported(corpus_home: Path) -> None:
    graph = Library(corpus_home).graph()
    drifts, notes = check_drift(
        graph, _pinned(("detain", "2013-11-01", "701.26"), ("exile", "2013-11-01", "701.9"))
    )
    assert notes == []
    assert drifts == []


def test_unknown_pin_is_a_note_not_a_drift(corpus_home: Path) -> None:
    graph = Library(corpus_home).graph()
    drifts, notes = check_drift(graph, _pinned(("scry", "1990-01-01", "502.36")))
    assert drifts == []
    assert notes == ["scry: verified against 1990-01-01, which is not in the library"]


def test_coverage_table_of_2026(corpus_home: Path) -> None:
    result = CliRunner().invoke(
        cli, ["actions", "--home", str(corpus_home), "--edition", "2026-08-07", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["edition"] == "2026-08-07"
    rows = {row["number"]: row for row in data["actions"]}
    # 701.2 Activate … 701.70 Recruit: 69 keyword-action headings in 2026-08-07
    assert len(rows) == 69
    assert rows["701.22"]["title"] == "Scry" and rows["701.22"]["status"] == "implemented"
    assert rows["701.45"]["title"] == "Assemble" and rows["701.45"]["status"] == "not-executable"


def test_coverage_table_of_2005(corpus_home: Path) -> None:
    result = CliRunner().invoke(
        cli, ["actions", "--home", str(corpus_home), "--edition", "2005-02-01", "--json"]
    )
    assert result.exit_code == 0, result.output
    rows = {row["number"]: row for row in json.loads(result.output)["actions"]}
    assert rows["502.36"]["keyword"] == "scry"
    assert all(row["status"] != "unmapped" for row in rows.values())


def test_check_passes_on_the_shipped_registry(corpus_home: Path) -> None:
    result = CliRunner().invoke(cli, ["actions", "--home", str(corpus_home), "--check"])
    assert result.exit_code == 0, result.output
    assert "every implementation still follows the latest text of its rule" in result.output


def test_check_fails_when_the_pinned_text_was_edited(tmp_path: Path) -> None:
    # Scry is pinned to 701.22 of 2026-08-07, whose 701.22a reads "To “scry N” means to
    # look at the top N cards of your library, then put any number of them on the bottom
    # of your library in any order and the rest on top of your library in any order."
    # A copy of that edition with one word of 701.22a changed is not that text.
    original = (CORPUS / "cr-2026-08-07.txt").read_bytes()
    said = "701.22a To “scry N” means to look at the top N cards".encode()
    assert original.count(said) == 1
    edited = tmp_path / "cr-2026-08-07.txt"
    edited.write_bytes(original.replace(said, said.replace(b"top N", b"top two")))
    home = tmp_path / "home"
    Library(home).add([edited])
    result = CliRunner().invoke(cli, ["actions", "--home", str(home), "--check"])
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("scry:")]
    assert len(lines) == 1, result.output
    assert lines[0].startswith(
        "scry: verified against 701.22 (2026-08-07); 2026-08-07: the text of 701.22 in the "
        "library's 2026-08-07 is not the text the implementation was verified against "
        "(pinned sha256 91a5e15e9043…, library "
    )
    # every other implementation pinned to 2026-08-07 still reads its own text
    assert [line for line in result.output.splitlines() if "is not the text" in line] == lines
    data = json.loads(
        CliRunner().invoke(cli, ["actions", "--home", str(home), "--check", "--json"]).output
    )
    assert [(d["keyword"], d["kind"]) for d in data["drifts"]] == [("scry", "pinned-text")]


def test_pinned_digest_is_checked_only_with_the_editions(corpus_home: Path) -> None:
    # the shipped Scry pin is the digest of 701.22 in 2026-08-07 as the corpus prints it
    library = Library(corpus_home)
    graph = library.graph()
    registry = ActionRegistry()
    registry.register(
        "scry",
        lambda: None,
        rule_title="Scry",
        verified_against=Verified("2026-08-07", "701.22", "0" * 64),
    )
    assert check_drift(graph, registry) == ([], [])
    drifts, notes = check_drift(graph, registry, load_edition=library.edition)
    assert notes == []
    assert [(d.kind, d.edition, d.number) for d in drifts] == [
        ("pinned-text", "2026-08-07", "701.22")
    ]
