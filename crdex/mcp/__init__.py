"""``crdex mcp``: the library as a Model Context Protocol server, for AI assistants.

Built on the official MCP Python SDK (the distribution ``mcp``, imported
here by its absolute name: this package is ``crdex.mcp`` and never stands
in for it). Importing this package imports the SDK, so only the ``mcp``
command and the tests import it.

    >>> from crdex.api import Reader
    >>> from crdex.mcp import create_server, serve
    >>> serve(create_server(Reader(home)))                      # doctest: +SKIP
"""

from __future__ import annotations

from crdex.mcp.server import create_server, serve

__all__ = ["create_server", "serve"]
