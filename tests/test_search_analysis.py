"""The single-pass analyzer gives exactly the tokens of Whoosh's chained steps it replaces.

Compared on real rule text (today's edition and a 1999 one, in their own
words and typography), on bodies with ``word^weight`` boosts as the index
writes them, and on odd inputs, with every option a field, a query parser
or a highlighter passes.
"""

from __future__ import annotations

import itertools

import pytest

from conftest import corpus_path
from crdex.index.search.documents import weighted
from crdex.index.search.schema import INDEX_STOP_WORDS, WORD, analyzer
from crdex.index.search.whoosh_ext.analysis import RuleAnalyzer, chain

ODD = [
    "",
    "The the THE a an",
    "701.22a Scry^3 scries^1.5 the^2 cards",
    "Ｓｃｒｙ — it’s a “card” (X/X) 1,000 +1/+1 counters",
    "an^0.4 a^3",
    "word^ and ^3 alone",
]

OPTIONS = [
    dict(zip(("positions", "chars", "removestops", "mode"), values, strict=True))
    for values in itertools.product((False, True), (False, True), (True, False), ("index", "query"))
]


def _tokens(stream) -> list[tuple]:
    return [
        (
            t.text,
            getattr(t, "pos", None),
            getattr(t, "startchar", None),
            getattr(t, "endchar", None),
            t.boost,
            t.stopped,
        )
        for t in stream
    ]


def _texts() -> list[str]:
    texts = list(ODD)
    for name in ("cr-2026-08-07.txt", "cr-1999-04-23.txt"):
        lines = corpus_path(name).read_text(encoding="utf-8", errors="replace").splitlines()
        texts.extend(lines[200:260])
        texts.append(weighted(" ".join(lines[300:320]), 3.0))
    return texts


@pytest.mark.corpus
def test_the_one_pass_gives_the_chains_tokens_with_every_option() -> None:
    fused, chained = RuleAnalyzer(WORD, INDEX_STOP_WORDS), chain(WORD, INDEX_STOP_WORDS)
    texts = _texts()
    for options in OPTIONS:
        for extra in ({}, {"start_pos": 7, "start_char": 100}):
            for text in texts:
                expected = _tokens(chained(text, **options, **extra))
                assert _tokens(fused(text, **options, **extra)) == expected, (text, options)


@pytest.mark.parametrize(
    "options", [{"keeporiginal": True}, {"tokenize": False}, {"no_morph": True, "positions": True}]
)
def test_calls_it_does_not_specialise_go_through_the_chain(options: dict) -> None:
    fused, chained = RuleAnalyzer(WORD, INDEX_STOP_WORDS), chain(WORD, INDEX_STOP_WORDS)
    for text in ODD:
        assert _outcome(fused, text, options) == _outcome(chained, text, options)


def _outcome(analyze, text: str, options: dict) -> list[tuple] | str:
    """The tokens, or the error (untokenized, "a^2 b" reads "2 b" as a boost and fails)."""
    try:
        return _tokens(analyze(text, **options))
    except ValueError as exc:
        return str(exc)


def test_the_schema_analyzer_is_the_one_pass_and_describes_itself_as_the_chain() -> None:
    a = analyzer()
    assert isinstance(a, RuleAnalyzer)
    assert [type(step).__name__ for step in a.items] == [
        "RegexTokenizer",
        "DelimitedAttributeFilter",
        "LowercaseFilter",
        "StopFilter",
        "StemFilter",
    ]
    assert a.has_morph()
    assert a == analyzer()
    # stemmed, the article dropped, the boost read: "scries^2" is "scri" weighing 2
    assert [(t.text, t.boost) for t in a("the scries^2 Scrying")] == [
        ("scri", 2.0),
        ("scri", 1.0),
    ]
