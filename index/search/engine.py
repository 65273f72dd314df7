"""Answering queries from one generation of the search index.

A :class:`SearchIndex` keeps two Whoosh searchers open: one over the
``latest`` part (the versions in force in the last edition: a search of
the latest edition needs no filter and reads a fifth of the postings) and
one over both parts as one index (any other edition, filtered by the
table of which documents are in force on which dates, or all editions).
It also holds the spelling dictionary. Before each search it checks
whether a build published a newer generation and, if so, moves to it; the
old generation's files stay readable until it is closed, so a search never
fails because a rebuild finished in the middle of it.
"""

from __future__ import annotations

import bisect
import datetime as _dt
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein
from whoosh import highlight, scoring
from whoosh import index as whoosh_index
from whoosh import query as wq
from whoosh.index import Index
from whoosh.reading import MultiReader
from whoosh.searching import Searcher

from crdex.index.editions import EditionRef, find_edition
from crdex.index.errors import LineageError
from crdex.index.graph import EditionInfo, Graph
from crdex.parser.numbers import RuleNumber

from .documents import date_int
from .errors import IndexDamaged, SearchError
from .indexer import PARTS, WORDS_FILE, Cover, cover_file, incompatibility, index_name
from .query import Lookup, TextQuery, plan
from .rank import Candidate, rerank
from .results import Group, Hit, SearchResult, Snippet
from .schema import analyzer
from .store import IndexStore
from .terms import QUERY_STOP_WORDS

__all__ = ["SearchIndex"]

# candidates fetched for reranking, per result asked for (and at least)
_POOL_FACTOR = 5
_POOL_MIN = 60
_SNIPPET_CHARS = 240
_SPELL_MIN = 3  # shorter words are not respelled ("X", "of")
_ANALYZER = analyzer()
# BM25 with a gentler length penalty than the usual B=0.75: in the rules the
# long rule is usually the one that spells the matter out
WEIGHTING = scoring.BM25F(B=0.5, K1=1.2)
_OPEN = "\x02"
_CLOSE = "\x03"


class _Marks(highlight.Formatter):
    """Matched words between two control characters, parsed into Snippet marks."""

    between = " … "

    def format_token(self, text: str, token: Any, replace: bool = False) -> str:
        return f"{_OPEN}{highlight.get_text(text, token, replace)}{_CLOSE}"


def _number_at(spans: dict[str, Any], date: int) -> str:
    """The number a version had on ``date`` (its last number if after all of them)."""
    number = ""
    for start, value in spans["numbers"]:
        if start <= date:
            number = value
    return number or spans["numbers"][0][1]


def _in_force(ranges: list[list[int]] | None, date: int) -> bool:
    return bool(ranges) and any(s <= date < u for s, u in ranges)


def _ancestry(number: str) -> list[str]:
    try:
        value: RuleNumber | None = RuleNumber.parse(number)
    except ValueError:
        return [number]
    out = []
    while value is not None:
        out.append(str(value))
        value = value.parent
    return out


def _order(number: str) -> tuple[Any, ...]:
    try:
        return (0, RuleNumber.parse(number).sort_key())
    except ValueError:
        return (1, number.casefold())


def _plain_snippet(fields: dict[str, Any]) -> Snippet:
    text = " ".join((fields.get("text") or fields.get("title") or "").split())
    if len(text) > _SNIPPET_CHARS:
        text = text[: _SNIPPET_CHARS - 1].rsplit(" ", 1)[0] + " …"
    return Snippet(text)


def _snippet(fields: dict[str, Any], terms: frozenset[str]) -> Snippet:
    """The best passage of the rule's text (or examples, rulings) with the query's words marked.

    A short text is shown whole; a long one by its best sentences, or
    failing that (one very long sentence) by the words around the matches.
    """
    for name in ("text", "examples", "rulings"):
        text = fields.get(name)
        if not text or not terms:
            continue
        if len(text) <= _SNIPPET_CHARS:
            tries = [(highlight.WholeFragmenter(), 1)]
        else:
            tries = [
                (highlight.SentenceFragmenter(maxchars=_SNIPPET_CHARS), 2),
                (highlight.ContextFragmenter(maxchars=_SNIPPET_CHARS, surround=70), 2),
            ]
        for fragmenter, top in tries:
            marked = highlight.highlight(text, terms, _ANALYZER, fragmenter, _Marks(), top=top)
            if marked:
                return Snippet.parse(" ".join(marked.split()), _OPEN, _CLOSE)
    return _plain_snippet(fields)


def _damaged(generation: Path, exc: Exception) -> IndexDamaged:
    return IndexDamaged(
        f"the search index at {generation} cannot be read ({type(exc).__name__}: {exc}); "
        "run 'crdex build' to build it again"
    )


# what a SearchIndex holds about the generation it reads (moved wholesale on refresh)
_STATE = (
    "_indexes", "_readers", "_latest", "_both", "_cover", "meta", "words", "_vocab",
    "generation", "_in_force_cache", "_graph", "_date_ids", "_dates", "_ids", "_last",
)  # fmt: skip


class SearchIndex:
    """Searches over one library's index (or an in-memory one)."""

    def __init__(
        self,
        parts: dict[str, tuple[Index, Cover]],
        meta: dict[str, Any],
        words: dict[str, int],
        *,
        store: IndexStore | None = None,
        generation: Path | None = None,
    ) -> None:
        self._load(parts, meta, words, generation)
        self._store = store

    def _load(
        self,
        parts: dict[str, tuple[Index, Cover]],
        meta: dict[str, Any],
        words: dict[str, int],
        generation: Path | None,
    ) -> None:
        self._indexes = [ix for ix, _cover in parts.values()]
        latest, earlier = (parts[p][0].reader() for p in PARTS)
        self._readers = [latest, earlier]
        leaves = [r for reader in self._readers for r, _offset in reader.leaf_readers()]
        self._latest = Searcher(latest, weighting=WEIGHTING, closereader=False)
        self._both = Searcher(MultiReader(leaves), weighting=WEIGHTING, closereader=False)
        self._cover = [c for p in PARTS for c in parts[p][1]]
        self.meta = meta
        self.words = words
        self._vocab = list(words)
        self.generation = generation
        self._in_force_cache: dict[int, set[int]] = {}
        self._graph = Graph(
            key=str(meta.get("graph_key", "")),
            editions=[EditionInfo(i, d, s, t, "", 0, 0) for i, d, s, t in meta["editions"]],
            identities=[],
            links=[],
            texts=[],
        )
        self._date_ids = {date_int(e.date): e.id for e in self._graph.editions}
        self._dates = [date_int(e.date) for e in self._graph.editions]
        self._ids = [e.id for e in self._graph.editions]
        self._last = date_int(self._graph.editions[-1].date) if self._graph.editions else None

    # -- opening -----------------------------------------------------------------

    @classmethod
    def open_generation(cls, store: IndexStore, generation: Path) -> SearchIndex:
        """Open a published generation; raise IndexDamaged if it cannot be read."""
        meta, words, parts = cls._read(store, generation)
        try:
            return cls(parts, meta, words, store=store, generation=generation)
        except Exception as exc:
            raise _damaged(generation, exc) from None

    @staticmethod
    def _read(
        store: IndexStore, generation: Path
    ) -> tuple[dict[str, Any], dict[str, int], dict[str, tuple[Index, Cover]]]:
        meta = store.meta(generation)
        why = incompatibility(meta)
        if why is not None or meta is None:
            raise IndexDamaged(f"the search index at {generation} cannot be read: {why}")
        try:
            words = json.loads((generation / WORDS_FILE).read_text("utf-8"))
            parts = {}
            for part in PARTS:
                cover = json.loads((generation / cover_file(part)).read_text("utf-8"))
                ix = whoosh_index.open_dir(
                    str(generation), indexname=index_name(part), readonly=True
                )
                parts[part] = (ix, cover)
        except Exception as exc:
            raise _damaged(generation, exc) from None
        return meta, words, parts

    def close(self) -> None:
        for searcher in (self._latest, self._both):
            searcher.close()
        for reader in self._readers:
            reader.close()
        for ix in self._indexes:
            ix.close()

    def __enter__(self) -> SearchIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def refresh(self) -> bool:
        """Move to the newest published generation, if a build published one; True if moved."""
        if self._store is None:
            return False
        live = self._store.current()
        if live is None or live == self.generation:
            return False
        try:
            fresh = SearchIndex.open_generation(self._store, live)
        except IndexDamaged:
            return False  # keep answering from the generation already open
        self.close()
        for name in _STATE:
            setattr(self, name, getattr(fresh, name))
        return True

    # -- editions ------------------------------------------------------------------

    @property
    def editions(self) -> list[EditionInfo]:
        return list(self._graph.editions)

    def find(self, name: str) -> EditionRef:
        """An edition by id, date (the one in force) or ``latest``."""
        others = {k: (v[0], v[1]) for k, v in self.meta.get("others", {}).items()}
        ref = find_edition(name, self._graph, others)
        if ref.index is None:
            chain = next((e.id for e in self._graph.editions if e.date == ref.date), None)
            hint = f"; search {chain} instead" if chain else ""
            raise SearchError(
                f"{ref.id} is a second copy of an edition, outside the chain of editions "
                f"that is indexed{hint}"
            )
        return ref

    def _where(
        self, edition: str | None, as_of: str | None, all_editions: bool
    ) -> tuple[EditionRef | None, str | None]:
        chosen = [name for name, v in (("--edition", edition), ("--as-of", as_of)) if v]
        if all_editions:
            chosen.append("--all-editions")
        if len(chosen) > 1:
            raise SearchError(f"choose one of {', '.join(chosen)}")
        if all_editions:
            return None, None
        if as_of is not None:
            try:
                _dt.date.fromisoformat(as_of.strip())
            except ValueError:
                raise SearchError(
                    f"--as-of takes a date such as 2012-03-01, not {as_of!r}"
                ) from None
            return self.find(as_of), as_of
        return self.find(edition or "latest"), edition or "latest"

    def _scope(self, date: int | None) -> tuple[Searcher, set[int] | None]:
        """The searcher and the documents (None: all it has) to search for ``date``."""
        if date is not None and date == self._last:
            return self._latest, None
        return self._both, (self._docs_in_force(date) if date is not None else None)

    def _docs_in_force(self, date: int) -> set[int]:
        docs = self._in_force_cache.get(date)
        if docs is None:
            docs = {d for d, ranges in enumerate(self._cover) if _in_force(ranges, date)}
            self._in_force_cache[date] = docs
        return docs

    def _edition_ids(self, ranges: list[list[int]]) -> list[str]:
        out: list[str] = []
        for start, until in ranges:
            lo = bisect.bisect_left(self._dates, start)
            hi = bisect.bisect_left(self._dates, until)
            out.extend(self._ids[lo:hi])
        return out

    # -- searching -------------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        edition: str | None = None,
        as_of: str | None = None,
        all_editions: bool = False,
        limit: int = 10,
    ) -> SearchResult:
        """Rules answering ``query`` in one edition (default latest) or across all.

        A rule number is looked up (with everything under it); anything else
        is a ranked text search.
        """
        if limit < 1:
            raise SearchError("--limit must be at least 1")
        self.refresh()
        try:
            ref, asked = self._where(edition, as_of, all_editions)
        except LineageError as exc:
            raise SearchError(str(exc)) from None
        date = date_int(ref.date) if ref is not None and ref.date else None
        planned = plan(query, date=date)
        result = SearchResult(
            query=query,
            mode="lookup" if isinstance(planned, Lookup) else "text",
            edition=ref.id if ref is not None else None,
            asked=asked,
        )
        if isinstance(planned, Lookup):
            self._lookup(planned, date, limit, result)
        else:
            self._text(planned, date, limit, result)
            result.suggestion = self._suggest(query, planned)
        return result

    def _lookup(self, planned: Lookup, date: int | None, limit: int, result: SearchResult) -> None:
        searcher, docs = self._scope(date)
        found = searcher.search(wq.Term("within", planned.number), filter=docs, limit=None)
        hits: list[Hit] = []
        for hit in found:
            fields = hit.fields()
            spans = fields["spans"]
            if date is not None:
                number = _number_at(spans, date)
                if planned.number not in _ancestry(number):
                    continue
                hits.append(self._hit(fields, number, 0.0, _plain_snippet(fields)))
            else:
                held = [n for _d, n in spans["numbers"] if planned.number in _ancestry(n)]
                if held:
                    hits.append(self._hit(fields, held[-1], 0.0, _plain_snippet(fields)))
        if date is not None:
            hits.sort(key=lambda h: _order(h.number))
            result.total = len(hits)
            result.hits = hits[:limit]
            return
        groups = self._group(hits)
        groups.sort(key=lambda g: (_order(g.number), g.versions[0].editions[:1]))
        result.total = len(groups)
        result.groups = groups[:limit]

    def _text(self, planned: TextQuery, date: int | None, limit: int, result: SearchResult) -> None:
        searcher, docs = self._scope(date)
        pool = max(_POOL_MIN, limit * _POOL_FACTOR) * (1 if date is not None else 4)
        # Whoosh's block-skipping pays off on long posting lists; these are short
        found = searcher.search(planned.query, filter=docs, limit=pool, optimize=False)
        terms = frozenset(
            t.decode() if isinstance(t, bytes) else t
            for f, t in planned.query.iter_all_terms()
            if f in ("body", "title")
        )
        candidates = []
        for hit in found:
            fields = hit.fields()
            number = _number_at(fields["spans"], date) if date is not None else ""
            candidates.append(Candidate(hit.docnum, hit.score, fields, number))
        ranked = rerank(candidates, planned.stems())
        if date is not None:
            result.total = len(found)
            chosen = ranked[:limit]
            result.hits = [
                self._hit(c.fields, c.number, s, _snippet(c.fields, terms)) for s, c in chosen
            ]
            return
        hits = []
        for score, cand in ranked:
            number = cand.fields["spans"]["numbers"][-1][1]
            hits.append(self._hit(cand.fields, number, score, _snippet(cand.fields, terms)))
        groups = self._group(hits)
        groups.sort(key=lambda g: -g.score)
        result.total = len(groups)
        result.groups = groups[:limit]

    # -- building results ------------------------------------------------------------

    def _hit(self, fields: dict[str, Any], number: str, score: float, snippet: Snippet) -> Hit:
        spans = fields["spans"]
        return Hit(
            number=number if fields["kind"] != "glossary" else "",
            kind=fields["kind"],
            title=fields.get("title", ""),
            heading=(fields.get("heading") or "").split("\n", 1)[0],
            text=fields.get("text", ""),
            examples=[e for e in (fields.get("examples") or "").split("\n") if e],
            rulings=[r for r in (fields.get("rulings") or "").split("\n") if r],
            snippet=snippet,
            score=score,
            identity=fields["identity"],
            editions=self._edition_ids(spans["ranges"]),
            numbers=[(self._date_ids.get(d, str(d)), n) for d, n in spans["numbers"]],
        )

    @staticmethod
    def _group(hits: list[Hit]) -> list[Group]:
        by_identity: dict[str, list[Hit]] = defaultdict(list)
        for hit in hits:
            by_identity[hit.identity].append(hit)
        groups = []
        for identity, versions in by_identity.items():
            versions.sort(key=lambda v: (v.editions[:1], v.number))
            last = max(versions, key=lambda v: v.editions[-1:])
            groups.append(
                Group(
                    identity=identity,
                    number=last.numbers[-1][1] if last.numbers else last.number,
                    title=last.title or last.heading,
                    kind=last.kind,
                    score=max(v.score for v in versions),
                    versions=versions,
                    last=last.editions[-1] if last.editions else "",
                )
            )
        return groups

    # -- spelling ------------------------------------------------------------------------

    def _suggest(self, raw: str, planned: TextQuery) -> str | None:
        """The query respelled with known words, when some of its words are unknown."""
        fixes: dict[str, str] = {}
        for word in dict.fromkeys(planned.words):
            if (
                word in self.words
                or word in QUERY_STOP_WORDS
                or not word.isalpha()
                or len(word) < _SPELL_MIN
            ):
                continue
            best = self._closest(word)
            if best:
                fixes[word] = best
        if not fixes:
            return None
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, fixes)) + r")\b", re.IGNORECASE)
        return pattern.sub(lambda m: fixes[m.group(1).lower()], raw)

    def _closest(self, word: str) -> str | None:
        limit = 1 if len(word) <= 4 else 2
        found = process.extract(
            word, self._vocab, scorer=Levenshtein.distance, score_cutoff=limit, limit=8
        )
        if not found:
            return None
        return min(found, key=lambda f: (f[1], -self.words[f[0]]))[0]
