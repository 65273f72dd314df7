"""The Python API from the top of the package, on the whole corpus.

Expectations read from the documents: 701.18 is "Shuffle" in 2017-01-20,
"Scry" in 2020-07-03 and "Play" in 2026-08-07 (grep '^701\\.18\\. ' in each);
Scry, 502.36 in 2005-02-01, is 701.22 in 2026-08-07; on 2012-03-15 the
edition in force is 2012-02-01 (the next one is 2012-05-01). The corpus holds
two copies of 2026-08-07 (MANIFEST.tsv): cr-2026-08-07.txt, the third upload,
and cr-2026-08-07.upload-20260808.txt, the second; the untagged one stands in
for the edition.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import crdex
from crdex.index.errors import UnknownRule

pytestmark = [pytest.mark.corpus, pytest.mark.slow]


def test_rule_is_read_in_its_edition(corpus_home: Path) -> None:
    titles = [
        crdex.rule("701.18", e, home=corpus_home).title
        for e in ("2017-01-20", "2020-07-03", "latest")
    ]
    assert titles == ["Shuffle", "Scry", "Play"]
    assert crdex.rule("999.9", home=corpus_home) is None


def test_resolve_and_edition_by_date(corpus_home: Path) -> None:
    assert crdex.resolve("502.36", "2005-02-01", home=corpus_home).number == "701.22"
    assert crdex.edition("2012-03-15", home=corpus_home).id == "2012-02-01"


def test_documents_name_every_copy(corpus_home: Path) -> None:
    docs = crdex.Reader(corpus_home).documents()
    copies = {d["id"]: d for d in docs if d["date"] == "2026-08-07"}
    assert set(copies) == {"2026-08-07", "2026-08-07.upload-20260808"}
    assert copies["2026-08-07"]["in_chain"] is True
    assert copies["2026-08-07.upload-20260808"]["in_chain"] is False
    assert copies["2026-08-07.upload-20260808"]["tag"] == "upload-20260808"
    dates = [d["date"] or "" for d in docs]  # undated documents (date None) first
    assert dates == sorted(dates)


def test_unknown_name() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        crdex.nonsense  # noqa: B018


def test_reader_identity_documents_and_fingerprint(corpus_home: Path) -> None:
    # Scry's identity is its first version, 502.36 of 2004-06-01; in 2026-08-07 it is
    # "701.22. Scry" (cr-2026-08-07.txt line 3457), the latest edition of the corpus
    reader = crdex.Reader(corpus_home)
    where = reader.identity("2004-06-01/502.36")
    assert (where["number"], where["last_edition"], where["current"]) == (
        "701.22",
        "2026-08-07",
        True,
    )
    with pytest.raises(UnknownRule, match=r"did you mean 2004-06-01/502\.36"):
        reader.identity("2004-06-01/502.3")
    docs = reader.documents()
    # one speaking document an edition; of 2008-05-01 it is the clean second copy
    # (cr-2008-05-01.txt has "?" for every quote: its MANIFEST row), so that edition is
    # named by its date, not by the document
    chain = [d["date"] for d in docs if d["in_chain"]]
    assert chain == [e["id"] for e in reader.editions()]
    speaking = {d["date"]: d["id"] for d in docs if d["in_chain"]}
    assert speaking["2008-05-01"] == "2008-05-01.alt-vensersjournal"
    assert speaking["2026-08-07"] == "2026-08-07"
    assert reader.fingerprint() == crdex.Reader(corpus_home).fingerprint()


def test_reader_names_an_edition_without_loading_it(corpus_home: Path) -> None:
    # the edition in force on 2012-03-15 is 2012-02-01 (the next is 2012-05-01)
    reader = crdex.Reader(corpus_home)
    assert reader.edition_id("2012-03-15") == "2012-02-01"
    assert reader.edition_id("latest") == "2026-08-07"
