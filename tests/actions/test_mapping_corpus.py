"""Every edition in the corpus, parsed and mapped: coverage per edition.

Skips when the corpus is absent. Run with ``-s`` to see the coverage lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CORPUS, SEEDS
from crdex.actions.coverage import coverage_summary
from crdex.actions.mapping import map_edition
from crdex.parser import parse_path

EDITIONS = sorted(CORPUS.glob("cr-*.txt")) if CORPUS.is_dir() else []

pytestmark = [pytest.mark.corpus, pytest.mark.slow]


@pytest.mark.skipif(not EDITIONS, reason="corpus not available")
@pytest.mark.parametrize("path", EDITIONS, ids=[p.name for p in EDITIONS])
def test_every_keyword_action_rule_maps(path: Path) -> None:
    edition = parse_path(path)
    links = map_edition(edition)
    summary = coverage_summary(links)
    print(f"{edition.id:>24} {path.name:<44} {summary}")
    unmapped = [(link.number, link.title) for link in links if link.status == "unmapped"]
    assert not unmapped
    numbers = [link.number for link in links]
    assert len(numbers) == len(set(numbers))


@pytest.mark.skipif(not (CORPUS / "cr-2026-08-07.txt").exists(), reason="corpus not available")
def test_2026_08_07_all_69_covered_and_texts_verified() -> None:
    edition = parse_path(CORPUS / "cr-2026-08-07.txt")
    links = map_edition(edition)
    assert len(links) == 69
    assert all(link.status in ("implemented", "not-executable") for link in links)
    mismatched = [
        link.title
        for link in links
        if link.status == "implemented" and not link.text_matches_verified
    ]
    assert mismatched == []


@pytest.mark.skipif(not EDITIONS, reason="corpus not available")
@pytest.mark.parametrize(
    ("edition_file", "number", "keyword"),
    [
        ("cr-2005-02-01.txt", "502.36", "scry"),
        ("cr-2008-05-01.txt", "501.8", "scry"),
        ("cr-2008-05-01.txt", "501.7", "tap and untap"),
        ("cr-2009-07-11.txt", "701.16", "scry"),
        ("cr-2026-08-07.txt", "701.22", "scry"),
    ],
)
def test_scry_followed_across_numberings(edition_file: str, number: str, keyword: str) -> None:
    links = {link.number: link for link in map_edition(parse_path(CORPUS / edition_file))}
    assert links[number].keyword == keyword


OTHER_FORMS = [
    # (path, the official text of the same rules, or None)
    (CORPUS / "cr-2022-10-07.mdbook.html", CORPUS / "cr-2022-10-07.txt"),
    (CORPUS / "cr-2022-06-10.mdbook.html", CORPUS / "cr-2022-06-10.txt"),
    (CORPUS / "cr-2014-05-01.docx", CORPUS / "cr-2014-05-01.derived.txt"),
    (SEEDS / "000_fb0d997b58fab580.txt", CORPUS / "cr-2022-10-07.txt"),
    (SEEDS / "002_262e09b339f92cd4.txt", None),
]


@pytest.mark.parametrize(("path", "official"), OTHER_FORMS, ids=[p.name for p, _ in OTHER_FORMS])
def test_other_formats_map_like_the_official_text(path: Path, official: Path | None) -> None:
    """Every form of the rules maps its keyword-action titles like the official text."""
    if not path.exists():
        pytest.skip(f"{path} not available")
    edition = parse_path(path)
    links = map_edition(edition)
    print(f"{edition.id:>24} {path.name:<44} {coverage_summary(links)}")
    assert links
    assert not [link for link in links if link.status == "unmapped"]
    if official is not None:
        expected = map_edition(parse_path(official))
        assert [(link.title, link.keyword) for link in links] == [
            (link.title, link.keyword) for link in expected
        ]
