"""The API's documentation, its errors for requests too large to read, and compression.

The documentation page is rendered from the OpenAPI description, whose
texts are Markdown; every parameter of every endpoint is described, and
the examples use the address the page was asked at. Requests too large
(a URL over 8 KiB, one the HTTP parser cannot read at all) are refused in
the API's JSON error shape, by the application (414) and by the server
itself (400). Answers of 1 KiB and more are gzipped for clients that ask.
"""

from __future__ import annotations

import gzip
import json
import socket
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from crdex.web import create_app, launch
from crdex.web.limits import MAX_URL


@pytest.fixture(scope="module")
def client(crafted_home: Path):
    with TestClient(create_app(crafted_home), base_url="http://127.0.0.1:8123") as client:
        yield client


def test_every_parameter_of_every_endpoint_is_described(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            assert operation.get("description"), f"{method} {path} has no description"
            for parameter in operation.get("parameters", []):
                assert parameter.get("description"), f"{method} {path}: {parameter['name']}"
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            for name, prop in (body or {}).get("schema", {}).get("properties", {}).items():
                assert prop.get("description"), f"{method} {path}: body {name}"


def test_the_docs_are_markdown_rendered_with_the_servers_own_address(client: TestClient) -> None:
    page = client.get("/api/docs").text
    main = page[page.index("<main") : page.index("</main>")]
    assert "``" not in main  # no reStructuredText left raw
    assert "<code>crdex show NUMBER --edition EDITION --json</code>" in main
    assert "http://127.0.0.1:8123/api/editions/latest/rules/701.22" in main
    assert ":8000" not in main
    # an example for each endpoint
    spec = client.get("/api/openapi.json").json()
    endpoints = sum(len(ops) for ops in spec["paths"].values())
    assert main.count('<pre class="example">curl -s') == endpoints + 1


def test_docs_lead_to_the_api_docs(client: TestClient) -> None:
    answer = client.get("/docs", follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (301, "/api/docs")


def test_a_url_too_long_is_a_414_in_json_for_the_api(client: TestClient) -> None:
    long = "x" * (MAX_URL + 1)
    answer = client.get(f"/api/search?q={long}")
    assert answer.status_code == 414
    assert answer.headers["content-type"] == "application/json"
    body = answer.json()
    assert body["status"] == 414 and body["error"] == "URL too long"
    size = len("/api/search") + len("q=") + len(long)
    assert body["message"] == (
        f"the URL is {size:,} bytes long; this server reads URLs of at most {MAX_URL:,}"
    )
    page = client.get(f"/search?q={long}")
    assert page.status_code == 414 and page.headers["content-type"].startswith("text/html")


def test_the_server_refuses_what_it_cannot_read_in_json(crafted_home: Path, tmp_path: Path) -> None:
    running = launch.start(crafted_home, tmp_path / "serve.log")
    try:
        port = int(running.url.rsplit(":", 1)[1])
        for request in (
            b"GET /api/search?q=" + b"x" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
            b"NONSENSE\r\n\r\n",
        ):
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(request)
                answer = b""
                while chunk := sock.recv(65536):
                    answer += chunk
            head, body = answer.split(b"\r\n\r\n", 1)
            assert head.startswith(b"HTTP/1.1 400 ")
            assert b"content-type: application/json" in head.lower()
            data = json.loads(body)
            assert data["status"] == 400 and data["error"] == "bad request"
            assert data["message"].startswith("the request could not be read")
    finally:
        running.stop()


def test_large_answers_are_compressed_for_clients_that_ask(client: TestClient) -> None:
    packed = client.get("/api/openapi.json", headers={"accept-encoding": "gzip"})
    plain = client.get("/api/openapi.json", headers={"accept-encoding": "identity"})
    assert packed.json() == plain.json()
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.headers["vary"] == "Accept-Encoding"
    assert packed.headers["etag"] == f"W/{plain.headers['etag']}"
    assert "content-encoding" not in plain.headers
    # what went over the wire is gzip, and smaller
    sent = packed.headers["content-length"]
    assert int(sent) < len(plain.content) / 2
    # the weak ETag sent back is a 304
    again = client.get(
        "/api/openapi.json",
        headers={"accept-encoding": "gzip", "if-none-match": packed.headers["etag"]},
    )
    assert again.status_code == 304
    # small answers are sent as they are
    small = client.get("/api/identities/2030-01-01/101.1", headers={"accept-encoding": "gzip"})
    assert "content-encoding" not in small.headers


def test_gzip_refused_with_q_zero_is_not_sent(client: TestClient) -> None:
    answer = client.get("/api/openapi.json", headers={"accept-encoding": "gzip;q=0"})
    assert "content-encoding" not in answer.headers


def test_gzip_bytes_round_trip() -> None:
    from crdex.web.compress import gzip_bytes

    data = b"<p>rules</p>" * 500
    assert gzip.decompress(gzip_bytes(data)) == data
