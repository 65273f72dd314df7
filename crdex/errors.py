"""The root of every error crdex raises on purpose.

Each package keeps its own errors beneath this one (``crdex.corpus.errors``,
``crdex.parser.errors``, ``crdex.index.errors`` …), as lark keeps its one
``exceptions.py``: callers catch ``CrdexError`` to catch them all, and the
command line turns it into ``Error: …`` with exit status 1. The errors of
the ``crdex`` package itself (:mod:`crdex.api`) are here too. This module
imports nothing, so that every package can stand on it.
"""

from __future__ import annotations

__all__ = ["ECHO", "CrdexError", "RuleNumberType", "cut", "shown"]

ECHO = 60  # characters of a value a message repeats back, at most


class CrdexError(Exception):
    """Something crdex was asked to do cannot be done; the message says why."""


class RuleNumberType(CrdexError, TypeError):
    """A rule number given as something other than text (a float loses its zeros)."""

    def __init__(self, value: object) -> None:
        super().__init__(
            f"a rule number is text: write {str(value)!r}, not {value!r} "
            f"({type(value).__name__}); as a number 701.10 would be 701.1"
        )


def shown(value: str, limit: int = ECHO) -> str:
    """``repr(value)``, cut in the middle when long: what a message may echo of the input.

    A message that repeats a 100 KB query back is no help and floods a
    terminal or a log; the beginning and the end say which value was meant.
    """
    if len(value) <= limit:
        return repr(value)
    half = (limit - 1) // 2
    return f"{value[:half]!r}…{value[-half:]!r} ({len(value):,} characters)"


def cut(text: str, limit: int = ECHO) -> str:
    """``text`` as it is, or cut in the middle when long (see :func:`shown`), unquoted."""
    if len(text) <= limit:
        return text
    half = (limit - 1) // 2
    return f"{text[:half]}…{text[-half:]} ({len(text):,} characters)"
