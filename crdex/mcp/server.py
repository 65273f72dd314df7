"""The crdex MCP server: the library's tools and resources on the SDK's ``MCPServer``.

:func:`create_server` builds a server over one :class:`~crdex.api.Reader`
(tests connect the SDK's in-memory client to it); :func:`serve` runs it
on standard input and output, the way assistants start local servers, or
on the SDK's streamable HTTP transport bound to 127.0.0.1. On stdio,
standard output belongs to the protocol: notes from the library go to
standard error, as the SDK's log does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from mcp.server.mcpserver import MCPServer

from crdex._version import __version__
from crdex.mcp.answers import Answers
from crdex.mcp.resources import register_resources
from crdex.mcp.tools import register_tools

if TYPE_CHECKING:
    from crdex.api import Reader

__all__ = ["HOST", "INSTRUCTIONS", "Transport", "create_server", "serve"]

HOST = "127.0.0.1"

Transport = Literal["stdio", "http"]

INSTRUCTIONS = """\
crdex answers from the Magic: The Gathering Comprehensive Rules, every edition from \
1999 to today, and follows each rule across editions through its renumberings.

Name an edition by its id (2026-08-07), by a date (YYYY-MM-DD: the edition in force \
that day) or 'latest'. A rule number is read in the edition asked about: 701.18 was \
Shuffle in 2017 and is Play today. To answer about a game or a post of a given date, \
ask for the rules in force on that date; to update an old citation, resolve it \
(resolve('502.36', '2005-02-01') is Scry, 701.22 today); to find the rules about \
something, search. Cite rules by number with the edition that answered.\
"""


def create_server(reader: Reader) -> MCPServer:
    """A server answering every tool and resource from ``reader`` (kept for the server's life)."""
    server = MCPServer(
        "crdex",
        title="crdex: the Comprehensive Rules of every edition",
        version=__version__,
        instructions=INSTRUCTIONS,
    )
    answers = Answers(reader)
    register_tools(server, answers)
    register_resources(server, answers)
    return server


def serve(server: MCPServer, transport: Transport = "stdio", port: int = 8000) -> None:
    """Run ``server`` until its client goes away (stdio) or it is interrupted (http)."""
    if transport == "http":
        server.run("streamable-http", host=HOST, port=port)
    else:
        server.run("stdio")
