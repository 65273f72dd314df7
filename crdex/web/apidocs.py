"""The API's documentation, at ``/api/docs``: rendered here from the OpenAPI description.

FastAPI's own documentation pages load their scripts from a CDN, and this
server works offline, so the page is a template over the same description
FastAPI derives from the routes (it cannot drift from them). Descriptions
are Markdown (the routes' docstrings and the parameters' descriptions),
rendered by markdown-it-py with raw HTML off: whatever a description says
is escaped. Each endpoint has an example whose address is the server's
own, as the browser reached it; ``/docs`` leads here.
"""

from __future__ import annotations

from functools import lru_cache

from fastapi import APIRouter, Request
from markdown_it import MarkdownIt
from markupsafe import Markup
from starlette.responses import Response

from .headers import page, redirect

__all__ = ["EXAMPLES", "POSTED", "markdown", "router"]

router = APIRouter(include_in_schema=False)

# an example request of each endpoint (the POST's body is in the template)
EXAMPLES = {
    "/api/editions": "/api/editions",
    "/api/editions/{edition}": "/api/editions/latest",
    "/api/editions/{edition}/rules/{number}": "/api/editions/latest/rules/701.22",
    "/api/editions/{edition}/glossary": "/api/editions/2026-08-07/glossary",
    "/api/editions/{edition}/glossary/{term}": "/api/editions/latest/glossary/Scry",
    "/api/editions/{edition}/actions": "/api/editions/latest/actions",
    "/api/history/{name}": "/api/history/702.19b?edition=2026-08-07",
    "/api/resolve/{number}": "/api/resolve/502.36?as_of=2005-02-01",
    "/api/diff/{old}/{new}": "/api/diff/2009-05-01/2009-07-11?only=moved",
    "/api/search": "/api/search?q=scry+zero",
    "/api/identities/{identity}": "/api/identities/2004-06-01/502.36",
    "/api/check": "/api/check",
    "/api/identify": "/api/identify",
}

# the JSON body of each POST endpoint's example
POSTED = {
    "/api/check": '{"text": "See rule 502.36.", "as_of": "2005-02-01"}',
    "/api/identify": '{"text": "701.22a To scry N, look at the top N cards of your library."}',
}


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False})


@lru_cache(maxsize=512)
def markdown(text: str, inline: bool = False) -> Markup:
    """Markdown as HTML, raw HTML escaped; ``inline``: without the paragraph around it."""
    if inline:
        return Markup(_parser().renderInline(text))
    return Markup(_parser().render(text))


@router.get("/api/docs")
async def api_docs(request: Request) -> Response:
    base = str(request.base_url).rstrip("/")
    return page(request, "apidocs.html", "moving", spec=request.app.openapi(), base=base)


@router.get("/docs")
async def docs() -> Response:
    """Where people look for an API's documentation first."""
    return redirect("/api/docs", permanent=True)
