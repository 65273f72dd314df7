"""How large a request may be, and the refusals said as the API says everything: in JSON.

A URL (path and query) of more than :data:`MAX_URL` bytes is refused with
414 before a route reads it, as JSON under ``/api/`` and as a page
elsewhere, like every other error. Longer still (64 KiB and up), or not
well-formed HTTP at all, a request cannot even be parsed: the HTTP server
itself answers, and :class:`HttpToolsProtocol` (or :class:`H11Protocol`,
uvicorn's other parser) makes that answer the same JSON shape instead of
uvicorn's plain-text "Invalid HTTP request received." ``crdex serve`` runs
uvicorn with them (:func:`protocol`).
"""

from __future__ import annotations

import json
from importlib.util import find_spec

from fastapi import HTTPException, Request
from uvicorn.protocols.http.h11_impl import H11Protocol as _H11Protocol

from .headers import SECURITY_HEADERS

if find_spec("httptools") is not None:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as _HttpToolsProtocol
else:  # no httptools (PyPy): uvicorn reads HTTP with h11
    _HttpToolsProtocol = _H11Protocol  # type: ignore[assignment,misc]

__all__ = ["MAX_URL", "H11Protocol", "HttpToolsProtocol", "check_url", "protocol"]

MAX_URL = 8192  # bytes of path and query string

UNREADABLE = (
    "the request could not be read: it is not well-formed HTTP/1.1, or its URL is far "
    f"too long (this server reads URLs of at most {MAX_URL} bytes)"
)


def check_url(request: Request) -> None:
    """A dependency of every route: a URL longer than :data:`MAX_URL` is a 414."""
    scope = request.scope
    size = len(scope.get("raw_path") or scope["path"].encode()) + len(scope["query_string"])
    if size > MAX_URL:
        raise HTTPException(
            414, f"the URL is {size:,} bytes long; this server reads URLs of at most {MAX_URL:,}"
        )


def _answer() -> bytes:
    """The whole 400 answer of a request the parser refused, in the API's error shape."""
    body = json.dumps(
        {"status": 400, "error": "bad request", "message": UNREADABLE, "suggestions": []},
        separators=(",", ":"),
    ).encode()
    head = [
        b"HTTP/1.1 400 Bad Request",
        b"content-type: application/json",
        b"content-length: " + str(len(body)).encode(),
        b"cache-control: no-store",
        b"connection: close",
        *(name + b": " + value for name, value in SECURITY_HEADERS),
    ]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


class HttpToolsProtocol(_HttpToolsProtocol):
    """uvicorn's httptools protocol, its refusals in JSON."""

    def send_400_response(self, msg: str) -> None:
        self.transport.write(_answer())
        self.transport.close()


class H11Protocol(_H11Protocol):
    """uvicorn's h11 protocol, its refusals in JSON."""

    def send_400_response(self, msg: str) -> None:
        self.transport.write(_answer())
        self.transport.close()


def protocol() -> str:
    """The protocol class for uvicorn's ``http`` setting: httptools when installed, else h11."""
    name = "HttpToolsProtocol" if find_spec("httptools") is not None else "H11Protocol"
    return f"{__name__}:{name}"
