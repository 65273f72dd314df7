"""The errors of the command line itself; the library's are the library's.

Each class's docstring is its meaning. Every ``CrdexError`` a command lets
through is shown as ``Error: …`` with exit status 1 (:func:`.group.run`);
a ``click.ClickException`` among them keeps its own exit status.
"""

from __future__ import annotations

import click

from crdex.errors import CrdexError

__all__ = ["CheckFailed"]


class CheckFailed(CrdexError, click.ClickException):
    """``crdex check`` could not run: ``Error: …`` and exit status 2, apart from
    "citations found" (1)."""

    exit_code = 2
