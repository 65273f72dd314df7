"""The identity graph: every rule and glossary entry of a corpus, followed across editions.

An **identity** is one rule (or glossary entry) as it lives on through
editions, whatever numbers it holds. Its id is the effective date of the
first edition it appears in and the number (or ``glossary:Term``) it had
there: ``2005-02-01/502.36`` is Scry, ``2008-05-01/502.36`` is not (in that
edition Shroud holds the number). Ids depend only on the documents, so a
rebuild of the same corpus gives the same ids; adding an older edition can
give an identity an earlier first appearance, and so a new id.

An identity is stored as **runs**: stretches of consecutive editions (in
the chain: one document per effective date) in which it kept one number and
one wording. Between two runs it was moved (new number), edited (new
wording, with a class from :mod:`.classify`), or both. **Links** join
identities: a ``split`` link says a new identity began as a piece of an
existing one; a ``merge`` link says an identity ended by going into one that
continues. An identity whose last run ends before the last edition without
a merge link was removed; one that starts after the first edition without a
split link was added.

The graph is plain data, saved as JSON; wordings are stored once each in a
string table, so that a warm command loads it in well under a second.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crdex.index.library.coverage import Coverage
from crdex.index.storage.packed import dumps, loads

__all__ = [
    "GRAPH_FORMAT",
    "EditionInfo",
    "Graph",
    "Identity",
    "Link",
    "Run",
    "Version",
]

# bump when the stored shape or the matching changes meaning
GRAPH_FORMAT = 2


@dataclass(frozen=True, slots=True)
class EditionInfo:
    """One edition of the chain, as the graph records it."""

    id: str
    date: str
    sha256: str
    title: str
    path: str
    rules: int
    glossary: int
    # what the edition's witnesses cover (Coverage.to_dict()); None: everything
    coverage: dict[str, Any] | None = None

    @property
    def complete(self) -> bool:
        return self.coverage is None or bool(self.coverage.get("complete"))


@dataclass(slots=True)
class Run:
    """Editions ``start``..``end`` (chain indices, inclusive) with one number and wording.

    ``change`` is the edit class from the previous run ("" for the first run).
    """

    start: int
    end: int
    key: str
    kind: str
    title: int
    text: int
    change: str = ""


@dataclass(slots=True)
class Identity:
    id: str
    glossary: bool
    runs: list[Run] = field(default_factory=list)

    @property
    def first(self) -> int:
        return self.runs[0].start

    @property
    def last(self) -> int:
        return self.runs[-1].end

    def run_at(self, edition: int) -> Run | None:
        for run in self.runs:
            if run.start <= edition <= run.end:
                return run
        return None


@dataclass(frozen=True, slots=True)
class Link:
    """``split``: ``target`` began, at chain index ``edition``, as a piece of ``source``.

    ``merge``: ``source`` ended before ``edition`` by going into ``target``.
    """

    kind: str
    edition: int
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Version:
    """One identity in one run, with its wording resolved from the string table."""

    identity: str
    start: int
    end: int
    key: str
    kind: str
    title: str
    text: str
    change: str


@dataclass(slots=True)
class Graph:
    """Identities, links and the editions they refer to, with lookups built on load."""

    key: str
    editions: list[EditionInfo]
    identities: list[Identity]
    links: list[Link]
    texts: list[str]
    stats: dict[str, Any] = field(default_factory=dict)
    _by_id: dict[str, Identity] = field(default_factory=dict, repr=False)
    _by_key: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict, repr=False)
    _coverage: dict[int, Coverage] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.reindex()

    def reindex(self) -> None:
        self._by_id = {ident.id: ident for ident in self.identities}
        by_key: dict[str, list[tuple[int, int, str]]] = {}
        for ident in self.identities:
            for run in ident.runs:
                name = f"glossary:{run.key.casefold()}" if ident.glossary else run.key
                by_key.setdefault(name, []).append((run.start, run.end, ident.id))
        self._by_key = by_key

    # -- lookups -------------------------------------------------------------

    def identity(self, identity_id: str) -> Identity | None:
        return self._by_id.get(identity_id)

    def holder(self, key: str, edition: int, *, glossary: bool = False) -> Identity | None:
        """The identity that holds rule number (or glossary term) ``key`` in edition ``edition``."""
        name = f"glossary:{key.casefold()}" if glossary else key
        for start, end, ident in self._by_key.get(name, ()):
            if start <= edition <= end:
                return self._by_id[ident]
        return None

    def holders(self, key: str, *, glossary: bool = False) -> list[tuple[int, int, Identity]]:
        """Every (start, end, identity) that ever held ``key``, in edition order."""
        name = f"glossary:{key.casefold()}" if glossary else key
        spans = sorted(self._by_key.get(name, ()))
        return [(s, e, self._by_id[i]) for s, e, i in spans]

    def known_keys(self, *, glossary: bool = False) -> list[str]:
        prefix = "glossary:"
        if glossary:
            return [k[len(prefix) :] for k in self._by_key if k.startswith(prefix)]
        return [k for k in self._by_key if not k.startswith(prefix)]

    def text(self, index: int) -> str:
        """A title or wording by its index in the string table (as runs name them)."""
        return self.texts[index]

    def version(self, ident: Identity, run: Run) -> Version:
        return Version(
            ident.id,
            run.start,
            run.end,
            run.key,
            run.kind,
            self.texts[run.title],
            self.texts[run.text],
            run.change,
        )

    def versions(self, ident: Identity) -> Iterator[Version]:
        for run in ident.runs:
            yield self.version(ident, run)

    def links_from(self, identity_id: str) -> list[Link]:
        return [link for link in self.links if link.source == identity_id]

    def links_to(self, identity_id: str) -> list[Link]:
        return [link for link in self.links if link.target == identity_id]

    def coverage(self, edition: int) -> Coverage:
        """What edition ``edition``'s witnesses cover."""
        cov = self._coverage.get(edition)
        if cov is None:
            # read only for an edition known in part (a question about one rule rarely asks)
            from crdex.index.library.coverage import Coverage

            cov = self._coverage[edition] = Coverage.from_dict(self.editions[edition].coverage)
        return cov

    def witnessed(self, edition: int, key: str, *, glossary: bool = False) -> bool:
        """Whether a document of edition ``edition`` speaks for rule ``key`` (or term).

        Outside its witnesses' coverage a rule is carried through an edition
        unchanged, and unknown there: neither present nor removed.
        """
        if self.editions[edition].complete:
            return True
        cov = self.coverage(edition)
        return cov.covers_term(key) if glossary else cov.covers(key)

    def present(
        self, edition: int, *, glossary: bool | None = False
    ) -> dict[str, tuple[Identity, Run]]:
        """Identity id → (identity, run) for everything present in ``edition``."""
        out: dict[str, tuple[Identity, Run]] = {}
        for ident in self.identities:
            if glossary is not None and ident.glossary != glossary:
                continue
            if ident.first <= edition <= ident.last:
                run = ident.run_at(edition)
                if run is not None:
                    out[ident.id] = (ident, run)
        return out

    # -- storage ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": GRAPH_FORMAT,
            "key": self.key,
            "editions": [
                [e.id, e.date, e.sha256, e.title, e.path, e.rules, e.glossary, e.coverage]
                for e in self.editions
            ],
            "identities": [
                [
                    ident.id,
                    int(ident.glossary),
                    [
                        [r.start, r.end, r.key, r.kind, r.title, r.text, r.change]
                        for r in ident.runs
                    ],
                ]
                for ident in self.identities
            ],
            "links": [[ln.kind, ln.edition, ln.source, ln.target] for ln in self.links],
            "texts": self.texts,
            "stats": self.stats,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Graph:
        return cls(
            key=data["key"],
            editions=[EditionInfo(*e) for e in data["editions"]],
            identities=[
                Identity(i, bool(g), [Run(*r) for r in runs]) for i, g, runs in data["identities"]
            ],
            links=[Link(*ln) for ln in data["links"]],
            texts=data["texts"],
            stats=data.get("stats", {}),
        )

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(dumps(self.to_dict()))
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Graph:
        return cls.from_dict(loads(path.read_bytes()))
