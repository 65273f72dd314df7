"""What the pages and the API share: one reader, and what is worth remembering per edition.

The application holds one :class:`~crdex.api.Reader` for its whole life
(the identity graph, parsed editions and the search index are loaded once,
never per request). :class:`Site` adds what pages need again and again for
one edition (its glossary as phrases to link, its rule numbers, its
keyword actions: some kilobytes per edition, kept for up to 256 editions,
the most recently read), and shapes a rule with everything under it into
the nodes the templates show.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from markupsafe import Markup

from crdex.api import Reader
from crdex.errors import CrdexError
from crdex.index.answers.show import GlossaryView, RuleView
from crdex.index.library.coverage import KINDS, Coverage
from crdex.index.library.damage import Damage
from crdex.index.lineage.diff import DiffItem
from crdex.index.lineage.editions import near_numbers, near_terms
from crdex.index.lineage.history import History
from crdex.index.search.results import SOURCES, SearchResult
from crdex.parser.numbers import RuleNumber
from crdex.parser.references import extract_references

from . import whole
from .errors import BadRequest, BadValue
from .facts import EditionFacts, edition_facts
from .lanes import in_lane
from .links import Linker, rule_url
from .params import MAX_TERM, date_value, edition_name, limit_value, rule_number, search_query

__all__ = [
    "EditionFacts",
    "Node",
    "Site",
    "filter_changes",
    "in_lane",
    "on_reader",
    "plain_documents",
    "site_of",
]

FACTS_KEPT = 32  # editions whose facts a site keeps (see Site.__init__)
WHOLE_KEPT = 2  # editions whose whole page's plans a site keeps

# what a document's witness is called on the home page, by format
FORMATS = {
    "official": "official text",
    "markdown": "markdown",
    "mdbook-html": "mdBook HTML",
    "pdf-text": "text from a PDF",
    "rulings": "rulings page",
    "docx": "Word",
    "pdf": "PDF",
    "rtf": "RTF",
}
# the same, as one names a document in a sentence
_NAMES = {
    "official": "official text",
    "markdown": "markdown book",
    "mdbook-html": "mdBook HTML",
    "pdf-text": "text from a PDF",
    "rulings": "rulings page",
    "docx": "Word document",
    "pdf": "PDF",
    "rtf": "RTF document",
}


def plain_documents(docs: list[dict[str, Any]]) -> str:
    """The documents of one edition in a few plain words: "official text, a second copy".

    The one that speaks for the edition first; a complete one is named by
    its format alone, a partial one says what it lacks or holds.
    """
    ordered = sorted(docs, key=lambda d: not d.get("in_chain"))
    first: str | None = None
    said: list[str] = []
    for doc in ordered:
        phrase = _NAMES.get(doc["format"], doc["format"])
        part = doc.get("kind_code")
        if part == "rules":
            phrase += " without the glossary"
        elif part == "truncated":
            phrase += " cut short"
        elif part in ("excerpt", "rulings") and doc.get("coverage"):
            phrase += f" ({doc['coverage']})"
        name = "a second copy" if phrase == first else phrase
        first = phrase if first is None else first
        said.append(f"{name} (damaged)" if doc.get("damage_said") else name)
    return ", ".join(said)


def filter_changes(items: list[DiffItem], kinds: list[str], classes: list[str]) -> list[DiffItem]:
    """The changes of a diff of the given kinds, and of edits, of the given classes.

    Classes narrow only what has one (edits and moves with a changed
    wording); an empty list lets everything through.
    """
    return [
        item
        for item in items
        if (not kinds or item.kind in kinds)
        and (not classes or item.kind not in ("edited", "moved") or item.change in classes)
    ]


P = ParamSpec("P")
T = TypeVar("T")


def site_of(request: Any) -> Site:
    """The site of the application answering a request."""
    return request.app.state.site  # type: ignore[no-any-return]


def on_reader(handler: Callable[P, T]) -> Callable[P, Awaitable[T]]:
    """Run a page's route in the ``pages`` lane (:mod:`.lanes`), so that the event loop keeps
    answering; ``in_lane("lookup")`` and ``in_lane("heavy")`` choose the other lanes."""
    return in_lane("pages")(handler)


@dataclass(slots=True)
class Node:
    """A rule as a page shows it: its texts already linked, its subrules under it."""

    number: str
    kind: str
    title: str
    text: Markup
    examples: list[Markup]
    rulings: list[dict[str, Any]]
    references: list[str]
    cited_by: list[str]
    children: list[Node] = field(default_factory=list)
    action: dict[str, Any] | None = None


class Site:
    """The reader of one library and what its pages remember."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        # an edition's facts are about 1 MB (its glossary's phrases, numbers and labels): the
        # last 32 editions asked about, whatever a crawler asks (the corpus has 126)
        self.facts = functools.lru_cache(maxsize=FACTS_KEPT)(self._facts)
        self.actions = functools.lru_cache(maxsize=256)(self._actions)
        # the whole-edition page's parts with their texts' plans (where links go): 2 MB an
        # edition, and the edition's rules they hold (5 MB) even once the reader lets them go:
        # the last two editions whose whole page was asked for
        self.whole_parts = functools.lru_cache(maxsize=WHOLE_KEPT)(self._whole_parts)
        self._names: dict[str, str] = {}

    # -- editions ----------------------------------------------------------------

    @functools.cached_property
    def editions(self) -> list[dict[str, Any]]:
        return self.reader.editions()

    @functools.cached_property
    def chain(self) -> dict[str, int]:
        return {e["id"]: i for i, e in enumerate(self.editions)}

    @functools.cached_property
    def documents(self) -> list[dict[str, Any]]:
        """Each document once per edition it witnesses, without paths (a server shows no files).

        ``date`` is the edition witnessed (a rulings page witnesses the editions
        it quotes), ``coverage`` what of it the document covers, ``in_chain``
        whether it speaks first for it, ``damage_said`` what was found lost in
        it ("" when it is clean); an undated document appears once, dated None.
        """
        first = {(w["sha256"], e["id"]) for e in self.editions for w in e["witnesses"][:1]}
        # what was found lost in a document as a witness of one edition: its own damage,
        # and the lines another copy of that edition has (index/library/lost.py)
        lost = {
            (w["sha256"], e["id"]): w.get("damage") for e in self.editions for w in e["witnesses"]
        }
        out = []
        for d in self.reader.documents():
            base = {k: v for k, v in d.items() if k not in ("path", "witnesses", "repairs")}
            damage = Damage.from_dict(d.get("damage"))
            base["damage_said"] = damage.describe() if damage is not None else ""
            base["kind_code"] = d["kind"]
            base["kind"] = (
                f"{FORMATS.get(d['format'], d['format'])}, {KINDS.get(d['kind'], d['kind'])}"
            )
            if not d["witnesses"]:
                out.append({**base, "date": None, "in_chain": False})
            for w in d["witnesses"]:
                damage = Damage.from_dict(lost.get((d["sha256"], w["date"]), d.get("damage")))
                out.append(
                    {
                        **base,
                        "damage_said": damage.describe() if damage is not None else "",
                        "date": w["date"],
                        "coverage": Coverage.from_dict(w["coverage"]).describe(),
                        "in_chain": (d["sha256"], w["date"]) in first,
                    }
                )
        return out

    @functools.cached_property
    def fingerprint(self) -> str:
        return self.reader.fingerprint()

    @property
    def latest(self) -> str:
        return self.editions[-1]["id"]

    def edition_id(self, name: str) -> str:
        """The id an edition name (id, date, ``latest``) means; remembered, names are few."""
        found = self._names.get(name)
        if found is None:
            found = self.reader.edition_id(name)
            if len(self._names) < 4096:
                self._names[name] = found
        return found

    def named(self, name: str) -> tuple[str, bool]:
        """(the id of the edition a URL names, whether the URL named it by that id)."""
        name = self.edition_name(name)
        found = self.edition_id(name)
        return found, found == name

    def edition_name(self, value: str, where: str = "edition") -> str:
        """An edition name from a URL; malformed, a 422 that names the near ones."""
        try:
            return edition_name(value, where)
        except BadValue as exc:
            ids = ["latest", *(e["id"] for e in self.editions)]
            near = near_terms(value[:MAX_TERM], ids) or ids[:1] + ids[-1:]
            raise BadValue(exc.where, value, exc.expected, near) from None

    def number(self, value: str, edition_id: str, where: str = "rule number") -> str:
        """A rule number from a URL; malformed, a 422 that names the edition's near ones."""
        try:
            return rule_number(value, where)
        except BadValue as exc:
            near = near_numbers(value.strip()[:MAX_TERM], self.facts(edition_id).numbers)
            raise BadValue(exc.where, value, exc.expected, near) from None

    def edition_info(self, edition_id: str) -> dict[str, Any]:
        """The chain's record of an edition, or the document's for a copy outside the chain."""
        i = self.chain.get(edition_id)
        if i is not None:
            return self.editions[i]
        return next((d for d in self.documents if d["id"] == edition_id), {"id": edition_id})

    def neighbours(self, edition_id: str) -> tuple[str | None, str | None]:
        """The editions before and after one of the chain (None at either end or off the chain)."""
        i = self.chain.get(edition_id)
        if i is None:
            return None, None
        before = self.editions[i - 1]["id"] if i > 0 else None
        after = self.editions[i + 1]["id"] if i + 1 < len(self.editions) else None
        return before, after

    def _facts(self, edition_id: str) -> EditionFacts:
        return edition_facts(self.reader.edition(edition_id))

    def _whole_parts(self, edition_id: str) -> list[whole.Part]:
        return whole.parts(self.reader.edition(edition_id), self.facts(edition_id))

    def _actions(self, edition_id: str) -> dict[str, dict[str, Any]]:
        """Rule number → the keyword action row of ``Reader.actions`` (rule pages show it)."""
        try:
            _id, rows = self.reader.actions(edition_id)
        except CrdexError:
            return {}
        return {row["number"]: row for row in rows if row.get("number")}

    def linker(
        self, edition_id: str, skip: set[str] | None = None, *, local: bool = False
    ) -> Linker:
        """Links for one page; ``local``: into the page itself (the whole-edition page)."""
        facts = self.facts(edition_id)
        return Linker(edition_id, facts.has_rule, facts.terms, skip or set(), local)

    # -- one rule ----------------------------------------------------------------

    def rule_nodes(self, edition_id: str, view: RuleView) -> Node:
        """A rule view (from ``Reader.show``) with every text linked, subrules nested.

        The rule's own title is not linked to the glossary within it. The
        references are found in the texts as the parser found them (in the
        rule's text and examples joined by line breaks), so that the
        edition's tree is not read again for them.
        """
        actions = self.actions(edition_id)
        linker = self.linker(edition_id, skip={view.title} if view.title else None)
        return self._node(view, actions, linker)

    def crumbs(self, edition_id: str, number: str) -> list[tuple[str, str]]:
        """(number, title) of each heading above a rule, outermost first."""
        titles = self.facts(edition_id).titles
        out = []
        parent = RuleNumber.parse(number).parent
        while parent is not None:
            out.insert(0, (str(parent), titles.get(str(parent), "")))
            parent = parent.parent
        return out

    def _node(self, view: RuleView, actions: dict[str, dict[str, Any]], linker: Linker) -> Node:
        if view.kind != "subrule":
            linker.new_rule()
        refs = extract_references("\n".join([view.text, *view.examples]))
        text, *examples = linker.rule(view.text, view.examples, refs)
        rulings = [{**r, "html": linker.text(r["text"])} for r in view.rulings]
        return Node(
            number=view.number,
            kind=view.kind,
            title=view.title,
            text=text,
            examples=examples,
            rulings=rulings,
            references=view.references,
            cited_by=view.cited_by,
            children=[self._node(c, actions, linker) for c in view.children],
            action=actions.get(view.number),
        )

    def glossary_html(self, edition_id: str, entry: GlossaryView) -> Markup:
        """A definition linked; its references found in it as the parser found them."""
        return self.linker(edition_id, skip={entry.term}).text(entry.definition)

    def history(self, name: str, edition_id: str, typography: bool = False) -> History | None:
        """The timeline of a rule or term, or None for a copy outside the chain."""
        if edition_id not in self.chain:
            return None
        return self.reader.history(name, edition_id, typography=typography)

    def around(self, history: History | None, edition_id: str) -> list[dict[str, Any]]:
        """The same rule in the editions before and after: its number there, or why none."""
        out = []
        for label, other in zip(("previous", "next"), self.neighbours(edition_id), strict=True):
            if other is None:
                continue
            number = None
            if history is not None:
                number = next((e.number for e in history.entries if other in e.editions), None)
            out.append({"label": label, "edition": other, "number": number})
        return out

    def search(
        self,
        query: str,
        edition: str | None,
        as_of: str | None,
        every: bool,
        limit: int,
        source: str = "cr",
    ) -> SearchResult:
        """``Reader.search`` with the edition named first, so that an unknown one is a 404 here too.

        The rulings summaries alone (``source`` "summary") are not CR
        editions: an edition or date chosen in the form is left aside.
        """
        if source not in SOURCES:
            raise BadRequest(f"source must be one of {', '.join(SOURCES)}, not {source!r}")
        if source == "summary":
            edition, as_of, every = None, None, False
        edition, as_of = (edition or None, as_of or None) if not every else (None, None)
        if edition and as_of:
            raise BadRequest("name an edition or a date to search, not both")
        if edition:
            edition = self.edition_id(self.edition_name(edition))
        if as_of:
            self.edition_id(date_value(as_of, "as-of date"))
        return self.reader.search(
            search_query(query),
            edition=edition,
            as_of=as_of,
            all_editions=every,
            limit=limit_value(limit),
            source=source,
        )

    def hit_url(self, edition_id: str, number: str) -> str:
        """Where a search hit is read: its rule's page, at the subrule."""
        value = RuleNumber.parse(number)
        if value.kind == "subrule" and value.parent is not None:
            return rule_url(edition_id, str(value.parent), number)
        return rule_url(edition_id, number)
