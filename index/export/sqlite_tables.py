"""The SQLite export's tables as data: each column, and how a record's field goes in and comes out.

``schema/crdex-export.sql`` creates the tables (its comments, which say
what each column holds, stay in the database for whoever opens it); this
module says, once per table, where each column's value comes from: a
field of the record :mod:`.records` makes (``key``, converted on the way
in by ``write`` and back by ``read``), or a value the writer gives beside
the record (``given``: the owner's id, a list position, a looked-up id).
:mod:`.sqlite` writes rows by it and :mod:`.sqlite_load` makes records of
them again; a test holds every description to the DDL, column by column.

A table of a list of plain values (an alias, a line of the introduction)
reads the item itself (``key`` ``None``); an example, written from a pair
of its text and line, reads the pair by index.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["TABLES", "Column", "Table"]

Convert = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Column:
    """A column named ``name`` holding the record's ``key``: by default the same name;
    ``None`` for the item itself; an index for an item that is a tuple."""

    name: str
    key: Hashable | None = ""
    write: Convert | None = None
    read: Convert | None = None
    optional: bool = False  # a key some records leave out (written as NULL)

    def __post_init__(self) -> None:
        if self.key == "":
            object.__setattr__(self, "key", self.name)


def _json(name: str, **how: Any) -> Column:
    return Column(name, write=json.dumps, read=json.loads, **how)


def _flag(name: str) -> Column:
    return Column(name, write=int, read=bool)


@dataclass(frozen=True, slots=True)
class Table:
    """One table: its columns in the DDL's order, those the writer gives named in ``given``.

    ``keys`` orders a record read back when it holds more than the table's
    own columns (the lists of a rule, kept in tables of their own) or
    holds them in another order; by default, the record's columns in
    table order.
    """

    name: str
    columns: tuple[Column, ...]
    given: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()
    #: ``row(record, *given)``: the row of ``record``, with the values the writer gives in
    #: the order ``given`` names them (compiled from the columns, see :func:`_compile`)
    row: Callable[..., tuple[Any, ...]] = field(init=False, repr=False, compare=False)
    #: ``record(row, **lists)``: the record a row was written from, in the order of ``keys``;
    #: ``lists`` are its fields held in tables of their own (compiled too)
    record: Callable[..., dict[Any, Any]] = field(init=False, repr=False, compare=False)
    _named: dict[str, Column] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = self.names
        if not set(self.given) <= set(names):
            raise ValueError(f"{self.name}: {self.given} are not all columns of {names}")
        own = {c.key for c in self.columns if c.name not in self.given}
        if self.keys and not own <= set(self.keys):
            raise ValueError(f"{self.name}: the record's keys {self.keys} leave out some of {own}")
        object.__setattr__(self, "_named", {c.name: c for c in self.columns})
        object.__setattr__(self, "row", _compile_row(self))
        object.__setattr__(self, "record", _compile_record(self))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def column(self, name: str) -> Column:
        return self._named[name]

    def part(self, names: str) -> Table:
        """The table as far as ``names`` go (in that order): for a row written in two steps."""
        columns = tuple(self.column(n) for n in names.split())
        return Table(self.name, columns, tuple(g for g in self.given if g in names.split()))

    def insert(self, verb: str = "INSERT") -> str:
        names = ", ".join(f'"{n}"' for n in self.names)
        return f"{verb} INTO {self.name} ({names}) VALUES ({', '.join('?' * len(self.columns))})"

    def upsert(self, kept: Collection[str]) -> str:
        """An insert that updates the row of the same ``id`` instead, all but the ``kept`` columns."""
        sets = ", ".join(f'"{n}" = excluded."{n}"' for n in self.names if n not in kept)
        return f"{self.insert()} ON CONFLICT (id) DO UPDATE SET {sets}"

    def rows(self, owner: Any, items: Iterable[Any]) -> list[tuple[Any, ...]]:
        """The rows of a list that belongs to ``owner``, kept in order by ``position``."""
        row = self.row
        return [row(item, owner, pos) for pos, item in enumerate(items)]

    def values(self, rows: Sequence[Mapping[str, Any]], name: str) -> list[Any]:
        """One column of ``rows``, read: the list a table of plain values holds."""
        read = self._named[name].read
        return [r[name] for r in rows] if read is None else [read(r[name]) for r in rows]


def _compile_row(table: Table) -> Callable[..., tuple[Any, ...]]:
    """The function that makes a row of ``table`` from a record and the given values.

    Compiled once from the description, as :func:`collections.namedtuple` and
    :mod:`dataclasses` make their methods: an export of the corpus writes
    some 600,000 rows and reads them back, and a loop over the columns of
    each row costs an eighth more CPU time to write (bench/export.py: 18.4 s
    against 16.3 s for rows written out by hand, three runs each,
    alternating) and a quarter more to read.
    """
    scope: dict[str, Any] = {}
    values = []
    for i, c in enumerate(table.columns):
        if c.name in table.given:
            values.append(f"given[{table.given.index(c.name)}]")
            continue
        if c.key is None:
            value = "record"
        elif c.optional:
            value = f"record.get({c.key!r})"
        else:
            value = f"record[{c.key!r}]"
        if c.write is not None:
            scope[f"write{i}"] = c.write
            value = f"write{i}({value})"
        values.append(value)
    return eval(f"lambda record, *given: ({', '.join(values)},)", scope)


def _compile_record(table: Table) -> Callable[..., dict[Any, Any]]:
    """The function that makes a record of a row of ``table`` (see :func:`_compile_row`)."""
    own = {c.key: (i, c) for i, c in enumerate(table.columns) if c.name not in table.given}
    scope: dict[str, Any] = {}
    items = []
    for key in table.keys or own:
        if key not in own:
            items.append(f"{key!r}: lists[{key!r}]")
            continue
        i, c = own[key]
        value = f"row[{c.name!r}]"
        if c.read is not None:
            scope[f"read{i}"] = c.read
            value = f"read{i}({value})"
        items.append(f"{key!r}: {value}")
    return eval(f"lambda row, **lists: {{{', '.join(items)}}}", scope)


def _table(name: str, *columns: str | Column, given: str = "", keys: str = "") -> Table:
    """A table of ``columns``: names (several to a string) or :class:`Column` objects."""
    return Table(
        name,
        tuple(c for part in columns for c in _columns(part)),
        tuple(given.split()),
        tuple(keys.split()),
    )


def _columns(part: str | Column) -> list[Column]:
    return [Column(n) for n in part.split()] if isinstance(part, str) else [part]


def _references(name: str, owner: str) -> Table:
    # target_id: the cited rule in the same edition, looked up by the writer
    return _table(
        name,
        owner,
        "position target target_id kind text start",
        given=f"{owner} position target_id",
    )


EDITIONS = _table(
    "editions",
    "id chain_index effective_date title sha256 file_name rules_count glossary_count exported",
    "format encoding bytes",
    _json("line_endings"),
    "lines_total lines_accounted tree_schema_version",
    given="exported",
)
#: an edition's row as the chain gives it, before any edition is read (every edition of the
#: chain has one; an exported edition's record fills in the rest)
CHAIN = EDITIONS.part(
    "chain_index id effective_date sha256 title file_name rules_count glossary_count exported"
)
#: the ``edition`` part of an exported edition's record
EDITION = EDITIONS.part(
    "id effective_date title format encoding line_endings file_name sha256 bytes chain_index"
)
EDITION_LINES = _table(
    "edition_lines",
    "edition_id part position",
    Column("text", None),
    given="edition_id part position",
)
CONTENTS = _table("contents", "edition_id position number title line", given="edition_id position")
REPAIRS = _table(
    "repairs",
    "edition_id position line column kind reason original replacement",
    Column("path", optional=True),
    given="edition_id position",
)
ACCOUNTING = _table(
    "accounting", "edition_id", Column("kind", 0), Column("lines", 1), given="edition_id"
)
RULES = _table(
    "rules",
    "id edition_id position number kind title text normalized parent parent_id",
    _json("children"),
    "identity_id line end_line",
    Column("file", optional=True),
    given="edition_id position",
    # the order of crdex.parser.serialize.rule_to_dict, with the ids records.py adds
    keys="id number parent kind title text normalized examples example_lines rulings citations "
    "references children line end_line file parent_id identity_id",
)
EXAMPLES = _table(
    "examples", "rule_id position", Column("text", 0), Column("line", 1), given="rule_id position"
)
RULINGS = _table(
    "rulings",
    "rule_id position text source date number filed_under",
    _flag("flagged"),
    "line",
    given="rule_id position",
)
RULE_CITATIONS = _table("rule_citations", "rule_id position source date", given="rule_id position")
RULE_REFERENCES = _references("rule_references", "rule_id")
GLOSSARY = _table(
    "glossary",
    "id edition_id position term definition",
    _flag("obsolete"),
    "identity_id line",
    given="edition_id position",
    keys="id term aliases definition obsolete references line identity_id",
)
GLOSSARY_ALIASES = _table(
    "glossary_aliases", "glossary_id position", Column("alias", None), given="glossary_id position"
)
GLOSSARY_REFERENCES = _references("glossary_references", "glossary_id")
IDENTITIES = _table(
    "identities",
    "id kind first_edition_id last_edition_id status last_number last_term merged_into_identity_id",
    # the splits an identity came from are read back from the links
    keys="id kind first_edition_id last_edition_id status last_number last_term "
    "split_from_identity_ids merged_into_identity_id versions",
)
VERSIONS = _table(
    "versions",
    "identity_id position first_edition_id last_edition_id first_chain_index last_chain_index",
    "number term kind title text",
    _json("examples"),
    "relation edit_class previous_number previous_term",
    given="identity_id position",
)
LINKS = _table("links", "kind edition_id source_identity_id target_identity_id")
CHANGES = _table(
    "changes",
    "edition_id previous_edition_id identity_id kind relation old_number new_number old_term",
    "new_term edit_class split_from_identity_id merged_into_identity_id",
)

#: every table of records, by name (``meta`` and the enumerations' lookup tables hold pairs)
TABLES = {
    t.name: t
    for t in (
        EDITIONS,
        EDITION_LINES,
        CONTENTS,
        REPAIRS,
        ACCOUNTING,
        RULES,
        EXAMPLES,
        RULINGS,
        RULE_CITATIONS,
        RULE_REFERENCES,
        GLOSSARY,
        GLOSSARY_ALIASES,
        GLOSSARY_REFERENCES,
        IDENTITIES,
        VERSIONS,
        LINKS,
        CHANGES,
    )
}
