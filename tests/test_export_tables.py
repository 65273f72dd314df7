"""The SQLite export's table descriptions (index/export/sqlite_tables.py) against its DDL.

The DDL (schema/crdex-export.sql) creates the tables; the descriptions say
how each column is written from a record and read back. They must name
the same columns in the same order, and every table of records must be
described.
"""

from __future__ import annotations

import sqlite3

import pytest

from crdex.index.export import ENUMERATIONS, sql_schema
from crdex.index.export.sqlite import INDEX_MARKER
from crdex.index.export.sqlite_tables import CHAIN, EDITION, EDITIONS, TABLES, Column, Table


@pytest.fixture(scope="module")
def ddl() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.executescript(sql_schema())
    return db


def created(db: sqlite3.Connection) -> dict[str, list[str]]:
    tables = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {t: [row[1] for row in db.execute(f"PRAGMA table_info({t})")] for t in tables}


def test_every_table_of_records_is_described(ddl: sqlite3.Connection) -> None:
    assert set(created(ddl)) == {*TABLES, "meta", *ENUMERATIONS}


def test_each_description_names_the_columns_of_the_ddl_in_order(ddl: sqlite3.Connection) -> None:
    columns = created(ddl)
    for name, table in TABLES.items():
        assert list(table.names) == columns[name], name


def test_the_two_parts_of_an_edition_row_are_columns_of_it() -> None:
    assert set(CHAIN.names) | set(EDITION.names) < set(EDITIONS.names)
    assert CHAIN.given == ("exported",) and EDITION.given == ()


def test_the_generated_statements_compile_against_the_ddl() -> None:
    """An insert of every description, and the upsert of an edition, are statements the
    database accepts (a column named "column" included)."""
    db = sqlite3.connect(":memory:")
    db.executescript(sql_schema().split(INDEX_MARKER, 1)[0])
    for table in TABLES.values():
        assert db.execute(f"EXPLAIN {table.insert()}", [None] * len(table.names)).fetchall()
    assert db.execute(
        f"EXPLAIN {EDITIONS.upsert(kept=('id', 'chain_index'))}", [None] * len(EDITIONS.names)
    ).fetchall()


def test_a_row_and_its_record_go_both_ways() -> None:
    """A record written as a row (with the values the writer gives) reads back the same,
    converted columns included; an optional key left out is written as NULL."""
    table = Table(
        "things",
        (
            Column("id"),
            Column("owner"),
            Column("position"),
            Column("tags", write=",".join, read=lambda s: s.split(",")),
            Column("note", optional=True),
        ),
        given=("owner", "position"),
    )
    record = {"id": "t1", "tags": ["a", "b"]}
    row = table.row(record, "o1", 3)
    assert row == ("t1", "o1", 3, "a,b", None)
    assert table.record(dict(zip(table.names, row, strict=True))) == record | {"note": None}


def test_a_description_that_disagrees_with_itself_is_refused() -> None:
    with pytest.raises(ValueError, match="are not all columns"):
        Table("t", (Column("a"),), given=("b",))
    with pytest.raises(ValueError, match="leave out"):
        Table("t", (Column("a"), Column("b")), keys=("a",))
