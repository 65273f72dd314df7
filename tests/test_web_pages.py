"""The pages of ``crdex serve``, through the framework's test client, over real editions.

Expectations read in the documents (WEB_EDITIONS, see conftest), line by line:

- cr-2026-08-07.txt 3457 "701.22. Scry"; 3463 701.22c "... (see rule 101.4) ...";
  3465 701.22d "... described in rule 701.22a ..."; 235 "101.4. If multiple
  players would make choices ..."; 8841 glossary "Scry ... See rule 701.22";
- Scry is 502.36 (cr-2005-02-01.txt 1623), 501.8 (cr-2007-05-01.txt 1565,
  cr-2009-05-01.txt 1686), 701.16 (cr-2009-07-11.txt 2213), 701.18
  (cr-2020-07-03.txt 2983), 701.22 (cr-2026-08-07.txt 3457);
- "701.18. Clash" (cr-2009-07-11.txt 2221);
- the crafted edition tests/data/web/crafted-2030-01-01.txt: 101.1 holds
  ``<script>alert("crafted")</script>``, its example ``<script>document.title=…``,
  101.2 ``</p><h1>not a heading</h1>``, the glossary term ``Tricky <Term>``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from conftest import run_crdex
from crdex.web import create_app

SCRY = ["502.36", "501.8", "701.16", "701.18", "701.22"]


@pytest.fixture(scope="module")
def client(web_home: Path):
    with TestClient(create_app(web_home)) as client:
        yield client


@pytest.fixture(scope="module")
def crafted(crafted_home: Path):
    with TestClient(create_app(crafted_home)) as client:
        yield client


def main(html: str) -> str:
    return html[html.index("<main") : html.index("</main>")]


def hrefs(html: str) -> list[str]:
    return re.findall(r'href="([^"]*)"', html)


corpus = pytest.mark.corpus


@corpus
def test_home_lists_the_editions(client: TestClient) -> None:
    page = main(client.get("/").text)
    for edition in ("2005-02-01", "2009-07-11", "2026-08-07"):
        assert f'href="/e/{edition}"' in page
    assert 'action="/search"' in page


@corpus
def test_names_redirect_to_the_canonical_url(client: TestClient) -> None:
    latest = client.get("/e/latest/701.22", follow_redirects=False)
    assert (latest.status_code, latest.headers["location"]) == (302, "/e/2026-08-07/701.22")
    assert latest.headers["cache-control"] == "public, max-age=60"
    spelled = client.get("/e/2026-08-07/701.022", follow_redirects=False)
    assert (spelled.status_code, spelled.headers["location"]) == (301, "/e/2026-08-07/701.22")
    by_date = client.get("/e/2012-03-15/701.18")
    assert by_date.url.path == "/e/2009-07-11/701.18"
    assert "Clash" in main(by_date.text)


@corpus
def test_rule_page(client: TestClient) -> None:
    response = client.get("/e/2026-08-07/701.22")
    page = main(response.text)
    assert "<h1>" in page and "Scry</h1>" in page
    # every subrule, with its own anchor; references are links to this edition
    for sub in ("701.22a", "701.22b", "701.22c", "701.22d"):
        assert f'id="{sub}"' in page
    assert '<a class="ref" href="/e/2026-08-07/101.4">101.4</a>' in page
    assert '<a class="ref" href="/e/2026-08-07/701.22a">701.22a</a>' in page
    # the timeline: every number Scry held, in order, each linked where it began
    timeline = page[page.index('id="history"') :]
    assert re.findall(r'<span class="number"><a href="[^"]*">([^<]*)</a>', timeline) == SCRY
    assert 'href="/e/2009-07-11/701.16"' in timeline
    # the same rule in the previous edition, and the permanent link
    assert 'href="/e/2020-07-03/701.18"' in page
    assert 'href="/id/2005-02-01/502.36"' in page
    # the keyword action that executes it, by name, after the rule
    assert "<strong>Scry</strong> is a keyword action crdex can carry out" in page
    assert page.index('id="701.22d"') < page.index('<aside class="action"')


@corpus
def test_glossary_terms_are_links(client: TestClient) -> None:
    page = main(client.get("/e/2026-08-07/101.4").text)
    assert "/e/2026-08-07/glossary/" in page  # "Active Player", "Turn Order", …
    glossary = main(client.get("/e/2026-08-07/glossary/letter/S").text)
    assert 'href="/e/2026-08-07/glossary/Scry"' in glossary
    term = main(client.get("/e/2026-08-07/glossary/Scry").text)
    assert '<a class="ref" href="/e/2026-08-07/701.22">701.22</a>' in term
    assert 'id="history"' in term
    lower = client.get("/e/2026-08-07/glossary/scry", follow_redirects=False)
    assert lower.headers["location"] == "/e/2026-08-07/glossary/Scry"


@corpus
def test_sections_and_contents(client: TestClient) -> None:
    toc = main(client.get("/e/2026-08-07").text)
    assert 'href="/e/2026-08-07/701"' in toc and 'href="/e/2020-07-03"' in toc
    section = main(client.get("/e/2026-08-07/7").text)
    assert 'href="/e/2026-08-07/701"' in section and "Keyword Actions" in section
    keyword_actions = main(client.get("/e/2026-08-07/701").text)
    assert 'id="701.22"' in keyword_actions and 'id="701.22d"' in keyword_actions


@corpus
def test_diff_page_filters(client: TestClient) -> None:
    page = main(client.get("/diff/2009-05-01/2009-07-11", params={"only": "moved"}).text)
    kinds = re.findall(r'<li class="change (\w+)"', page)
    assert kinds and set(kinds) == {"moved"}
    assert 'href="/e/2009-05-01/501.8"' in page and 'href="/e/2009-07-11/701.16"' in page
    form = client.get("/diff", params={"old": "2009-05-01", "new": "2009-07-11", "only": "moved"})
    assert form.url.path == "/diff/2009-05-01/2009-07-11"
    changes = client.get("/e/2009-07-11/changes", follow_redirects=False)
    assert changes.headers["location"] == "/diff/2009-05-01/2009-07-11"
    assert client.get("/e/2005-02-01/changes").status_code == 404
    assert client.get("/diff/2009-05-01/2009-07-11", params={"only": "nope"}).status_code == 422


@corpus
def test_search_page(client: TestClient) -> None:
    page = main(client.get("/search", params={"q": "scry zero"}).text)
    first = re.search(r'<a class="hit" href="([^"]*)">([^<]*)</a>', page)
    assert first is not None
    assert first.groups() == ("/e/2026-08-07/701.22#701.22b", "701.22b")
    assert "<mark>" in page
    lookup = client.get("/search", params={"q": "701.22"}, follow_redirects=False)
    assert lookup.headers["location"] == "/e/2026-08-07/701.22"
    respelled = main(client.get("/search", params={"q": "trampel"}).text)
    # nothing is spelled 'trampel': the respelling is searched, and the page says so
    assert "Nothing matches “trampel”; showing results for" in respelled
    assert ">trample</a>" in respelled
    bad = client.get("/search", params={"q": "title:(scry"})
    assert bad.status_code == 422 and "cannot be run" in bad.text and "^" in bad.text
    unknown = client.get("/search", params={"q": "scry", "edition": "1990-01-01"})
    assert unknown.status_code == 404 and "no edition was in force" in unknown.text


@corpus
def test_permanent_link(client: TestClient) -> None:
    response = client.get("/id/2005-02-01/502.36", follow_redirects=False)
    assert response.headers["location"] == "/e/2026-08-07/701.22"


@corpus
def test_caching_headers(client: TestClient) -> None:
    first = client.get("/e/2026-08-07/701.22")
    assert first.headers["cache-control"] == "public, max-age=86400"
    etag = first.headers["etag"]
    again = client.get("/e/2026-08-07/701.22", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag
    css = re.search(r'href="(/static/style\.css\?v=\w+)"', first.text)
    assert css is not None
    static = client.get(css.group(1))
    assert static.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert static.headers["content-type"].startswith("text/css")
    assert "default-src 'self'" in first.headers["content-security-policy"]
    assert first.headers["x-content-type-options"] == "nosniff"


@corpus
def test_pages_load_nothing_from_elsewhere(client: TestClient) -> None:
    for url in ("/", "/e/2026-08-07/701.22", "/search?q=scry", "/api/docs"):
        html = client.get(url).text
        external = [h for h in re.findall(r'(?:href|src)="([^"]*)"', html) if "//" in h]
        assert external == [], url
        assert "style=" not in html and "<script>" not in html  # the policy forbids inline


@corpus
def test_bad_urls(client: TestClient) -> None:
    for url, status in (
        ("/e/nonsense", 422),
        ("/e/2026-08-07/1.2.3", 422),
        ("/e/2026-08-07/999.99", 404),
        ("/e/..%2E/701.22", 422),
        ("/e/2026-08-07/glossary/%00", 422),
        ("/id/not-an-identity", 422),
        ("/static/..%2Fapp.py", 404),
        ("/nowhere", 404),
    ):
        response = client.get(url)
        assert response.status_code == status, url
        assert "Traceback" not in response.text
        assert response.headers["cache-control"] == "no-store"


@corpus
def test_the_library_is_only_read(web_home: Path) -> None:
    def files() -> dict[str, tuple[int, int]]:
        out = {}
        for root, _dirs, names in os.walk(web_home):
            for name in names:
                st = os.stat(os.path.join(root, name))
                out[os.path.join(root, name)] = (st.st_size, st.st_mtime_ns)
        return out

    before = files()
    with TestClient(create_app(web_home)) as fresh:
        for url in (
            "/",
            "/e/2005-02-01/502.36",
            "/e/2009-07-11/glossary",
            "/diff/2005-02-01/2026-08-07",
            "/search?q=trample&all=true",
            "/api/history/701.22",
        ):
            assert fresh.get(url).status_code == 200, url
        assert fresh.post("/api/check", json={"text": "rule 502.36"}).status_code == 200
    assert files() == before


def test_rule_text_is_escaped(crafted: TestClient) -> None:
    page = crafted.get("/e/2030-01-01/101").text
    assert "<script>alert" not in page and "<script>document" not in page
    assert "<img src=x" not in page and "<h1>not a heading</h1>" not in page
    # in an element's text only & < > need escaping: quotes stay as written
    assert '&lt;script&gt;alert("crafted")&lt;/script&gt;' in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "&lt;/p&gt;&lt;h1&gt;not a heading&lt;/h1&gt;" in page
    # references beside the markup are still links
    assert '<a class="ref" href="/e/2030-01-01/100.1">100.1</a>' in page
    assert '<a class="ref" href="/e/2030-01-01/101.2">101.2</a>' in page


def test_glossary_and_search_are_escaped(crafted: TestClient) -> None:
    term = crafted.get("/e/2030-01-01/glossary/Tricky%20%3CTerm%3E")
    assert term.status_code == 200
    assert "<Term>" not in term.text and "Tricky &lt;Term&gt;" in term.text
    assert "&lt;angle brackets&gt; &amp; an ampersand" in term.text
    found = crafted.get("/search", params={"q": "alert crafted"}).text
    assert "<script>" not in found and "&lt;script&gt;" in found
    echoed = crafted.get("/search", params={"q": '"><script>x</script>'}).text
    assert "<script>x" not in echoed


def test_json_carries_the_text_as_written(crafted: TestClient) -> None:
    response = crafted.get("/api/editions/2030-01-01/rules/101.1")
    assert response.headers["content-type"] == "application/json"
    assert response.headers["x-content-type-options"] == "nosniff"
    text = response.json()["text"]
    assert '<script>alert("crafted")</script>' in text


def test_bundled_samples_with_rulings(tmp_path: Path) -> None:
    # an empty library serves the bundled samples; the 2008 rulings page
    # (corpus/samples/rulings-501-keyword-actions.txt, lines 86-88) files under
    # 501.10 "There are no ties or losses in a clash. ..." [Lorwyn FAQ 2007/09/25]
    # the page quotes 501.10 Clash "[CompRules 2007/10/01]": it witnesses that edition
    (tmp_path / "empty").mkdir()
    with TestClient(create_app(tmp_path / "empty")) as samples:
        assert "bundled sample documents" in samples.get("/").text
        latest = samples.get("/e/latest", follow_redirects=False)
        assert latest.headers["location"] == "/e/2022-10-07"
        page = main(samples.get("/e/2007-10-01/501.10").text)
        rulings = page[page.index('class="rulings"') :]
        assert "There are no ties or losses in a clash." in rulings
        assert "Lorwyn FAQ" in rulings and '<time datetime="2007-09-25">' in rulings
    assert list((tmp_path / "empty").iterdir()) == []  # nothing written


def test_serve_says_when_it_cannot_listen(tmp_path: Path) -> None:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = run_crdex("serve", "--home", str(tmp_path / "home"), "--port", str(port))
    assert done.returncode == 1
    assert done.stderr.startswith(f"Error: cannot listen on 127.0.0.1 port {port}: ")
    assert "Traceback" not in done.stderr
