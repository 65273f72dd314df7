"""The root of every error crdex raises on purpose.

Each package keeps its own errors beneath this one (``crdex.corpus.errors``,
``crdex.parser.errors``, ``crdex.index.errors`` …), as lark keeps its one
``exceptions.py``: callers catch ``CrdexError`` to catch them all, and the
command line turns it into ``Error: …`` with exit status 1. This module
imports nothing, so that every package can stand on it.
"""

from __future__ import annotations

__all__ = ["CrdexError"]


class CrdexError(Exception):
    """Something crdex was asked to do cannot be done; the message says why."""
