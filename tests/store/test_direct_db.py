"""`lgmail.store.light.db`, the light commands' database access by the driver alone (sqlite3, or
psycopg on PostgreSQL): statements mark their parameters `?` on both; values come back as
their column types; a write commits, a failure rolls back."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lgmail.store.light.db import connect
from tests.conftest import PG

pytestmark = pytest.mark.skipif(PG == "none", reason="no PostgreSQL")


def test_values_come_back_as_their_column_types(pg_schema: str) -> None:
    at = datetime(2026, 12, 3, 21, 30, tzinfo=UTC)
    raw = b"\x00\xff binary \r\n\x00"
    with connect(pg_schema, write=True) as (execute, dialect):
        assert dialect == "postgresql"
        execute("CREATE TABLE t (i INTEGER, b BIGINT, raw BYTEA, s TEXT, at TIMESTAMPTZ)", ())
        execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", (7, 2**40, raw, "Chloé 'é' ? 100%", at))
        execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", (None, None, None, None, None))
    with connect(pg_schema) as (execute, _):
        rows = execute("SELECT i, b, raw, s, at = ? FROM t ORDER BY i NULLS LAST", (at,))
        like = execute("SELECT count(*) FROM t WHERE s LIKE 'Chlo%'", ())
    assert rows == [(7, 2**40, raw, "Chloé 'é' ? 100%", True), (None, None, None, None, None)]
    assert like == [(1,)]


def test_a_failed_write_keeps_nothing(pg_schema: str) -> None:
    with connect(pg_schema, write=True) as (execute, _):
        execute("CREATE TABLE u (i INTEGER)", ())
    with pytest.raises(RuntimeError), connect(pg_schema, write=True) as (execute, _):
        execute("INSERT INTO u VALUES (?)", (1,))
        raise RuntimeError("the mail could not be stored")
    with connect(pg_schema) as (execute, _):
        assert execute("SELECT count(*) FROM u", ()) == [(0,)]
