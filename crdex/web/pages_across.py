"""The pages across editions: search, the diff of any two editions, permanent links.

Search answers in one edition (default: the latest), at a date, or across
all editions; a rule number goes straight to the rule; a malformed query
or an unknown edition is said politely on the search page itself. A diff
compares any two editions, filtered by kind of change and class of edit,
a page of entries at a time. A permanent link names a rule by identity
and reaches its current version, whatever its number today.
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from markupsafe import Markup, escape
from starlette.responses import Response

from crdex.errors import CrdexError
from crdex.index.search.results import Snippet

from .errors import error_status
from .headers import page, redirect
from .links import diff_url, rule_url, term_url
from .params import (
    change_classes,
    change_kinds,
    identity_id,
)
from .site import filter_changes, in_lane, site_of

__all__ = ["PAGE_SIZE", "marked", "router"]

router = APIRouter(include_in_schema=False)

PAGE_SIZE = 1500  # diff entries per page (the Magic 2010 renumbering moved 1133 rules)


def marked(snippet: Snippet) -> Markup:
    """A search snippet with its matched words in ``<mark>``, its deciding sentence in
    ``<span class="deciding">``, everything else escaped."""
    if snippet.sentence is None:
        return _marked(snippet, 0, len(snippet.text))
    start, end = snippet.sentence
    return Markup("").join(
        (
            _marked(snippet, 0, start),
            Markup('<span class="deciding">{}</span>').format(_marked(snippet, start, end)),
            _marked(snippet, end, len(snippet.text)),
        )
    )


def _marked(snippet: Snippet, begin: int, stop: int) -> Markup:
    """``snippet.text[begin:stop]`` escaped, the matched words within it in ``<mark>``."""
    parts: list[Markup] = []
    at = begin
    for start, end in snippet.marks:
        if start < begin or end > stop:
            continue
        parts.append(escape(snippet.text[at:start]))
        parts.append(Markup("<mark>{}</mark>").format(snippet.text[start:end]))
        at = end
    parts.append(escape(snippet.text[at:stop]))
    return Markup("").join(parts)


@router.get("/search")
@in_lane("search")
def search_page(
    request: Request,
    q: str = "",
    edition: str = "",
    as_of: str = "",
    every: Annotated[bool, Query(alias="all")] = False,
    limit: int = 20,
    source: str = "cr",
) -> Response:
    site = site_of(request)
    form = {
        "q": q,
        "edition": edition,
        "as_of": as_of,
        "all": every,
        "limit": limit,
        "source": source,
    }
    if not q.strip():
        return page(request, "search.html", "moving", form=form, result=None, problem=None)
    try:
        result = site.search(q, edition, as_of, every, limit, source)
    except CrdexError as exc:
        html = request.app.state.render(
            "search.html", request, form=form, result=None, problem=str(exc)
        )
        return Response(html, status_code=error_status(exc), media_type="text/html")
    if result.mode == "lookup":
        if result.hits and result.edition:
            return redirect(site.hit_url(result.edition, result.hits[0].number))
        if result.groups:
            group = result.groups[0]
            return redirect(site.hit_url(group.last, group.number))
    hits = [
        {
            "hit": hit,
            "url": term_url(result.edition, hit.title)
            if hit.kind == "glossary"
            else site.hit_url(result.edition, hit.number),
            "snippet": marked(hit.snippet),
        }
        for hit in result.hits
        if result.edition
    ]
    groups = [
        {
            "group": group,
            "url": term_url(group.last, group.title)
            if group.kind == "glossary"
            else site.hit_url(group.last, group.number),
            "versions": [(v, marked(v.snippet)) for v in group.versions],
        }
        for group in result.groups
    ]
    suggestion_url = None
    if result.suggestion:
        suggestion_url = "/search?" + urlencode({**form, "q": result.suggestion, "all": int(every)})
    return page(
        request,
        "search.html",
        "moving",
        form=form,
        result=result,
        hits=hits,
        groups=groups,
        summary=[(h, marked(h.snippet)) for h in result.summary],
        suggestion_url=suggestion_url,
        problem=None,
    )


@router.get("/diff")
@in_lane("lookup")
def diff_form(
    request: Request,
    old: str = "",
    new: str = "",
    only: Annotated[list[str], Query()] = [],  # noqa: B006  (FastAPI reads the default)
    change: Annotated[list[str], Query()] = [],  # noqa: B006
) -> Response:
    """The diff form's answer: to the diff's own URL (editions default to the last two)."""
    site = site_of(request)
    new_id = site.edition_id(site.edition_name(new, "new edition")) if new else site.latest
    if old:
        old_id = site.edition_id(site.edition_name(old, "old edition"))
    else:
        old_id = site.neighbours(new_id)[0] or new_id
    query = urlencode(
        [("only", k) for k in change_kinds(only)] + [("change", c) for c in change_classes(change)]
    )
    return redirect(diff_url(old_id, new_id) + (f"?{query}" if query else ""))


@router.get("/diff/{old}/{new}")
@in_lane("heavy")
def diff_page(
    request: Request,
    old: str,
    new: str,
    only: Annotated[list[str], Query()] = [],  # noqa: B006
    change: Annotated[list[str], Query()] = [],  # noqa: B006
    page_number: Annotated[int, Query(alias="page", ge=1, le=10_000)] = 1,
) -> Response:
    site = site_of(request)
    kinds, classes = change_kinds(only), change_classes(change)
    old_id, old_named = site.named(old)
    new_id, new_named = site.named(new)
    if not (old_named and new_named):
        query = request.url.query
        return redirect(diff_url(old_id, new_id) + (f"?{query}" if query else ""))
    result = site.reader.diff(old_id, new_id)
    items = filter_changes(result.items, kinds, classes)
    pages = max(1, -(-len(items) // PAGE_SIZE))
    page_number = min(page_number, pages)
    shown = items[(page_number - 1) * PAGE_SIZE : page_number * PAGE_SIZE]
    base = [("only", k) for k in kinds] + [("change", c) for c in classes]
    links = {
        n: diff_url(old_id, new_id) + "?" + urlencode([*base, ("page", n)])
        for n in range(1, pages + 1)
    }
    return page(
        request,
        "diff.html",
        "edition",
        old=old_id,
        new=new_id,
        result=result,
        items=shown,
        total=len(items),
        kinds=kinds,
        classes=classes,
        page_number=page_number,
        pages=links,
    )


@router.get("/id/{identity:path}")
@in_lane("lookup")
def identity_page(request: Request, identity: str) -> Response:
    """A permanent link: the rule (or term) with this identity, at its latest version."""
    site = site_of(request)
    where = site.reader.identity(identity_id(identity))
    edition = site.latest if where["current"] else where["last_edition"]
    if where["glossary"]:
        return redirect(term_url(edition, where["number"]))
    return redirect(rule_url(edition, where["number"]))
