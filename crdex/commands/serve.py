"""``crdex serve``: the rules as a hyperlinked site and a JSON API, under uvicorn."""

from __future__ import annotations

import click

from crdex.commands.options import home_option, note, warn
from crdex.text.notes import BUNDLED_NOTE

__all__ = ["serve"]

_LOOPBACK = {"127.0.0.1", "::1", "localhost"}
_ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


@click.command()
@home_option
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port."
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Worker processes, each with its own reader of the library.",
)
@click.option(
    "--log-level",
    default="warning",
    show_default=True,
    type=click.Choice(["critical", "error", "warning", "info", "debug"]),
    help="How much the server logs.",
)
def serve(home: str | None, host: str, port: int, workers: int, log_level: str) -> None:
    """Serve the library as a website and a JSON API (read-only).

    Pages: the editions, each edition's contents, every rule with its
    subrules, links and history, the glossary, diffs between any two
    editions, search. The API is under /api/ (described at /api/docs).
    The library is read, never written: anything missing (the identity
    graph, the search index) is built once before serving starts.
    Listens on 127.0.0.1 unless --host says otherwise.
    """
    import os
    import socket

    # one BLAS thread per worker (a worker is a process: that is where parallelism comes
    # from): BLAS threads of two workers spinning on two cores made a search 26 ms of CPU
    # become 66-168 ms on a loaded machine. Set before numpy is loaded, here or in a worker.
    for name in _ONE_THREAD:
        os.environ.setdefault(name, "1")
    # two malloc arenas per process, not eight per core: a worker's threads take turns
    # (the interpreter's lock) and arenas of their own only hold memory apart
    os.environ.setdefault("MALLOC_ARENA_MAX", "2")

    import uvicorn

    from crdex.api import Reader
    from crdex.errors import CrdexError
    from crdex.home import ENV_VAR, resolve_home
    from crdex.web.limits import protocol

    try:  # say so now, not after loading the library
        with socket.create_server((host, port)):
            pass
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host} port {port}: {exc.strerror}") from None
    resolved = resolve_home(home)
    reader = Reader(resolved, notice=note)
    if reader.bundled:
        note(BUNDLED_NOTE)
    reader.editions()  # the identity graph: built now if the library has none yet
    try:
        reader.search("rules", limit=1)  # the search index: built now if missing or stale
    except CrdexError as exc:
        warn(f"search is not available: {exc}")
    if host not in _LOOPBACK:
        warn(f"listening on {host}: the rules are served to every machine that can reach it")
    os.environ[ENV_VAR] = str(resolved)  # each worker opens the same library
    what = "the bundled sample documents" if reader.bundled else str(resolved)
    click.echo(f"crdex serving {what} at http://{_url_host(host)}:{port}/", err=True)
    uvicorn.run(
        "crdex.web.app:server_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        access_log=log_level in ("info", "debug"),
        server_header=False,
        proxy_headers=False,
        http=protocol(),  # its refusals of unreadable requests in JSON too
    )


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host
