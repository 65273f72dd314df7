"""Errors as responses: a status, a message for people, suggestions; never a stack trace.

crdex's own errors carry messages written for the person who asked ("no
edition '2026-13-01'…; did you mean …?"), so they are shown as they are:
unknown editions, rules and terms are 404, malformed values and queries
422, a search index another process is still building 503. The API
answers JSON (``status``, ``error``, ``message``, ``suggestions``); pages
answer an HTML page saying the same. Anything else is a bug: it is logged
with its traceback on the server and answered with a bare 500.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import HTMLResponse, JSONResponse, Response

from crdex.errors import CrdexError, shown
from crdex.index.errors import DateBeforeFirstEdition, UnknownEdition, UnknownRule
from crdex.index.lineage.editions import suggestion
from crdex.index.search.errors import IndexBusy, IndexDamaged, NoSearchIndex

__all__ = ["BadRequest", "BadValue", "error_status", "install_handlers", "suggestions"]

log = logging.getLogger("crdex.web")

_REASONS = {
    400: "bad request",
    404: "not found",
    405: "method not allowed",
    413: "request too large",
    414: "URL too long",
    422: "malformed input",
    500: "internal error",
    503: "unavailable",
}
_SUGGESTIONS = re.compile(r"did you mean (.+?)\?\s*$")


class BadRequest(CrdexError):
    """A request that cannot be answered as it was asked (422)."""


class BadValue(BadRequest):
    """A value in a URL or a request body does not have the shape its place asks for.

    ``near``: what was probably meant (the near rule numbers of the edition,
    the near edition names), said as "did you mean …?".
    """

    def __init__(self, where: str, value: str, expected: str, near: Sequence[str] = ()) -> None:
        super().__init__(f"{where} {shown(value)} is not {expected}{suggestion(list(near))}")
        self.where = where
        self.value = value
        self.expected = expected


def error_status(exc: CrdexError) -> int:
    """The HTTP status of one of crdex's errors."""
    if isinstance(exc, UnknownEdition | UnknownRule | DateBeforeFirstEdition):
        return 404
    if isinstance(exc, IndexBusy | IndexDamaged | NoSearchIndex):
        return 503
    return 422


def suggestions(message: str) -> list[str]:
    """The near matches an error message proposes ("did you mean A, B or C?")."""
    m = _SUGGESTIONS.search(message)
    if not m:
        return []
    return [s.strip() for s in re.split(r", | or ", m.group(1)) if s.strip()]


_EDITION = re.compile(r"latest|\d{4}-\d{2}-\d{2}(?:\.[\w.-]+)?")


def _suggested_url(path: str, suggested: str) -> str | None:
    """The page a suggestion stands for: the same URL with the unknown part replaced.

    ``/e/2026-08-07/70l.18`` and 701.18 give ``/e/2026-08-07/701.18``;
    ``/e/nope/701.22`` and latest give ``/e/latest/701.22``.
    """
    parts = path.split("/")
    if len(parts) < 3 or parts[1] != "e":
        return None
    if _EDITION.fullmatch(suggested):
        parts[2] = suggested
    elif len(parts) >= 4:
        parts[-1] = suggested
    else:
        return None
    return "/".join(quote(part, safe="") for part in parts)


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or request.url.path == "/api"


def _respond(
    request: Request, status: int, message: str, extra: dict[str, Any] | None = None
) -> Response:
    body = {
        "status": status,
        "error": _REASONS.get(status, "error"),
        "message": message,
        "suggestions": suggestions(message),
        **(extra or {}),
    }
    headers = {"Cache-Control": "no-store"}
    if _wants_json(request):
        return JSONResponse(body, status_code=status, headers=headers)
    render: Callable[..., str] = request.app.state.render
    links = [(s, _suggested_url(request.url.path, s)) for s in body["suggestions"]]
    html = render("error.html", request, **body, links=links)
    return HTMLResponse(html, status_code=status, headers=headers)


def install_handlers(app: FastAPI) -> None:
    """Answer crdex's errors, malformed requests, unknown routes and bugs as described above."""

    @app.exception_handler(CrdexError)
    async def crdex_error(request: Request, exc: CrdexError) -> Response:
        return _respond(request, error_status(exc), str(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        problems = []
        for err in exc.errors():
            where = ".".join(
                str(p) for p in err.get("loc", ()) if p not in ("path", "query", "body")
            )
            problems.append({"field": where, "message": str(err.get("msg", ""))})
        message = "; ".join(f"{p['field']}: {p['message']}" for p in problems) or "malformed input"
        return _respond(request, 422, message, {"errors": problems})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        message = exc.detail if isinstance(exc.detail, str) else _REASONS.get(exc.status_code, "")
        if exc.status_code == 404 and message == "Not Found":
            message = f"there is no page at {request.url.path}"
        response = _respond(request, exc.status_code, message)
        for key, value in (exc.headers or {}).items():
            response.headers[key] = value
        return response

    @app.exception_handler(Exception)
    async def bug(request: Request, exc: Exception) -> Response:
        log.error("error answering %s %s", request.method, request.url.path, exc_info=exc)
        return _respond(request, 500, "the server could not answer this request")
