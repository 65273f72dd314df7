"""Answering queries: lookups of rule numbers, ranked text searches, all-editions groups.

A :class:`SearchIndex` reads one generation of the index (see
:mod:`.generation`). Before each search it checks whether a build
published a newer generation and, if so, moves to it; the old generation's
files stay readable until it is closed, so a search never fails because a
rebuild finished in the middle of it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whoosh import query as wq
from whoosh.collectors import FilterCollector
from whoosh.searching import Results, Searcher

from crdex.index.answers.asked import lookup_number
from crdex.index.errors import LineageError
from crdex.index.lineage.editions import EditionRef
from crdex.index.lineage.graph import EditionInfo

from ..building.sentence_rows import stored_sentence_text
from ..errors import IndexDamaged, SearchError
from ..results import SOURCES, Hit, SearchResult, Snippet
from ..store import IndexStore
from ..vectors import cosines, nearest_rows
from ..versions import date_int
from ..whoosh_ext.bounds import DeadlineCollector, TimeLimit
from .budget import Deadline, bound, too_long
from .common_terms import without_common
from .fusion import SEMANTIC_WEIGHT, SENTENCE_WEIGHT, fuse
from .generation import Generation, SentenceScope
from .glossary_hits import stand_for_rules
from .hits import fill_lookup, group_hits, make_hit, number_at, scope_of
from .query import Lookup, TextQuery, plan
from .rank import Candidate, rerank
from .referents import Referents
from .snippets import marked_snippet
from .token_match import DEPTH as TOKEN_DEPTH
from .token_match import EARLIER_DEPTH, rescored
from .token_match import WORDS as TOKEN_WORDS

if TYPE_CHECKING:
    from ..models.token_states import TokenPiece
    from .summaries import SummaryIndex

__all__ = ["METHODS", "SearchIndex"]

# candidates taken from each list (the words', the vectors') and ranked, whatever
# the limit: the development questions' answers are all within the first 60
POOL = 60
POOL_ALL_EDITIONS = 4 * POOL
# how a text search finds candidates: both ways fused (the default), or
# one alone (for measuring what each contributes)
METHODS = ("hybrid", "bm25", "vectors")


class SearchIndex:
    """Searches over one library's index (or an in-memory one).

    ``summaries`` indexes the library's rulings summaries (see
    :mod:`.summaries`) when a search first asks for them, and again after a
    move to a newer generation.
    """

    def __init__(
        self,
        generation: Generation,
        store: IndexStore | None = None,
        summaries: Callable[[], SummaryIndex] | None = None,
    ) -> None:
        self._gen = generation
        self._store = store
        self._summaries_of = summaries
        self._summaries: SummaryIndex | None = None

    @classmethod
    def open_generation(
        cls,
        store: IndexStore,
        path: Path,
        summaries: Callable[[], SummaryIndex] | None = None,
    ) -> SearchIndex:
        """Open a published generation; raise IndexDamaged if it cannot be read."""
        return cls(Generation.open(store, path), store, summaries)

    def summaries(self) -> SummaryIndex:
        """The rulings summaries' items, indexed on first use."""
        if self._summaries is None:
            if self._summaries_of is not None:
                self._summaries = self._summaries_of()
            else:  # the rulings summaries' Whoosh index is made only when they are searched
                from .summaries import SummaryIndex

                self._summaries = SummaryIndex([])
        return self._summaries

    @property
    def generation(self) -> Path | None:
        """The directory of the generation being read (None in memory)."""
        return self._gen.path

    @property
    def meta(self) -> dict[str, Any]:
        return self._gen.meta

    @property
    def editions(self) -> list[EditionInfo]:
        return self._gen.editions

    def find(self, name: str) -> EditionRef:
        """An edition by id, date (the one in force) or ``latest``."""
        return self._gen.find(name)

    def close(self) -> None:
        self._gen.close()

    def __enter__(self) -> SearchIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def refresh(self) -> bool:
        """Move to the newest published generation, if a build published one; True if moved."""
        if self._store is None:
            return False
        live = self._store.current()
        if live is None or live == self._gen.path:
            return False
        try:
            fresh = Generation.open(self._store, live)
        except IndexDamaged:
            return False  # keep answering from the generation already open
        old, self._gen = self._gen, fresh
        old.close()
        self._summaries = None
        return True

    # -- editions ------------------------------------------------------------------

    def _where(
        self, edition: str | None, as_of: str | None, all_editions: bool
    ) -> tuple[EditionRef | None, str | None]:
        return scope_of(self._gen.find, edition, as_of, all_editions)

    # -- searching -------------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        edition: str | None = None,
        as_of: str | None = None,
        all_editions: bool = False,
        limit: int = 10,
        method: str = "hybrid",
        source: str = "cr",
    ) -> SearchResult:
        """Rules answering ``query`` in one edition (default latest) or across all.

        A rule number is looked up (with everything under it); anything else
        is a ranked text search, by the words and the vectors fused
        (``method`` "hybrid"), or by one alone ("bm25", "vectors").
        Advanced queries (operators, fields, wildcards) ask for exactly the
        words they name and use BM25 alone. ``source`` "summary" searches
        the rulings summaries instead of the CR, "all" both.
        """
        if limit < 1:
            raise SearchError("limit must be at least 1")
        if method not in METHODS:
            raise SearchError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
        if source not in SOURCES:
            raise SearchError(f"--source must be one of {', '.join(SOURCES)}, not {source!r}")
        long = too_long(query)
        if long is not None:
            raise long
        self.refresh()
        if source == "summary":
            return self._summary_only(query, edition, as_of, all_editions, limit)
        result = self._rules(query, edition, as_of, all_editions, limit, method, Deadline())
        if source == "all":
            result.source = source
            result.summary_total, result.summary = self.summaries().search(query, limit)
        return result

    def _summary_only(
        self, query: str, edition: str | None, as_of: str | None, all_editions: bool, limit: int
    ) -> SearchResult:
        if edition or as_of or all_editions:
            raise SearchError(
                "--edition, --as-of and --all-editions choose editions of the CR; "
                "the rulings summaries are not CR editions (use --source all to search both)"
            )
        if not query.strip():
            raise SearchError("the query is empty")
        if lookup_number(query) is not None:
            raise SearchError(
                f"{query.strip()!r} is a Comprehensive Rules number; the rulings summaries "
                "number their own items (A.27, A.27.Ruling.6): search their words or numbers"
            )
        result = SearchResult(query=query, mode="text", edition=None, asked=None, source="summary")
        result.summary_total, result.summary = self.summaries().search(query, limit)
        return result

    def _rules(
        self,
        query: str,
        edition: str | None,
        as_of: str | None,
        all_editions: bool,
        limit: int,
        method: str,
        deadline: Deadline,
    ) -> SearchResult:
        try:
            ref, asked = self._where(edition, as_of, all_editions)
        except LineageError as exc:
            raise SearchError(str(exc)) from None
        date = date_int(ref.date) if ref is not None and ref.date else None
        planned = plan(query, date=date, aliases=self._gen.aliases)
        result = SearchResult(
            query=query,
            mode="lookup" if isinstance(planned, Lookup) else "text",
            edition=ref.id if ref is not None else None,
            asked=asked,
        )
        if isinstance(planned, Lookup):
            self._lookup(planned, date, limit, result)
            return result
        self._text(planned, date, limit, result, method, deadline)
        result.suggestion = self._gen.speller.suggest(planned.text, planned.words)
        if result.suggestion and not result.hits and not result.groups:
            # nothing found as typed: the respelled query is searched instead, and said so
            respelled = plan(result.suggestion, date=date, aliases=self._gen.aliases)
            if isinstance(respelled, TextQuery):
                self._text(respelled, date, limit, result, method, deadline)
                result.corrected = result.suggestion
        return result

    def _lookup(self, planned: Lookup, date: int | None, limit: int, result: SearchResult) -> None:
        searcher, docs = self._gen.scope(date)
        found = searcher.search(wq.Term("within", planned.number), filter=docs, limit=None)
        fill_lookup(
            result, (hit.fields() for hit in found), planned.number, date, limit, self._gen.names
        )

    def _text(
        self,
        planned: TextQuery,
        date: int | None,
        limit: int,
        result: SearchResult,
        method: str,
        deadline: Deadline,
    ) -> None:
        searcher, docs = self._gen.scope(date)
        terms = frozenset(
            t.decode() if isinstance(t, bytes) else t
            for f, t in planned.query.iter_all_terms()
            if f in ("body", "title")
        )

        def number_of(fields: dict[str, Any]) -> str:
            return number_at(fields["spans"], date) if date is not None else ""

        ranked = self._ranked(planned, date, method, searcher, docs, number_of, deadline)
        ranked = stand_for_rules(
            ranked,
            Referents(searcher, docs, date),
            # all editions: the versions of a rule are shown as one
            (lambda c: c.number) if date is not None else (lambda c: c.fields["identity"]),
            headings=date is not None,
        )
        if date is not None:
            result.total = len(ranked)
            result.hits = [
                self._hit(c, c.number, s, marked_snippet(c.fields, terms))
                for s, c in ranked[:limit]
            ]
            return
        # rules in order of their best version; snippets only for the rules shown
        best: dict[str, list[tuple[float, Candidate]]] = {}
        for score, cand in ranked:
            best.setdefault(cand.fields["identity"], []).append((score, cand))
        result.total = len(best)
        hits = [
            self._hit(c, c.fields["spans"]["numbers"][-1][1], s, marked_snippet(c.fields, terms))
            for versions in list(best.values())[:limit]
            for s, c in versions
        ]
        groups = group_hits(hits)
        groups.sort(key=lambda g: -g.score)
        result.groups = groups

    def _ranked(
        self,
        planned: TextQuery,
        date: int | None,
        method: str,
        searcher: Searcher,
        docs: set[int] | None,
        number_of: Callable[[dict[str, Any]], str],
        deadline: Deadline,
    ) -> list[tuple[float, Candidate]]:
        """Every candidate of the pool, scored, best first: the same whatever the limit."""
        pool = POOL if date is not None else POOL_ALL_EDITIONS
        lexical: list[Candidate] = []
        if method != "vectors" or planned.advanced:
            asked = planned.query if planned.advanced else without_common(planned.query, searcher)
            for hit in _collected(searcher, asked, docs, pool, deadline):
                fields = hit.fields()
                lexical.append(Candidate(hit.docnum, hit.score, fields, number_of(fields)))
            deadline.check()
        stems = planned.stems()
        # no word of the query (nor another form of it) is in the rules asked
        # about: the nearest vectors would be guesses, the spelling suggestion helps
        if method == "bm25" or planned.advanced or (method == "hybrid" and not lexical):
            return rerank(lexical, stems)
        # the query as typed: measured better than its units, or than it with
        # their other forms added
        sentences = self._gen.sentence_scope(date)
        asked: list[TokenPiece] = []
        if sentences is not None:  # the latest edition, read by the sentence model
            matrix = sentences.matrix
            query = sentences.model.encode([planned.text], None, asked)[0]
            rows, weight = None, SENTENCE_WEIGHT

            def cosines_of(docnums: list[int]) -> list[float]:
                return cosines(matrix[docnums], query).tolist()
        else:
            vectors = self._gen.vectors
            query = vectors.query(planned.text)
            matrix, rows = self._gen.vector_scope(date)
            weight = SEMANTIC_WEIGHT

            def cosines_of(docnums: list[int]) -> list[float]:
                return cosines(vectors.rows(docnums), query).tolist()

        nearest = nearest_rows(query, matrix, rows, pool)
        fused = fuse(lexical, nearest, stems, searcher.stored_fields, number_of, cosines_of, weight)
        return self._matched(fused, planned.text, date, sentences, asked, deadline)

    def _matched(
        self,
        fused: list[tuple[float, Candidate]],
        text: str,
        date: int | None,
        sentences: SentenceScope | None,
        asked: list[TokenPiece],
        deadline: Deadline,
    ) -> list[tuple[float, Candidate]]:
        """``fused`` with its first candidates rescored by the question's tokens (see
        :mod:`.token_match`): the latest edition's kept tokens, or an earlier edition's
        first few read now. A search of all editions is left as it is, and so is a
        question of one or two words: a lookup of those words."""
        if len(text.split()) < TOKEN_WORDS:
            return fused
        if sentences is not None:
            if sentences.tokens is None or not asked:
                return fused
            first = [cand.docnum for _score, cand in fused[:TOKEN_DEPTH]]
            return rescored(fused, sentences.tokens.scores(asked[0], first))
        dates = self._gen.names.dates
        latest = self._gen.sentence_scope(dates[-1]) if date is not None and dates else None
        if latest is None or latest.tokens is None or not fused:
            return fused
        texts = [stored_sentence_text(cand.fields) for _score, cand in fused[:EARLIER_DEPTH]]
        match = latest.tokens.read_and_score(latest.model, text, texts, deadline.check)
        return rescored(fused, match)

    # -- building results ------------------------------------------------------------

    def _hit(self, cand: Candidate, number: str, score: float, snippet: Snippet) -> Hit:
        return make_hit(cand.fields, number, score, snippet, self._gen.names, cand.glossary)


def _collected(
    searcher: Searcher, query: wq.Query, docs: set[int] | None, pool: int, deadline: Deadline
) -> Results:
    """The first ``pool`` documents ``query`` finds, within the search's bounds (see :mod:`.budget`)."""
    bound(query, searcher.reader())
    # Whoosh's block-skipping pays off on long posting lists; these are short
    collector = DeadlineCollector(searcher.collector(limit=pool, optimize=False), deadline.expired)
    if docs is not None:  # outermost, as Whoosh places it: it sees the documents first
        collector = FilterCollector(collector, docs)
    try:
        searcher.search_with_collector(query, collector)
    except TimeLimit:
        raise deadline.passed() from None
    return collector.results()
