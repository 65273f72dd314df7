"""The citation finder: which strings are rule citations, where they are, and which are not."""

from __future__ import annotations

import pytest

from crdex.citations import find_citations, find_in_line, prose_mask, syntax_for


def found(text: str) -> list[tuple[int, str, str, tuple[str, ...], str | None]]:
    return [(c.column, c.text, c.style, c.numbers, c.pinned) for c in find_in_line(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See CR 601.2f.", [(5, "CR 601.2f", "cr", ("601.2f",), None)]),
        ("CR601.2f", [(1, "CR601.2f", "cr", ("601.2f",), None)]),
        ("C.R. 702.19b", [(1, "C.R. 702.19b", "cr", ("702.19b",), None)]),
        ("Comprehensive Rules 100.1", [(1, "Comprehensive Rules 100.1", "cr", ("100.1",), None)]),
        ("per rule 601.2a,", [(5, "rule 601.2a", "rule", ("601.2a",), None)]),
        ("Rule 601 covers it", [(1, "Rule 601", "rule", ("601",), None)]),
        ("§ 601.2f", [(1, "§ 601.2f", "rule", ("601.2f",), None)]),
        ("rules 119.7–8", [(1, "rules 119.7–8", "rule", ("119.7", "119.8"), None)]),
        ("rules 119.7-8", [(1, "rules 119.7-8", "rule", ("119.7", "119.8"), None)]),
        (
            "Rule 100.1 through 100.3",
            [(1, "Rule 100.1 through 100.3", "rule", ("100.1", "100.2", "100.3"), None)],
        ),
        ("601.2a–c", [(1, "601.2a–c", "bare", ("601.2a", "601.2b", "601.2c"), None)]),
        ("[702.19b]", [(1, "[702.19b]", "bracket", ("702.19b",), None)]),
        ("[ 601.2 ]", [(1, "[ 601.2 ]", "bracket", ("601.2",), None)]),
        ("704.5aa", [(1, "704.5aa", "bare", ("704.5aa",), None)]),
        ("CR section 6", [(1, "CR section 6", "section", ("6",), None)]),
        ("20100716 - 601.2f", [(1, "20100716 - 601.2f", "dated", ("601.2f",), "2010-07-16")]),
        (
            "2010-07-16: CR 601.2f",
            [(1, "2010-07-16: CR 601.2f", "dated", ("601.2f",), "2010-07-16")],
        ),
        ("20100716 rule 601.2f", [(1, "20100716 rule 601.2f", "dated", ("601.2f",), "2010-07-16")]),
    ],
)
def test_citation_styles(text: str, expected: list) -> None:
    assert found(text) == expected


def test_a_keyword_list_gives_one_citation_per_item() -> None:
    got = found("rules 601.2a, 601.2b and 601.2c apply")
    assert [(col, text) for col, text, *_ in got] == [
        (1, "rules 601.2a"),
        (15, "601.2b"),
        (26, "601.2c"),
    ]
    assert {style for _, _, style, _, _ in got} == {"rule"}


@pytest.mark.parametrize(
    "text",
    [
        "a Commander deck has 100 cards",
        "version 1.2.3, Python 3.11.4, build 2.100.1",
        "the 200.0 threshold; 100.00; 3.14",
        "it costs $100.25",
        "601.2 alone is a number, so is 100.25",
        "host 192.168.100.2",
        "Section 2 of the License; section 601.2",
        "Rule 34; a rule of thumb; rules 1 and 2",
        "https://example.com/601.2f and C:\\rules\\601.2f.txt",
        "100.5px wide, 250.5ms late",
        "v601.2a, 1.601.2a, rule601_2a, x601.2f",
        "a date alone: 2010-07-16, 20100716",
        "  rules        391",
    ],
)
def test_plain_numbers_are_not_citations(text: str) -> None:
    assert find_in_line(text) == []


def test_a_list_of_rules_stops_at_a_plain_number() -> None:
    assert [c.text for c in find_in_line("see rule 601.2a and 100 cards")] == ["rule 601.2a"]
    assert [c.text for c in find_in_line("rules 601 and 602")] == ["rules 601", "602"]


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("20101340 - 601.2f", "20101340"),  # no 13th month
        ("//20131313 - 601.2f", "20131313"),
        ("//201300713 - 704.5k", "201300713"),  # nine digits: one typed twice
        ("// 2013713 - 704.5k", "2013713"),  # seven: a zero left out
        ("2013-02-30: CR 601.2f", "2013-02-30"),
    ],
)
def test_a_date_shaped_token_that_is_no_date_still_pins(text: str, token: str) -> None:
    (c,) = find_in_line(text)
    assert (c.style, c.pinned, c.pin_text, c.bad_pin) == ("dated", None, token, True)
    assert text[c.pin_start : c.pin_start + len(token)] == token


def test_dates_written_without_zeros_are_dates() -> None:
    (c,) = find_in_line("2010-7-16 - 601.2f")
    assert (c.pinned, c.bad_pin) == ("2010-07-16", False)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # every number of a pinned list shares the date
        (
            "//20091005 - 704.5n, 702.14c",
            [("704.5n", "2009-10-05", 2), ("702.14c", "2009-10-05", 2)],
        ),
        ("800.4a/800.4d", [("800.4a", None, -1), ("800.4d", None, -1)]),
        (
            "// 20100716 - 613.10, 613.11",
            [("613.10", "2010-07-16", 3), ("613.11", "2010-07-16", 3)],
        ),
        ("CR 613.10, 613.11", [("613.10", None, -1), ("613.11", None, -1)]),
        ("rule 800.4a / 800.4d", [("800.4a", None, -1), ("800.4d", None, -1)]),
        ("704.5n and 702.14c", [("704.5n", None, -1), ("702.14c", None, -1)]),
    ],
)
def test_lists_give_every_number(text: str, expected: list) -> None:
    assert [(c.number, c.pinned, c.pin_start) for c in find_in_line(text)] == expected


def test_a_pinned_list_keeps_each_numbers_place() -> None:
    line = "//20091005 - 704.5n, 702.14c"
    a, b = find_in_line(line)
    assert (line[a.start : a.end], line[b.start : b.end]) == ("704.5n", "702.14c")
    assert (a.column, b.column) == (3, 22)


@pytest.mark.parametrize(
    "text",
    [
        "values[123] = cards[233];",
        "see note [123] and [233]",
        "the rules engine: board[233]",
        "https://example.com/x/601.2f/702.19b",
    ],
)
def test_bracketed_numbers_without_rules_context_are_not_citations(text: str) -> None:
    assert find_in_line(text) == []


def test_a_bracketed_number_with_rules_context_is_a_citation() -> None:
    assert [c.text for c in find_in_line("see rule [702] here")] == ["[702]"]
    assert [c.text for c in find_in_line("CR [702], ibid.")] == ["[702]"]
    assert [c.text for c in find_in_line("x[123], the rules [702]")] == ["[702]"]
    # with a dot it is a rule number, whatever comes before it
    assert [c.text for c in find_in_line("arr[123] [601.2]")] == ["[601.2]"]


def test_a_range_that_does_not_expand_is_a_single_number() -> None:
    (c,) = find_in_line("see 601.2a - a note")
    assert (c.text, c.numbers, c.end) == ("601.2a", ("601.2a",), 10)
    (c,) = find_in_line("rule 601.2a to be read")
    assert c.numbers == ("601.2a",)


def test_range_parts_are_kept_for_rewriting() -> None:
    (c,) = find_in_line("rules 502.36a–b here")
    assert (c.number, c.first, c.separator, c.last) == ("502.36a–b", "502.36a", "–", "b")
    assert "rules 502.36a–b here"[c.start : c.end] == "502.36a–b"


def test_pinned_date_position() -> None:
    (c,) = find_in_line("    // 20100716 - 601.2f")
    assert (c.column, c.pin_start, c.pin_text, c.start) == (8, 7, "20100716", 18)


def test_code_is_masked_but_comments_and_strings_are_read() -> None:
    java = (
        "float x = 100.5f; // CR 601.2f\n"
        "String s = \"rule 702.19b\"; char c = 'a';\n"
        "/* [702.19b]\n   601.2a */ double y = 601.2;\n"
    )
    got = [(c.line, c.column, c.text) for c in find_citations(java, syntax_for("X.java"))]
    assert got == [
        (1, 22, "CR 601.2f"),
        (2, 13, "rule 702.19b"),
        (3, 4, "[702.19b]"),
        (4, 4, "601.2a"),
    ]
    assert len(prose_mask(java, syntax_for("X.java"))) == len(java)


def test_python_docstrings_and_comments() -> None:
    py = 'def f():\n    """See 601.2a."""\n    x = 601.2e  # rule 601.2\n    return "it\'s"\n'
    got = [(c.line, c.text) for c in find_citations(py, syntax_for("f.py"))]
    assert got == [(2, "601.2a"), (3, "rule 601.2")]


def test_rust_lifetimes_do_not_open_strings() -> None:
    rs = "fn f<'a>(x: &'a str) -> &'a str { x } // CR 613.4c\nlet s = 601.2;\n"
    assert [c.text for c in find_citations(rs, syntax_for("lib.rs"))] == ["CR 613.4c"]


def test_prose_files_are_read_whole() -> None:
    assert syntax_for("answers.md") is None
    assert syntax_for("faq.json") is None
    text = "x = 100.5f\n601.2a\r\nrule 601\r[702.19b]"
    got = [(c.line, c.column, c.text) for c in find_citations(text)]
    assert got == [(1, 5, "100.5f"), (2, 1, "601.2a"), (3, 1, "rule 601"), (4, 1, "[702.19b]")]


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("a.c", "c"),
        ("A.java", "c"),
        ("a.cs", "c"),
        ("a.ts", "javascript"),
        ("a.go", "go"),
        ("a.py", "python"),
        ("a.rb", "hash"),
        ("Makefile", "hash"),
        ("a.lua", "lua"),
        ("a.sql", "sql"),
        ("a.hs", "haskell"),
        ("a.clj", "lisp"),
    ],
)
def test_syntax_by_file_name(name: str, family: str) -> None:
    syntax = syntax_for(name)
    assert syntax is not None and syntax.name == family


def test_block_comments_span_lines_and_lua_long_comments() -> None:
    lua = "--[[ rule 601.2a\n  CR 601.2b ]] local x = 601.2\n-- [702.19b]\n"
    assert [c.text for c in find_citations(lua, syntax_for("a.lua"))] == [
        "rule 601.2a",
        "CR 601.2b",
        "[702.19b]",
    ]


def test_a_line_can_opt_out() -> None:
    text = "x = 1  # 601.2f is a float here, crdex: ignore\n# CR 601.2f\n"
    assert [(c.line, c.text) for c in find_citations(text, syntax_for("a.py"))] == [
        (2, "CR 601.2f")
    ]
