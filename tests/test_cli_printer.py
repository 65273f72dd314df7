"""Answers printed without rich where there is no terminal are the bytes rich would print.

``crdex show`` and ``crdex search`` print through rich on a terminal, and
print the text themselves elsewhere (a pipe, a file): starting rich costs
more than finding a rule. Rich is the reference here: every rule, example
and glossary definition of two real editions (one of the old numbering),
and texts made to be hard (tabs, control characters, wide characters,
words longer than the line, blank lines), printed both ways at several
widths, must come out the same.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from conftest import parsed
from crdex.text.printer import Line, PlainPrinter, RichPrinter, console_width, printer

WIDTHS = (20, 37, 80, 131)

HARD = [
    "",
    " ",
    "\n",
    "a\n\nb\n",
    "tab\there\tand\t\tthere",
    "\tleading tab and trailing spaces   ",
    "bell\x07 backspace\x08 vertical\x0btab form\x0cfeed return\r end",
    "a-very-long-word-that-does-not-fit-on-any-line-of-a-narrow-console-at-all and more",
    "漢字とかなの文章は一文字が二つの桁を取るので、幅の計算が違います。長い行はどこで折れるか。",
    "emoji 🐉 and combining é and non\u00a0breaking spaces  in  a  row",
    "   spaces before, several    inside,\n  and after a break   ",
    "[bold]markup is not read[/bold] in a Line :smile:",
]


def _both(draw, width: int) -> tuple[str, str]:
    rich_out = io.StringIO()
    draw(RichPrinter(Console(file=rich_out, width=width, highlight=False, color_system=None)))
    plain_out = io.StringIO()
    draw(PlainPrinter(plain_out, width))
    return plain_out.getvalue(), rich_out.getvalue()


def _texts() -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = [(t, None) for t in HARD]
    for name in ("cr-2026-08-07.txt", "cr-2005-02-01.txt"):
        edition = parsed(name)
        for rule in edition.rules:
            out.append((f"{rule.number}  {rule.title or rule.text}", "bold cyan"))
            out.extend((e.text, "italic") for e in rule.examples)
        out.extend((g.definition, None) for g in edition.glossary)
    return out


@pytest.mark.corpus
@pytest.mark.parametrize("width", WIDTHS)
def test_indented_text_is_what_rich_prints(width: int) -> None:
    texts = _texts()

    def draw(out: RichPrinter | PlainPrinter) -> None:
        for n, (text, style) in enumerate(texts):
            out.indented(Line(text, style=style), indent=2 * (n % 4), hang=2 + n % 3)

    plain, rich = _both(draw, width)
    assert plain == rich


@pytest.mark.corpus
@pytest.mark.parametrize("width", WIDTHS)
def test_lines_printed_whole_or_wrapped_are_what_rich_prints(width: int) -> None:
    texts = _texts()[:400] + [(t, None) for t in HARD]

    def draw(out: RichPrinter | PlainPrinter) -> None:
        for n, (text, style) in enumerate(texts):
            line = Line(f"{n:>2}. ").append(text, style)
            line.append_text(Line(" (dim)", style="dim"))
            out.print(line, soft_wrap=bool(n % 2))
        out.print()
        out.print("No rules match 'x' in 2026-08-07.")

    plain, rich = _both(draw, width)
    assert plain == rich


def test_the_width_is_rich_s(monkeypatch: pytest.MonkeyPatch) -> None:
    for columns in ("57", "0", "wide", None):
        if columns is None:
            monkeypatch.delenv("COLUMNS", raising=False)
        else:
            monkeypatch.setenv("COLUMNS", columns)
        assert console_width() == Console().width


def test_rich_prints_where_it_could_draw_styles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.setattr("sys.stdout", io.StringIO())  # not a terminal
    assert isinstance(printer(), PlainPrinter)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert isinstance(printer(), RichPrinter)
