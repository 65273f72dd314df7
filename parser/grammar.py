"""The one place grammars are loaded: from package data, so a wheel works too."""

from __future__ import annotations

from functools import cache

from lark import Lark

__all__ = ["load_grammar"]


@cache
def load_grammar(name: str, **options: object) -> Lark:
    """A LALR parser for ``grammars/<name>.lark``.

    The grammars' terminals are whole lines, so every token carries its own
    line number and the transformer builds spans from tokens. Lark's
    ``propagate_positions`` would only copy the same numbers onto every
    rule's meta, at a quarter of the parse time, and is left off.
    """
    return Lark.open_from_package(
        "crdex.grammars",
        f"{name}.lark",
        parser="lalr",
        lexer="contextual",
        propagate_positions=False,
        maybe_placeholders=False,
        **options,  # type: ignore[arg-type]
    )
