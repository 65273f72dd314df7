"""The resources: the library's editions, each edition's contents, each rule by URI.

- ``crdex://editions``: what the library holds (the ``editions`` tool's text);
- ``crdex://{edition}``: an edition's table of contents (sections and the
  rules under them), the edition named by id, date or ``latest``;
- ``crdex://{edition}/{number}``: one rule with everything under it, as
  the ``rule`` tool renders it (``crdex://2026-08-07/701.22``).

A name the library does not know is the SDK's "resource not found" with
the message ``crdex`` prints; a library that cannot be read is a resource
error with its message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError

from crdex.errors import CrdexError
from crdex.index.errors import LibraryError
from crdex.mcp.answers import Answer, Answers

__all__ = ["RULE_LIMIT", "register_resources"]

# rules shown by a rule's resource before the rest are named instead
RULE_LIMIT = 50


def register_resources(server: MCPServer, answers: Answers) -> None:
    """Add the crdex resources to ``server``, answering from ``answers``."""

    def read(question: Callable[..., Answer], *args: Any) -> str:
        try:
            return answers.ask(question, *args).text
        except LibraryError as exc:
            raise ResourceError(str(exc)) from exc
        except CrdexError as exc:
            raise ResourceNotFoundError(str(exc)) from exc

    @server.resource("crdex://editions", name="editions", title="The editions in the library")
    def editions() -> str:
        """The editions of the Comprehensive Rules the library holds, with their documents."""
        return read(answers.editions, True)

    @server.resource("crdex://{edition}", name="contents", title="An edition's contents")
    def contents(edition: str) -> str:
        """An edition's table of contents: its sections and the rules under each.

        The edition is named by id (2026-08-07), date (YYYY-MM-DD) or 'latest'.
        """
        return read(answers.contents, edition)

    @server.resource("crdex://{edition}/{number}", name="rule", title="A rule")
    def rule(edition: str, number: str) -> str:
        """A rule of an edition with its subrules, examples, rulings and references.

        Such as crdex://2026-08-07/701.22; the edition is named by id, date or 'latest'.
        """
        return read(answers.rule, number, edition, RULE_LIMIT)
