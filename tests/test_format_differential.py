"""The same edition read from different formats gives the same rules.

For each pair, every rule number of either side is compared: the number
must be on both sides with the same normalized text (``Rule.normalized``),
the same title and the same examples. At least 99.5% must agree, and every
rule that does not is listed here with the reason, read from the sources.
"""

from __future__ import annotations

import pytest

from conftest import parsed
from crdex.parser import Rule
from crdex.parser.normalize import normalize_text

DANDAN = (
    "the markdown tree spells the card Dandân as 'Dandвn': its converter read the official "
    "file's byte 0xE2 (â in cp1252) as Cyrillic (в in cp1251); the HTML was rendered from "
    "that markdown"
)

PAIRS = [
    ("cr-markdown/2022-10-07", "cr-2022-10-07.txt", {"206.3a": DANDAN}),
    ("cr-2022-10-07.mdbook.html", "cr-2022-10-07.txt", {"206.3a": DANDAN}),
    ("cr-markdown/2022-07-08", "cr-2022-07-08.txt", {}),
    ("cr-2022-06-10.mdbook.html", "cr-2022-06-10.txt", {}),
    ("cr-2014-05-01.docx", "cr-2014-05-01.derived.txt", {}),
    ("cr-2014-06-01.docx", "cr-2014-06-01.derived.txt", {}),
    ("cr-2014-07-18.docx", "cr-2014-07-18.derived.txt", {}),
    (
        "cr-2002-10-07.pdf",
        "cr-2002-10-07.txt",
        {
            "208.1": "the PDF sets a space between the italic 'combat' and the ')' after it "
            "('deals in combat );'); the text has none",
        },
    ),
]


def signature(rule: Rule) -> tuple[str, str, tuple[str, ...]]:
    return (
        rule.normalized,
        normalize_text(rule.title or ""),
        tuple(normalize_text(e.text) for e in rule.examples),
    )


def differences(left: str, right: str) -> tuple[int, set[str]]:
    a = {r.number: r for r in parsed(left).rules}
    b = {r.number: r for r in parsed(right).rules}
    numbers = set(a) | set(b)
    differ = {n for n in numbers if n not in a or n not in b or signature(a[n]) != signature(b[n])}
    return len(numbers), differ


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize(("left", "right", "known"), PAIRS, ids=[p[0] for p in PAIRS])
def test_formats_agree(left: str, right: str, known: dict[str, str]) -> None:
    total, differ = differences(left, right)
    assert (total - len(differ)) / total >= 0.995
    assert differ == set(known), {n: known.get(n, "unexplained") for n in differ ^ set(known)}


@pytest.mark.corpus
def test_every_format_accounts_for_every_line() -> None:
    for left, right, _ in PAIRS:
        for name in (left, right):
            assert parsed(name).accounting.complete, name


@pytest.mark.corpus
def test_markdown_and_html_agree_with_each_other_completely() -> None:
    total, differ = differences("cr-markdown/2022-10-07", "cr-2022-10-07.mdbook.html")
    assert total == 2909 and differ == set()


@pytest.mark.corpus
def test_trees_have_the_same_shape() -> None:
    """Parents and children agree too, not only texts."""
    for left, right, _ in PAIRS:
        a = {r.number: (r.parent, r.children, r.kind) for r in parsed(left).rules}
        b = {r.number: (r.parent, r.children, r.kind) for r in parsed(right).rules}
        assert a == b, (left, right)
