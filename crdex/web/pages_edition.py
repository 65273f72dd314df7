"""The pages of one edition: the home page, an edition's contents, rules, glossary, actions.

Routes are thin: they check the URL's values (:mod:`.params`), ask the
reader, and render a template. An edition named by date or ``latest``, and
a rule number spelled another way ("701.022"), are redirected to the one
canonical URL, whose page is cached (see :mod:`.headers`).
"""

from __future__ import annotations

import asyncio
import functools
from collections import Counter, defaultdict
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from markupsafe import Markup
from starlette.responses import Response, StreamingResponse

from crdex.index.answers.show import GlossaryView, RuleView, letter_of
from crdex.parser.numbers import RuleNumber
from crdex.parser.tree import GlossaryEntry

from . import whole
from .headers import cache_for, page, redirect
from .lanes import Lane
from .links import Linker, diff_url, edition_url, letter_url, rule_url, term_url
from .params import glossary_letter_value, term_name
from .site import Site, in_lane, on_reader, plain_documents, site_of

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


def _edition(site: Site, edition: str, tail: str) -> tuple[str, Response | None]:
    """The id of the edition a URL names, and the redirect to its page (``tail`` after the
    id) when the URL named it otherwise."""
    eid, named = site.named(edition)
    return eid, None if named else redirect(f"{edition_url(eid)}{tail}")


@router.get("/")
@on_reader
def home(request: Request) -> Response:
    site = site_of(request)
    witnesses: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for doc in site.documents:
        if doc["date"] is not None:
            witnesses[doc["date"]].append(doc)
    undated = [d for d in site.documents if d["date"] is None]
    titles = Counter(e["title"] for e in site.editions if e.get("title"))
    return page(
        request,
        "home.html",
        "moving",
        editions=list(reversed(site.editions)),
        documents={date: plain_documents(docs) for date, docs in witnesses.items()},
        title=titles.most_common(1)[0][0] if titles else "Comprehensive Rules",
        undated=undated,
        bundled=site.reader.bundled,
    )


@router.get("/e/{edition}")
@on_reader
def edition_page(request: Request, edition: str) -> Response:
    site = site_of(request)
    eid, moved = _edition(site, edition, "")
    if moved is not None:
        return moved
    parsed = site.reader.edition(eid)
    before, after = site.neighbours(eid)
    info = site.edition_info(eid)
    return page(
        request,
        "edition.html",
        "edition",
        edition=eid,
        info=info,
        toc=[r for r in parsed.rules if "." not in r.number],
        introduction=parsed.introduction,
        documents=[d for d in site.documents if d["date"] and d["date"] == info.get("date")],
        before=before,
        after=after,
    )


@router.get("/e/{edition}/glossary")
@on_reader
def glossary_page(request: Request, edition: str) -> Response:
    """The glossary's index: a letter each, every term under it (the entries are by letter)."""
    site = site_of(request)
    eid, moved = _edition(site, edition, "/glossary")
    if moved is not None:
        return moved
    letters: dict[str, list[GlossaryEntry]] = {}
    for entry in site.reader.glossary(eid):
        letters.setdefault(letter_of(entry.term), []).append(entry)
    ordered = dict(sorted(letters.items(), key=lambda item: (item[0] == "#", item[0])))
    return page(request, "glossary.html", "edition", edition=eid, letters=ordered)


@router.get("/e/{edition}/glossary/letter/{letter}")
@on_reader
def glossary_letter(request: Request, edition: str, letter: str) -> Response:
    """The glossary's entries under one letter, each linked, each with its history in brief."""
    site = site_of(request)
    eid, named = site.named(edition)
    wanted = glossary_letter_value(letter)
    if not named or wanted != letter:
        return redirect(letter_url(eid, wanted), permanent=named)
    everything = site.reader.glossary(eid)
    letters = sorted({letter_of(e.term) for e in everything}, key=lambda x: (x == "#", x))
    entries = []
    for entry in everything:
        if letter_of(entry.term) != wanted:
            continue
        linker = site.linker(eid, skip={entry.term})
        history = site.history(entry.term, eid)
        brief = history.brief() if history is not None else None
        entries.append((entry, linker.text(entry.definition, entry.references), brief))
    if not entries:
        raise HTTPException(404, f"no glossary term of {eid} begins with {wanted}")
    return page(
        request,
        "glossary_letter.html",
        "edition",
        edition=eid,
        letter=wanted,
        letters=letters,
        entries=entries,
    )


@router.get("/e/{edition}/glossary/{term:path}")
@on_reader
def term_page(request: Request, edition: str, term: str, typography: bool = False) -> Response:
    site = site_of(request)
    eid, named = site.named(edition)
    asked = term_name(term)
    view = site.reader.show(asked, eid)
    if isinstance(view, RuleView):
        return redirect(rule_url(eid, view.number), permanent=named)
    assert isinstance(view, GlossaryView)
    if not named or view.term != asked:
        return redirect(term_url(eid, view.term), permanent=named)
    history = site.history(view.term, eid, typography)
    return page(
        request,
        "term.html",
        "edition",
        edition=eid,
        entry=view,
        definition=site.glossary_html(eid, view),
        history=history,
        around=site.around(history, eid),
    )


@router.get("/e/{edition}/changes")
@in_lane("lookup")
def changes_page(request: Request, edition: str) -> Response:
    site = site_of(request)
    eid, _named = site.named(edition)
    before, _after = site.neighbours(eid)
    if before is None:
        raise HTTPException(
            404, f"{eid} is the first edition in the library: nothing came before it"
        )
    return redirect(diff_url(before, eid))


@router.get("/e/{edition}/actions")
@on_reader
def actions_page(request: Request, edition: str) -> Response:
    site = site_of(request)
    eid, moved = _edition(site, edition, "/actions")
    if moved is not None:
        return moved
    _id, rows = site.reader.actions(eid)
    return page(request, "actions.html", "edition", edition=eid, rows=rows)


@router.get("/e/{edition}/all")
@on_reader
def whole_page(request: Request, edition: str) -> Response:
    """Every rule and glossary entry of an edition on one page, linked within it, sent part by part."""
    site = site_of(request)
    eid, moved = _edition(site, edition, "/all")
    if moved is not None:
        return moved
    pieces = site.whole_parts(eid)
    before, after = site.neighbours(eid)
    html = request.app.state.render(
        "whole.html",
        request,
        edition=eid,
        info=site.edition_info(eid),
        parts=pieces,
        rules=sum(p.count for p in pieces),
        terms=sum(len(p.glossary) for p in pieces),
        before=before,
        after=after,
        body=Markup(_BODY),
    )
    head, tail = html.split(_BODY, 1)
    lane = request.app.state.lanes["pages"]
    body = _parts(lane, head, pieces, site.linker(eid, local=True), tail)
    return cache_for(StreamingResponse(body, media_type="text/html; charset=utf-8"), "edition")


_BODY = "<!--the parts of the whole edition-->"


async def _parts(
    lane: Lane, head: str, pieces: list[whole.Part], linker: Linker, tail: str
) -> AsyncIterator[str]:
    """The page's head, each part written in the pages lane as it is sent, its tail.

    The next part is queued in the lane before the last is compressed and
    sent, so that it is written meanwhile (gzip lets go of the interpreter's
    lock while it works): the whole edition is sent in 26–27 ms instead of
    33–34 (``bench/whole_page.py``, same run). One part at a time: the
    linker keeps what each rule has linked.
    """
    yield head
    if not pieces:
        yield tail
        return
    ahead = _written(lane, pieces[0], linker)
    try:
        for following in pieces[1:]:
            html = await ahead
            ahead = _written(lane, following, linker)
            await asyncio.sleep(0)  # let the next part enter the lane before this one is sent
            yield html
        html = await ahead
    finally:  # the client left: the part being written is given up, or its error read
        if not ahead.cancel() and not ahead.cancelled():
            ahead.exception()
    yield html
    yield tail


def _written(lane: Lane, part: whole.Part, linker: Linker) -> asyncio.Future[str]:
    """A part being written in the pages lane."""
    return asyncio.ensure_future(lane.run(functools.partial(whole.render_part, part, linker)))


@router.get("/e/{edition}/{number}")
@on_reader
def rule_page(request: Request, edition: str, number: str, typography: bool = False) -> Response:
    site = site_of(request)
    eid, named = site.named(edition)
    asked = site.number(number, eid)
    canon = str(RuleNumber.parse(asked))
    if not named or canon != number:
        return redirect(rule_url(eid, canon), permanent=named)
    view = site.reader.show(canon, eid)
    assert isinstance(view, RuleView)
    crumbs = site.crumbs(eid, canon)
    history = site.history(canon, eid, typography)
    context: dict[str, Any] = {
        "edition": eid,
        "view": view,
        "crumbs": crumbs,
        "history": history,
        "around": site.around(history, eid),
        "topics": [(t, site.reader.topic_rulings(t)) for t in view.topics],
        "beside": site.facts(eid).beside(canon),
    }
    if view.kind == "section":
        return page(request, "section.html", "edition", **context)
    return page(request, "rule.html", "edition", node=site.rule_nodes(eid, view), **context)
