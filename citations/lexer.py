"""Which parts of a source file are prose: comments and string literals.

In code, ``100.5f`` is a float and ``x = 601.2`` a number; in a comment or
a string they may be rule citations. :func:`prose_mask` blanks out
everything that is code (keeping line breaks and the width of every line),
so that the citation finder can run on the result and report the columns of
the original file. Files in formats that are all prose (Markdown, text, data
files such as JSON, YAML and CSV, whose values are what a Q&A database
cites from) are read whole.

The lexer is deliberately small: line and block comments, and strings with
backslash escapes, per family of languages. A quote that is not closed on
its line is code (a Rust lifetime, an apostrophe), unless the delimiter may
span lines (Python triple quotes, JavaScript backticks).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import PurePath

__all__ = ["SYNTAXES", "Syntax", "prose_mask", "prose_regions", "syntax_for"]


@dataclass(frozen=True, slots=True)
class Syntax:
    """How one family of languages writes comments and strings."""

    name: str
    line: tuple[str, ...] = ()
    block: tuple[tuple[str, str], ...] = ()
    strings: tuple[str, ...] = ()
    multiline: tuple[str, ...] = ()


_C = Syntax("c", ("//",), (("/*", "*/"),), ('"', "'"))
_JS = Syntax("javascript", ("//",), (("/*", "*/"),), ("`", '"', "'"), ("`",))
_GO = Syntax("go", ("//",), (("/*", "*/"),), ("`", '"', "'"), ("`",))
_PY = Syntax("python", ("#",), (), ('"""', "'''", '"', "'"), ('"""', "'''"))
_HASH = Syntax("hash", ("#",), (), ('"', "'"))
_LUA = Syntax("lua", ("--",), (("--[[", "]]"),), ('"', "'"))
_SQL = Syntax("sql", ("--",), (("/*", "*/"),), ("'", '"'))
_HASKELL = Syntax("haskell", ("--",), (("{-", "-}"),), ('"',))
_LISP = Syntax("lisp", (";",), (), ('"',))

SYNTAXES: dict[str, Syntax] = {}
for _syntax, _suffixes in (
    (_C, "c h cc cpp cxx hpp hh hxx java kt kts cs scala groovy swift dart rs php m mm"),
    (_JS, "js jsx mjs cjs ts tsx"),
    (_GO, "go"),
    (_PY, "py pyi pyw"),
    (_HASH, "rb sh bash zsh pl pm r jl cmake mk nim cr ex exs coffee"),
    (_LUA, "lua"),
    (_SQL, "sql"),
    (_HASKELL, "hs elm"),
    (_LISP, "clj cljs cljc edn lisp el scm rkt"),
):
    for _suffix in _suffixes.split():
        SYNTAXES[_suffix] = _syntax

_NAMES = {"makefile": _HASH, "dockerfile": _HASH, "rakefile": _HASH, "gemfile": _HASH}


def syntax_for(path: str | PurePath) -> Syntax | None:
    """The code syntax of a file by its name, or None for prose (read whole)."""
    p = PurePath(path)
    if p.name.lower() in _NAMES:
        return _NAMES[p.name.lower()]
    return SYNTAXES.get(p.suffix.lower().lstrip("."))


def _blank(text: str) -> str:
    return "".join(c if c in "\r\n" else " " for c in text)


def prose_regions(text: str, syntax: Syntax) -> list[tuple[int, int, str]]:
    """The comments and strings of a source file: (start, end, kind) offsets, in order.

    ``kind`` is ``line`` (a line comment, without its line break), ``block``
    (a block comment) or ``string``.
    """
    regions: list[tuple[int, int, str]] = []
    n = len(text)
    kinds = {tok: ("line", "") for tok in syntax.line}
    kinds |= {a: ("block", b) for a, b in syntax.block}
    kinds |= {q: ("string", q) for q in syntax.strings}
    opener = _opener(tuple(sorted(kinds, key=len, reverse=True)))
    i = 0
    while (m := opener.search(text, i)) is not None:
        tok = m.group(0)
        i = m.start()
        kind, close = kinds[tok]
        if kind == "line":
            end = _line_end(text, i)
        elif kind == "block":
            j = text.find(close, i + len(tok))
            end = n if j < 0 else j + len(close)
        else:
            found = _string_end(text, i + len(tok), close, close in syntax.multiline)
            if found is None:  # an unclosed quote on its line is code
                i += len(tok)
                continue
            end = found
        regions.append((i, end, kind))
        i = end
    return regions


@functools.cache
def _opener(tokens: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(t) for t in tokens))


def prose_mask(text: str, syntax: Syntax | None) -> str:
    """``text`` with everything outside comments and strings blanked (same length)."""
    if syntax is None:
        return text
    out: list[str] = []
    code_start = 0
    for start, end, _kind in prose_regions(text, syntax):
        out.append(_blank(text[code_start:start]))
        out.append(text[start:end])
        code_start = end
    out.append(_blank(text[code_start:]))
    return "".join(out)


_EOL = re.compile(r"[\r\n]")


def _line_end(text: str, i: int) -> int:
    m = _EOL.search(text, i)
    return m.start() if m else len(text)


@functools.cache
def _string_body(close: str, multiline: bool) -> re.Pattern[str]:
    """The rest of a string literal up to and including ``close``.

    Backslash escapes anything (a line break too, as C's line splice); a
    single-line string stops at a line break. Possessive, so that an
    unclosed quote costs one pass over what follows it.
    """
    esc = re.escape(close)
    eol = "" if multiline else "\r\n"
    body = f"[^\\\\{esc}{eol}]" if len(close) == 1 else f"(?!{esc})[^\\\\{eol}]"
    return re.compile(f"(?:\\\\.|{body})*+{esc}", re.DOTALL)


def _string_end(text: str, i: int, close: str, multiline: bool) -> int | None:
    m = _string_body(close, multiline).match(text, i)
    if m is not None:
        return m.end()
    return len(text) if multiline else None
