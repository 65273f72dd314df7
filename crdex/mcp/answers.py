"""What each tool answers: the library's result as data (the ``--json`` shape) and as text.

One :class:`Answers` per server holds one :class:`~crdex.api.Reader` for
the server's whole life, so the identity graph, parsed editions and the
search index are loaded once. The SDK runs each call on a worker thread;
a lock lets one call at a time use the reader, whose lazily loaded parts
are not meant to be shared by threads (answers take milliseconds, so
callers hardly wait).

Nothing here knows about MCP: the tools and resources modules turn an
:class:`Answer` into the SDK's result types and ``CrdexError`` into its
error types. Results that can grow with the library (a diff, a glossary,
a big section of rules) come a page at a time, so that an assistant's
context is never flooded.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from crdex.mcp.errors import NotARule
from crdex.text.editions import contents_text, editions_text
from crdex.text.notes import BUNDLED_NOTE

if TYPE_CHECKING:
    from crdex.api import Reader
    from crdex.index.answers.show import RuleView

__all__ = ["Answer", "Answers", "page"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer: ``data`` with the field names of ``crdex … --json``, ``text`` for reading."""

    data: dict[str, Any]
    text: str


def page(items: Sequence[T], offset: int, limit: int) -> tuple[list[T], dict[str, Any]]:
    """``items[offset:offset + limit]`` and where it sits: total, offset, limit, next_offset."""
    shown = list(items[offset : offset + limit])
    end = offset + len(shown)
    return shown, {
        "total": len(items),
        "offset": offset,
        "limit": limit,
        "next_offset": end if end < len(items) else None,
    }


def _prune(view: RuleView, limit: int) -> tuple[RuleView, list[str]]:
    """The first ``limit`` rules of ``view`` in document order, and the subtrees left out."""
    kept = 0
    omitted: list[str] = []

    def visit(node: RuleView) -> RuleView:
        nonlocal kept
        kept += 1
        children = []
        for child in node.children:
            if kept < limit:
                children.append(visit(child))
            else:
                omitted.append(child.number)
        return replace(node, children=children)

    return visit(view), omitted


class Answers:
    """Every question the server answers, over one reader."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self._lock = threading.Lock()

    def ask(self, question: Callable[..., Answer], *args: Any) -> Answer:
        """``question(*args)`` with the reader to itself; a bundled library is said in the text."""
        with self._lock:
            answer = question(*args)
            if self.reader.bundled:
                answer = Answer(answer.data, f"note: {BUNDLED_NOTE}\n{answer.text}")
        return answer

    # -- the library ----------------------------------------------------------------

    def editions(self, documents: bool) -> Answer:
        """The chain's editions; with ``documents``, each with the documents behind it."""
        reader = self.reader
        editions = [{**e, "copies": 0} for e in reader.editions()]
        by_date = {e["date"]: e for e in editions}
        undated = []
        for doc in reader.documents():
            edition = by_date.get(doc["date"])
            if edition is None:
                undated.append(doc)
            else:
                edition["copies"] += 1
                if documents:
                    edition.setdefault("documents", []).append(doc)
        data: dict[str, Any] = {
            "bundled": reader.bundled,
            "editions": editions,
            "undated": len(undated),
        }
        if documents:
            data["undated_documents"] = undated
        return Answer(data, editions_text(data))

    # -- one edition ------------------------------------------------------------------

    def rule(self, number: str, edition: str, limit: int) -> Answer:
        from crdex.index.answers.show import GlossaryView
        from crdex.text.show import rule_text

        view = self.reader.show(number, edition)
        if isinstance(view, GlossaryView):
            raise NotARule(
                f"{number!r} is a glossary term of {view.edition}, not a rule number: "
                f"ask the glossary for it"
            )
        shown, omitted = _prune(view, limit)
        return Answer({**shown.to_dict(), "omitted": omitted}, rule_text(shown, omitted))

    def contents(self, edition: str) -> Answer:
        """An edition's sections and the rules directly under each, with their titles."""
        parsed = self.reader.edition(edition)
        sections = []
        for section in parsed.sections:
            rules = [parsed.rule(n) for n in section.children]
            sections.append(
                {
                    "number": section.number,
                    "title": section.title or "",
                    "rules": [{"number": r.number, "title": r.title or ""} for r in rules if r],
                }
            )
        data = {
            "edition": parsed.id,
            "title": parsed.title,
            "sections": sections,
            "glossary": len(parsed.glossary),
        }
        return Answer(data, contents_text(data))

    def glossary(self, term: str | None, edition: str, offset: int, limit: int) -> Answer:
        from crdex.index.answers.show import RuleView
        from crdex.text.show import glossary_text

        reader = self.reader
        if term is not None:
            view = reader.show(term, edition)
            if isinstance(view, RuleView):
                raise NotARule(
                    f"{term!r} is a rule number, not a glossary term: ask for the rule instead"
                )
            views, where = [view], page([view], 0, 1)[1]
            edition_id = view.edition
        else:
            parsed = reader.edition(edition)
            entries, where = page(parsed.glossary, offset, limit)
            views = [reader.show(entry.term, parsed.id) for entry in entries]
            edition_id = parsed.id
        data = {"edition": edition_id, **where, "entries": [v.to_dict() for v in views]}
        return Answer(data, glossary_text(views, where, edition_id))

    def search(self, query: str, edition: str | None, all_editions: bool, limit: int) -> Answer:
        from crdex.text.search import search_text

        result = self.reader.search(query, edition=edition, all_editions=all_editions, limit=limit)
        return Answer(result.to_dict(), search_text(result))

    def check_citations(self, text: str, edition: str, as_of: str | None) -> Answer:
        from crdex.text.citations import check_text

        report = self.reader.check_text(text, edition=edition, as_of=as_of)
        judgements = [j for _path, j in report.judgements]
        full = report.to_dict()
        data = {k: full[k] for k in ("edition", "dates", "citations", "problems", "warnings")}
        data |= {"counts": full["counts"], "findings": [j.to_dict() for j in judgements]}
        return Answer(data, check_text(data, judgements))

    # -- across editions ----------------------------------------------------------------

    def identify(self, text: str, name: str) -> Answer:
        from crdex.text.placement import render_placement

        placement = self.reader.identify(text=text, name=name)
        return Answer(placement.to_dict(), render_placement(placement))

    def history(self, number: str, edition: str | None, typography: bool = False) -> Answer:
        from crdex.text.history import render_history

        result = self.reader.history(number, edition, typography=typography)
        return Answer(result.to_dict(), render_history(result))

    def resolve(self, number: str, at: str, to: str | None) -> Answer:
        from crdex.text.resolve import render_resolution

        result = self.reader.resolve(number, at, to)
        return Answer(result.to_dict(), render_resolution(result))

    def diff(
        self, old: str, new: str, only: Sequence[str], words: bool, offset: int, limit: int
    ) -> Answer:
        """One page of the changes from ``old`` to ``new``: changes first, then reused numbers."""
        from crdex.text.diff import diff_text

        result = self.reader.diff(old, new)
        kinds = set(only)
        changes = [i for i in result.items if not kinds or i.kind in kinds]
        reused = result.reused if not kinds or "reused" in kinds else []
        shown, where = page([*changes, *reused], offset, limit)
        items = [s for s in shown if not isinstance(s, dict)]
        numbers = [s for s in shown if isinstance(s, dict)]
        data = {
            "old": result.old,
            "new": result.new,
            "counts": result.counts(),
            "edit_classes": result.edit_classes(),
            **where,
            "changes": [i.to_dict() if words else {**i.to_dict(), "diff": []} for i in items],
            "reused_numbers": numbers,
        }
        return Answer(data, diff_text(result, items, numbers, where, words))
