"""Damaged input in every format: a crdex error with a position, or a parse with repairs.

Each seed (and a small mdBook page) is damaged in fixed, reproducible ways:
lines dropped, cut, or replaced with debris typical of the formats. Whatever
comes out must be a ``CrdexError`` or an edition whose every line is
accounted for; never another exception.
"""

from __future__ import annotations

import random

import pytest

from crdex.corpus import bundled_documents
from crdex.errors import CrdexError
from crdex.parser import ParseError, parse_bytes

DEBRIS = [
    "",
    " ",
    "<",
    "br />",
    "**",
    "+ **701.2a**",
    "# **7",
    "  501.2 - x",
    "501.3 - Counter  501.2a - y",
    "[CompRules 2007/05/01]",
    "<p>",
    "</ul>",
    "<li>",
    "\t",
    "Example:",
    "\u00a0",
    "|",
    "Magic: The Gathering Comprehensive Rules Page 3",
    "701.2.",
    "- [**1.** X]()",
    "<h1>Glossary</h1>",
    "501.10.Ruling.1 - z",
]

HTML = (
    "<!DOCTYPE html>\n<html><body><main>\n"
    "<h1><strong>100.</strong> General</h1>\n"
    "<p><strong>100.1.</strong> These Magic rules apply.</p>\n"
    "<ul>\n<li><strong>100.1a</strong> A two-player game.</li>\n</ul>\n"
    "<pre><code>Example: Two players.\n</code></pre>\n"
    "</main></body></html>\n"
)


def damaged(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines)) if lines else 0
        op = rng.random()
        if op < 0.3 and lines:
            del lines[i]
        elif op < 0.6:
            lines.insert(i, rng.choice(DEBRIS))
        elif op < 0.8 and lines:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)] + rng.choice(DEBRIS)
        else:
            lines = lines[:i]
    return "\n".join(lines)


def sources() -> list[tuple[str, str]]:
    out = [(p.name[:3], p.read_text(encoding="utf-8")) for p in bundled_documents()]
    return [*out, ("html", HTML)]


@pytest.mark.parametrize(("name", "text"), sources(), ids=[s[0] for s in sources()])
def test_damaged_documents_fail_cleanly(name: str, text: str) -> None:
    rng = random.Random(name)
    outcomes = {"parsed": 0, "refused": 0}
    for _ in range(60):
        broken = damaged(text, rng)
        try:
            edition = parse_bytes(broken.encode("utf-8"), f"{name}.txt")
        except ParseError as exc:
            assert exc.line >= 1 and exc.column >= 1
            assert "\n    " in str(exc) and str(exc).rstrip().endswith("^")
            outcomes["refused"] += 1
        except CrdexError:
            outcomes["refused"] += 1
        else:
            assert edition.accounting.complete, broken
            outcomes["parsed"] += 1
    assert outcomes["parsed"] > 0
