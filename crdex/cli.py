"""The ``crdex`` command: a thin layer over the library, one command per module.

The click group and its table of commands are in :mod:`crdex.commands.group`;
each command is imported only when it runs. ``crdex --version`` is answered
here, before click is imported: it needs nothing else, and it is the command
a script calls to ask whether crdex is there at all.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from crdex._version import __version__

if TYPE_CHECKING:
    from crdex.commands.group import cli

__all__ = ["cli", "main"]

# what click's version option prints: "%(prog)s, version %(version)s"
_VERSION = f"crdex, version {__version__}"


def main(argv: list[str] | None = None) -> None:
    """Run the command line (``argv``: the arguments, default ``sys.argv[1:]``)."""
    if (sys.argv[1:] if argv is None else list(argv)) == ["--version"]:
        print(_VERSION)
        return
    from crdex.commands.group import run

    run(argv)


def __getattr__(name: str) -> object:
    # the click group itself, for callers that drive it (tests, documentation tools)
    if name == "cli":
        from crdex.commands.group import cli

        return cli
    raise AttributeError(f"module 'crdex.cli' has no attribute {name!r}")
