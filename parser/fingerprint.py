"""A fingerprint of the code that turns bytes into trees.

Caches of parsed documents are kept under this fingerprint: when the
grammars, the parser or the byte reader change, every cached parse is stale
and is made again, without anyone having to remember to bump a version.
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib import resources

__all__ = ["parser_fingerprint"]

_PACKAGES = ("crdex.parser", "crdex.grammars", "crdex.corpus")
_SUFFIXES = (".py", ".lark")


@cache
def parser_fingerprint() -> str:
    """16 hex digits over the sources of the parser, the grammars and the byte reader."""
    digest = hashlib.sha256()
    for package in _PACKAGES:
        root = resources.files(package)
        for entry in sorted(root.iterdir(), key=lambda e: e.name):
            if entry.is_file() and entry.name.endswith(_SUFFIXES):
                digest.update(entry.name.encode())
                digest.update(entry.read_bytes())
    return digest.hexdigest()[:16]
