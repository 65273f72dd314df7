"""The application factory: one reader, the templates, the routes, headers and errors.

:func:`create_app` builds the whole ASGI application over one library
(``home``, or ``$CRDEX_HOME``, or the per-user library; the bundled sample
documents when it is empty). ``crdex serve`` hands it to uvicorn as a
factory, so that every worker process builds its own application and
reader: nothing is shared between workers and nothing is written.

Templates and the stylesheet, script and icon are package data: the
server works offline and loads nothing from elsewhere. Jinja2 escapes
everything a template prints unless it is already markup (the linked
rule text, built escaped by :mod:`.links`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import Depends, FastAPI, Request
from jinja2 import Environment, PackageLoader, StrictUndefined
from starlette.responses import RedirectResponse, Response

from crdex._version import __version__
from crdex.api import Reader
from crdex.errors import CrdexError
from crdex.text.history import CHANGE

from . import api, apidocs, pages_across, pages_edition
from .compress import CompressMiddleware
from .errors import install_handlers, private_paths
from .headers import HeadersMiddleware, ResponseCache, cache_for
from .lanes import Lanes, LaneSpec
from .limits import check_url
from .links import (
    diff_url,
    edition_url,
    identity_url,
    italic,
    letter_url,
    rule_url,
    term_anchor,
    term_url,
)
from .site import Site
from .upkeep import limit_arenas, release_memory, settle

__all__ = ["TREE_BUDGET", "create_app", "server_app"]

log = logging.getLogger("crdex.web")

# estimated bytes of parsed editions a worker keeps (about three of today's size): rule
# pages read an edition's rows and facts, not its tree, which pages of a whole edition and
# the first page of an edition need; measured on the mixed traffic of bench/serve.py, 24 MB
# cost no more CPU than 48 MB and held 25 MB less
TREE_BUDGET = 24 << 20

_STATIC_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}


def _static() -> dict[str, tuple[bytes, str, str]]:
    """Name → (bytes, media type, digest) of every file shipped in ``static/``."""
    out = {}
    for item in resources.files("crdex.web").joinpath("static").iterdir():
        suffix = os.path.splitext(item.name)[1]
        if item.is_file() and suffix in _STATIC_TYPES:
            data = item.read_bytes()
            out[item.name] = (data, _STATIC_TYPES[suffix], hashlib.sha256(data).hexdigest()[:12])
    return out


def _environment(static: dict[str, tuple[bytes, str, str]]) -> Environment:
    env = Environment(
        loader=PackageLoader("crdex.web", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=StrictUndefined,
    )
    env.filters["italic"] = italic
    env.globals.update(
        rule_url=rule_url,
        term_url=term_url,
        edition_url=edition_url,
        identity_url=identity_url,
        diff_url=diff_url,
        letter_url=letter_url,
        term_anchor=term_anchor,
        markdown=apidocs.markdown,
        examples=apidocs.EXAMPLES,
        posted=apidocs.POSTED,
        CHANGE=CHANGE,  # a version's change named as `crdex history` names it
        static_url=lambda name: f"/static/{name}?v={static[name][2]}",
    )
    return env


def create_app(
    home: str | os.PathLike[str] | None = None,
    *,
    reader: Reader | None = None,
    cache_bytes: int = 32 << 20,
    lanes: dict[str, LaneSpec] | None = None,
    settle_memory: bool = False,
) -> FastAPI:
    """The web application over the library at ``home`` (or over ``reader``).

    ``lanes``: the threads, queues and deadlines of uncached work
    (default :data:`~.lanes.LANES`). ``settle_memory``: once loaded, freeze
    what the process holds out of the garbage collector's walks
    (:func:`~.upkeep.settle`), as a server's worker does
    (:func:`server_app`); not for an application inside another program,
    whose own objects would be frozen with it.
    """
    site = Site(reader if reader is not None else Reader(home))
    static = _static()
    env = _environment(static)
    workers = Lanes(lanes)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(warm, site)
        if settle_memory:
            settle()
        upkeep = asyncio.create_task(release_memory())
        yield
        upkeep.cancel()
        workers.close()

    app = FastAPI(
        title="crdex",
        version=__version__,
        summary="The Magic: The Gathering Comprehensive Rules, every edition since 1999, as data.",
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
        dependencies=[Depends(check_url)],
    )

    def render(name: str, request: Request, **context: Any) -> str:
        return env.get_template(name).render(
            request_path=request.url.path,
            latest=site.latest if site.editions else None,
            chain=site.editions,
            **context,
        )

    app.state.site = site
    app.state.lanes = workers
    app.state.private_paths = private_paths(getattr(site.reader, "home", None), home)
    app.state.render = render
    app.state.env = env
    install_handlers(app)
    app.include_router(pages_edition.router)
    app.include_router(pages_across.router)
    app.include_router(api.router)
    app.include_router(apidocs.router)

    @app.get("/static/{name}", include_in_schema=False)
    async def static_file(name: str, v: str = "") -> Response:
        found = static.get(name)
        if found is None:
            return Response("no such file", status_code=404, media_type="text/plain")
        data, media, digest = found
        return cache_for(Response(data, media_type=media), "static" if v == digest else "moving")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return cache_for(
            RedirectResponse(f"/static/favicon.svg?v={static['favicon.svg'][2]}"), "moving"
        )

    app.add_middleware(HeadersMiddleware, cache=ResponseCache(cache_bytes))
    app.add_middleware(CompressMiddleware)  # outside: it encodes what the cache keeps
    return app


def server_app() -> FastAPI:
    """The application of one ``crdex serve`` worker (uvicorn's factory): the library of
    ``CRDEX_HOME``, its memory settled once loaded."""
    limit_arenas()
    return create_app(settle_memory=True)


def warm(site: Site) -> None:
    """Load what every request needs before the first one: the graph, the latest edition, search
    of every edition.

    A search index that cannot be opened (another process is building it)
    leaves search answering 503 until it can; everything else works.
    """
    site.fingerprint  # noqa: B018  (loads the identity graph)
    # a rule page needs an edition's tree once (its glossary and numbers, kept apart);
    # pages of a whole edition need it each time, and few are asked for at once
    site.reader.hold_trees(TREE_BUDGET)
    if not site.editions:
        return
    site.facts(site.latest)
    site.actions(site.latest)
    try:
        site.reader.search("rules", limit=1)
        if len(site.editions) > 1:
            # and every edition's: a search of an earlier edition or a date reads the rest of
            # the index (90 MB) the first time; read now, before the first request, not in one
            site.reader.search("rules", limit=1, edition=site.editions[0]["id"])
    except CrdexError as exc:
        log.warning("search is not available yet: %s", exc)
