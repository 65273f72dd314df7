"""The one place grammars are loaded: from package data, so a wheel works too."""

from __future__ import annotations

from functools import cache

from lark import Lark

__all__ = ["load_grammar"]


@cache
def load_grammar(name: str, **options: object) -> Lark:
    """A LALR parser for ``grammars/<name>.lark`` with positions kept."""
    return Lark.open_from_package(
        "crdex.grammars",
        f"{name}.lark",
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
        **options,  # type: ignore[arg-type]
    )
