"""Runs of rule paragraphs read as one token (RULE_BLOCKS), hard-wrapped ones included.

The token is only a faster way to the same reading: each line keeps the
kind the lexer gives it line by line, and a line the parser could take for
something else (a frame, another rule, a zone's title) ends the block.
The texts are small invented editions laid out as the 1999–2004 editions
are (rules wrapped at 80 columns, indented continuations, blank lines
between paragraphs).
"""

from __future__ import annotations

import pytest
from lark import Token

from crdex.parser import parse_text
from crdex.parser.blocks import head_kind, split_blocks, tail_kind
from crdex.parser.grammar import load_grammar

WRAPPED = """\
Magic: The Gathering Comprehensive Rules

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more
  players.

100.2. To play, each player needs his or her own deck of traditional
  Magic cards.
  EXAMPLE: A deck of sixty cards.
second line at the margin

100.3. Some words.

101. Mana

101.1. Mana is the primary resource in the game.

Glossary

Ability
  A thing a permanent has.

Credits

Somebody.
"""


def _kinds(text: str) -> list[tuple[str, str]]:
    """The tokens the parser was given, in order: (terminal, first line)."""
    tree = load_grammar("official").parse(text)
    tokens = tree.scan_values(lambda v: isinstance(v, Token))
    return [(t.type, t.value.split("\n")[0]) for t in tokens]


def test_a_hard_wrapped_run_is_one_token_whose_lines_keep_their_kinds() -> None:
    parser = load_grammar("official")
    tree = parser.parse(WRAPPED)
    body = next(c for c in tree.children if c.data == "body")
    runs = [c for c in body.children if getattr(c, "data", None) == "rule_blocks"]
    assert len(runs) == 1
    (token,) = runs[0].children
    paragraphs = split_blocks(token, head_kind, tail_kind)
    assert [[(ln.kind, ln.text) for ln in lines] for lines, _gap in paragraphs] == [
        [
            ("RULE_LINE", "100.1. These Magic rules apply to any Magic game with two or more"),
            ("INDENTED", "  players."),
        ],
        [
            ("RULE_LINE", "100.2. To play, each player needs his or her own deck of traditional"),
            ("INDENTED", "  Magic cards."),
            ("EXAMPLE", "  EXAMPLE: A deck of sixty cards."),
            ("TEXT", "second line at the margin"),
        ],
        [("RULE_LINE", "100.3. Some words.")],
        [("RULE_HEAD", "101. Mana")],
        [("RULE_LINE", "101.1. Mana is the primary resource in the game.")],
    ]
    assert [gap.count for _lines, gap in paragraphs] == [1, 1, 1, 1, 1]


def test_wrapped_rules_are_joined_and_every_line_accounted() -> None:
    text = WRAPPED.replace("second line at the margin\n", "")
    edition = parse_text(text, "wrapped.txt", format="official")
    rules = {r.number: r for r in edition.rules}
    assert (
        rules["100.1"].text == "These Magic rules apply to any Magic game with two or more players."
    )
    assert rules["100.2"].text == (
        "To play, each player needs his or her own deck of traditional Magic cards."
    )
    assert [e.text for e in rules["100.2"].examples] == ["EXAMPLE: A deck of sixty cards."]
    assert rules["100.3"].text == "Some words."
    assert rules["101"].title == "Mana" and rules["101"].children == ["101.1"]
    assert [g.term for g in edition.glossary] == ["Ability"]
    assert edition.accounting is not None and edition.accounting.complete
    assert not edition.repairs


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("-----------------", "DECOR"),  # a frame ends the paragraph
        ("Glossary", "GLOSSARY_TITLE"),  # the body may end right under a rule
        # a rule right under it: a token of its own (here a run of one paragraph)
        ("100.4 A rule with no blank line before it.", "RULE_BLOCKS"),
    ],
)
def test_a_line_the_parser_reads_otherwise_ends_the_block(line: str, kind: str) -> None:
    text = WRAPPED.replace("100.3. Some words.\n", f"100.3. Some words\n  wrapped.\n{line}\n")
    kinds = _kinds(text)
    assert (kind, line) in kinds
    # the paragraph above it was read line by line, as without blocks
    assert ("INDENTED", "  wrapped.") in kinds


def test_a_heading_right_under_a_rule_line_is_wrapped_text() -> None:
    """With no blank line before it, "101. Mana" continues the paragraph, as line by line."""
    text = WRAPPED.replace("100.3. Some words.\n\n101. Mana\n", "100.3. Some words.\n101. Mana\n")
    kinds = _kinds(text)
    assert ("TEXT", "101. Mana") in kinds
    assert ("RULE_HEAD", "101. Mana") not in kinds


@pytest.mark.parametrize(
    "line",
    [
        "  Example: a case.",
        "Example: at the margin.",
        "  EXAMPLES: cases.",
        "\u00a0Example: after a no-break space.",
        "\tcontinued after a tab",
        "  continued after spaces",
        "continued at the margin",
    ],
)
def test_tail_kind_is_what_the_lexer_reads_line_by_line(line: str) -> None:
    """A paragraph closed by a frame is no run: its lines are read one by one."""
    text = WRAPPED.replace(
        "100.3. Some words.\n", f"100.3. Some words\n{line}\n-----------------\n"
    )
    kinds = _kinds(text)
    lexed = [kind for kind, first in kinds if first == line]
    assert lexed == [tail_kind(line)]


def test_head_kind() -> None:
    assert head_kind("100.1. Text") == "RULE_LINE"
    assert head_kind("  214.7a If a card") == "RULE_LINE"
    assert head_kind("100. General") == "RULE_HEAD"
    assert head_kind("1. Game Concepts") == "SECTION_HEAD"


def test_tail_kind_follows_the_terminals_priorities() -> None:
    assert tail_kind("  Example: a case.") == "EXAMPLE"
    assert tail_kind("EXAMPLES: cases.") == "EXAMPLE"
    assert tail_kind("\u00a0Example: not at the margin in the lexer's sense") == "INDENTED"
    assert tail_kind("\tcontinued") == "INDENTED"
    assert tail_kind("continued at the margin") == "TEXT"
