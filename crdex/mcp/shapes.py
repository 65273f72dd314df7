"""The shapes of the tools' structured results, published to clients as output schemas.

The field names are those of ``crdex … --json`` (the result objects'
``to_dict``); a paged answer adds ``total``, ``offset``, ``limit`` and
``next_offset``. Only the top level is spelled out: nested records keep
their ``--json`` form and are described, not typed, so that the schema
stays short in an assistant's context. The SDK checks every result
against its shape, so a field the library renames fails loudly in the
tests instead of reaching clients silently.
"""

from __future__ import annotations

from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

__all__ = [
    "CheckShape",
    "DiffShape",
    "EditionsShape",
    "GlossaryShape",
    "HistoryShape",
    "IdentifyShape",
    "ResolutionShape",
    "RuleShape",
    "SearchShape",
]

Record = dict[str, Any]


def _(description: str) -> Any:
    return Field(description=description)


class Page(TypedDict):
    total: Annotated[int, _("how many there are in all")]
    offset: Annotated[int, _("where this page starts")]
    limit: int
    next_offset: Annotated[int | None, _("the offset of the next page; null on the last page")]


class RuleShape(TypedDict):
    """A rule as one edition has it, with every rule under it (as ``crdex show --json``)."""

    edition: Annotated[str, _("the id of the edition that answered")]
    number: str
    kind: Annotated[str, _("section, rule or subrule")]
    title: str
    text: str
    examples: list[str]
    rulings: Annotated[list[Record], _("text, source, date, number")]
    references: Annotated[list[str], _("rule numbers this rule refers to")]
    cited_by: Annotated[list[str], _("rules and glossary terms that refer to this rule")]
    children: Annotated[list[Record], _("the rules under this one, in this same shape")]
    omitted: Annotated[list[str], _("rules left out to keep the answer short; ask for each")]


class GlossaryEntryShape(TypedDict):
    edition: str
    kind: str
    term: str
    definition: str
    aliases: list[str]
    references: list[str]
    obsolete: bool


class GlossaryShape(Page):
    """Glossary entries of one edition (as ``crdex show TERM --json``), a page at a time."""

    edition: str
    entries: list[GlossaryEntryShape]


class SearchShape(TypedDict):
    """Ranked rules for a query (as ``crdex search --json``)."""

    query: str
    mode: Annotated[str, _("text, or lookup when the query was a rule number")]
    edition: Annotated[str | None, _("the edition searched; null for all editions")]
    asked: str | None
    total: Annotated[int, _("how many rules the search ranked, whatever the limit")]
    suggestion: Annotated[str | None, _("a respelled query when words were not found")]
    corrected: Annotated[
        str | None, _("the respelled query searched because the query found nothing")
    ]
    hits: NotRequired[
        Annotated[
            list[Record],
            _(
                "one edition: number, kind, title, heading, text, examples, rulings, "
                "snippet, score; term and definition of a glossary entry answering as it"
            ),
        ]
    ]
    groups: NotRequired[
        Annotated[list[Record], _("all editions: each rule's matching versions, grouped")]
    ]


class HistoryShape(TypedDict):
    """Every version of one rule across the editions (as ``crdex history --json``)."""

    identity: Annotated[str, _("the rule's stable identity: the edition and number it began as")]
    glossary: bool
    asked: str
    edition: str
    origin: Annotated[Record, _("how it began: first, added or split (from)")]
    end: Annotated[Record, _("how it ends: current, removed or merged (into)")]
    versions: Annotated[
        list[Record],
        _("each number and wording it had: editions, number, text, change, word diff"),
    ]
    split_off: list[Record]
    merged_in: list[Record]
    number_also: Annotated[list[Record], _("other rules that held the same number, and when")]
    typography: Annotated[
        bool, _("whether typography-only edits are versions of their own (else folded)")
    ]


class ResolutionShape(TypedDict):
    """Where a cited rule went (as ``crdex resolve --json``)."""

    asked: str
    at: Annotated[str, _("the edition in force when it was cited")]
    to: str
    identity: str
    label: str
    status: Annotated[str, _("current, removed or not-yet")]
    number: Annotated[str | None, _("its number in the 'to' edition")]
    title: str | None
    text: str | None
    note: str
    chain: Annotated[list[Record], _("each number it held between, with its editions")]


class DiffShape(Page):
    """One page of the changes between two editions (as ``crdex diff --json``)."""

    old: str
    new: str
    counts: Annotated[dict[str, int], _("changes of each kind, over the whole diff")]
    edit_classes: dict[str, int]
    changes: Annotated[list[Record], _("kind, change, old and new sides, word diff")]
    reused_numbers: Annotated[list[Record], _("numbers that name another rule in the new edition")]


class CheckShape(TypedDict):
    """The verdicts on every rule citation of a text (as ``crdex check --json``)."""

    edition: str
    dates: Annotated[str, _("where undated citations got a date: 'as-of DATE' or 'none'")]
    citations: int
    problems: int
    warnings: Annotated[int, _("mismatches: citations whose words fit another rule")]
    counts: Annotated[dict[str, int], _("citations per status")]
    findings: Annotated[
        list[Record],
        _(
            "line, column, text, numbers, status, message, current numbers, replacement, "
            "meaning (how each number was read), mismatch, words"
        ),
    ]


class IdentifyShape(TypedDict):
    """Which editions a text is (as ``crdex identify --json``)."""

    document: Annotated[
        Record, _("name, format, title, date (null: none stated), rules, first, last")
    ]
    verdict: Annotated[str, _("matched, between (two editions), nearest or unplaced")]
    editions: Annotated[list[str], _("the editions matched (or nearest, or the two between)")]
    runs: Annotated[list[Record], _("those editions as runs: first, last, editions")]
    between: Annotated[list[Record], _("after, before: consecutive editions the text lies between")]
    counts: Annotated[
        dict[str, int], _("the text's rules: identical, typography, cut-short, differ; missing")
    ]
    differences: Annotated[
        list[Record],
        _("number, status, editions, why, document_text, edition_text, changes, found_in"),
    ]
    neighbours: Annotated[list[Record], _("edition, differ, rules: the editions next to a match")]
    repairs: Annotated[
        list[Record], _("line, kind, reason, rule, path: what the text's parse repaired")
    ]
    library_editions: int
    note: str


class DocumentShape(TypedDict):
    id: str
    date: str | None
    tag: str
    format: str
    path: str
    rules: int
    glossary: int
    in_chain: Annotated[bool, _("whether this copy answers for its edition")]


class EditionShape(TypedDict):
    id: str
    date: str
    title: str
    rules: int
    glossary: int
    chain_index: int
    copies: Annotated[int, _("how many documents of this edition the library holds")]
    documents: NotRequired[Annotated[list[DocumentShape], _("those documents, when asked for")]]


class EditionsShape(TypedDict):
    """What the library holds."""

    bundled: Annotated[bool, _("true when the library is empty and bundled samples answer")]
    editions: list[EditionShape]
    undated: Annotated[int, _("how many documents have no date of their own")]
    undated_documents: NotRequired[
        Annotated[list[DocumentShape], _("those documents, when asked for")]
    ]
