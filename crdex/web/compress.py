"""gzip on the way out, for answers worth it, to clients that ask for it.

A rule page is a few kilobytes, a section page hundreds, the whole rulebook
on one page 1.5 MB, which gzip makes about a fifth of that. Answers of a
compressible type (HTML, JSON, CSS, JavaScript, SVG) from 1 KiB up are
compressed when the request's ``Accept-Encoding`` takes gzip; the ETag
then becomes weak (``W/"…"``, the same digest: what the client sends back
still matches, whichever form it was given) and ``Vary: Accept-Encoding``
tells caches that the answer depends on the header.

An answer sent whole is compressed whole, at zlib's level 6, and the
compressed bytes are kept by ETag (a bounded cache: answers kept by the
response cache are not compressed again each time). An answer sent as it
is written (the whole edition) is compressed as it goes, each part flushed
so the browser can show it at once, by ISA-L's igzip (``isal``) at its
level 2 where it is installed: on the whole edition's 1.5 MB it takes
3 ms where zlib's fastest level takes 13–16 ms, for a smaller result
(398 KB against 411 KB). zlib's time would be half the page's whole
cost (26–35 ms to its last byte), which ``bench/whole_page.py`` holds to
ten rule pages; ISA-L also lets go of the interpreter's lock while it
works, so the next part is written meanwhile (see
:func:`~crdex.web.pages_edition._parts`).

Sits outside :class:`~crdex.web.headers.HeadersMiddleware`: that one keeps
and compares the uncompressed bytes, this one only encodes them.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

try:
    from isal import isal_zlib as _stream_zlib

    _STREAM_LEVEL = 2
except ImportError:  # no wheel for this platform (see pyproject.toml): zlib's fastest
    _stream_zlib = zlib
    _STREAM_LEVEL = 1

__all__ = ["CompressMiddleware", "GzipCache"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MINIMUM = 1024  # bytes: smaller answers are sent as they are
_TYPES = (b"text/", b"application/json", b"application/javascript", b"image/svg+xml")
_DROPPED = (b"content-length", b"etag", b"vary")


def gzip_bytes(data: bytes, level: int = 6) -> bytes:
    """``data`` as one gzip member (zlib's ``wbits`` 31: the gzip header and trailer)."""
    packer = zlib.compressobj(level, zlib.DEFLATED, 31)
    return packer.compress(data) + packer.flush()


class GzipCache:
    """Compressed bodies by ETag, least recently used dropped first beyond ``max_bytes``."""

    def __init__(self, max_bytes: int = 16 << 20) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self._entries: OrderedDict[bytes, bytes] = OrderedDict()

    def get(self, etag: bytes, body: bytes) -> bytes:
        found = self._entries.get(etag)
        if found is not None:
            self._entries.move_to_end(etag)
            return found
        packed = gzip_bytes(body)
        if len(packed) <= self.max_bytes:
            self._entries[etag] = packed
            self.size += len(packed)
            while self.size > self.max_bytes:
                _etag, old = self._entries.popitem(last=False)
                self.size -= len(old)
        return packed


def _accepts_gzip(scope: Scope) -> bool:
    for name, value in scope.get("headers", []):
        if name.lower() == b"accept-encoding":
            for coding in value.lower().split(b","):
                name_q = [part.strip() for part in coding.split(b";")]
                if name_q[0] in (b"gzip", b"*") and not any(
                    q.replace(b" ", b"") in (b"q=0", b"q=0.0", b"q=0.00", b"q=0.000")
                    for q in name_q[1:]
                ):
                    return True
    return False


def _header(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    return next((v for k, v in headers if k.lower() == name), None)


def _weak(etag: bytes) -> bytes:
    return etag if etag.startswith(b"W/") else b"W/" + etag


class CompressMiddleware:
    """Compress what is worth compressing, for clients that accept gzip."""

    def __init__(self, app: ASGIApp, cache: GzipCache | None = None) -> None:
        self.app = app
        self.cache = cache if cache is not None else GzipCache()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _accepts_gzip(scope):
            await self.app(scope, receive, send)
            return
        head = scope.get("method") == "HEAD"
        pending: Message | None = None  # the start, held until the first body says how to send
        packer: Any = None

        async def encode(message: Message) -> None:
            nonlocal pending, packer
            if message["type"] == "http.response.start":
                pending = message
            elif message["type"] != "http.response.body":
                await send(message)
            elif pending is not None:
                start, pending = pending, None
                packer = await self._begin(start, message, send, head)
            elif packer is not None:
                await send(self._more(packer, message))
            else:
                await send(message)

        await self.app(scope, receive, encode)

    async def _begin(self, start: Message, first: Message, send: Send, head: bool) -> Any:
        """Send the start of an answer and its first body; the packer of one that goes on."""
        headers = list(start.get("headers", []))
        body = first.get("body", b"")
        more = bool(first.get("more_body"))
        streamed = more and _header(headers, b"content-length") is None
        kind = _header(headers, b"content-type") or b""
        worth = (
            start.get("status", 200) in (200, 203)
            and kind.startswith(_TYPES)
            and _header(headers, b"content-encoding") is None
            and not head
            # a body of known length sent in pieces (a file) is left as it is
            and (streamed or (not more and len(body) >= MINIMUM))
        )
        if not worth:
            if start.get("status") == 304 and (etag := _header(headers, b"etag")):
                start = {**start, "headers": [*_without(headers, b"etag"), (b"etag", _weak(etag))]}
            await send(start)
            await send(first)
            return None
        kept = _without(headers, *_DROPPED)
        kept += [(b"content-encoding", b"gzip"), (b"vary", b"Accept-Encoding")]
        if (etag := _header(headers, b"etag")) is not None:
            kept.append((b"etag", _weak(etag)))
        if streamed:
            packer = _stream_zlib.compressobj(_STREAM_LEVEL, zlib.DEFLATED, 31)
            await send({**start, "headers": kept})
            await send(self._more(packer, first))
            return packer
        packed = self.cache.get(etag, body) if etag is not None else gzip_bytes(body)
        kept.append((b"content-length", str(len(packed)).encode()))
        await send({**start, "headers": kept})
        await send({"type": "http.response.body", "body": packed})
        return None

    @staticmethod
    def _more(packer: Any, message: Message) -> Message:
        data = packer.compress(message.get("body", b""))
        if message.get("more_body"):
            return {**message, "body": data + packer.flush(_stream_zlib.Z_SYNC_FLUSH)}
        return {"type": "http.response.body", "body": data + packer.flush()}


def _without(headers: list[tuple[bytes, bytes]], *names: bytes) -> list[tuple[bytes, bytes]]:
    return [(k, v) for k, v in headers if k.lower() not in names]
