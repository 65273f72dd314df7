"""The words around a citation: the sentence of its comment, doc comment or text."""

from __future__ import annotations

import pytest

from crdex.citations import contexts, find_citations, syntax_for


def around(text: str, path: str) -> list[tuple[str, str, tuple[str, ...]]]:
    syntax = syntax_for(path)
    found = find_citations(text, syntax)
    return [
        (c.number, x.text, x.cited)
        for c, x in zip(found, contexts(text, syntax, found), strict=True)
    ]


@pytest.mark.parametrize(
    ("path", "text", "expected"),
    [
        # a line comment after code
        (
            "a.java",
            'if (legends > 1) { // 704.5k "legend rule"\n',
            [("704.5k", '704.5k "legend rule', ())],  # a closing quote is read as a string's
        ),
        # a rule quoted as the rules write it: the period after its number ends nothing
        (
            "a.rs",
            "/// > 702.9a. Flying is an evasion ability.\nfn f() {}\n",
            [("702.9a", "702.9a. Flying is an evasion ability.", ())],
        ),
        # two citations in one sentence: each names the other
        (
            "a.kt",
            "// CR 500.5 / 703.4q: unspent mana empties as the step ends.\n",
            [
                ("500.5", "CR 500.5 / 703.4q: unspent mana empties as the step ends.", ("703.4q",)),
                ("703.4q", "CR 500.5 / 703.4q: unspent mana empties as the step ends.", ("500.5",)),
            ],
        ),
        # a citation alone on its line reads the next line of its comment ...
        (
            "a.rs",
            "/// CR 704.5w\n/// A battle with defense 0 is put into its owner's graveyard.\n",
            [
                (
                    "704.5w",
                    "CR 704.5w A battle with defense 0 is put into its owner's graveyard.",
                    (),
                )
            ],
        ),
        # ... or, at the end of a doc comment, the lines above it
        (
            "A.cs",
            "/// <summary>\n/// Amass N: create a 0/0 Army token.\n/// MTG rule 701.44.\n/// </summary>\n",
            [("701.44", "Amass N: create a 0/0 Army token. MTG rule 701.44.", ())],
        ),
        # a wrapped sentence goes on in lower case; a new line of upper case is a new statement
        (
            "a.py",
            "# Rule 724: The Monarch\n# =============\n# Rule 724.1: the monarch is a\n"
            "# designation a player can have.\n",
            [
                ("724", "Rule 724: The Monarch", ()),
                ("724.1", "Rule 724.1: the monarch is a designation a player can have.", ()),
            ],
        ),
        # list items stand alone
        (
            "a.py",
            '"""Layers.\n\n- CR 613.1: The seven layers\n- CR 613.8: Dependencies\n"""\n',
            [("613.1", "CR 613.1: The seven layers", ()), ("613.8", "CR 613.8: Dependencies", ())],
        ),
        # prose: the sentence of its paragraph
        (
            "notes.md",
            "Scry is old. Per CR 502.36, scrying happens before you draw. Then\nthe turn goes on.\n",
            [("502.36", "Per CR 502.36, scrying happens before you draw.", ())],
        ),
    ],
)
def test_the_words_of_a_citation(path: str, text: str, expected: list) -> None:
    assert around(text, path) == expected


def test_a_list_of_many_rules_describes_none_of_them() -> None:
    text = "See rules " + ", ".join(f"704.5{c}" for c in "abcdefghijkmnpqrs") + ".\n"
    syntax = syntax_for("a.txt")
    found = find_citations(text, syntax)
    assert len(found) == 17
    assert all(x.crowded for x in contexts(text, syntax, found))


def test_a_long_line_is_read_only_near_each_citation() -> None:
    text = "word " * 10_000 + "CR 601.2f casts it " + "word " * 10_000 + "\n"
    syntax = syntax_for("a.txt")
    (found,) = find_citations(text, syntax)
    (x,) = contexts(text, syntax, [found])
    assert "CR 601.2f casts it" in x.text and len(x.text) <= 2 * 240 + 1


@pytest.mark.parametrize(
    ("text", "labelled", "heads"),
    [
        ("// CR 704.5k: legend rule\n", True, True),
        ("// Tap this permanent (CR 701.21a).\n", True, False),
        # a citation that opens a sentence saying what the rule says
        ("// Per CR 704.4, if any actions are performed, they are checked again.\n", True, True),
        ("// Under rule 509.1b, a creature with flying can't be blocked.\n", True, True),
        # one in the middle of a long sentence about the code describes the code
        ("// The loop here is what CR 601.2 asks of us, so the stack holds it.\n", False, False),
        ("// See CR 502.36 in the old rules for this.\n", False, False),
        # a reference in brackets, as the rules' own text writes one, points elsewhere
        ("// (See rule 603.11.) Miracle means you may reveal it as you draw it.\n", False, False),
        ("// (See rule 603.11.)\n", True, True),
    ],
)
def test_which_citations_label_their_words(text: str, labelled: bool, heads: bool) -> None:
    syntax = syntax_for("a.rs")
    (found,) = find_citations(text, syntax)
    (x,) = contexts(text, syntax, [found])
    assert (x.labelled, x.heads) == (labelled, heads)
