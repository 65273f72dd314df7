"""The JSON API of ``crdex serve``, through the framework's test client, over real editions.

The library is WEB_EDITIONS (conftest). What the answers must say was read
in the documents; the line of each is written beside the expectation:

- cr-2026-08-07.txt 3457 "701.22. Scry", 3459-3465 701.22a-d, 3463 701.22c
  "... in APNAP order (see rule 101.4) ...", 8841-8842 glossary "Scry: To
  manipulate some of the cards on top of your library. See rule 701.22,
  “Scry.”";
- Scry is "502.36. Scry" in cr-2005-02-01.txt 1623, "501.8. Scry" in
  cr-2007-05-01.txt 1565 and cr-2009-05-01.txt 1686, "701.16. Scry" in
  cr-2009-07-11.txt 2213, "701.18. Scry" in cr-2020-07-03.txt 2983;
- "701.18. Clash" in cr-2009-07-11.txt 2221 (the edition in force on 2012-03-15
  among these six);
- each file's third line gives its effective date ("current as of February 1,
  2005", …, "effective as of August 7, 2026").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from crdex.api import Reader
from crdex.web import create_app
from crdex.web.api import MAX_CHECK_BYTES

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

SCRY = ["502.36", "501.8", "701.16", "701.18", "701.22"]


@pytest.fixture(scope="module")
def client(web_home: Path):
    with TestClient(create_app(web_home)) as client:
        yield client


def error(response, status: int) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["status"] == status
    assert set(body) >= {"status", "error", "message", "suggestions"}
    assert "Traceback" not in response.text
    return body


def test_editions(client: TestClient) -> None:
    body = client.get("/api/editions").json()
    ids = [e["id"] for e in body["editions"]]
    assert ids == [
        "2005-02-01",
        "2007-05-01",
        "2009-05-01",
        "2009-07-11",
        "2020-07-03",
        "2026-08-07",
    ]
    first = body["editions"][0]
    assert {"id", "date", "title", "rules", "glossary", "chain_index", "documents"} <= set(first)
    assert [d["format"] for d in first["documents"]] == ["official"]
    assert "path" not in first["documents"][0]  # a server does not show its files


def test_one_edition_and_its_contents(client: TestClient) -> None:
    body = client.get("/api/editions/2026-08-07").json()
    assert body["edition"]["effective_date"] == "2026-08-07"
    assert body["edition"]["format"] == "official"
    assert {"number": "701.22", "kind": "rule", "title": "Scry", "parent": "701"} in body[
        "contents"
    ]


def test_rule_has_the_fields_of_show_json(client: TestClient, web_home: Path) -> None:
    response = client.get("/api/editions/2026-08-07/rules/701.22")
    body = response.json()
    assert body == Reader(web_home).show("701.22", "2026-08-07").to_dict()  # crdex show --json
    assert body["title"] == "Scry"
    assert [c["number"] for c in body["children"]] == ["701.22a", "701.22b", "701.22c", "701.22d"]
    assert body["children"][2]["references"] == ["101.4"]
    assert response.headers["cache-control"] == "public, max-age=86400"
    assert response.headers["etag"]


def test_rule_by_date(client: TestClient) -> None:
    response = client.get("/api/editions/2012-03-15/rules/701.18")
    body = response.json()
    assert (body["edition"], body["title"]) == ("2009-07-11", "Clash")
    assert response.headers["cache-control"] == "public, max-age=60"  # a date follows the library


def test_glossary(client: TestClient) -> None:
    body = client.get("/api/editions/2026-08-07/glossary").json()
    scry = next(e for e in body["glossary"] if e["term"] == "Scry")
    assert scry["definition"] == (
        "To manipulate some of the cards on top of your library. See rule 701.22, “Scry.”"
    )
    assert scry["references"] == ["701.22"]
    one = client.get("/api/editions/2026-08-07/glossary/scry").json()
    assert one == scry


def test_history_follows_scry(client: TestClient) -> None:
    body = client.get("/api/history/701.22").json()
    assert [v["number"] for v in body["versions"]] == SCRY
    assert [v["relation"] for v in body["versions"][1:]] == ["moved"] * 4
    assert body["identity"] == "2005-02-01/502.36"
    old = client.get("/api/history/502.36", params={"edition": "2005-02-01"}).json()
    assert old["identity"] == body["identity"]


def test_resolve(client: TestClient) -> None:
    body = client.get("/api/resolve/502.36", params={"at": "2005-02-01"}).json()
    assert (body["status"], body["number"], body["to"]) == ("current", "701.22", "2026-08-07")
    assert [s["number"] for s in body["chain"]] == SCRY


def test_identity(client: TestClient) -> None:
    body = client.get("/api/identities/2005-02-01/502.36").json()
    assert (body["number"], body["current"]) == ("701.22", True)
    assert (
        "2005-02-01/502.36"
        in error(client.get("/api/identities/2005-02-01/502.366"), 404)["suggestions"]
    )


def test_diff_filtered_to_moved(client: TestClient) -> None:
    body = client.get("/api/diff/2009-05-01/2009-07-11", params={"only": "moved"}).json()
    assert {c["kind"] for c in body["changes"]} == {"moved"}
    pairs = {(c["old"][0]["number"], c["new"][0]["number"]) for c in body["changes"]}
    assert ("501.8", "701.16") in pairs
    assert set(body["counts"]) == {
        "added", "removed", "moved", "edited", "split", "merged", "unchanged"
    }  # fmt: skip
    assert body["counts"]["moved"] == len(body["changes"])
    error(client.get("/api/diff/2009-05-01/2009-07-11", params={"only": "renamed"}), 422)


def test_search(client: TestClient) -> None:
    body = client.get("/api/search", params={"q": "scry zero"}).json()
    assert body["edition"] == "2026-08-07"
    assert body["hits"][0]["number"] == "701.22b"  # "If a player is instructed to scry 0, …"
    lookup = client.get("/api/search", params={"q": "701.22"}).json()
    assert lookup["mode"] == "lookup"
    assert {"701.22", "701.22a", "701.22d"} <= {h["number"] for h in lookup["hits"]}
    every = client.get("/api/search", params={"q": "scry", "all_editions": "true"}).json()
    assert every["edition"] is None and every["groups"]


def test_search_errors(client: TestClient) -> None:
    bad = error(client.get("/api/search", params={"q": "title:(scry"}), 422)
    assert "title:" in bad["message"]
    error(client.get("/api/search", params={"q": "scry", "edition": "1990-01-01"}), 404)
    error(client.get("/api/search", params={"q": "scry", "limit": "1000"}), 422)
    error(client.get("/api/search"), 422)


def test_actions(client: TestClient) -> None:
    body = client.get("/api/editions/2026-08-07/actions").json()
    scry = next(a for a in body["actions"] if a["number"] == "701.22")
    assert (scry["title"], scry["keyword"], scry["status"]) == ("Scry", "scry", "implemented")
    assert body["summary"]["total"] == len(body["actions"])


def test_check_posted_text(client: TestClient) -> None:
    text = "Scry is rule 502.36.\n"
    response = client.post("/api/check", json={"text": text, "as_of": "2005-02-01"})
    body = response.json()
    assert response.headers["cache-control"] == "no-store"
    assert (body["edition"], body["citations"], body["problems"]) == ("2026-08-07", 1, 1)
    finding = body["findings"][0]
    assert (finding["status"], finding["current"], finding["line"]) == ("moved", ["701.22"], 1)


def test_check_bad_bodies(client: TestClient) -> None:
    error(client.post("/api/check", content=b"{not json"), 422)
    error(client.post("/api/check", json={"text": "x", "path": "../etc/passwd"}), 422)
    error(client.post("/api/check", json={"path": "a.py"}), 422)
    big = json.dumps({"text": "x" * (MAX_CHECK_BYTES + 1)})
    error(client.post("/api/check", content=big), 413)
    error(client.get("/api/check"), 405)


@pytest.mark.parametrize(
    ("url", "status", "says"),
    [
        ("/api/editions/2026-08-07/rules/701.222", 404, "did you mean"),
        ("/api/editions/2026-13-45/rules/1", 404, "no edition"),
        ("/api/editions/1990-01-01/rules/1", 404, "no edition was in force"),
        ("/api/editions/nonsense/rules/1", 422, "is not an edition"),
        ("/api/editions/2026-08-07/rules/1.2.3", 422, "is not a rule number"),
        ("/api/editions/..%2F..%2Fetc/rules/1", 404, "no page"),
        ("/api/editions/..%2E/rules/1", 422, "is not an edition"),
        ("/api/editions/2026-08-07/glossary/Nonsense%20Term", 404, "neither a rule number"),
        ("/api/history/nonsense-term-that-is-not-there", 404, "no edition has"),
        ("/api/resolve/502.36", 422, "at"),
        ("/api/nothing/here", 404, "no page"),
    ],
)
def test_errors(client: TestClient, url: str, status: int, says: str) -> None:
    assert says in error(client.get(url), status)["message"]


def test_suggestions_are_listed(client: TestClient) -> None:
    body = error(client.get("/api/editions/2026-08-07/rules/701.222"), 404)
    assert "701.22" in body["suggestions"]


@pytest.mark.parametrize(
    ("url", "status", "suggestions"),
    [
        # cr-2026-08-07.txt: 701.9, 701.19, 701.29, 701.18 (3420), 701.18a and 702.18 are
        # rules, 701.99 is none; the glossary has Scry (8841), no "skry"
        ("/api/editions/2026-08-07/rules/701.99", 404, ["701.9", "701.19", "701.29"]),
        ("/api/history/701.99", 404, ["701.9", "701.19", "701.29"]),
        ("/api/resolve/701.99?at=2026-08-07", 404, ["701.9", "701.19", "701.29"]),
        ("/api/editions/2026-08-07/glossary/skry", 404, ["Scry"]),
        ("/api/history/70l.18", 422, ["701.18", "702.18", "701.18a"]),
    ],
)
def test_unknown_names_are_answered_with_near_ones(
    client: TestClient, url: str, status: int, suggestions: list[str]
) -> None:
    body = error(client.get(url), status)
    assert body["suggestions"] == suggestions
    *first, last = suggestions
    said = f"{', '.join(first)} or {last}" if first else last
    assert body["message"].endswith(f"; did you mean {said}?")


def test_openapi_lists_every_endpoint(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    assert set(spec["paths"]) == {
        "/api/editions",
        "/api/editions/{edition}",
        "/api/editions/{edition}/rules/{number}",
        "/api/editions/{edition}/glossary",
        "/api/editions/{edition}/glossary/{term}",
        "/api/editions/{edition}/actions",
        "/api/history/{name}",
        "/api/resolve/{number}",
        "/api/diff/{old}/{new}",
        "/api/search",
        "/api/identities/{identity}",
        "/api/check",
        "/api/identify",
    }
    docs = client.get("/api/docs").text
    for path in spec["paths"]:
        assert path in docs
    assert client.get("/api").json()["openapi"] == "/api/openapi.json"


def test_a_bug_is_a_bare_500(web_home: Path) -> None:
    class Broken(Reader):
        def show(self, name, edition=None):  # type: ignore[override]
            raise RuntimeError("secret internals")

    app = create_app(reader=Broken(web_home))
    with TestClient(app, raise_server_exceptions=False) as broken:
        response = broken.get("/api/editions/2026-08-07/rules/701.22")
        body = error(response, 500)
        assert "secret" not in response.text and "RuntimeError" not in response.text
        assert body["message"] == "the server could not answer this request"
        page = broken.get("/e/2026-08-07/701.22")
        assert page.status_code == 500 and "secret" not in page.text
