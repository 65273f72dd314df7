"""The JSON API under ``/api/``: the answers of ``crdex … --json``, over HTTP.

Every answer is the ``to_dict()`` of the reader's result (the same field
names as the command line's ``--json`` and the export schema), so a tool
can move between the two without renaming anything. Editions are named
as everywhere (an id, a date, ``latest``); an answer for an edition named
by id may be cached for a day, one for ``latest`` or a date for a minute.
Errors are JSON too: ``status``, ``error``, ``message``, ``suggestions``.
The OpenAPI description is at ``/api/openapi.json`` and readable at
``/api/docs`` (:mod:`.apidocs`). Each route's docstring and each
parameter's description are Markdown: they are what those pages show.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, HTTPException, Path, Query, Request
from pydantic import BaseModel, Field, ValidationError
from starlette.responses import Response

from crdex.actions.coverage import coverage_summary
from crdex.citations import TooManyCitations
from crdex.index.answers.show import GlossaryView

from .errors import BadRequest, BadValue
from .headers import JSONBytes, cache_for
from .params import (
    change_classes,
    change_kinds,
    date_value,
    identity_id,
    term_name,
)
from .site import filter_changes, in_lane, on_reader, site_of

__all__ = ["MAX_CHECK_BYTES", "MAX_IDENTIFY_BYTES", "CheckRequest", "IdentifyRequest", "router"]

router = APIRouter(prefix="/api")

MAX_CHECK_BYTES = 1 << 20  # posted text to check, at most
MAX_IDENTIFY_BYTES = 4 << 20  # posted text to identify, at most: more than any edition
# a name a posted text is given: one file name, never a path (it is never read)
POSTED_NAME = r"^[^/\\\x00-\x1f]*$"
Posted = TypeVar("Posted", bound=BaseModel)

Edition = Annotated[
    str,
    Path(
        description="An edition: its id (`2026-08-07`), a date (the edition in force that "
        "day) or `latest`."
    ),
]
Number = Annotated[str, Path(description="A rule number: `7`, `701`, `701.22`, `704.5aa`.")]
Term = Annotated[
    str, Path(description="A glossary term or one of its other names, in any case: `Scry`.")
]
TYPOGRAPHY = (
    "List edits of typography alone (straight and curly quotes, italics) as versions of "
    "their own; by default each is folded into the version before it (`typography_edits`)."
)


def _json(data: Any, named: bool) -> Response:
    return cache_for(JSONBytes(data), "edition" if named else "moving")


@router.get("", include_in_schema=False)
async def api_index(request: Request) -> Response:
    """Where everything is: each endpoint of the API with its summary."""
    paths = request.app.openapi()["paths"]
    return _json(
        {
            "openapi": "/api/openapi.json",
            "docs": "/api/docs",
            "endpoints": [
                {"method": method.upper(), "path": path, "summary": op.get("summary", "")}
                for path, ops in paths.items()
                for method, op in ops.items()
            ],
        },
        False,
    )


@router.get("/editions", summary="Every edition of the chain, oldest first")
@in_lane("lookup")
def editions(request: Request) -> Response:
    """As `crdex editions --json`: each edition (one per effective date), its counts and documents."""
    site = site_of(request)
    by_date: dict[str, list[dict[str, Any]]] = {}
    for doc in site.documents:
        if doc["date"]:
            by_date.setdefault(doc["date"], []).append(doc)
    rows = [{**e, "documents": by_date.get(e["date"], [])} for e in site.editions]
    return _json({"editions": rows}, False)


@router.get("/editions/{edition}", summary="One edition: its record and table of contents")
@on_reader
def edition(request: Request, edition: Edition) -> Response:
    """Its id, dates, format and counts, and its table of contents: every section and rule."""
    site = site_of(request)
    eid, named = site.named(edition)
    parsed = site.reader.edition(eid)
    contents = [
        {"number": r.number, "kind": r.kind, "title": r.title, "parent": r.parent}
        for r in parsed.rules
        if r.kind != "subrule"
    ]
    source = parsed.source
    record = {
        **site.edition_info(eid),
        "effective_date": parsed.effective_date.isoformat() if parsed.effective_date else None,
        "format": source.format,
        "encoding": source.encoding,
        "sha256": source.sha256,
        "bytes": source.bytes,
    }
    record.pop("path", None)
    return _json({"edition": record, "contents": contents}, named)


@router.get(
    "/editions/{edition}/rules/{number}",
    summary="One rule with its subrules, examples, rulings and references",
)
@in_lane("lookup")
def rule(request: Request, edition: Edition, number: Number) -> Response:
    """As `crdex show NUMBER --edition EDITION --json`: the rule with every subrule under it.

    A section (`7`) or a rule group (`701`) gives every rule under it. An
    unknown number is a 404 whose `suggestions` are the edition's numbers
    nearest to it.
    """
    site = site_of(request)
    eid, named = site.named(edition)
    view = site.reader.show(site.number(number, eid), eid)
    return _json(view.to_dict(), named)


@router.get("/editions/{edition}/glossary", summary="The glossary of an edition")
@on_reader
def glossary(request: Request, edition: Edition) -> Response:
    """As `crdex glossary --edition EDITION --json`: every entry, in the glossary's order."""
    site = site_of(request)
    eid, named = site.named(edition)
    entries = [
        GlossaryView(
            term=g.term,
            definition=g.definition,
            aliases=list(g.aliases),
            references=list(dict.fromkeys(r.target for r in g.references)),
            obsolete=g.obsolete,
            edition=eid,
        ).to_dict()
        for g in site.reader.glossary(eid)
    ]
    return _json({"edition": eid, "glossary": entries}, named)


@router.get("/editions/{edition}/glossary/{term:path}", summary="One glossary entry")
@in_lane("lookup")
def glossary_entry(request: Request, edition: Edition, term: Term) -> Response:
    """As `crdex show TERM --edition EDITION --json`: the definition, other names, rules cited.

    A term is found by its name or one of its other names, in any case.
    """
    site = site_of(request)
    eid, named = site.named(edition)
    view = site.reader.show(term_name(term), eid)
    if not isinstance(view, GlossaryView):
        raise BadValue("glossary term", term, "a glossary term (a rule number was given)")
    return _json(view.to_dict(), named)


@router.get("/editions/{edition}/actions", summary="The keyword actions of an edition")
@on_reader
def actions(request: Request, edition: Edition) -> Response:
    """As `crdex actions --edition EDITION --json`: each with its implementation and status."""
    site = site_of(request)
    eid, named = site.named(edition)
    _id, rows = site.reader.actions(eid)
    return _json({"edition": eid, "summary": coverage_summary(rows), "actions": rows}, named)


@router.get("/history/{name:path}", summary="Every edition of one rule, through its renumberings")
@in_lane("lookup")
def history(
    request: Request,
    name: Annotated[
        str,
        Path(description="A rule number (`701.22`, `502.36`) or a glossary term (`Scry`)."),
    ],
    edition: Annotated[
        str | None,
        Query(
            description="The edition `name` is read in (a number can mean different rules "
            "in different editions); default: the last edition that has it."
        ),
    ] = None,
    typography: Annotated[bool, Query(description=TYPOGRAPHY)] = False,
) -> Response:
    """As `crdex history NAME --json`: every version of the rule, through its renumberings.

    Each version gives its editions, number, text and word-level changes;
    `number_also` lists the other rules that held the same number.
    """
    site = site_of(request)
    asked = name.strip()
    eid = site.edition_id(site.edition_name(edition)) if edition else None
    asked = site.number(asked, eid or site.latest) if asked[:1].isdigit() else term_name(asked)
    return _json(site.reader.history(asked, eid, typography=typography).to_dict(), False)


@router.get("/resolve/{number}", summary="What a rule cited on one date is called on another")
@in_lane("lookup")
def resolve(
    request: Request,
    number: Number,
    as_of: Annotated[
        str | None,
        Query(
            description="When the citation was written: a date, or an edition id "
            "(`at` is the same parameter)."
        ),
    ] = None,
    at: Annotated[str | None, Query(description="The same as `as_of`.")] = None,
    to: Annotated[
        str | None,
        Query(description="The date or edition to follow it to; default: the latest edition."),
    ] = None,
) -> Response:
    """As `crdex resolve NUMBER --as-of DATE --to TO --json`: where a cited rule went.

    The rule that held `number` in the edition in force on `as_of` is
    followed to `to`: its number there (or when it was removed), with the
    chain of numbers in between.
    """
    site = site_of(request)
    when = as_of or at
    if when is None:
        raise BadRequest("as_of: say when the citation was written (as_of, or at: a date)")
    target = site.edition_name(to, "to") if to else None
    cited = site.edition_name(when, "as_of")
    result = site.reader.resolve(site.number(number, site.latest), cited, target)
    return _json(result.to_dict(), False)


@router.get("/diff/{old}/{new}", summary="What changed between any two editions")
@in_lane("heavy")
def diff(
    request: Request,
    old: Edition,
    new: Edition,
    only: Annotated[
        list[str],
        Query(
            description="Keep only these kinds of change (repeat it): `added`, `removed`, "
            "`moved`, `edited`, `split`, `merged`."
        ),
    ] = [],  # noqa: B006  (FastAPI reads the default)
    change: Annotated[
        list[str],
        Query(
            description="Keep only edits of these classes (repeat it): `meaning`, "
            "`references` (cited numbers only), `typography`."
        ),
    ] = [],  # noqa: B006
) -> Response:
    """As `crdex diff OLD NEW --json`: everything that changed between any two editions.

    The editions need not be neighbours: the changes of those in between
    are followed. `counts` covers the whole diff whatever the filters.
    """
    site = site_of(request)
    kinds, classes = change_kinds(only), change_classes(change)
    old_id, old_named = site.named(old)
    new_id, new_named = site.named(new)
    result = site.reader.diff(old_id, new_id)
    data = result.to_dict()
    if kinds or classes:
        kept = filter_changes(result.items, kinds, classes)
        data["changes"] = [item.to_dict() for item in kept]
    return _json(data, old_named and new_named)


@router.get("/search", summary="Search the rules of one edition, a date, or every edition")
@in_lane("search")
def search(
    request: Request,
    q: Annotated[str, Query(description="Words, a quoted phrase, or a rule number.")],
    edition: Annotated[str | None, Query(description="The edition to search.")] = None,
    as_of: Annotated[str | None, Query(description="Search the edition in force then.")] = None,
    all_editions: Annotated[
        bool, Query(description="Search every edition, the versions of each rule grouped.")
    ] = False,
    limit: Annotated[int, Query(description="Rules to return (1 to 100).")] = 10,
    source: Annotated[
        str,
        Query(
            description="cr (the Comprehensive Rules), summary (the rulings summaries, "
            "in their own numbering) or all."
        ),
    ] = "cr",
) -> Response:
    """As `crdex search Q --json`: hits for one edition, groups across all editions.

    With `source` summary or all, `summary` lists the rulings summaries' items.
    """
    result = site_of(request).search(q, edition, as_of, all_editions, limit, source)
    return _json(result.to_dict(), False)


@router.get("/identities/{identity:path}", summary="Where a rule identity is now")
@in_lane("lookup")
def identity(
    request: Request,
    identity: Annotated[
        str,
        Path(
            description="A rule's identity: the edition and number it began as "
            "(`2004-06-01/502.36`), or `EDITION/glossary:TERM`."
        ),
    ],
) -> Response:
    """The first and last version of the rule with this identity, and whether it is current."""
    return _json(site_of(request).reader.identity(identity_id(identity)), False)


def _json_body(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI description of a JSON body the route reads itself (see :func:`_posted`)."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": model.model_json_schema()}},
        }
    }


class CheckRequest(BaseModel):
    """Text whose rule citations are to be checked, and against what."""

    text: str = Field(description="The text: prose, or source code when `path` says so.")
    path: str = Field(
        "-",
        max_length=200,
        pattern=POSTED_NAME,
        description="A file name whose suffix says how to find comments (main.py); never read.",
    )
    edition: str = Field("latest", description="The edition to check against.")
    as_of: str | None = Field(
        None,
        description="The date the text was written: citations without a date of their own "
        "are read in the edition in force then, or about to take effect.",
    )


@router.post(
    "/check",
    summary="Check the rule citations in posted text",
    openapi_extra=_json_body(CheckRequest),
)
async def check(request: Request) -> Response:
    """As `crdex check FILE --json`, for text posted as JSON (at most 1 MiB; more is a 413)."""
    asked = await _posted(request, CheckRequest, MAX_CHECK_BYTES, "the text to check")
    return await _checked(request=request, asked=asked)


async def _posted(request: Request, model: type[Posted], limit: int, what: str) -> Posted:
    """The request's JSON body as ``model``, read no further than ``limit`` bytes."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > limit):
        raise HTTPException(413, f"{what} is larger than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise HTTPException(413, f"{what} is larger than {limit} bytes")
    try:
        return model.model_validate_json(bytes(body))
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'body'}: {e['msg']}" for e in exc.errors()
        )
        raise BadValue(
            "request body", _short(body), f"a JSON object as documented ({problems})"
        ) from None


@in_lane("heavy")
def _checked(request: Request, asked: CheckRequest) -> Response:
    site = site_of(request)
    eid = site.edition_id(site.edition_name(asked.edition))
    as_of = date_value(asked.as_of, "as_of") if asked.as_of else None
    try:
        report = site.reader.check_text(
            asked.text, path=asked.path or "-", edition=eid, as_of=as_of
        )
    except TooManyCitations as exc:
        raise HTTPException(413, str(exc)) from None
    return cache_for(JSONBytes(report.to_dict()), "private")


class IdentifyRequest(BaseModel):
    """A document's text, to be placed among the editions by it."""

    text: str = Field(description="The document's text: an excerpt, or a whole edition.")
    name: str = Field(
        "-",
        max_length=200,
        pattern=POSTED_NAME,
        description="A name for the text in the answer and in errors; never read.",
    )
    format: str | None = Field(
        None, description="Read the text as this format instead of detecting it."
    )


@router.post(
    "/identify",
    summary="Which editions a posted text is",
    openapi_extra=_json_body(IdentifyRequest),
)
async def identify(request: Request) -> Response:
    """As ``crdex identify FILE --json``, for text posted as JSON (at most 4 MiB)."""
    asked = await _posted(request, IdentifyRequest, MAX_IDENTIFY_BYTES, "the text to identify")
    return await _identified(request=request, asked=asked)


@in_lane("heavy")
def _identified(request: Request, asked: IdentifyRequest) -> Response:
    placement = site_of(request).reader.identify(
        text=asked.text, name=asked.name or "-", format=asked.format
    )
    return cache_for(JSONBytes(placement.to_dict()), "private")


def _short(body: bytes | bytearray) -> str:
    text = bytes(body[:80]).decode("utf-8", "replace")
    return json.dumps(text)[1:-1]
