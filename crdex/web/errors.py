"""Errors as responses: a status, a message for people, suggestions; never a stack trace.

An error is the client's or the server's. The client's are crdex's own
errors about what was asked, whose messages are written for the person who
asked ("no edition '2026-13-01'…; did you mean …?"), so they are shown as
they are: unknown editions, rules and terms are 404, malformed values and
queries 422. The server's are everything else: a library whose files
cannot be read (a damaged table, a search index another process is still
building) is 503, a request the server gave up (its lane full, its
deadline passed: :mod:`.lanes`) 503 with ``Retry-After``, and a bug 500.
They are answered with a short message that names no file: the whole
message, with the library's paths, goes to the server's log. No message,
the client's included, shows a path of the server's machine.

The API answers JSON (``status``, ``error``, ``message``, ``suggestions``);
pages answer an HTML page saying the same.

The web's own errors are here too: a bad request (:class:`BadRequest`), a
request its lane gave up (:class:`Unavailable`, :class:`ClientGone`, and
the :class:`Cancelled` signal raised in its thread: :mod:`.lanes`), a
server that did not start (:class:`ServerError`: :mod:`.launch`).
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import HTMLResponse, Response

from crdex.errors import CrdexError, shown
from crdex.index.errors import (
    DateBeforeFirstEdition,
    LibraryError,
    LockTimeout,
    OverridesError,
    UnknownEdition,
    UnknownRule,
)
from crdex.index.lineage.editions import suggestion
from crdex.index.search.errors import IndexBusy, IndexDamaged, NoSearchIndex

from .headers import JSONBytes

__all__ = [
    "BadRequest",
    "BadValue",
    "Cancelled",
    "ClientGone",
    "Preempted",
    "ServerError",
    "Unavailable",
    "error_status",
    "install_handlers",
    "private_paths",
    "scrub",
    "suggestions",
]

log = logging.getLogger("crdex.web")

_REASONS = {
    400: "bad request",
    404: "not found",
    405: "method not allowed",
    413: "request too large",
    414: "URL too long",
    422: "malformed input",
    499: "client closed the connection",
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


class Cancelled(BaseException):
    """Raised in a lane's thread whose request was given up (deadline, or the client left).

    Not an error but a signal (:mod:`.lanes`), so not a ``CrdexError``: a
    ``BaseException``, which the work's own ``except Exception`` does not catch.
    """


class Preempted(Cancelled):
    """Raised in a lane's thread whose request ran too long while others waited."""


class Unavailable(CrdexError):
    """The server cannot answer this request now: its lane is full, or its deadline passed (503)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ClientGone(CrdexError):
    """The client closed its connection before its answer was ready: nobody reads an answer."""


class ServerError(CrdexError):
    """The server stopped, or did not answer in time (:mod:`.launch`)."""


# the server's own faults among crdex's errors, each with what a client is told
_SERVER_FAULTS: tuple[tuple[type[CrdexError], str], ...] = (
    (IndexBusy, "search is not available while the search index is being built; try again shortly"),
    (NoSearchIndex, "search is not available: this library has no search index"),
    (
        IndexDamaged,
        "search is not available: the search index cannot be read (the server's log says why)",
    ),
    (
        LibraryError,
        "the library this server reads cannot answer this request: some of its files cannot "
        "be read (the server's log says which)",
    ),
    (LockTimeout, "the library this server reads is busy; try again shortly"),
    (OverridesError, "the library this server reads cannot answer this request (see its log)"),
)
_RETRY_AFTER = 30  # seconds, for a fault that a build in progress may end


def error_status(exc: CrdexError) -> int:
    """The HTTP status of one of crdex's errors: 404 or 422 for the client's, 503 for the server's."""
    if isinstance(exc, UnknownEdition | UnknownRule | DateBeforeFirstEdition):
        return 404
    if isinstance(exc, Unavailable) or _fault(exc) is not None:
        return 503
    return 422


def _fault(exc: CrdexError) -> str | None:
    """What a client is told of a server fault, or None when the error is the client's."""
    return next((said for kind, said in _SERVER_FAULTS if isinstance(exc, kind)), None)


def private_paths(*homes: object) -> list[str]:
    """The folders of this machine that no answer names: the library's, the installation's, $HOME.

    Longest first, so that a path inside another is replaced whole.
    """
    found = {str(Path(sys.prefix)), str(Path(sys.base_prefix)), str(Path.home())}
    found.add(str(Path(__file__).resolve().parents[2]))  # where crdex itself is installed
    for home in homes:
        if home is not None:
            found.update({str(home), str(Path(str(home)).resolve())})
    return sorted((p for p in found if len(p) > 1), key=len, reverse=True)


def scrub(message: str, paths: list[str]) -> str:
    """``message`` with every one of ``paths`` (and what follows it, up to a space) left out."""
    for path in paths:
        if path in message:
            message = re.sub(re.escape(path) + r"[^\s'\"]*", "…", message)
    return message


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
    request: Request,
    status: int,
    message: str,
    extra: dict[str, Any] | None = None,
    retry_after: int | None = None,
) -> Response:
    message = scrub(message, request.app.state.private_paths)
    body = {
        "status": status,
        "error": _REASONS.get(status, "error"),
        "message": message,
        "suggestions": suggestions(message),
        **(extra or {}),
    }
    headers = {"Cache-Control": "no-store"}
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    if _wants_json(request):
        return JSONBytes(body, status_code=status, headers=headers)
    render: Callable[..., str] = request.app.state.render
    links = [(s, _suggested_url(request.url.path, s)) for s in body["suggestions"]]
    html = render("error.html", request, **body, links=links)
    return HTMLResponse(html, status_code=status, headers=headers)


def install_handlers(app: FastAPI) -> None:
    """Answer crdex's errors, malformed requests, unknown routes and bugs as described above."""

    @app.exception_handler(CrdexError)
    async def crdex_error(request: Request, exc: CrdexError) -> Response:
        if isinstance(exc, Unavailable):
            return _respond(request, 503, str(exc), retry_after=exc.retry_after)
        said = _fault(exc)
        if said is not None:
            log.error(
                "the library could not answer %s %s: %s", request.method, request.url.path, exc
            )
            return _respond(request, 503, said, retry_after=_RETRY_AFTER)
        return _respond(request, error_status(exc), str(exc))

    @app.exception_handler(ClientGone)
    async def client_gone(request: Request, exc: ClientGone) -> Response:
        # nobody reads this answer: the work was stopped, the connection is closed
        log.info("the client left before %s %s was answered", request.method, request.url.path)
        return Response(status_code=499, headers={"Cache-Control": "no-store"})

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
