"""The search index's schema and analyzers, declared once.

Text is analysed one way everywhere: words (rule numbers such as
``702.19`` stay whole), lower case, articles dropped, Snowball English
stems (so "scry", "scried" and "scrying" meet, and "dies"/"died" meet
"die"). Single characters are kept: "scry 0" and "X" matter in the rules.
Question words are not stop words here; they are dropped from queries
only (see :mod:`.terms`), so that phrases in the rules keep their
positions.

A rule is searched through one field, ``body``: its title, the headings
above it, the glossary terms naming it, its text, examples and rulings, each
word carrying its part's weight as a token boost (written ``word^3`` and
read by the analyzer). The weights add up per word before BM25 saturates
them, which is what BM25F does, and a query word costs one posting list
instead of one per part. The parts themselves are stored for display.

``SEARCH_FORMAT`` is bumped whenever what is indexed, or how, changes
meaning; an index with another format (or another schema fingerprint) is
rebuilt rather than read.
"""

from __future__ import annotations

from whoosh import fields

from .whoosh_ext.analysis import RuleAnalyzer

__all__ = [
    "BODY_WEIGHTS",
    "INDEX_STOP_WORDS",
    "NO_END",
    "SEARCH_FORMAT",
    "WORD",
    "analyzer",
    "make_schema",
    "schema_fingerprint",
]

SEARCH_FORMAT = 6

# stop words at index time: only the ones that never carry meaning in a rule
INDEX_STOP_WORDS = frozenset({"a", "an", "the"})

# "until" of a document still in force in the last edition: any later date
NO_END = 99_991_231

# how much a word counts in each part of a rule: its own title and the
# headings above it say what it is about, the glossary terms pointing at it
# name it; examples and rulings illustrate
BODY_WEIGHTS: dict[str, float] = {
    "title": 3.0,
    "heading": 1.5,
    "glossary": 2.0,
    "text": 1.0,
    "examples": 0.4,
    "rulings": 0.5,
}

# a word, as the tokenizer reads it (a boost suffix aside)
WORD = r"\w+(?:\.?\w+)*"


def analyzer() -> RuleAnalyzer:
    """Tokens (with an optional ``^boost``) → lower case → minus articles → English stems."""
    return RuleAnalyzer(WORD, INDEX_STOP_WORDS)


def make_schema() -> fields.Schema:
    """One document per distinct version of a rule or glossary entry.

    ``key`` (also a column, for listing every document fast) is a digest
    of the content; ``spans`` (stored) holds the date ranges the version is
    in force and the number it had from each date. Which documents are in
    force on a date is answered from a per-generation table (see
    :mod:`.answering.engine`), not from Whoosh fields, so that extending a date range
    never means re-indexing text.
    """
    text = analyzer()
    return fields.Schema(
        key=fields.ID(stored=True, unique=True, sortable=True),
        # stored, not indexed: nothing searches by them, and each indexed field
        # costs every document its own posting and length
        identity=fields.STORED(),
        kind=fields.STORED(),
        number=fields.KEYWORD(stored=True, scorable=True, lowercase=True),
        within=fields.KEYWORD(scorable=True, lowercase=True),
        title=fields.TEXT(analyzer=text, stored=True),
        body=fields.TEXT(analyzer=text),
        heading=fields.STORED(),
        glossary=fields.STORED(),
        text=fields.STORED(),
        examples=fields.STORED(),
        rulings=fields.STORED(),
        lead=fields.STORED(),
        stems=fields.STORED(),
        spans=fields.STORED(),
    )


def _describe(field: fields.FieldType) -> str:
    """A description of a field that is the same in every process (no object ids)."""
    parts = [type(field).__name__]
    analyzer_ = getattr(field, "analyzer", None)
    for step in getattr(analyzer_, "items", [analyzer_] if analyzer_ else []):
        bits = [type(step).__name__]
        for attr in ("expression", "stops", "lang", "min", "delim", "attr"):
            value = getattr(step, attr, None)
            if value is not None:
                value = getattr(value, "pattern", value)
                bits.append(f"{attr}={sorted(value) if isinstance(value, frozenset) else value}")
        parts.append(" ".join(map(str, bits)))
    return " | ".join(parts)


def schema_fingerprint() -> str:
    """A short digest of the schema and analyzers, stored with every index."""
    schema = make_schema()
    parts = [str(SEARCH_FORMAT)] + [f"{n}: {_describe(schema[n])}" for n in schema.names()]
    return _sha256("\n".join(parts).encode())[:16]


def _sha256(data: bytes) -> str:
    """SHA-256 by the standard library's own module, where it has one.

    Every search checks this digest when it opens the index; hashlib would
    first load OpenSSL for it, 3 ms of a word search's start-up.
    """
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]  # Python 3.12 and later
    except ImportError:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found,no-redef]  # Python 3.11
        except ImportError:
            from hashlib import sha256  # type: ignore[assignment]
    return str(sha256(data).hexdigest())
