"""The registry (keyword identity, duplicates, unknowns), the title-based mapping of an
edition's keyword-action rules, and the coverage table, on small hand-built editions."""

from __future__ import annotations

import json

import pytest
from cr_section_text import CR_2026, read_section

from crdex.actions.coverage import coverage_summary, coverage_table
from crdex.actions.errors import ActionError, DuplicateActionError, UnknownActionError
from crdex.actions.mapping import keyword_action_rules, keyword_for_title, map_edition
from crdex.actions.registry import (
    NOT_EXECUTABLE,
    ActionRegistry,
    Verified,
    get_action,
    implemented_keywords,
    keyword_action,
    normalize_keyword,
)
from crdex.parser.tree import Edition, Rule, Source

V = Verified("2026-08-07", "701.22", "0" * 64)


def edition(edition_id: str, *rules: Rule) -> Edition:
    by_number = {r.number: r for r in rules}
    for r in rules:
        if r.parent in by_number:
            by_number[r.parent].children.append(r.number)
    return Edition(edition_id, None, "CR", Source("x", "", "cr-txt", "ascii"), list(rules))


def heading(number: str, title: str, parent: str) -> Rule:
    return Rule(number, "rule", title, title=title, parent=parent)


def section(number: str, title: str) -> Rule:
    return Rule(number, "rule", title, title=title, parent=number[0])


# -- registry ---------------------------------------------------------------------------


def test_registering_a_keyword_twice_raises_duplicate():
    registry = ActionRegistry()

    @keyword_action("scry", rule_title="Scry", verified_against=V, registry=registry)
    def one(game, player, n):
        """Scry."""

    with pytest.raises(DuplicateActionError):

        @keyword_action("scry", rule_title="Scry", verified_against=V, registry=registry)
        def two(game, player, n):
            """Scry again."""

    assert registry.get("Scry").function is one


def test_unknown_keyword_raises_unknown_action_error():
    registry = ActionRegistry()
    with pytest.raises(UnknownActionError) as info:
        registry.get("planeswalk")
    assert isinstance(info.value, ActionError)
    with pytest.raises(UnknownActionError):
        get_action("no such action")


def test_keyword_identity_is_lowercase_folded_title():
    assert normalize_keyword("Venture into the Dungeon") == "venture into the dungeon"
    assert normalize_keyword("Tap and Untap.") == "tap and untap"
    with pytest.raises(ValueError):
        ActionRegistry().register("Scry", lambda: None, rule_title="Scry", verified_against=V)


def test_builtin_registry_forms_and_verified():
    scry = get_action("scry")
    assert scry.verified_against.number == "701.22"
    assert scry.verified_against.edition == "2026-08-07"
    assert "scry_simultaneously" in scry.forms
    assert set(get_action("tap and untap").forms) == {"tap", "untap"}


def test_every_implementation_cites_its_rule_in_its_docstring():
    for keyword in implemented_keywords():
        action = get_action(keyword)
        assert action.verified_against.number in action.doc, keyword
        for name, form in action.forms.items():
            assert "701." in (form.__doc__ or ""), (keyword, name)


def test_implemented_and_not_executable_do_not_overlap():
    assert not set(implemented_keywords()) & set(NOT_EXECUTABLE)


# -- mapping ----------------------------------------------------------------------------


def test_map_by_title_not_number():
    ed = edition(
        "2099-01-01",
        section("701", "Keyword Actions"),
        Rule("701.1", "rule", "Most actions ...", parent="701"),
        heading("701.99", "Scry", "701"),
        heading("701.3", "Frobnicate", "701"),
        heading("701.4", "Assemble", "701"),
    )
    links = {link.title: link for link in map_edition(ed)}
    assert set(links) == {"Scry", "Frobnicate", "Assemble"}  # 701.1 has no title
    assert links["Scry"].keyword == "scry" and links["Scry"].status == "implemented"
    assert links["Scry"].number == "701.99"
    assert links["Scry"].verified_against == get_action("scry").verified_against
    assert links["Frobnicate"].status == "unmapped" and links["Frobnicate"].keyword is None
    assert links["Assemble"].status == "not-executable"
    assert links["Assemble"].reason == NOT_EXECUTABLE["assemble"]


def test_map_501_keyword_actions_with_the_old_tap_title():
    ed = edition(
        "2008-05-01",
        section("501", "Keyword Actions"),
        heading("501.7", "Tap", "501"),
        heading("501.8", "Scry", "501"),
        section("502", "Keyword Abilities"),
        heading("502.36", "Shroud", "502"),
    )
    links = map_edition(ed)
    assert [(link.number, link.keyword) for link in links] == [
        ("501.7", "tap and untap"),
        ("501.8", "scry"),
    ]


def test_map_502_keyword_abilities_only_for_known_action_titles():
    ed = edition(
        "2005-02-01",
        section("501", "Evasion Abilities"),
        section("502", "Keyword Abilities"),
        heading("502.4", "Flying", "502"),
        heading("502.36", "Scry", "502"),
        heading("502.43", "Ninjutsu", "502"),
    )
    assert [(link.number, link.keyword) for link in map_edition(ed)] == [("502.36", "scry")]
    assert keyword_for_title("Flying") is None


def test_map_edition_without_keyword_sections_is_empty():
    ed = edition("1999-04-23", section("501", "Evasion Abilities"))
    assert map_edition(ed) == []
    assert keyword_action_rules(ed) == []


def test_text_matches_verified_only_for_the_same_text():
    real = read_section(CR_2026, "701", "2026-08-07")
    links = {link.keyword: link for link in map_edition(real)}
    assert links["scry"].text_matches_verified is True
    changed = edition(
        "2099-01-01",
        section("701", "Keyword Actions"),
        heading("701.22", "Scry", "701"),
        Rule("701.22a", "subrule", "To scry N means something else.", parent="701.22"),
    )
    (link,) = map_edition(changed)
    assert link.status == "implemented" and link.text_matches_verified is False


def test_all_2026_keyword_actions_are_covered_and_verified_against_their_text():
    """Read from the raw 2026-08-07 text: 69 headings 701.2-701.70, each implemented (with a
    digest equal to that text) or not executable with a reason."""
    real = read_section(CR_2026, "701", "2026-08-07")
    links = map_edition(real)
    assert len(links) == 69
    assert [link.number for link in links] == [f"701.{i}" for i in range(2, 71)]
    assert {link.status for link in links} <= {"implemented", "not-executable"}
    for link in links:
        if link.status == "implemented":
            assert link.text_matches_verified, link.title
            assert link.verified_against.number == link.number
        else:
            assert link.reason
    implemented = [link for link in links if link.status == "implemented"]
    assert len(implemented) >= 45


# -- coverage ---------------------------------------------------------------------------


def test_coverage_table_is_plain_data():
    real = read_section(CR_2026, "701", "2026-08-07")
    rows = coverage_table(real)
    json.dumps(rows)
    scry = next(r for r in rows if r["keyword"] == "scry")
    assert scry == {
        "edition": "2026-08-07",
        "number": "701.22",
        "title": "Scry",
        "keyword": "scry",
        "status": "implemented",
        "reason": None,
        "implementation": "crdex.actions.keywords.library.scry",
        "verified_edition": "2026-08-07",
        "verified_number": "701.22",
        "text_matches_verified": True,
    }
    assemble = next(r for r in rows if r["keyword"] == "assemble")
    assert assemble["status"] == "not-executable" and "Unstable" in assemble["reason"]
    summary = coverage_summary(rows)
    assert summary["total"] == 69
    assert summary["implemented"] + summary.get("not-executable", 0) == 69
