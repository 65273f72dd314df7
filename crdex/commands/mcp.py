"""``crdex mcp``: the library as a Model Context Protocol server for AI assistants."""

from __future__ import annotations

import click

from crdex.commands.options import home_option, note

__all__ = ["mcp"]


@click.command()
@click.option(
    "--transport",
    type=click.Choice(["stdio", "http"]),
    default="stdio",
    show_default=True,
    help="stdio: talk over standard input and output (how assistants start local servers); "
    "http: the streamable HTTP transport on 127.0.0.1.",
)
@click.option("--http", "http", is_flag=True, help="The same as --transport http.")
@click.option(
    "--port", default=8000, show_default=True, help="The port to listen on with --transport http."
)
@home_option
def mcp(transport: str, http: bool, port: int, home: str | None) -> None:
    """Answer AI assistants from the library over the Model Context Protocol.

    Tools: rule, search, history, resolve, diff, glossary, check_citations
    and editions; resources: crdex://editions, crdex://EDITION (its
    contents) and crdex://EDITION/NUMBER (a rule). The library is only
    read. With stdio (the default) an MCP client starts this command and
    talks to it; with --http it serves http://127.0.0.1:PORT/mcp until
    interrupted.
    """
    from crdex.api import Reader
    from crdex.mcp import create_server, serve

    server = create_server(Reader(home, notice=note))
    serve(server, "http" if http else transport, port)  # type: ignore[arg-type]
