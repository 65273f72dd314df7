"""The one place grammars are loaded: from package data, so a wheel works too.

Compiling a grammar into LALR tables takes longer than parsing a whole
edition with them, and every process that parses (a command, each worker of
a library build) would pay it again. So the compiled parser is kept in a
file, through Lark's own ``cache=`` option, named by a digest of every
grammar file, Lark's version, Python's version and the options: a changed
grammar is a new name, never a stale table. Lark itself checks the file
against the grammar before it trusts it (a file it cannot read, half
written by a process that was stopped, is rebuilt). Where nothing can be
written (a read-only home, ``CRDEX_CACHE=off``), the grammar is compiled
in memory, once per process, as before.
"""

from __future__ import annotations

import hashlib
import os
import sys
from functools import cache
from importlib import resources
from pathlib import Path

import lark
from lark import Lark

__all__ = ["cache_dir", "grammar_digest", "load_grammar"]

#: Names the directory for compiled grammars (and nothing else); "off" keeps them in memory.
CACHE_ENV = "CRDEX_CACHE"


def cache_dir() -> Path | None:
    """Where compiled grammars are kept: ``$CRDEX_CACHE``, or the per-user cache directory."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("crdex", appauthor=False)) / "grammars"


@cache
def grammar_digest() -> str:
    """A digest of every grammar file, with the versions a compiled table depends on."""
    digest = hashlib.sha256(f"lark {lark.__version__} python {sys.version_info[:2]}".encode())
    root = resources.files("crdex.grammars")
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".lark"):
            digest.update(entry.name.encode() + b"\0" + entry.read_bytes() + b"\0")
    return digest.hexdigest()[:24]


@cache
def load_grammar(name: str, **options: object) -> Lark:
    """A LALR parser for ``grammars/<name>.lark``.

    The grammars' terminals are whole lines, so every token carries its own
    line number and the transformer builds spans from tokens. Lark's
    ``propagate_positions`` would only copy the same numbers onto every
    rule's meta, at a quarter of the parse time, and is left off.
    """
    settings: dict[str, object] = {
        "parser": "lalr",
        "lexer": "contextual",
        "propagate_positions": False,
        "maybe_placeholders": False,
        **options,
    }
    keyed = sorted((k, repr(v)) for k, v in settings.items() if k != "transformer")
    key = hashlib.sha256(f"{name} {grammar_digest()} {keyed}".encode()).hexdigest()[:24]
    directory = cache_dir()
    if directory is None:
        return _compile(name, settings)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return _compile(name, settings)
    # Lark checks a cached file against the grammar and the options, and rebuilds (and
    # rewrites) one that does not match or cannot be read; one it cannot write it leaves
    return _compile(name, {**settings, "cache": str(directory / f"{name}-{key}.lark-cache")})


def _compile(name: str, settings: dict[str, object]) -> Lark:
    return Lark.open_from_package("crdex.grammars", f"{name}.lark", **settings)  # type: ignore[arg-type]
